#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// Where the Hunspell dictionary of a language is: the folders of `DICPATH` (Hunspell's own
/// variable, colon-separated) and then `/usr/share/hunspell`, where Debian's `hunspell-*`
/// packages put them.
public struct HunspellDictionaries: Sendable {
    /// The folders searched, in order.
    public var folders: [String]

    public init(folders: [String]) {
        self.folders = folders
    }

    /// Debian's folder, after those of `DICPATH` in `environment`.
    public static func system(environment: [String: String]) -> HunspellDictionaries {
        let extra = (environment["DICPATH"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return HunspellDictionaries(folders: extra + ["/usr/share/hunspell"])
    }

    /// A dictionary's two files.
    public struct Files: Hashable, Sendable {
        public var affix: String
        public var dictionary: String
        /// The name without its extension: `fr_FR`, `de_DE`.
        public var name: String
    }

    /// The dictionary for `language` (BCP 47: `fr`, `de-AT`, `pt-BR`, `en`): the region's when
    /// the tag names one (`de_AT`), else the language's own file (`fr`), else its main
    /// country's (`fr_FR`, `de_DE`, `en_US`), else any of the language (`de_CH`), by name;
    /// nil when none of the folders has one.
    public func files(for language: String) -> Files? {
        let (code, region) = Self.parse(language)
        guard !code.isEmpty else { return nil }
        var names: [String] = []
        if let region { names.append(code + "_" + region) }
        names.append(code)
        names.append(code + "_" + (Self.mainRegion[code] ?? code.uppercased()))
        // The most particular name first, in whichever folder it is.
        for name in names {
            for folder in folders {
                if let files = existing(folder, name) { return files }
            }
        }
        for folder in folders {
            let others = Self.names(in: folder).filter { $0.hasPrefix(code + "_") }.sorted()
            for name in others {
                if let files = existing(folder, name) { return files }
            }
        }
        return nil
    }

    /// The Debian package that brings the dictionary of `language` (`hunspell-de-de` for
    /// `de`, `hunspell-fr` for `fr`, `hunspell-pt-br` for `pt-BR`).
    public static func package(for language: String) -> String {
        let (code, region) = parse(language)
        if let region { return "hunspell-\(code)-\(region.lowercased())" }
        if let named = packages[code] { return named }
        return "hunspell-" + code
    }

    /// The language subtag (lowercased; `nb` and `nn` as Norwegian's `no`) and the region
    /// (uppercased), if any, of a BCP 47 tag (`en-GB`, `de_AT`, `zh-Hant-TW`).
    static func parse(_ language: String) -> (code: String, region: String?) {
        let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first, first.count >= 2, first.count <= 3, first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return ("", nil) }
        let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } }
        return (first.lowercased(), region?.uppercased())
    }

    /// The country of a language's main dictionary, where it is not the language's own code.
    static let mainRegion = ["en": "US", "da": "DK", "sv": "SE", "el": "GR", "cs": "CZ", "uk": "UA", "he": "IL", "ca": "ES",
                             "gl": "ES", "eu": "ES", "nb": "NO", "nn": "NO", "ko": "KR", "vi": "VN", "sl": "SI", "et": "EE", "hi": "IN"]
    /// Packages whose names are not `hunspell-CODE`.
    static let packages = ["de": "hunspell-de-de", "en": "hunspell-en-us", "pt": "hunspell-pt-pt", "nb": "hunspell-no", "nn": "hunspell-no",
                           "eo": "myspell-eo", "et": "myspell-et", "fo": "myspell-fo"]

    private func existing(_ folder: String, _ name: String) -> Files? {
        let affix = folder + "/" + name + ".aff", dictionary = folder + "/" + name + ".dic"
        guard isReadable(affix), isReadable(dictionary) else { return nil }
        return Files(affix: affix, dictionary: dictionary, name: name)
    }

    /// The names of the `.dic` files in `folder`, without the extension.
    static func names(in folder: String) -> [String] {
        ((try? listDirectory(folder)) ?? []).filter { $0.hasSuffix(".dic") }.map { String($0.dropLast(4)) }
    }
}
