import Foundation
import Morphology
import Testing
import TestSupport

/// Which Hunspell dictionary a language tag chooses, and which package brings one.
@Suite struct HunspellDictionariesTests {
    /// A folder holding empty `.aff` and `.dic` files of `names`.
    static func folder(_ names: [String]) throws -> String {
        let folder = Subprocess.temporaryPath("hunspell-folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in names {
            for ext in ["aff", "dic"] { try "".write(toFile: folder + "/" + name + "." + ext, atomically: true, encoding: .utf8) }
        }
        return folder
    }

    @Test func theRegionsThenTheLanguagesThenItsMainCountrysThenAny() throws {
        let first = try Self.folder(["fr", "fr_FR", "fr_CA", "de_CH", "de_DE", "en_GB", "en_US", "pt_BR"])
        let second = try Self.folder(["de_AT", "sv_SE"])
        defer { for folder in [first, second] { try? FileManager.default.removeItem(atPath: folder) } }
        let dictionaries = HunspellDictionaries(folders: [first, second])
        #expect(dictionaries.files(for: "fr")?.name == "fr")
        #expect(dictionaries.files(for: "fr-CA")?.name == "fr_CA")
        #expect(dictionaries.files(for: "de")?.name == "de_DE")
        #expect(dictionaries.files(for: "de-AT")?.name == "de_AT")
        #expect(dictionaries.files(for: "de_CH")?.name == "de_CH")
        #expect(dictionaries.files(for: "en")?.name == "en_US")
        #expect(dictionaries.files(for: "en-GB")?.name == "en_GB")
        #expect(dictionaries.files(for: "pt")?.name == "pt_BR")
        #expect(dictionaries.files(for: "sv")?.name == "sv_SE")
        #expect(dictionaries.files(for: "sv")?.affix == second + "/sv_SE.aff")
        #expect(dictionaries.files(for: "ja") == nil)
        #expect(dictionaries.files(for: "") == nil)
        #expect(dictionaries.files(for: "../etc") == nil)
    }

    @Test func dicpathComesFirst() {
        #expect(HunspellDictionaries.system(environment: ["DICPATH": "/a:relative:/b"]).folders == ["/a", "/b", "/usr/share/hunspell"])
        #expect(HunspellDictionaries.system(environment: [:]).folders == ["/usr/share/hunspell"])
    }

    @Test(arguments: [("fr", "hunspell-fr"), ("de", "hunspell-de-de"), ("de-AT", "hunspell-de-at"), ("en", "hunspell-en-us"),
                      ("pt-BR", "hunspell-pt-br"), ("it", "hunspell-it"), ("nb", "hunspell-no")])
    func thePackageThatBringsIt(language: String, package: String) {
        #expect(HunspellDictionaries.package(for: language) == package)
    }
}
