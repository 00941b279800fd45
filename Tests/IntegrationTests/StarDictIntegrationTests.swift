import Testing
import TestSupport
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
@testable import DictionaryImport
import DictionaryIndex

/// The StarDict importer on the real Debian packages `stardict-xmlittre` and
/// `stardict-czech`, compared with `sdcv` (all three in the Makefile's APT_PACKAGES). These
/// tests run only where the packages are installed, since they are big (XMLittre is 30 MB).
@Suite(.serialized) struct StarDictIntegrationTests {
    static let littre = "/usr/share/stardict/dic/XMLittre.ifo"
    static let czech = "/usr/share/stardict/dic/czech-cizi.ifo"
    static var hasLittre: Bool { access(littre, R_OK) == 0 && access("/usr/bin/sdcv", X_OK) == 0 }

    /// Text compared with sdcv's: every run of white space one space, the ends trimmed. sdcv
    /// shows Pango markup with its tags removed and entities decoded, which is what a page
    /// shows of our markup without its styles; only the line breaks' indentation and the
    /// blank lines differ (ours trims them at the ends of a field).
    static func normalised(_ text: String) -> String {
        LookupKey.collapseWhiteSpace(text)
    }

    /// sdcv's definitions of each of `words` (exact search, in XMLittre only), as it prints
    /// them with `--json-output`: for each word, the definitions of the records it heads.
    static func sdcvDefinitions(_ words: [String]) -> [[String]] {
        var result: [[String]] = []
        for start in stride(from: 0, to: words.count, by: 200) {
            let batch = Array(words[start..<min(words.count, start + 200)])
            let out = Subprocess.temporaryPath("sdcv-out")
            // `--` lets words start with `-` (`-ACE`); sdcv answers it with a line of its own.
            let run = Subprocess.run(["sdcv", "-n", "-e", "-j", "--data-dir", "/usr/share/stardict/dic", "-u", "XMLittre", "--"] + batch,
                                     outputFile: out, errorFile: nil)
            let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("[") }.suffix(batch.count)
            for (word, line) in zip(batch, lines) {
                let json = try? JSONParser.parse(Array(line.utf8))
                let found = (json?.arrayValue ?? []).filter { $0["word"]?.stringValue == word }
                result.append(found.compactMap { $0["definition"]?.stringValue })
            }
            while result.count < min(words.count, start + 200) { result.append([]) }
        }
        return result
    }

    @Test(.enabled(if: hasLittre, "needs the Debian packages stardict-xmlittre and sdcv (make test installs them)"))
    func xmlittreFindsEveryHeadwordAndShowsSdcvsText() throws {
        let path = ImportScratch.folder("xmlittre")
        defer { ImportScratch.remove(path) }
        var importer = FormatImport(try StarDictImporter(path: Self.littre), to: path + "/out", id: "xmlittre")
        importer.cacheDirectory = path + "/cache"
        let summary = try importer.run()
        #expect(summary.entryCount == 77_754)
        #expect(summary.problems == [])
        // Every headword of the index finds the entry of its record.
        #expect(summary.sourceKeyCount == 122_910)
        #expect(summary.findableSourceKeyCount == 122_910, "not found: \(summary.unfindableKeyExamples)")

        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.info.language == "fr")
        let lookup = Lookup(folder: folder)
        // Better than sdcv at case: its keys are capitals, and it folds ASCII alone.
        for query in ["fréquent", "fréquente", "élève", "-acé"] {
            #expect(lookup.lookUp(query).isFound, "\(query)")
        }

        // Every 100th headword of the index: its records' text against sdcv's (the records
        // that have the word as headword or as a form the index gives, not one made from
        // Littré's `WORD, ENDING`, which sdcv does not know). A word's other homographs come
        // with it (`GARDE` gives the articles of `GARDE.2` and `GARDE.3` too; sdcv the first):
        // sdcv's text must be among ours.
        let reader = try StarDictReader(ifo: Self.littre)
        let words = stride(from: 0, to: reader.items.count, by: 100).map { reader.items[$0].word }
        let theirs = Self.sdcvDefinitions(words)
        var same = 0, withHomographs = 0
        var different: [String] = []
        for (word, definitions) in zip(words, theirs) {
            let ours = Set(lookup.lookUp(word).entryNumbers.map { lookup.entries[$0] }
                .filter { $0.headword == word || $0.forms.contains { $0.text == word && $0.tags.isEmpty } }
                .map { Self.normalised($0.senses.compactMap(\.definition?.plainText).joined(separator: "\n")) })
            let sdcvs = Set(definitions.map(Self.normalised))
            if !sdcvs.isEmpty && sdcvs.isSubset(of: ours) {
                same += 1
                if ours.count > sdcvs.count { withHomographs += 1 }
            } else if different.count < 10 {
                different.append(word)
            }
        }
        let share = Double(same) / Double(words.count)
        print("XMLittre against sdcv: \(same) of \(words.count) headwords show sdcv's text (\(Int((share * 1000).rounded()) / 10) %), "
              + "\(withHomographs) with their other homographs; not: \(different)")
        #expect(withHomographs > 0)
        #expect(share >= 0.99, "the same text for \(same) of \(words.count); not: \(different)")
    }

    @Test(.enabled(if: access(czech, R_OK) == 0, "needs the Debian package stardict-czech (make test installs it)"))
    func czechImportsEveryRecord() throws {
        let path = ImportScratch.folder("czech")
        defer { ImportScratch.remove(path) }
        var importer = FormatImport(try StarDictImporter(path: Self.czech), to: path + "/out", id: "czech-cizi")
        importer.cacheDirectory = path + "/cache"
        let summary = try importer.run()
        #expect(summary.sourceKeyCount == 18_259)
        #expect(summary.findableSourceKeyCount == 18_259, "not found: \(summary.unfindableKeyExamples)")
        #expect(summary.problems == [])
        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.info.language == "cs")
        #expect(folder.diagnostics.isEmpty)
        let entry = try #require(Lookup(folder: folder).lookUp("A CAPELLA").entryNumbers.first.map { folder.entries[$0] })
        #expect(entry.senses.map(\.definition?.source) == ["\\[''a kapela''\\]\n\n'''vokální skladba bez instrumentálního doprovodu'''"])
    }
}
