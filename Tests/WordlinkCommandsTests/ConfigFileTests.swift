import BrowserCore
import Foundation
import Testing
import TestSupport
@testable import WordlinkCommands

/// The config file: every setting, and bad lines reported word for word while the rest
/// still applies.
@Suite struct ConfigFileTests {
    @Test func everySettingIsRead() {
        let config = ConfigFile.parse("""
            # a comment
            theme = light   # a comment after a value
            library.order = second, fixture
            library.off = broken
            library.language = fr_CA.UTF-8

            key.bookmark = b Ctrl-K
            key.history = Space
            group.English = wordnet gcide
            group.french = freedict-eng-fra
            """, path: "/c/config")
        #expect(config.problems == [])
        #expect(config.groups.map(\.name) == ["English", "french"])
        #expect(config.groups.map(\.ids) == [["wordnet", "gcide"], ["freedict-eng-fra"]])
        #expect(config.theme == .light)
        #expect(config.libraryOrder == ["second", "fixture"])
        #expect(config.libraryOff == ["broken"])
        #expect(config.libraryLanguage == "fr")
        #expect(config.keyBindings.map(\.command) == [.bookmark, .history])
        #expect(config.keyBindings.map(\.keys) == [[.character("b"), .control("k")], [.character(" ")]])
    }

    @Test func badLinesAreReportedAndTheRestApplies() {
        let config = ConfigFile.parse("""
            theme = purple
            colour = red
            key.jump = x
            key.help = q
            key.back = Hyper-X
            just words
            key.bookmark =
            theme = monochrome
            key.bookmark = B
            library.language = en fr
            library.language = 英語
            """, path: "/c/config")
        #expect(config.problems.map(\.description) == [
            "/c/config:1: \"theme\": \"purple\" is not a theme; expected auto, dark, light or monochrome.",
            "/c/config:2: \"colour\": unknown key; the keys are theme, library.order, library.off, library.language, group.NAME and key.COMMAND.",
            "/c/config:3: \"key.jump\": no command \"jump\"; the commands are " + BrowsingCommand.allCases.map(\.rawValue).joined(separator: ", ") + ".",
            "/c/config:4: \"key.help\": q is fixed to quit and cannot be given to another command.",
            "/c/config:5: \"key.back\": \"Hyper-X\" is not a key; write one character, Ctrl-X, or Tab, Enter, Esc, Space, Up, PgDn, Home, Alt-Left….",
            "/c/config:6: expected key = value, found \"just words\".",
            "/c/config:7: \"key.bookmark\": give one or more keys, separated by spaces.",
            "/c/config:8: \"theme\": set again (first on line 1); this line wins.",
            "/c/config:9: \"key.bookmark\": set again (first on line 7); this line wins.",
            "/c/config:10: \"library.language\": give one language code, as dictionaries name them: en, fr, de, cs….",
            "/c/config:11: \"library.language\": set again (first on line 10); this line wins.",
            "/c/config:11: \"library.language\": give one language code, as dictionaries name them: en, fr, de, cs….",
        ])
        #expect(config.libraryLanguage == nil)
        #expect(config.theme == .monochrome)
        #expect(config.keyBindings.map(\.command) == [.bookmark])
    }

    @Test func aRebindingMovesTheKeyAndKeepsTheFixedOnes() {
        let config = ConfigFile.parse("key.bookmark = b\nkey.back = x", path: "/c")
        let map = config.keyMap()
        #expect(map.command(for: .character("b")) == .bookmark)
        #expect(map.command(for: .character("m")) == nil, "the old key is the command's no more")
        #expect(map.command(for: .control("b")) == .pageUp, "pageUp keeps its other keys")
        #expect(map.command(for: .character("x")) == .back)
        #expect(map.command(for: .backspace) == .back && map.command(for: .altLeft) == .back, "fixed keys stay")
        #expect(map.command(for: .character("h")) == nil)
        #expect(map.bindings.first { $0.command == .bookmark }?.shownKeys == "b", "help shows the new keys")
        #expect(map.bindings.first { $0.command == .pageUp }?.shownKeys == "PgUp Ctrl-B Ctrl-U")
        #expect(map.bindings.first { $0.command == .lineDown }?.shownKeys == KeyMap.browsing.bindings.first { $0.command == .lineDown }?.shownKeys)
    }

    @Test func theDefaultFileParsesWithoutProblemsAndNamesEveryCommand() {
        let text = ConfigCommand.defaultText
        #expect(ConfigFile.parse(text, path: "/c").problems == [])
        let uncommented = text.split(separator: "\n").filter { $0.hasPrefix("# key.") }.map { $0.dropFirst(2) }.joined(separator: "\n")
        let config = ConfigFile.parse(uncommented, path: "/c")
        #expect(config.problems == [])
        #expect(Set(config.keyBindings.map(\.command)) == Set(BrowsingCommand.allCases))
        #expect(config.keyMap().bindings.map(\.keys) == KeyMap.browsing.bindings.map(\.keys), "the default file's keys are the keys")
    }

    @Test func theLibraryFollowsTheConfigFilesOrder() throws {
        let root = try LibraryLocationTests.dataHome([("aaa", "sample"), ("zzz", "second")])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let ids = ["aaa", "zzz"].map { LibraryLocation.info(ofFolder: root + "/wordlink/" + $0)?.id ?? "?" }
        let config = ConfigFile.parse("library.order = \(ids[0])", path: "/c")
        let location = LibraryLocation.choose(options: LibraryOptions(), environment: ["XDG_DATA_HOME": root], executablePath: nil, config: config)
        #expect(location.folders == [root + "/wordlink/aaa", root + "/wordlink/zzz"])
        #expect(location.origin.hasSuffix("in the config file's order, then by title"))
        let off = ConfigFile.parse("library.off = \(ids[0])", path: "/c")
        #expect(LibraryLocation.choose(options: LibraryOptions(), environment: ["XDG_DATA_HOME": root], executablePath: nil, config: off).folders
                == [root + "/wordlink/zzz"])
    }

    @Test func keyNamesRoundTrip() {
        for binding in KeyMap.browsing.bindings {
            for key in binding.keys { #expect(Key(name: key.name) == key, "\(key.name)") }
        }
        #expect(Key(name: "ctrl-r") == .control("r"))
        #expect(Key(name: "é") == .character("é"))
        #expect(Key(name: "Ctrl-1") == nil)
    }

    @Test func theConfigCommandLine() throws {
        #expect(try Arguments.parse(["config"]) == .config(.path))
        #expect(try Arguments.parse(["config", "--write"]) == .config(.write))
        #expect(try Arguments.parse(["config", "--check"]) == .config(.check))
        #expect(throws: ArgumentError.self) { try Arguments.parse(["config", "--colour"]) }
        #expect(try Arguments.parse(["--new"]) == .browse(word: nil, library: LibraryOptions(), theme: nil, isNew: true))
        #expect(try Arguments.parse(["history", "--format", "csv"]) == .history(format: .csv, clear: false))
        #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/wordlink/config")
        #expect(ConfigFile.path(environment: ["HOME": "/h"]) == "/h/.config/wordlink/config")
    }
}
