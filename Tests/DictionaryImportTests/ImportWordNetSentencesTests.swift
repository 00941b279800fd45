import Foundation
import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport

/// `sents.vrb` and `sentidx.vrb`: a verb sense with example sentences has them, the verb put
/// in, as its frames (as `wn -framv` shows them); the others keep the generic frames.
@Suite struct ImportWordNetSentencesTests {
    /// The mini fixture with the two sentence files added.
    static func imported(sentences: String?, index: String?) throws -> (summary: ImportSummary, folder: DataFolder, path: String) {
        let path = ImportScratch.folder("wordnet-sentences")
        let source = path + "/source"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("wordnet-mini")) {
            try FileManager.default.copyItem(atPath: Fixtures.path("wordnet-mini") + "/" + name, toPath: source + "/" + name)
        }
        if let sentences { try sentences.write(toFile: source + "/sents.vrb", atomically: false, encoding: .utf8) }
        if let index { try index.write(toFile: source + "/sentidx.vrb", atomically: false, encoding: .utf8) }
        let summary = try WordNetImporter(from: source, to: path + "/wn").run()
        return (summary, try DataFolder.load(from: path + "/wn"), path)
    }

    static let sentences = "1 The children %s to the playground\n15 Sam cannot %s Sue \n20 漢字 %s 👩‍👩‍👧 🇯🇵 👍🏽 é, %s again\n"

    @Test func sentencesReplaceTheFramesOfTheirSense() throws {
        let (summary, folder, path) = try Self.imported(sentences: Self.sentences,
                                                        index: "dog%2:38:00:: 15,1\nchase%2:38:00:: 20\ngo%2:38:00:: 99\nnot a line\n")
        defer { ImportScratch.remove(path) }
        let frames = Dictionary(uniqueKeysWithValues: folder.entries.filter { $0.id.hasSuffix("~v") }.map { ($0.id, $0.senses[0].frames) })
        // In the index's order; the trailing space gone; every %s the verb.
        #expect(frames["dog~v"] == ["Sam cannot dog Sue", "The children dog to the playground"])
        #expect(frames["chase~v"] == ["漢字 chase 👩‍👩‍👧 🇯🇵 👍🏽 é, chase again"])
        // A number sents.vrb does not have: the generic frames stay.
        let go = try #require(frames["go~v"])
        #expect(!go.isEmpty)
        #expect(go.allSatisfy { $0.contains("----") })
        #expect(summary.sourceCounts.contains(ImportCount("verb example sentences in sents.vrb", 3)))
        #expect(summary.sourceCounts.contains(ImportCount("verb example sentences placed", 3)))
        #expect(summary.problems.contains { $0.description.contains("line") })
    }

    @Test func withoutBothFilesTheFramesAreGeneric() throws {
        for (sentences, index) in [(Self.sentences, nil), (nil, "dog%2:38:00:: 15\n")] as [(String?, String?)] {
            let (summary, folder, path) = try Self.imported(sentences: sentences, index: index)
            defer { ImportScratch.remove(path) }
            let dog = try #require(folder.entries.first { $0.id == "dog~v" })
            #expect(dog.senses[0].frames.allSatisfy { $0.contains("----") })
            #expect(!dog.senses[0].frames.isEmpty)
            #expect(summary.sourceCounts.contains(ImportCount("verb example sentences placed", 0)))
        }
    }

    @Test func parsing() {
        var tally = WordNetImporter.Tally()
        let texts = WordNetImporter.parseSentenceTexts("1 a %s b\nx nope\n", tally: &tally)
        #expect(texts == ["1": "a %s b"])
        let index = WordNetImporter.parseSentenceIndex("run%2:38:00:: 1,2,3\nrun 4\n", tally: &tally)
        #expect(index == ["run%2:38:00::": ["1", "2", "3"]])
        let sentences = WordNetImporter.Sentences(texts: ["1": "The %s %s "], numbers: ["k%2": ["1", "9"]])
        #expect(sentences.sentences(forSenseKey: "k%2", verb: "put up") == ["The put up put up"])
        #expect(sentences.sentences(forSenseKey: "other%2", verb: "x").isEmpty)
    }
}
