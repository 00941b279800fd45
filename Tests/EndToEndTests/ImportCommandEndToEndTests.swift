import Foundation
import Testing
import TestSupport

/// `wordlink import` through the real binary: what it prints, its exit statuses, and that
/// `check` accepts what it wrote.
@Suite struct ImportCommandEndToEndTests {
    static let wordnetMini = TmuxSession.packageRoot.appendingPathComponent("Tests/TestSupport/Fixtures/wordnet-mini").path

    static func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let out = Subprocess.temporaryPath("import-out"), err = Subprocess.temporaryPath("import-err")
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        return Subprocess.run([TmuxSession.binary] + arguments, outputFile: out, errorFile: err)
    }

    @Test func importsReportsAndRefusesWordForWord() throws {
        let folder = Subprocess.temporaryPath("import-wn")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let imported = Self.run(["import", "wordnet", "--from", Self.wordnetMini, "--to", folder])
        #expect(imported.status == 0)
        // Standard error is not a terminal here: no progress line.
        #expect(imported.error == "")
        #expect(imported.output == """
            Wrote 16 entries in 1 file to \(folder).
            41 links, 0 unresolved.
            Read: 6 synsets in data.noun, 8 lemmas in index.noun, 2 synsets in data.verb, 3 lemmas in index.verb, 3 synsets in data.adj, 4 lemmas in index.adj, 1 synsets in data.adv, 1 lemmas in index.adv, 0 tag counts in cntlist.rev, 0 verb example sentences in sents.vrb, 19 pointers, 3 verb frames, 0 senses with a tag count, 0 tag counts not shown (past the index's tagged senses), 3 verb senses' frames, 0 verb example sentences placed, 1 adjective position markers, 2 relation links labelled with their sense, 0 domains linked from their gloss.
            Nothing of the source was left out.
            Browse it with: wordlink --data \(folder)

            """)
        let checked = Self.run(["check", "--data", folder])
        #expect(checked.output == "16 entries in 1 file: 0 errors, 0 warnings\n")
        let defined = Self.run(["define", "went", "--data", folder, "--width", "60"])
        #expect(defined.output.hasPrefix("go  verb\nforms: went\n"))

        let refused = Self.run(["import", "dictd", "--index", "x.index", "--dict", "x.dict", "--to", TmuxSession.data])
        #expect(refused.status == 1)
        #expect(refused.error.hasPrefix("wordlink: cannot read x.index"))
        let other = Self.run(["import", "wordnet", "--from", Self.wordnetMini, "--to", TmuxSession.data])
        #expect(other.status == 1)
        #expect(other.error == "wordlink: will not write into \(TmuxSession.data): its dictionary.json was not written by an importer, so it is not an earlier 'wordlink import wordnet' import; choose an empty or new folder.\n")
    }

    /// data.noun cut in half: refused with exit 1, naming the file; the earlier import is
    /// still there, byte for byte, and nothing is left beside it.
    @Test func aDamagedWordNetIsRefusedAndTheEarlierImportKept() throws {
        let scratch = Subprocess.temporaryPath("import-damaged")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let folder = scratch + "/wn", source = scratch + "/source"
        #expect(Self.run(["import", "wordnet", "--from", Self.wordnetMini, "--to", folder]).status == 0)
        let before = ImportScratch.snapshot(folder)
        try FileManager.default.copyItem(atPath: Self.wordnetMini, toPath: source)
        let data = try #require(FileManager.default.contents(atPath: source + "/data.noun"))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: source + "/data.noun"))
        let refused = Self.run(["import", "wordnet", "--from", source, "--to", folder])
        #expect(refused.status == 1)
        #expect(refused.output == "")
        #expect(refused.error == "wordlink: \(source)/data.noun: it is cut short: its last line, 8, ends without a line break.\n")
        #expect(ImportScratch.snapshot(folder) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).sorted() == ["source", "wn"])
    }

    @Test(arguments: [
        (["import"], "wordlink: 'wordlink import' needs a kind of dictionary (wordnet or dictd); see 'wordlink import --help'.\n"),
        (["import", "wordnet", "--to"], "wordlink: option '--to' needs a value for 'wordlink import wordnet'; see 'wordlink import wordnet --help'.\n"),
        (["import", "dictd", "--to", "x"], "wordlink: 'wordlink import dictd' needs a dictd index file (--index FILE.index); see 'wordlink import dictd --help'.\n"),
        (["import", "wordnet", "--to", "x", "--style", "jargon"], "wordlink: unknown option '--style' for 'wordlink import wordnet'; see 'wordlink import wordnet --help'.\n"),
        (["import", "dictd", "--index", "a", "--dict", "b", "--to", "x", "--style", "odd"], "wordlink: 'odd' is not a valid value for '--style' for 'wordlink import dictd': expected foldoc, jargon, gcide, freedict or plain.\n"),
    ])
    func wrongCommandLinesExitWithTwo(arguments: [String], message: String) {
        let result = Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.error == message)
    }

    @Test func helpNamesEveryOption() {
        let help = Self.run(["import", "dictd", "--help"])
        #expect(help.status == 0)
        for option in ["--index", "--dict", "--to", "--style", "--license"] { #expect(help.output.contains(option)) }
        for style in ["jargon", "foldoc", "gcide", "freedict", "plain"] { #expect(help.output.contains("\n  \(style) ")) }
        #expect(Self.run(["import", "wordnet", "-h"]).output.hasPrefix("Usage: wordlink import wordnet [--from DIR] [--to DIR]\n"))
    }
}
