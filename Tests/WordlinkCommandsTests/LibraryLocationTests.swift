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
