import Testing
import TestSupport
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
@testable import DictionaryImport
import DictionaryIndex

/// The importers on the real Debian packages, which `make test` (and so `.ci/run`) installs
/// through the Makefile's APT_PACKAGES: `wordnet-base`, `dict-jargon`, `dict-gcide` and
/// `dict-freedict-eng-fra`. A missing package fails these tests; they never skip.
@Suite(.serialized) struct ImportIntegrationTests {
    static func requirePackage(_ file: String, _ package: String) throws {
        try #require(access(file, R_OK) == 0, "\(file) is missing: install the Debian package \(package) (make deps does)")
    }

    /// The entries of the one shard file of `folder` whose text holds `"id":"ID"`, decoded
    /// by the data folder loader (loading all of WordNet in a debug build takes too long).
    static func entry(_ id: String, in folder: String) throws -> Entry? {
        var needle = ""
        JSONValue.writeString(id, to: &needle)
        needle = "{\"id\":" + needle + ","
        for name in try listDirectory(folder + "/entries").sorted() {
            let bytes = try readFile(folder + "/entries/" + name, shownAs: name)
            guard String(decoding: bytes, as: UTF8.self).contains(needle) else { continue }
            let shard = DataFolder.load(dictionary: nil, entryFiles: [SourceFile(path: "entries/" + name, bytes: bytes)])
            return shard.entries.first { $0.id == id }
        }
        return nil
    }

    @Test func wordnetBaseImportsWithEveryLinkResolved() throws {
        try Self.requirePackage("/usr/share/wordnet/data.noun", "wordnet-base")
        let path = ImportScratch.folder("wordnet-real")
        defer { ImportScratch.remove(path) }
        let summary = try WordNetImporter(to: path + "/wn").run()
        // WordNet 3.0: 117,798 nouns, 11,529 verbs, 21,479 adjectives, 4,481 adverbs.
        #expect(summary.entryCount == 155_287)
        #expect(summary.fileCount == 311)
        #expect(summary.linkCount > 900_000)
        #expect(summary.unresolvedLinkCount == 0)
        #expect(summary.unresolvedExamples == [])

        let dog = try #require(try Self.entry("dog~n", in: path + "/wn"))
        #expect(dog.senses.count == 7)
        #expect(dog.senses[0].id == "02084071")
        #expect(dog.senses[0].examples.map(\.text.source) == ["the dog barked all night"])
        let hypernyms = dog.senses[0].relations.first { $0.type == "hypernym" }?.links ?? []
        #expect(hypernyms.map(\.target) == ["canine~n", "domestic animal~n"])
        for link in hypernyms {
            let target = try #require(try Self.entry(link.target, in: path + "/wn"))
            #expect(target.senses.contains { $0.id == link.sense })
        }
        let go = try #require(try Self.entry("go~v", in: path + "/wn"))
        #expect(go.forms.map(\.text).contains("went"))
        let license = try readFile(path + "/wn/LICENSE", shownAs: "LICENSE")
        #expect(String(decoding: license, as: UTF8.self).contains("WordNet 3.0 Copyright 2006 by Princeton University"))
    }

