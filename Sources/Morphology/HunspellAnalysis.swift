import DictionaryIndex

/// Hunspell's analyses read as base words and forms: ` st:cheval po:nom is:mas is:pl` is the
/// base word `cheval`, a masculine plural.
///
/// Hunspell's fields (`st:` stem, `po:` part of speech, `is:` inflectional suffix, `ts:`,
/// `ds:`, `fl:` a flag…) are standard; their values are each dictionary's own. The values the
/// French dictionary (Grammalecte's: `is:mas`, `is:pl`, `po:iimp`, `po:3pl`) and the English
/// and German ones use for gender, number, tense, mood and person are named here; a form
/// with none of them is said as a form, without a name (`Häuser: a form of Haus`), since a
/// flag letter means nothing to a reader.
public enum HunspellAnalysis {
    /// The base words and forms of `analyses` (Hunspell_analyze's strings), with `stems` for
    /// the base words it names no stem for; a base word once, with the first form named for it.
    public static func readings(analyses: [String], stems: [String]) -> [WordAnalysis] {
        var readings: [WordAnalysis] = []
        func add(_ base: String, _ form: String?) {
            if let i = readings.firstIndex(where: { $0.base == base }) {
                if readings[i].form == nil { readings[i].form = form }
            } else {
                readings.append(WordAnalysis(base: base, form: form))
            }
        }
        for analysis in analyses {
            let fields = analysis.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !fields.contains(where: { $0.hasPrefix("pa:") }) else { continue }
            guard let stem = fields.first(where: { $0.hasPrefix("st:") }).map({ String($0.dropFirst(3)) }), !stem.isEmpty else { continue }
            let values = fields.compactMap { field -> String? in
                guard field.hasPrefix("is:") || field.hasPrefix("po:") else { return nil }
                return String(field.dropFirst(3))
            }
            add(stem, describe(values))
        }
        // A compound's analysis names its parts (` pa:brech st:brech pa:erb st:erb pa:anden`), and
        // libhunspell 1.7's stems of one are pieces (`Einbrecherbanden` → `brecherb`, `0es` → `0`),
        // not a base word: neither is read, and the stems only where no analysis is a compound.
        let compound = analyses.contains { $0.contains("pa:") }
        for stem in stems where !stem.isEmpty && !compound { add(stem, nil) }
        return readings
    }

    /// The words of `values` a reader understands, in the order gender, number, tense or
    /// mood, person: `masculine plural`, `imperfect, 3rd person plural`; nil when none is known.
    static func describe(_ values: [String]) -> String? {
        var gender: String?, number: String?, tense: String?, person: String?
        for value in values {
            let lower = value.lowercased()
            if let name = genders[lower] { gender = gender ?? name }
            if let name = numbers[lower] { number = number ?? name }
            if let name = tenses[lower] { tense = tense ?? name }
            if let name = persons[lower] { person = person ?? name }
        }
        var parts: [String] = []
        if let tense { parts.append(tense) }
        if let person { parts.append(person) }
        let agreement = [gender, number].compactMap { $0 }.joined(separator: " ")
        if !agreement.isEmpty { parts.append(agreement) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static let genders = ["mas": "masculine", "fem": "feminine", "epi": "masculine and feminine", "masc": "masculine", "neut": "neuter"]
    static let numbers = ["pl": "plural", "sg": "singular", "inv": "invariable", "plur": "plural", "sing": "singular"]
    static let tenses = ["ipre": "present", "iimp": "imperfect", "ipsi": "simple past", "ifut": "future", "cond": "conditional",
                         "spre": "present subjunctive", "simp": "imperfect subjunctive", "impe": "imperative", "ppre": "present participle",
                         "ppas": "past participle", "infi": "infinitive", "past": "past", "pres": "present", "part": "participle"]
    static let persons = ["1sg": "1st person singular", "2sg": "2nd person singular", "3sg": "3rd person singular",
                          "1pl": "1st person plural", "2pl": "2nd person plural", "3pl": "3rd person plural", "1isg": "1st person singular"]
}
