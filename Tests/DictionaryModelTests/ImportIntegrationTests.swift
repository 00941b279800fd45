import Testing
@testable import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif

/// The importers on the real Debian packages, which `make test` (and so `.ci/run`) installs
/// through the Makefile's APT_PACKAGES: `wordnet-base` and `dict-jargon`. A missing package
/// fails these tests; they never skip.
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
}
