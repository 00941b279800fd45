import Foundation
import Testing
import TestSupport
@testable import WordlinkCommands

/// Which dictionaries a command opens: repeated `--data` in order, `$WORDLINK_DATA`, the
/// library folder by title, the shipped dictionary when the library is empty.
@Suite struct LibraryLocationTests {
    /// An `XDG_DATA_HOME` whose `wordlink` library holds copies of fixtures under the given names.
    static func dataHome(_ folders: [(name: String, fixture: String)]) throws -> String {
        let root = Subprocess.temporaryPath("library")
        try FileManager.default.createDirectory(atPath: root + "/wordlink", withIntermediateDirectories: true)
        for folder in folders {
            try FileManager.default.copyItem(atPath: Fixtures.path(folder.fixture), toPath: root + "/wordlink/" + folder.name)
        }
        return root
    }

    @Test func repeatedDataOptionsAreOpenedInTheirOrder() {
        let options = LibraryOptions(data: ["/b", "/a"], dictionaries: [])
        let location = LibraryLocation.choose(options: options, environment: ["WORDLINK_DATA": "/c"], executablePath: nil)
        #expect(location.folders == ["/b", "/a"])
        #expect(location.origin == "from --data, in that order")
    }

    @Test func dataOptionsAskNothingElse() {
        // `--data` is the whole answer: the environment, the executable's path (a `realpath`)
        // and the config file (a read) are not asked for on the way to the page.
        let asked = AskedFor()
        let location = LibraryLocation.choose(options: LibraryOptions(data: ["/词典", "/a"], dictionaries: []),
                                              environment: asked.note("environment", ["WORDLINK_DATA": "/c"]),
                                              executablePath: asked.note("executable", "/x/wordlink"),
                                              config: asked.note("config", ConfigFile()))
        #expect(location.folders == ["/词典", "/a"])
        #expect(asked.names.isEmpty)
        // Without it, the environment is asked, and the rest only as the choice goes on.
        let fromVariable = LibraryLocation.choose(options: LibraryOptions(), environment: asked.note("environment", ["WORDLINK_DATA": "/c"]),
                                                  executablePath: asked.note("executable", "/x/wordlink"),
                                                  config: asked.note("config", ConfigFile()))
        #expect(fromVariable.folders == ["/c"])
        #expect(asked.names == ["environment"])
    }

    @Test func theVariableHoldsFoldersSeparatedByColons() {
        let location = LibraryLocation.choose(options: LibraryOptions(), environment: ["WORDLINK_DATA": "/x:/y", "HOME": "/nowhere"], executablePath: nil)
        #expect(location.folders == ["/x", "/y"])
        #expect(location.origin == "from $WORDLINK_DATA")
    }

    @Test func theLibraryFolderOpensEveryDictionaryByTitle() throws {
        // "A Second Dictionary" sorts before "Fixture Dictionary", whatever the folder names.
        let root = try Self.dataHome([("aaa", "sample"), ("zzz", "second"), ("not-a-dictionary", "sample/entries")])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let location = LibraryLocation.choose(options: LibraryOptions(), environment: ["XDG_DATA_HOME": root], executablePath: nil)
        #expect(location.folders == [root + "/wordlink/zzz", root + "/wordlink/aaa"])
        #expect(location.origin.hasPrefix("the library in \(root)/wordlink"))
    }

