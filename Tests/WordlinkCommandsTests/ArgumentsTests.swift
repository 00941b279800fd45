import Testing
@testable import WordlinkCommands

/// Every command reads its arguments the same way (`OptionScanner`): `--name value` and
/// `--name=value`, `--` ending the options, `-` an operand, `--help` anywhere, the library's
/// options where the command opens dictionaries, and a sentence for each mistake.
@Suite struct ArgumentsTests {
    static let library = LibraryOptions(data: ["A", "B"], dictionaries: ["wn"])

    @Test func defineReadsEveryFormOfItsOptions() throws {
        var expected = DefineOptions(word: "dog")
        expected.width = 40
        expected.format = .json
        expected.showsSources = true
        expected.library = Self.library
        #expect(try Arguments.parse(["define", "--width", "40", "--format=json", "--sources", "--data", "A", "dog", "--data=B", "-d", "wn"])
                == .define(expected))
        #expect(try Arguments.parse(["define", "--data=A", "--data", "B", "--dictionary=wn", "--sources", "--width=40", "--format", "json", "dog"])
                == .define(expected))
    }

    @Test func doubleDashEndsTheOptions() throws {
        #expect(try Arguments.parse(["define", "--", "-dog"]) == .define(DefineOptions(word: "-dog")))
        #expect(try Arguments.parse(["define", "-"]) == .define(DefineOptions(word: "-")))
        #expect(try Arguments.parse(["links-to", "--", "--data"]) == .linksTo(LinksToOptions(word: "--data")))
        var search = SearchOptions(query: "-x y")
        search.limit = 3
        #expect(try Arguments.parse(["search", "--limit=3", "--", "-x", "y"]) == .search(search))
        #expect(try Arguments.parse(["--", "--new"]) == .browse(word: "--new", library: LibraryOptions(), theme: nil))
    }

    @Test func helpIsTakenAnywhereWithTheLibrarySoFar() throws {
        #expect(try Arguments.parse(["define", "dog", "--data", "A", "-h"]) == .help(topic: "define", library: LibraryOptions(data: ["A"])))
        #expect(try Arguments.parse(["search", "--help"]) == .help(topic: "search", library: LibraryOptions()))
        #expect(try Arguments.parse(["check", "-d", "wn", "--help"]) == .help(topic: "check", library: LibraryOptions(dictionaries: ["wn"])))
        #expect(try Arguments.parse(["history", "--help"]) == .help(topic: "history", library: LibraryOptions()))
        #expect(try Arguments.parse(["import", "wordnet", "--help"]) == .help(topic: "import wordnet", library: LibraryOptions()))
        #expect(try Arguments.parse(["--help", "--data", "A"]) == .help(topic: nil, library: LibraryOptions(data: ["A"])))
        #expect(try Arguments.parse(["--help", "--version"]) == .version)
    }

    @Test func eachCommandTakesItsOwnOptions() throws {
        #expect(try Arguments.parse(["dictionaries", "--format=json", "--data", "A"]) == .dictionaries(library: LibraryOptions(data: ["A"]), json: true))
        #expect(try Arguments.parse(["links-to", "dog", "--format", "json"]) == .linksTo(LinksToOptions(word: "dog", json: true)))
        #expect(try Arguments.parse(["history", "--clear", "--format=csv"]) == .history(format: .csv, clear: true))
        #expect(try Arguments.parse(["--theme=light", "dog", "--new"]) == .browse(word: "dog", library: LibraryOptions(), theme: "light", isNew: true))
        #expect(try Arguments.parse(["import", "wordnet", "--from=/w", "--to", "/t"]) == .importDictionary(.wordnet(from: "/w", to: "/t")))
        #expect(try Arguments.parse(["complete", "words", "--data", "A", "-do"]) == .complete(.words, prefix: "-do", library: LibraryOptions(data: ["A"])))
    }

    @Test func exportReadsItsFormatSourceDateAndFile() throws {
        #expect(try Arguments.parse(["export", "anki"]) == .export(ExportOptions(format: .anki)))
        let options = ExportOptions(format: .csv, source: .bookmarks, since: 1_796_256_000, output: "cards.csv", library: Self.library)
        #expect(try Arguments.parse(["export", "--from", "bookmarks", "csv", "--since=2026-12-03", "-o", "cards.csv", "--data", "A", "--data=B", "-d", "wn"])
                == .export(options))
        #expect(try Arguments.parse(["export", "--output=cards.csv", "--data=A", "--data", "B", "--dictionary=wn", "--from=bookmarks", "--since",
                                     "2026-12-03", "csv"]) == .export(options))
        #expect(try Arguments.parse(["export", "csv", "--help"]) == .help(topic: "export", library: LibraryOptions()))
        #expect(Help.text(topic: "export", library: LibraryLocation(folders: [], origin: ""))?.contains("#separator:tab") == true)
    }

    /// `--help` says what the navigator and `dictionaries` show: long titles by their id, the
    /// languages that set the library's order.
    @Test func helpSaysHowTheNavigatorNamesDictionariesAndWhatTheListShows() {
        let none = LibraryLocation(folders: [], origin: "")
        let program = Help.text(topic: nil, library: none) ?? ""
        #expect(program.contains("than 30 columns by its id"), "\(program)")
        #expect(Help.text(topic: "dictionaries", library: none)?.contains("en → de for a bilingual one") == true)
        #expect(ImportHelp.text(topic: "import dictd").contains("ding      TU Chemnitz's Ding"))
        #expect(ImportHelp.text(topic: "import dictd").contains("the phrases after\n            a term that use it (ein Haus bauen) as its examples"))
    }

    @Test(arguments: [
        (["define", "dog", "--colour"], ArgumentError.unknownOption("--colour", command: "define")),
        (["define", "dog", "--width"], .missingValue(option: "--width", command: "define")),
        (["define", "dog", "--data"], .missingValue(option: "--data", command: "define")),
        (["define", "dog", "cat"], .unexpectedArgument("cat", command: "define")),
        (["define", "dog", "--sources=yes"], .unexpectedArgument("--sources=yes", command: "define")),
        (["define", "--width=0", "dog"], .invalidValue(option: "--width", value: "0", expected: "a number of columns from 1 to 10000", command: "define")),
        (["define"], .missingArgument("word to look up", command: "define")),
        (["define", " "], .emptyWord(command: "define")),
        (["search", "--limit", "x", "dog"], .invalidValue(option: "--limit", value: "x", expected: "a number of results from 1 to 10000", command: "search")),
        (["search", "--format=csv", "dog"], .invalidValue(option: "--format", value: "csv", expected: "text or json", command: "search")),
        (["links-to"], .missingArgument("word", command: "links-to")),
        (["check", "extra"], .unexpectedArgument("extra", command: "check")),
        (["check", "--format", "json"], .unknownOption("--format", command: "check")),
        (["dictionaries", "--format=xml"], .invalidValue(option: "--format", value: "xml", expected: "text or json", command: "dictionaries")),
        (["history", "--data", "A"], .unknownOption("--data", command: "history")),
        (["history", "--clear=now"], .unexpectedArgument("--clear=now", command: "history")),
        (["history", "dog"], .unexpectedArgument("dog", command: "history")),
        (["import", "wordnet", "--index", "x"], .unknownOption("--index", command: "import wordnet")),
        (["import", "dictd", "--index="], .invalidValue(option: "--index", value: "", expected: "a path", command: "import dictd")),
        (["export"], .missingArgument("format (anki or csv)", command: "export")),
        (["export", "apkg"], .invalidValue(option: "export", value: "apkg", expected: "anki or csv", command: nil)),
        (["export", "anki", "csv"], .unexpectedArgument("csv", command: "export")),
        (["export", "anki", "--from", "search"], .invalidValue(option: "--from", value: "search", expected: "history or bookmarks", command: "export")),
        (["export", "anki", "--since", "2026-02-30"], .invalidValue(option: "--since", value: "2026-02-30", expected: "a date as YYYY-MM-DD", command: "export")),
        (["export", "anki", "--since", "yesterday"], .invalidValue(option: "--since", value: "yesterday", expected: "a date as YYYY-MM-DD", command: "export")),
        (["export", "anki", "-o"], .missingValue(option: "--output", command: "export")),
        (["export", "anki", "--format", "csv"], .unknownOption("--format", command: "export")),
        (["--theme", "pink"], .invalidValue(option: "--theme", value: "pink", expected: "auto, dark, light or monochrome", command: nil)),
        (["dog", "cat"], .unknownCommand("dog")),
        (["--bogus"], .unknownOption("--bogus", command: nil)),
    ] as [([String], ArgumentError)])
    func mistakesAreNamed(arguments: [String], error: ArgumentError) {
        #expect(throws: error) { try Arguments.parse(arguments) }
    }
}
