/// The language a dictionary writes its definitions in, told from its commonest words, for a
/// source whose names say nothing of it (dictd's WordNet, the Devil's Dictionary, the Elements).
///
/// Prose is about a fifth small words that belong to one language (`the`, `which`; `und`,
/// `nicht`; `les`, `dans`): the definitions of dictd's WordNet are 24 % English ones, the
/// Devil's Dictionary's 25 %, the Elements' 20 %; XMLittre's text is 11 % French ones. A bilingual glossary's are not
/// prose (English - German: 3.6 % English, 2.6 % German) and a list of acronyms (V.E.R.A.:
/// 2.1 %) has few; neither is told. Only words of one list count: `de`, `la` and `en` are in
/// several. What it tells is the language of the definitions; an importer takes it for the
/// headwords' too (a monolingual dictionary) only when nothing else says, and says so.
struct TextLanguage: Sendable {
    /// Each language's commonest small words, by BCP 47 tag, with its name for messages.
    static let languages: [(tag: String, name: String, words: [String])] = [
        ("en", "English", "the of and to in is a that for with as by or which from it be are was an"),
        ("de", "German", "der die und das ist von mit den ein eine nicht zu im sich auf des dem für wird"),
        ("fr", "French", "le la les de des et un une du est en que qui dans pour au par sur ne pas"),
        ("es", "Spanish", "el la los las de y que en un una por con del se es para al lo como"),
        ("it", "Italian", "il la di che e un una per con del della non si le è da al dei gli"),
        ("nl", "Dutch", "de het een van en in is dat op te met voor niet zijn die aan er"),
        ("pt", "Portuguese", "o a os as de do da que e um uma em para com não dos das no na"),
    ].map { ($0.0, $0.1, $0.2.split(separator: " ").map(String.init)) }

    /// Each word of one list only, packed into an integer (`packed`), with its language.
    static let owner: [UInt64: Int] = {
        var lists: [UInt64: Set<Int>] = [:]
        for (number, language) in languages.enumerated() {
            for word in language.words { lists[packed(word.utf8)!, default: []].insert(number) }
        }
        return lists.compactMapValues { $0.count == 1 ? $0.first : nil }
    }()

    /// Words read before the count stops: enough to tell, and a bound on the work.
    static let enough = 300_000
    /// Below this many words nothing is told.
    static let fewest = 200
    /// The share of the words read that one language's words must reach, and how many times
    /// any other language's they must be.
    static let share = 0.08, lead = 4.0

    private(set) var wordCount = 0
    private var counts = [Int](repeating: 0, count: TextLanguage.languages.count)

    var isSatisfied: Bool { wordCount >= TextLanguage.enough }

    /// Counts the words of `text`: runs of letters (and of combining marks after them),
    /// ASCII folded to lower case.
    mutating func add(_ text: String) {
        guard !isSatisfied else { return }
        var word: UInt64 = 0, length = 0, inWord = false
        func end() {
            if inWord {
                wordCount += 1
                if length <= 8, let language = TextLanguage.owner[word] { counts[language] += 1 }
            }
            (word, length, inWord) = (0, 0, false)
        }
        for scalar in text.unicodeScalars {
            let isLetter = scalar.isASCII
                ? (scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A
                : scalar.properties.isAlphabetic || (inWord && scalar.properties.generalCategory == .nonspacingMark)
            guard isLetter else { end(); continue }
            inWord = true
            let value = scalar.isASCII ? scalar.value | 0x20 : scalar.value
            for byte in Unicode.UTF8.encode(Unicode.Scalar(value)!)! {
                if length < 8 { word |= UInt64(byte) << (8 * UInt64(length)) }
                length += 1
            }
        }
        end()
    }

    /// The language whose words stand out, with its name and their share of the words read;
    /// nil when none does or too few words were read.
    var language: LanguageFromText? {
        guard wordCount >= TextLanguage.fewest, let best = counts.indices.max(by: { counts[$0] < counts[$1] }) else { return nil }
        let second = counts.indices.filter { $0 != best }.map { counts[$0] }.max() ?? 0
        let share = Double(counts[best]) / Double(wordCount)
        guard share >= TextLanguage.share, Double(counts[best]) >= TextLanguage.lead * Double(second) else { return nil }
        let language = TextLanguage.languages[best]
        return LanguageFromText(tag: language.tag, name: language.name, share: share)
    }

    /// A word of up to 8 bytes as one integer, its first byte lowest; nil when longer.
    static func packed(_ bytes: String.UTF8View) -> UInt64? {
        guard bytes.count <= 8 else { return nil }
        var value: UInt64 = 0
        for (place, byte) in bytes.enumerated() { value |= UInt64(byte) << (8 * UInt64(place)) }
        return value
    }
}
