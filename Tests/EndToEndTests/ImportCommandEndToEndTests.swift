import Foundation
import Testing
import TestSupport

/// `wordlink import` through the real binary: what it prints, its exit statuses, and that
/// `check` accepts what it wrote.
@Suite struct ImportCommandEndToEndTests {
    static let wordnetMini = TmuxSession.packageRoot.appendingPathComponent("Tests/TestSupport/Fixtures/wordnet-mini").path

    /// The binary run with `arguments`, after `environment` (`env NAME=VALUE…` words) when given.
    static func run(_ arguments: [String], environment: [String] = []) -> (status: Int32, output: String, error: String) {
        let out = Subprocess.temporaryPath("import-out"), err = Subprocess.temporaryPath("import-err")
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        let command = environment.isEmpty ? [TmuxSession.binary] : ["/usr/bin/env"] + environment + [TmuxSession.binary]
        return Subprocess.run(command + arguments, outputFile: out, errorFile: err)
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
        (["import"], "wordlink: 'wordlink import' needs a dictionary to import (a file or folder); see 'wordlink import --help'.\n"),
        (["import", "x.ifo", "--format", "mobi"], "wordlink: 'mobi' is not a valid value for '--format' for 'wordlink import': expected stardict, dsl, xdxf, wiktionary, dictd, wordnet.\n"),
        (["import", "--installed", "x.dsl"], "wordlink: unexpected argument 'x.dsl' for 'wordlink import --installed'; see 'wordlink import --installed --help'.\n"),
        (["import", "x.dsl", "--dry-run"], "wordlink: unknown option '--dry-run' for 'wordlink import'; see 'wordlink import --help'.\n"),
        (["import", "wordnet", "--to"], "wordlink: option '--to' needs a value for 'wordlink import wordnet'; see 'wordlink import wordnet --help'.\n"),
        (["import", "dictd", "--to", "x"], "wordlink: 'wordlink import dictd' needs a dictd index file (--index FILE.index); see 'wordlink import dictd --help'.\n"),
        (["import", "wordnet", "--to", "x", "--style", "jargon"], "wordlink: unknown option '--style' for 'wordlink import wordnet'; see 'wordlink import wordnet --help'.\n"),
        (["import", "dictd", "--index", "a", "--dict", "b", "--to", "x", "--style", "odd"], "wordlink: 'odd' is not a valid value for '--style' for 'wordlink import dictd': expected foldoc, jargon, gcide, freedict, ding or plain.\n"),
    ])
    func wrongCommandLinesExitWithTwo(arguments: [String], message: String) {
        let result = Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.error == message)
    }

    /// A StarDict dictionary written byte by byte: `NAME.ifo`, `NAME.idx` (32-bit offsets)
    /// and `NAME.dict`, records of plain text.
    static func writeStarDict(_ records: [(String, String)], name: String, in folder: String, wordCount: Int? = nil) {
        var index: [UInt8] = [], data: [UInt8] = []
        func bigEndian(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        for (word, text) in records {
            index += Array(word.utf8) + [0] + bigEndian(data.count) + bigEndian(text.utf8.count)
            data += Array(text.utf8)
        }
        let ifo = "StarDict's dict ifo file\nversion=2.4.2\nbookname=Small Test\nwordcount=\(wordCount ?? records.count)\nidxfilesize=\(index.count)\nsametypesequence=m\n"
        #expect(FileManager.default.createFile(atPath: folder + "/" + name + ".ifo", contents: Data(ifo.utf8)))
        #expect(FileManager.default.createFile(atPath: folder + "/" + name + ".idx", contents: Data(index)))
        #expect(FileManager.default.createFile(atPath: folder + "/" + name + ".dict", contents: Data(data)))
    }

    @Test func importsAStarDictFolderAndRefusesADamagedOne() throws {
        let folder = Subprocess.temporaryPath("import-sd")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/src/deeper", withIntermediateDirectories: true)
        Self.writeStarDict([("dog", "a domestic animal"), ("cat", "a small one")], name: "Small_Test", in: folder + "/src/deeper")
        let imported = Self.run(["import", folder + "/src", "--to", folder + "/out"])
        #expect(imported.status == 0)
        #expect(imported.error == "")
        #expect(imported.output == """
            Wrote 2 entries in 1 file to \(folder)/out.
            0 links, 0 unresolved.
            2 of 2 index keys find their record's entry.
            Read: 2 headwords in Small_Test.idx, 2 records, 0 synonyms.
            Nothing of the source was left out.
            Browse it with: wordlink --data \(folder)/out

            """)
        #expect(Self.run(["check", "--data", folder + "/out"]).output == "2 entries in 1 file: 0 errors, 0 warnings\n")
        #expect(Self.run(["define", "DOG", "--data", folder + "/out", "--width", "60"]).output == "dog\n\n    a domestic animal\n")
        let json = try String(contentsOfFile: folder + "/out/dictionary.json", encoding: .utf8)
        #expect(json.contains("\"id\": \"small-test\""))

        // The same dictionary, its .ifo now counting a word its index lacks: refused, the import kept.
        Self.writeStarDict([("dog", "changed")], name: "Small_Test", in: folder + "/src/deeper", wordCount: 2)
        let refused = Self.run(["import", folder + "/src/deeper/Small_Test.ifo", "--to", folder + "/out"])
        #expect(refused.status == 1)
        #expect(refused.error == "wordlink: \(folder)/src/deeper/Small_Test.idx: it has 1 headword, not the 2 that Small_Test.ifo gives (wordcount).\n")
        #expect(Self.run(["define", "dog", "--data", folder + "/out", "--width", "60"]).output == "dog\n\n    a domestic animal\n")
        let nothing = Self.run(["import", folder + "/out"])
        #expect(nothing.status == 1)
        #expect(nothing.error.hasPrefix("wordlink: \(folder)/out: no dictionary that wordlink can import was found in it"))
    }

    /// A kaikki.org extract of several languages, found by its content: each entry names its
    /// language, `check` accepts the folder, `define` shows a word's entries in every language.
    @Test func importsAWiktionaryExtract() throws {
        let folder = Subprocess.temporaryPath("import-wikt")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = folder + "/kaikki.org-dictionary-Mixed.jsonl"
        let text = try String(contentsOfFile: Fixtures.path("wiktionary/mixed.jsonl"), encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: source, contents: Data((text + "{\"word\": \"broken\"\n").utf8)))
        let imported = Self.run(["import", source, "--to", folder + "/out"])
        #expect(imported.status == 0)
        #expect(imported.error == "")
        #expect(imported.output == """
            Wrote 5 entries in 1 file to \(folder)/out.
            1 link, 0 unresolved.
            Read: 6 lines, 5 entries, 5 senses, 2 examples, 3 forms, 0 inflection-table forms left out, 0 redirects, 0 redirects that lookup folds (left out), 4 languages.
            Not placed: 1 lines that are not a Wiktionary entry (left out), such as kaikki.org-dictionary-Mixed.jsonl:6: not JSON: unexpected end of the file; expected ',' or '}' at byte 18.
            Browse it with: wordlink --data \(folder)/out

            """)
        #expect(Self.run(["check", "--data", folder + "/out"]).output == "5 entries in 1 file: 0 errors, 0 warnings\n")
        let page = Self.run(["define", "GLORP", "--data", folder + "/out", "--width", "60"]).output
        #expect(page.hasPrefix("glorp  noun  (English)\n\n    A small invented creature.\n\nglorp  noun  /ɡlɔʁp/  (French)\n"))
        #expect(Self.run(["define", "ごご", "--data", folder + "/out", "--width", "60"]).output.hasPrefix("語語  noun  [ɡo̞ɡo̞]  (Japanese)\n"))
        let json = try String(contentsOfFile: folder + "/out/dictionary.json", encoding: .utf8)
        #expect(json.contains("\"language\": \"fr\"") && json.contains("\"targetLanguage\": \"en\""))
        #expect(json.contains("\"importer\":\"wordlink import wiktionary\""))
    }

    /// `import --installed` on fixture folders (`WORDLINK_INSTALLED_PATHS`, never the real
    /// /usr/share or home): a dictd database, a WordNet folder, a DSL, a StarDict and an XDXF file, and a
    /// damaged dictd index. One line each; the damaged one fails (exit 1) and the others are
    /// imported; a second run finds them unchanged; a changed source is imported again;
    /// `--dry-run` writes nothing.
    @Test func importsTheInstalledDictionariesOnceEach() throws {
        let scratch = Subprocess.temporaryPath("import-installed")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let fm = FileManager.default
        for folder in ["dictd", "share/wn", "dsl", "library"] {
            try fm.createDirectory(atPath: scratch + "/" + folder, withIntermediateDirectories: true)
        }
        for name in try fm.contentsOfDirectory(atPath: Self.wordnetMini) {
            try fm.copyItem(atPath: Self.wordnetMini + "/" + name, toPath: scratch + "/share/wn/" + name)
        }
        #expect(fm.createFile(atPath: scratch + "/dictd/mini.index", contents: Data("hack\tA\tQ\n".utf8)))
        #expect(fm.createFile(atPath: scratch + "/dictd/mini.dict", contents: Data("hack\n  to work hard, 日本語 👍🏽\n".utf8)))
        #expect(fm.createFile(atPath: scratch + "/dictd/broken.index", contents: Data("no tabs here\n".utf8)))
        #expect(fm.createFile(atPath: scratch + "/dictd/broken.dict", contents: Data("x".utf8)))
        #expect(fm.createFile(atPath: scratch + "/dsl/Small.dsl", contents: Data("#NAME \"Small\"\ncafé\n\t[m1]a café[/m]\n".utf8)))
        let xdxf = try String(contentsOfFile: Fixtures.path("xdxf/visual.xdxf"), encoding: .utf8)
        #expect(fm.createFile(atPath: scratch + "/dsl/visual.xdxf", contents: Data(xdxf.utf8)))
        // A StarDict dictionary: its importer is at its second revision, which its fingerprint
        // records, so that a second run leaves it alone (every run imported it again before).
        Self.writeStarDict([("GARDE.1", "犬 🐕\u{200D}🦺"), ("GARDE.2", "garde\u{0301}")], name: "Tiny", in: scratch + "/dsl")
        let environment = ["XDG_DATA_HOME=\(scratch)/library", "HOME=\(scratch)/home",
                           "WORDLINK_INSTALLED_PATHS=\(scratch)/dictd:\(scratch)/share:\(scratch)/dsl:\(scratch)/missing"]
        func run(_ more: [String] = []) -> (status: Int32, output: String, error: String) {
            Self.run(["import", "--installed"] + more, environment: environment)
        }
        let library = scratch + "/library/wordlink"
        let dry = run(["--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.output == """
            broken: would be imported from \(scratch)/dictd/broken.index
            mini: would be imported from \(scratch)/dictd/mini.index
            wordnet: would be imported from \(scratch)/share/wn
            small: would be imported from \(scratch)/dsl/Small.dsl
            tiny: would be imported from \(scratch)/dsl/Tiny.ifo
            visual: would be imported from \(scratch)/dsl/visual.xdxf
            6 dictionaries: 6 to import, 0 unchanged, 0 failed.

            """)
        #expect(!fm.fileExists(atPath: library))

        let first = run()
        #expect(first.status == 1)
        #expect(first.output == """
            broken: failed: \(scratch)/dictd/broken.index:1: expected 'headword<TAB>offset<TAB>length' with base64 numbers
            mini: imported from \(scratch)/dictd/mini.index (1 entry)
            wordnet: imported from \(scratch)/share/wn (16 entries)
            small: imported from \(scratch)/dsl/Small.dsl (1 entry)
            tiny: imported from \(scratch)/dsl/Tiny.ifo (2 entries)
            visual: imported from \(scratch)/dsl/visual.xdxf (3 entries)
            6 dictionaries: 5 imported, 0 unchanged, 1 failed.

            """)
        #expect(try fm.contentsOfDirectory(atPath: library).sorted() == ["mini", "small", "tiny", "visual", "wordnet"])
        let json = try String(contentsOfFile: library + "/small/dictionary.json", encoding: .utf8)
        #expect(json.contains("\"fingerprint\":\"\(scratch)/dsl/Small.dsl 37 "))
        #expect(!json.contains("|importer "))
        #expect(try String(contentsOfFile: library + "/tiny/dictionary.json", encoding: .utf8).contains("|importer 2\""))

        let second = run()
        #expect(second.status == 1)
        #expect(second.output.hasSuffix("6 dictionaries: 0 imported, 5 unchanged, 1 failed.\n"))
        #expect(second.output.contains("wordnet: unchanged (\(scratch)/share/wn)\n"))
        #expect(second.output.contains("tiny: unchanged (\(scratch)/dsl/Tiny.ifo)\n"))

        // An import by an earlier revision of its importer (here the third of dictd's plain
        // style, which is at its fourth) is made again, and the line says why.
        let mini = library + "/mini/dictionary.json"
        let recorded = try String(contentsOfFile: mini, encoding: .utf8)
        #expect(recorded.contains("|importer 4\""))
        #expect(fm.createFile(atPath: mini, contents: Data(recorded.replacingOccurrences(of: "|importer 4\"", with: "|importer 3\"").utf8)))
        #expect(run(["--dry-run"]).output.contains(
            "mini: would be imported from \(scratch)/dictd/mini.index (the dictd importer changed since its import)\n"))
        let again = run()
        #expect(again.output.contains("mini: imported from \(scratch)/dictd/mini.index (1 entry; the dictd importer changed since its import)\n"))
        #expect(again.output.hasSuffix("6 dictionaries: 1 imported, 4 unchanged, 1 failed.\n"))
        #expect(run().output.hasSuffix("6 dictionaries: 0 imported, 5 unchanged, 1 failed.\n"))

        // A source that changed is imported again; the others stay unchanged.
        #expect(fm.createFile(atPath: scratch + "/dsl/Small.dsl", contents: Data("#NAME \"Small\"\ncafé\n\t[m1]a café, changed[/m]\n".utf8)))
        let third = run()
        #expect(third.output.contains("small: imported from \(scratch)/dsl/Small.dsl (1 entry)\n"))
        #expect(third.output.hasSuffix("6 dictionaries: 1 imported, 4 unchanged, 1 failed.\n"))
    }

    /// `wordlink import SOURCE` recognises a dictd database (its `.index` or its `.dict`
    /// named) and a WordNet folder as it does the other formats, into the library folder of its
    /// id, with the sources' fingerprint that `--installed` reads; `--format` narrows a folder.
    @Test func importsDictdAndWordNetFromTheirFiles() throws {
        let scratch = Subprocess.temporaryPath("import-sources")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: scratch + "/src/wn", withIntermediateDirectories: true)
        for name in try fm.contentsOfDirectory(atPath: Self.wordnetMini) {
            try fm.copyItem(atPath: Self.wordnetMini + "/" + name, toPath: scratch + "/src/wn/" + name)
        }
        #expect(fm.createFile(atPath: scratch + "/src/Mini.index", contents: Data("hack\tA\tQ\n".utf8)))
        #expect(fm.createFile(atPath: scratch + "/src/Mini.dict", contents: Data("hack\n  to work hard, 日本語 👍🏽\n".utf8)))
        let environment = ["XDG_DATA_HOME=\(scratch)/library", "XDG_CACHE_HOME=\(scratch)/cache", "HOME=\(scratch)/home"]
        func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) { Self.run(arguments, environment: environment) }
        let library = scratch + "/library/wordlink"
        let dictd = run(["import", scratch + "/src/Mini.dict"])
        #expect(dictd.status == 0 && dictd.error.isEmpty, "\(dictd)")
        #expect(dictd.output.hasPrefix("Wrote 1 entry in 1 file to \(library)/mini.\n"), "\(dictd.output)")
        #expect(try String(contentsOfFile: library + "/mini/dictionary.json", encoding: .utf8).contains("\"fingerprint\":\"\(scratch)/src/Mini.dict "))
        let wordnet = run(["import", scratch + "/src/wn"])
        #expect(wordnet.status == 0 && wordnet.output.hasPrefix("Wrote 16 entries in 1 file to \(library)/wordnet.\n"), "\(wordnet)")
        #expect(run(["define", "went", "--width", "60"]).output.contains("go  verb\nforms: went\n"))
        // As `wn` users type WordNet's words: an underscore for a space, when nothing has it.
        let typed = run(["define", "domestic_dog", "--width", "60"])
        #expect(typed.status == 0 && typed.output == run(["define", "domestic dog", "--width", "60"]).output && typed.output.contains("dog  noun"), "\(typed)")
        // The folder holds both; --format takes one, and a format it lacks is refused.
        let only = run(["import", scratch + "/src", "--format", "dictd", "--to", scratch + "/only"])
        #expect(only.status == 0 && only.output.hasPrefix("Wrote 1 entry in 1 file to \(scratch)/only.\n"), "\(only)")
        let none = run(["import", scratch + "/src", "--format", "xdxf"])
        #expect(none.status == 1 && none.error.hasPrefix("wordlink: \(scratch)/src: no dictionary that wordlink can import was found in it (XDXF"), "\(none.error)")
        let text = run(["import", scratch + "/src/wn/index.noun"])
        #expect(text.status == 1 && text.error.contains("dictd: an .index with its .dict or .dict.dz; WordNet: a folder with index.noun and data.noun"), "\(text.error)")
        let both = run(["import", scratch + "/src"])
        #expect(both.status == 0 && both.output.contains("\(scratch)/src/Mini.index:\n") && both.output.contains("\(scratch)/src/wn:\n"), "\(both.output)")
        #expect(run(["import", "--format", "gcide", scratch + "/src"]).error.contains("expected stardict, dsl, xdxf, wiktionary, dictd, wordnet"))
    }

    @Test func helpNamesEveryOption() {
        let help = Self.run(["import", "dictd", "--help"])
        #expect(help.status == 0)
        for option in ["--index", "--dict", "--to", "--style", "--license"] { #expect(help.output.contains(option)) }
        for style in ["jargon", "foldoc", "gcide", "freedict", "plain"] { #expect(help.output.contains("\n  \(style) ")) }
        #expect(Self.run(["import", "wordnet", "-h"]).output.hasPrefix("Usage: wordlink import wordnet [--from DIR] [--to DIR]\n"))
    }
}
