/// The languages of a dictionary whose source does not state them, from its names: a pair of
/// language codes or names in its title or file name (`eng-fra`, `de-en`, `English-French`,
/// `freedict-deu-eng`, dictd's *English - German Dictionary*), else from a few dictionaries
/// Debian packages whose names say nothing of their language (`XMLittre`: French;
/// `czech-cizi`, *Slovník cizích slov*: Czech). Nil when nothing says; `TextLanguage` may then
/// tell a monolingual dictionary's language from its text. StarDict's `.ifo` and dictd's
/// plain databases have no field for it; DSL's and XDXF's headers name it, in the codes and
/// names `codes` reads.
enum LanguageNames {
    /// BCP 47 codes by ISO 639-2/3 code and English name.
    static let codes: [String: String] = [
        "eng": "en", "english": "en", "fra": "fr", "fre": "fr", "french": "fr", "deu": "de", "ger": "de", "german": "de",
        "spa": "es", "spanish": "es", "ita": "it", "italian": "it", "por": "pt", "portuguese": "pt", "rus": "ru", "russian": "ru",
        "ces": "cs", "cze": "cs", "czech": "cs", "pol": "pl", "polish": "pl", "nld": "nl", "dut": "nl", "dutch": "nl",
        "swe": "sv", "swedish": "sv", "dan": "da", "danish": "da", "nor": "no", "norwegian": "no", "fin": "fi", "finnish": "fi",
        "hun": "hu", "hungarian": "hu", "tur": "tr", "turkish": "tr", "ell": "el", "gre": "el", "greek": "el",
        "lat": "la", "latin": "la", "jpn": "ja", "japanese": "ja", "zho": "zh", "chi": "zh", "chinese": "zh",
        "kor": "ko", "korean": "ko", "ara": "ar", "arabic": "ar", "ukr": "uk", "ukrainian": "uk", "slk": "sk", "slo": "sk", "slovak": "sk",
        "ron": "ro", "rum": "ro", "romanian": "ro", "bul": "bg", "bulgarian": "bg", "hrv": "hr", "croatian": "hr",
        "srp": "sr", "serbian": "sr", "slv": "sl", "slovenian": "sl", "epo": "eo", "esperanto": "eo", "heb": "he", "hebrew": "he",
    ]
    /// Two-letter codes accepted in a pair (`de-en`): only in a pair, where they are not words.
    static let twoLetter: Set<String> = Set(codes.values)

    /// Dictionaries known by their name.
    static let known: [String: (String, String)] = [
        "xmlittre": ("fr", "fr"), "czech-cizi": ("cs", "cs"), "slovník cizích slov": ("cs", "cs"),
    ]

    /// The headwords' language and the definitions', when a name says.
    static func guess(bookName: String, fileName: String) -> (language: String, target: String)? {
        for name in [bookName, fileName] {
            if let pair = known[name.lowercased()] { return pair }
        }
        for name in [fileName, bookName] {
            let words = name.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
            for (first, second) in zip(words, words.dropFirst()) {
                let isPair = (first.count == 2 && second.count == 2) ? twoLetter.contains(first) && twoLetter.contains(second)
                    : codes[first] != nil && codes[second] != nil
                if isPair {
                    let language = first.count == 2 ? first : codes[first]!
                    let target = second.count == 2 ? second : codes[second]!
                    if language != target || first.count > 2 { return (language, target) }
                }
            }
        }
        return nil
    }
}
