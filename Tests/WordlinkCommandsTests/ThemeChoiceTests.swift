import Testing
@testable import WordlinkCommands
import BrowserCore

/// `theme = auto` (the default) and where the choice comes from.
@Suite struct ThemeChoiceTests {
    @Test func autoIsTheDefaultAndTheOrderIsOptionEnvironmentConfig() {
        #expect(ThemeChoice.resolve(option: nil, environment: [:], config: nil) == .auto)
        #expect(ThemeChoice.resolve(option: nil, environment: [:], config: .light) == .light)
        #expect(ThemeChoice.resolve(option: nil, environment: ["WORDLINK_THEME": "monochrome"], config: .light) == .monochrome)
        #expect(ThemeChoice.resolve(option: "dark", environment: ["WORDLINK_THEME": "light"], config: .light) == .dark)
        #expect(ThemeChoice.resolve(option: nil, environment: ["WORDLINK_THEME": "purple"], config: .light) == .light)
        #expect(ThemeChoice.resolve(option: "auto", environment: [:], config: .dark) == .auto)
        #expect(ThemeChoice.auto.fixed == nil)
        #expect(ThemeChoice.light.fixed == .light)
    }

    @Test func theConfigFileAndTheOptionTakeAuto() throws {
        #expect(ConfigFile.parse("theme = auto\n", path: "/c/config").theme == .auto)
        #expect(ConfigFile.parse("theme = auto\n", path: "/c/config").problems.isEmpty)
        #expect(try Arguments.parse(["--theme", "auto"]) == .browse(word: nil, library: LibraryOptions(), theme: "auto"))
        #expect(throws: ArgumentError.self) { try Arguments.parse(["--theme", "sepia"]) }
        #expect(ConfigCommand.defaultText.contains("# theme = auto"))
    }
}
