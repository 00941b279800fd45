import Foundation
import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport
import DictionaryIndex

/// What `ImportWriter.finish` reports of the links written, now that it keeps no map of their
/// targets: the library index gives back the links that name no entry directly, and the
/// writer resolves those as the browser does (rules, sense anchors, external links). The
/// report must be what `wordlink check` finds in the folder.
@Suite struct ImportWriterTests {
    static func markup(_ text: String) -> Markup { Markup(text) }

    /// Entries whose links resolve in every way a link can, and fail in every way, with more
    /// distinct failures than the ten examples.
    static var entries: [Entry] {
        var result = [
            Entry(id: "dog~n", headword: "dog", forms: [Form("hound")], senses: [
                Sense(id: "canine", definition: markup("a [[cat]], a [[HOUND]], [[dogs]] (a rule), [[dog~n#canine]], [[cat#2]] and [[https://example.org/dog]]")),
                Sense(definition: markup("[[dog#nope]] [[nowhere]] [[nowhere]] [[Straße]] [[Nowhere]]")),
            ]),
            Entry(id: "cat~n", headword: "cat", senses: [Sense(definition: markup("one")), Sense(definition: markup("two"))],
                  relations: [Relation(type: "see", links: [RelationLink(target: "dog~n", sense: "nope"), RelationLink(target: "dog~n"),
                                                            RelationLink(target: "cats"), RelationLink(target: "cat~n", sense: "3")])]),
            Entry(id: "strasse", headword: "STRASSE", etymology: markup("from [[straat]]")),
        ]
        let missing = (0..<14).map { "m\(13 - $0)é" }
        result.append(Entry(id: "many", headword: "many", notes: missing.map { markup("[[\($0)]] and [[\($0)]]") }))
        return result
    }

    @Test func theLinksReportIsWhatCheckFinds() throws {
        let path = ImportScratch.folder("writer")
        defer { ImportScratch.remove(path) }
        var writer = try ImportWriter(folder: path + "/out", importer: "wordlink import test", entriesPerFile: 2)
        for entry in Self.entries { try writer.add(entry) }
        let info = DictionaryInfo(id: "test", title: "Test", lookupRules: [LookupRule(suffix: "s", replace: "")])
        let summary = try writer.finish(info: info, cacheDirectory: path + "/cache")

        // What `check` reports, from a full load of the folder.
        let folder = try DataFolder.load(from: path + "/out")
        let unresolved = folder.unresolvedLinks(lookup: Lookup(folder: folder))
        let written = Set(unresolved.map { link in link.sense.map { "\(link.target)#\($0)" } ?? link.target })
        var links = 0
        for entry in folder.entries { entry.forEachLink { _, _, _ in links += 1 } }
        #expect(summary.linkCount == links)
        #expect(summary.unresolvedLinkCount == unresolved.count)
        #expect(summary.unresolvedExamples == Array(written.sorted().prefix(10)))

        // The same, written out: 6 + 5 + 4 + 1 + 28 links; `dogs` and `cats` resolve by the
        // rule, `Straße` by its key, `cat#2` by the sense's number; `dog#nope`, `dog~n#nope` and
        // `cat~n#3` lack their sense; `nowhere` (twice), `Nowhere`, `straat` and the 28 `m…é`
        // name nothing.
        #expect(summary.linkCount == 44)
        #expect(summary.unresolvedLinkCount == 4 + 2 + 1 + 28)
        #expect(summary.unresolvedExamples == ["Nowhere", "cat~n#3", "dog#nope", "dog~n#nope", "m0é", "m10é", "m11é", "m12é", "m13é", "m1é"])
    }

    @Test func theSmallestExamplesAreKeptOnceEach() {
        var examples = ImportWriter.SmallestStrings(limit: 3)
        for string in ["d", "b", "e", "b", "a", "c", "a", "é", "A"] { examples.insert(string) }
        #expect(examples.strings == ["A", "a", "b"])
        var few = ImportWriter.SmallestStrings(limit: 10)
        for string in ["z", "y", "z"] { few.insert(string) }
        #expect(few.strings == ["y", "z"])
    }
}