    @Test func dictJargonImportsAndLoadsWithoutProblems() throws {
        try Self.requirePackage("/usr/share/dictd/jargon.index", "dict-jargon")
        let path = ImportScratch.folder("jargon-real")
        defer { ImportScratch.remove(path) }
        let summary = try DictdImporter(index: "/usr/share/dictd/jargon.index", dict: "/usr/share/dictd/jargon.dict.dz",
                                        to: path + "/jargon").run()
        #expect(summary.entryCount > 2_200)
        #expect(summary.unresolvedLinkCount == 0)
        #expect(summary.linkCount > 5_000)
        let folder = try DataFolder.load(from: path + "/jargon")
        let lookup = Lookup(folder: folder)
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.unresolvedLinks(lookup: lookup) == [])
        #expect(folder.entries.count == summary.entryCount)
        #expect(folder.info.title.hasPrefix("The Jargon File"))
        let hacker = try #require(lookup.entry(withID: "hacker"))
        #expect(hacker.senses.map(\.id) == ["1", "2", "3", "4", "5", "6", "7", "8"])
        #expect(hacker.senses[2].definition?.source == "A person capable of appreciating [[hack value]].")
        #expect(lookup.lookUp("hack value").isFound)
        // The licence is Debian's copyright file of the package.
        let license = try readFile(path + "/jargon/LICENSE", shownAs: "LICENSE")
        #expect(String(decoding: license, as: UTF8.self).contains("Upstream-Name: dict-jargon"))
    }

    /// GCIDE whole takes 83 s to import in the debug build the tests run in (23 s in a
    /// release build), so the test imports a contiguous slice of the real package: the
    /// first 12,000 lines of the real index (its database records, then `0` to `Ar…`), with
    /// offsets into the real `gcide.dict.dz`. Cross-references out of the slice have no entry
    /// to link to and stay text; every link written must still resolve.
    @Test func dictGcideSliceImportsAndLoadsWithoutProblems() throws {
        try Self.requirePackage("/usr/share/dictd/gcide.index", "dict-gcide")
        let path = ImportScratch.folder("gcide-real")
        defer { ImportScratch.remove(path) }
        let index = String(decoding: try readFile("/usr/share/dictd/gcide.index", shownAs: "gcide.index"), as: UTF8.self)
        let slice = index.split(separator: "\n", omittingEmptySubsequences: false).prefix(12_000)
        #expect(slice.count == 12_000)
        ImportScratch.write(slice.joined(separator: "\n") + "\n", to: path + "/gcide.index")
        let summary = try DictdImporter(index: path + "/gcide.index", dict: "/usr/share/dictd/gcide.dict.dz", to: path + "/gcide",
                                        style: .gcide, licenseFile: "/usr/share/doc/dict-gcide/copyright").run()
        #expect((9_000...9_700).contains(summary.entryCount))
        #expect(summary.unresolvedLinkCount == 0)
        #expect(summary.unresolvedExamples == [])
        #expect(summary.linkCount > 3_500)
        let folder = try DataFolder.load(from: path + "/gcide")
        let lookup = Lookup(folder: folder)
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.unresolvedLinks(lookup: lookup) == [])
        #expect(folder.entries.count == summary.entryCount)
        #expect(folder.info.title.hasPrefix("The Collaborative International Dictionary of English"))
        #expect(folder.info.description?.hasPrefix("The Collaborative International Dictionary of English, derived from Webster's") == true)

        // Three homographs, numbered; looking the word up finds all three.
        #expect(lookup.lookUp("abandon").entryNumbers.map { lookup.entries[$0].id } == ["Abandon~1", "Abandon~2", "Abandon~3"])
        let abandon = try #require(lookup.entry(withID: "Abandon~1"))
        #expect(abandon.headword == "Abandon")
        #expect(abandon.pos == "transitive verb")
        #expect(abandon.pronunciations == [Pronunciation("A·ban″don"), Pronunciation("(ȧ-băn″dŭn)")])
        #expect(abandon.forms == [Form("Abandoned", tags: ["past", "past participle"]), Form("Abandoning", tags: ["present participle", "verbal noun"])])
        #expect(abandon.etymology?.source.hasPrefix("OF. abandoner, F. abandonner;") == true)
        #expect(abandon.senses.map(\.id) == ["1", "2", "3", "4"])
        #expect(abandon.senses[0].examples.map(\.source) == ["Udall.", "Shak."])
        #expect(abandon.senses[3].labels == ["Mar. Law"])
        #expect(abandon.source?["attribution"]?.arrayValue?.map(\.stringValue) == ["1913 Webster"])
        // Webster's synonyms and usage note are about the whole entry.
        #expect(abandon.notes.count == 2)
        #expect(abandon.notes.first?.source.hasPrefix("'''Syn:''' To give up; yield; ") == true)
        #expect(abandon.notes.last?.source.hasPrefix("'''Usage:''' ") == true)

        let abacus = try #require(lookup.entry(withID: "Abacus"))
        #expect(abacus.forms == [Form("Abacuses", tags: ["plural"]), Form("Abaci", tags: ["plural"]), Form("Abacus harmonicus")])
        #expect(abacus.senses.map(\.id) == ["1", "2", "3", "4"])
        #expect(abacus.senses[2].labels == ["Arch."])
        #expect(abacus.senses[2].definition == nil)
        #expect(abacus.senses[2].senses.map(\.id) == ["a", "b"])
        #expect(abacus.notes.count == 1)
        #expect(abacus.notes.first?.source.hasPrefix("'''Abacus harmonicus''' (Mus.), ") == true)

        // The licence is Debian's copyright file of the package: GCIDE is under the GPL.
        let license = String(decoding: try readFile(path + "/gcide/LICENSE", shownAs: "LICENSE"), as: UTF8.self)
        #expect(license.contains("GCIDE is free software; you can redistribute it and/or modify"))
        #expect(license.contains("GNU General Public License"))
        // Without --license, an index in /usr/share/dictd finds that same file.
        let importer = DictdImporter(index: "/usr/share/dictd/gcide.index", dict: "/usr/share/dictd/gcide.dict.dz", to: path + "/unused")
        #expect(importer.style == .gcide)
        #expect(importer.licenseCandidates().first == "/usr/share/doc/dict-gcide/copyright")
    }

    @Test func dictFreedictEngFraImportsWithSensesAndGlosses() throws {
        try Self.requirePackage("/usr/share/dictd/freedict-eng-fra.index", "dict-freedict-eng-fra")
        let path = ImportScratch.folder("freedict-real")
        defer { ImportScratch.remove(path) }
        // The style comes from the file name.
        let importer = DictdImporter(index: "/usr/share/dictd/freedict-eng-fra.index",
                                     dict: "/usr/share/dictd/freedict-eng-fra.dict.dz", to: path + "/eng-fra")
        #expect(importer.style == .freedict)
        let summary = try importer.run()
        #expect(summary.entryCount > 8_700)
        #expect(summary.unresolvedLinkCount == 0)
        let folder = try DataFolder.load(from: path + "/eng-fra")
        let lookup = Lookup(folder: folder)
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.entries.count == summary.entryCount)
        #expect(folder.info.title.hasPrefix("English-French FreeDict Dictionary"))
        let run = try #require(lookup.entry(withID: "run"))
        #expect(run.pronunciations == [Pronunciation("/rʌn/")])
        #expect(run.senses.map(\.id) == ["1", "2", "3", "4"])
        #expect(run.senses.allSatisfy { $0.definition == nil && !$0.glosses.isEmpty })
        #expect(run.senses[2].glosses.count == 2)
        let dog = try #require(lookup.entry(withID: "dog"))
        #expect(dog.senses.map { $0.glosses.map(\.source) } == [["chien", "clébard"]])
        // `... ago` is indexed as `ago`.
        #expect(lookup.lookUp("ago").entryNumbers.map { lookup.entries[$0].headword } == ["... ago"])
        let license = String(decoding: try readFile(path + "/eng-fra/LICENSE", shownAs: "LICENSE"), as: UTF8.self)
        #expect(license.contains("Upstream-Name: FreeDict"))
        #expect(ImportScratch.read(path + "/eng-fra/NOTICE")?.contains("FreeDict") == true)
    }
}
