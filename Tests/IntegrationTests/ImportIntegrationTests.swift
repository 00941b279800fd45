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
        var importer = WordNetImporter(to: path + "/wn")
        importer.cacheDirectory = path + "/cache"
        let summary = try importer.run()
        // WordNet 3.0: 117,798 nouns, 11,529 verbs, 21,479 adjectives, 4,481 adverbs.
        #expect(summary.entryCount == 155_287)
        #expect(summary.fileCount == 20, "8,000 entries a shard")
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

        // GCIDE's notation never reaches the text: no backslash, no syllable mark or accent
        // between letters, in any field (markup read as a reader sees it).
        var leaks: [String] = []
        func check(_ text: String, _ place: String) {
            let characters = Array(text)
            for (i, character) in characters.enumerated() where character == "\\"
                || ((character == "*" || character == "\"" || character == "`") && i > 0 && i + 1 < characters.count
                    && characters[i - 1].isLetter && characters[i + 1].isLetter) {
                if leaks.count < 20 { leaks.append(place + ": " + text) }
                return
            }
        }
        func check(_ markup: Markup?, _ place: String) {
            guard let markup else { return }
            check(markup.runs.map(\.text).joined(), place)
        }
        func check(_ senses: [Sense], _ id: String) {
            for sense in senses {
                check(sense.definition, id)
                sense.labels.forEach { check($0, id) }
                sense.notes.forEach { check($0, id) }
                for example in sense.examples {
                    check(example.text, id)
                    check(example.source ?? "", id)
                }
                sense.relations.forEach { $0.links.forEach { check($0.shownText, id) } }
                check(sense.senses, id)
            }
        }
        for entry in folder.entries {
            check(entry.headword, entry.id)
            entry.forms.forEach { check($0.text, entry.id) }
            entry.labels.forEach { check($0, entry.id) }
            check(entry.etymology, entry.id)
            entry.notes.forEach { check($0, entry.id) }
            check(entry.senses, entry.id)
        }
        #expect(leaks == [])
        #expect(summary.leftoverMarkCount == 0)

        // Homographs stand in the order of their records in the data, which is not the index's
        // order for every word: each word's entries have the parts of speech of its records
        // read in the order of their offsets.
        var recordsOfKey: [String: [(offset: Int, length: Int)]] = [:]
        let data = try Dictzip(bytes: try readFile("/usr/share/dictd/gcide.dict.dz", shownAs: "gcide.dict.dz"), path: "gcide.dict.dz").readAll()
        for line in slice where !line.isEmpty && !line.hasPrefix("00") {
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let offset = DictdImporter.decodeBase64(fields[1]), let length = DictdImporter.decodeBase64(fields[2]) else { continue }
            let key = String(fields[0])
            let text = String(decoding: data[offset..<(offset + length)], as: UTF8.self)
            // Records headed by the key itself (not those that mention it).
            let normalised = LookupKey.normalise(key)
            guard text.hasPrefix(key + " \\"), !(recordsOfKey[normalised]?.contains { $0.offset == offset } ?? false) else { continue }
            recordsOfKey[normalised, default: []].append((offset, length))
        }
        var homographKeys = 0, indexOrderDiffers = 0, outOfOrder: [String] = []
        var entriesOfKey: [String: [Entry]] = [:]
        for entry in folder.entries {
            entriesOfKey[LookupKey.normalise(entry.id.split(separator: "~").first.map(String.init) ?? ""), default: []].append(entry)
        }
        for (key, places) in recordsOfKey where places.count > 1 {
            homographKeys += 1
            let sorted = places.sorted { $0.offset < $1.offset }
            if sorted.map(\.offset) != places.map(\.offset) { indexOrderDiffers += 1 }
            let expected = sorted.map { place in
                GcideRecord(String(decoding: data[place.offset..<(place.offset + place.length)], as: UTF8.self)).partOfSpeech.map(GcideText.partOfSpeech)
            }
            // In the folder's order (a page lists headword matches before form matches, so
            // `Æolian` after `Aeolian` there).
            let found = entriesOfKey[key] ?? []
            if found.map(\.pos) != expected { outOfOrder.append(key) }
        }
        #expect(homographKeys > 500)
        #expect(indexOrderDiffers > 100)
        #expect(outOfOrder == [])

        // Every key of the index that names its record finds it; comparatives, run-ons and
        // inflections by rule are found.
        #expect(summary.sourceKeyCount == slice.filter { !$0.isEmpty && !$0.hasPrefix("00") }.count)
        #expect(Double(summary.findableSourceKeyCount) > 0.95 * Double(summary.sourceKeyCount))
        // And every key finds something (at least 99.5 % of them), as it does in `dict`: a word a
        // record only mentions (`Proteles cristata` in `Aard-wolf`) leads to that record.
        let sliceKeys = slice.compactMap { line in line.split(separator: "\t").first.map(String.init) }.filter { !$0.isEmpty && !$0.hasPrefix("00") }
        let findingNothing = sliceKeys.filter { lookup.lookUp($0).entryNumbers.isEmpty && lookup.entry(withID: $0) == nil }
        #expect(Double(findingNothing.count) <= 0.005 * Double(sliceKeys.count), "\(findingNothing.prefix(10))")
        // `Afflicting` is also a form of `Afflict`, so it is numbered.
        #expect(lookup.lookUp("afflictingly").entryNumbers.map { lookup.entries[$0].id } == ["Afflicting~1"])
        #expect(Set(lookup.lookUp("abandons").entryNumbers.map { lookup.entries[$0].id }) == ["Abandon~1", "Abandon~2", "Abandon~3"])
        let apse = try #require(lookup.entry(withID: "Apse"))
        #expect(apse.forms.first == Form("Apses", tags: ["plural"]))
        #expect(apse.senses[0].senses.map(\.id) == ["a", "b"])

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