    /// The reader's language orders the library within its monolingual and its bilingual
    /// dictionaries: from `library.language`, else the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`,
    /// the first set deciding), else the language most of its monolingual dictionaries define in.
    @Test func theReadersLanguageComesFirstInEachGroup() throws {
        let root = Subprocess.temporaryPath("library-reader")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Titles put each in the wrong place: A, B, … sort before the reader's.
        let dictionaries = [("cs", "A Czech Dictionary", "cs", nil), ("fr", "B Dictionnaire", "fr", nil), ("fr2", "C Trésor", "fr", nil),
                            ("en", "D English Words", "en", nil), ("en2", "E More English", "en", nil), ("de-fr", "F Deutsch-Französisch", "de", "fr"),
                            ("de-en", "G German-English", "de", "en"), ("en-ja", "H English-日本語", "en", "ja"), ("none", "I Acronyms 👩‍👩‍👧", nil, nil)]
        for (id, title, language, target) in dictionaries {
            try FileManager.default.createDirectory(atPath: "\(root)/wordlink/\(id)/entries", withIntermediateDirectories: true)
            let languages = (language.map { #", "language": "\#($0)""# } ?? "") + (target.map { #", "targetLanguage": "\#($0)""# } ?? "")
            try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "\#(id)", "title": "\#(title)"\#(languages)}"#
                .write(toFile: "\(root)/wordlink/\(id)/dictionary.json", atomically: true, encoding: .utf8)
        }
        func order(_ environment: [String: String], _ config: ConfigFile = ConfigFile()) -> (ids: [String], origin: String) {
            let location = LibraryLocation.choose(options: LibraryOptions(), environment: environment.merging(["XDG_DATA_HOME": root]) { a, _ in a },
                                                  executablePath: nil, config: config)
            return (location.folders.map { String($0.split(separator: "/").last!) }, location.origin)
        }
        // No locale, and as many French as English: no language is the reader's.
        let untold = order([:])
        #expect(untold.ids == ["cs", "fr", "fr2", "en", "en2", "de-fr", "de-en", "en-ja", "none"])
        #expect(untold.origin.hasSuffix("by title, monolingual dictionaries first, then bilingual ones"), "\(untold.origin)")
        #expect(order(["LANG": "en_GB.UTF-8"]).ids == ["en", "en2", "cs", "fr", "fr2", "de-en", "en-ja", "de-fr", "none"])
        #expect(order(["LANG": "en_GB.UTF-8"]).origin.hasSuffix(", those in en first (from $LANG)"))
        #expect(order(["LANG": "en_GB.UTF-8", "LC_MESSAGES": "cs_CZ"]).ids == ["cs", "fr", "fr2", "en", "en2", "de-fr", "de-en", "en-ja", "none"])
        #expect(order(["LANG": "en_GB.UTF-8", "LC_ALL": "fr_FR@euro"]).ids == ["fr", "fr2", "cs", "en", "en2", "de-fr", "de-en", "en-ja", "none"])
        // The config file comes before the locale.
        let configured = order(["LANG": "en_GB.UTF-8"], ConfigFile.parse("library.language = cs", path: "/c"))
        #expect(configured.ids.prefix(3) == ["cs", "fr", "fr2"])
        #expect(configured.origin.hasSuffix("(library.language)"))
        // A Japanese reader has no monolingual dictionary here, and the pair into Japanese first.
        #expect(order(["LANG": "ja_JP.UTF-8"]).ids == ["cs", "fr", "fr2", "en", "en2", "en-ja", "de-fr", "de-en", "none"])
        #expect(order(["LANG": "it_IT.UTF-8"]).ids == untold.ids)
        // C and POSIX name no language: the language of most monolingual dictionaries decides.
        try FileManager.default.removeItem(atPath: "\(root)/wordlink/en2")
        let led = order(["LC_ALL": "C", "LANG": "en_GB.UTF-8"])
        #expect(led.ids == ["fr", "fr2", "cs", "en", "de-fr", "de-en", "en-ja", "none"])
        #expect(led.origin.hasSuffix(", those in fr first (the language of most of its monolingual dictionaries)"))
        #expect(LibraryLocation.languageCode("pt-BR") == "pt" && LibraryLocation.languageCode("ast@euro") == "ast")
        #expect(LibraryLocation.languageCode("POSIX") == nil && LibraryLocation.languageCode("C.UTF-8") == nil && LibraryLocation.languageCode("") == nil)
    }

    @Test func theLibraryDefaultsToTheHomeFolder() {
        #expect(LibraryLocation.libraryFolder(environment: ["HOME": "/home/someone"]) == "/home/someone/.local/share/wordlink")
        #expect(LibraryLocation.libraryFolder(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d"]) == "/d/wordlink")
        #expect(LibraryLocation.libraryFolder(environment: ["XDG_DATA_HOME": "relative"]) == nil)
    }

    @Test func anEmptyLibraryFallsBackToTheShippedDictionary() throws {
        let empty = Subprocess.temporaryPath("empty-library")
        try FileManager.default.createDirectory(atPath: empty + "/wordlink", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let executable = Fixtures.shippedData.replacingOccurrences(of: "/Data", with: "/.build/debug/wordlink")
        let location = LibraryLocation.choose(options: LibraryOptions(), environment: ["XDG_DATA_HOME": empty], executablePath: executable)
        #expect(location.folders == [Fixtures.shippedData])
        #expect(location.origin.contains("the library is empty"))
    }

    @Test func importsGoToAFolderOfTheLibraryNamedAfterTheSource() {
        #expect(ImportOptions.wordnet(from: nil, to: nil).defaultFolderName == "wordnet")
        #expect(ImportOptions.dictd(index: "/usr/share/dictd/gcide.index", dict: "x", to: nil, style: nil, license: nil).defaultFolderName == "gcide")
        #expect(ImportOptions.dictd(index: "freedict-eng-fra.index", dict: "x", to: nil, style: nil, license: nil).defaultFolderName == "freedict-eng-fra")
    }

    @Test func argumentsTakeSeveralFoldersAndIds() throws {
        #expect(try Arguments.parse(["--data", "/a", "--data=/b", "-d", "x", "--dictionary", "y", "dog"])
                == .browse(word: "dog", library: LibraryOptions(data: ["/a", "/b"], dictionaries: ["x", "y"]), theme: nil))
        #expect(try Arguments.parse(["dictionaries", "--format", "json", "-d", "x"])
                == .dictionaries(library: LibraryOptions(data: [], dictionaries: ["x"]), json: true))
        #expect(throws: ArgumentError.self) { try Arguments.parse(["dictionaries", "--format", "xml"]) }
        #expect(try Arguments.parse(["import", "wordnet"]) == .importDictionary(.wordnet(from: nil, to: nil)))
    }
}

/// Which of `LibraryLocation.choose`'s inputs were asked for, in order.
private final class AskedFor {
    private(set) var names: [String] = []
    func note<T>(_ name: String, _ value: T) -> T {
        names.append(name)
        return value
    }
}
