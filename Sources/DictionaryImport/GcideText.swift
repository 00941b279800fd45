import DictionaryModel
import DictionaryIndex

/// GCIDE's ASCII conventions, as the Debian package `dict-gcide` writes them: characters as
/// bracketed escapes (`[a^]` ă, `[=e]` ē, `[ae]` æ, `[alpha]` α), headwords with syllable
/// breaks and accents (`Pro*nun`ci*a"tion`), and the source of each paragraph as a bracket of
/// its own (`[1913 Webster]`, `[Webster 1913 Suppl. +PJC]`).
enum GcideText {
    /// Named escapes: what they stand for, and their spelling in the index (which is ASCII:
    /// `H[ae]matopinus` is indexed as `Haematopinus`).
    static let named: [String: (text: String, ascii: String)] = {
        var table: [String: (String, String)] = [
            "ae": ("æ", "ae"), "AE": ("Æ", "AE"), "oe": ("œ", "oe"), "OE": ("Œ", "OE"),
            "eth": ("ð", "th"), "thorn": ("þ", "th"), "yogh": ("ȝ", "y"), "th": ("t\u{35F}h", "th"),
            "imac": ("ī", "i"), "aum": ("ä", "a"), "add": ("a\u{324}", "a"), "udd": ("ṳ", "u"),
            "asl": ("ā", "a"), "als": ("ā", "a"), "ng": ("ŋ", "n"), "schwa": ("ə", "e"),
            "ccaron": ("č", "c"), "cacute": ("ć", "c"), "zdot": ("ż", "z"), "dsdot": ("ḍ", "d"),
            "lsdot": ("ḷ", "l"), "mdot": ("ṁ", "m"), "mtil": ("m\u{303}", "m"), "ncir": ("n\u{302}", "n"),
            "root": ("√", ""), "cuberoot": ("∛", ""), "deg": ("°", ""), "sect": ("§", ""), "para": ("¶", ""),
            "pounds": ("£", ""), "middot": ("·", ""), "nbsp": (" ", " "), "ldqo": ("“", ""), "rdqo": ("”", ""),
            "times": ("×", ""), "divby": ("÷", ""), "div": ("÷", ""), "sharp": ("♯", ""), "flat": ("♭", ""),
            "dagger": ("†", ""), "dag": ("†", ""), "hand": ("☞", ""), "bprime": ("″", ""), "prime": ("′", ""),
            "rarr": ("→", ""), "crescent": ("˘", ""), "breve": ("˘", ""), "asper": ("ʽ", ""), "nabla": ("∇", ""),
            "Aries": ("♈", ""), "Taurus": ("♉", ""), "Gemini": ("♊", ""), "Cancer": ("♋", ""), "Leo": ("♌", ""),
            "Virgo": ("♍", ""), "Libra": ("♎", ""), "Scorpio": ("♏", ""), "Sagittarius": ("♐", ""),
            "Capricorn": ("♑", ""), "Aquarius": ("♒", ""), "Pisces": ("♓", ""),
        ]
        let greek: [(String, String)] = [
            ("alpha", "α"), ("beta", "β"), ("gamma", "γ"), ("delta", "δ"), ("epsilon", "ε"), ("zeta", "ζ"),
            ("eta", "η"), ("theta", "θ"), ("iota", "ι"), ("kappa", "κ"), ("lambda", "λ"), ("mu", "μ"),
            ("nu", "ν"), ("xi", "ξ"), ("omicron", "ο"), ("pi", "π"), ("rho", "ρ"), ("sigma", "σ"),
            ("tau", "τ"), ("upsilon", "υ"), ("phi", "φ"), ("chi", "χ"), ("psi", "ψ"), ("omega", "ω"),
            ("digamma", "ϝ"),
        ]
        for (name, letter) in greek {
            table[name] = (letter, "")
            let capital = String(name.prefix(1)).uppercased() + name.dropFirst()
            table[capital] = (letter.uppercased(), "")
        }
        table["RHO"] = ("Ρ", "")
        return table
    }()

    /// The combining mark of an escape's sign: `[=a]` macron, `[a^]` breve and so on.
    static func combiningMark(_ sign: Character, base: Character) -> Unicode.Scalar? {
        switch sign {
        case "=", "-": return "\u{304}"           // macron; GCIDE's half-long `[-e]` too
        case "^": return "\u{302}"                // circumflex, written before the letter
        case "\"": return "\u{308}"               // diaeresis
        case "'": return "\u{301}"                // acute
        case "`": return "\u{300}"                // grave
        case "~": return "\u{303}"                // tilde
        case ",": return "\u{327}"                // cedilla
        case "*": return "\u{30A}"                // ring
        case "v": return "\u{30C}"                // caron
        case ".": return "aeiouyAEIOUY".contains(base) ? "\u{307}" : "\u{323}" // dot above a vowel, below a consonant
        default: return nil
        }
    }

    /// Letters with a mark that Unicode has as one character, so that the text stays in NFC.
    static let composed: [String: String] = {
        var table: [String: String] = [:]
        let rows: [(Unicode.Scalar, String, String)] = [
            ("\u{306}", "aeiouAEIOUg", "ăĕĭŏŭĂĔĬŎŬğ"),
            ("\u{304}", "aeiouyAEIOUY", "āēīōūȳĀĒĪŌŪȲ"),
            ("\u{302}", "aeiouywcghjsAEIOUYW", "âêîôûŷŵĉĝĥĵŝÂÊÎÔÛŶŴ"),
            ("\u{308}", "aeiouyAEIOUY", "äëïöüÿÄËÏÖÜŸ"),
            ("\u{301}", "aeiouycnszAEIOUYCNSZ", "áéíóúýćńśźÁÉÍÓÚÝĆŃŚŹ"),
            ("\u{300}", "aeiouAEIOU", "àèìòùÀÈÌÒÙ"),
            ("\u{303}", "anoeiuANOEIU", "ãñõẽĩũÃÑÕẼĨŨ"),
            ("\u{307}", "aeocgzAEOCGZ", "ȧėȯċġżȦĖȮĊĠŻ"),
            ("\u{323}", "rnthmzdslk", "ṛṇṭḥṃẓḍṣḷḳ"),
            ("\u{327}", "csCS", "çşÇŞ"),
            ("\u{30A}", "auAU", "åůÅŮ"),
            ("\u{30C}", "szcrSZCR", "šžčřŠŽČŘ"),
        ]
        for (mark, bases, results) in rows {
            for (base, result) in zip(bases, results) {
                var key = String(base)
                key.unicodeScalars.append(mark)
                table[key] = String(result)
            }
        }
        table["ae\u{304}"] = "ǣ"
        table["AE\u{304}"] = "Ǣ"
        return table
    }()

    /// What one escape's content (between the brackets) stands for, and its ASCII spelling;
    /// nil when it is not an escape (`[Obs.]`, `[2]`, `[I]`).
    static func escape(_ content: Substring) -> (text: String, ascii: String)? {
        if let named = named[String(content)] { return named }
        let letters: Substring
        let sign: Character
        if content.count >= 2, content.count <= 3, let first = content.first, combiningMark(first, base: "a") != nil,
           content.dropFirst().allSatisfy({ $0.isASCII && $0.isLetter }) {
            if first == "v" && content.count != 2 { return nil }
            sign = first
            letters = content.dropFirst()
        } else if content.count >= 2, content.count <= 3, content.last == "^", content.dropLast().allSatisfy({ $0.isASCII && $0.isLetter }) {
            sign = "b" // breve, written after the letter
            letters = content.dropLast()
        } else {
            return nil
        }
        let mark: Unicode.Scalar = sign == "b" ? "\u{306}" : combiningMark(sign, base: letters.last!)!
        if letters.count == 2 {
            switch (letters, sign) {
            case ("oo", "b"): return ("o\u{35D}o", "oo")
            case ("oo", "="), ("oo", "-"): return ("o\u{35E}o", "oo")
            case ("ae", "="), ("AE", "="): return (composed[String(letters) + "\u{304}"]!, String(letters))
            default: return nil
            }
        }
        var key = String(letters)
        key.unicodeScalars.append(mark)
        return (composed[key] ?? key, String(letters))
    }

    /// The text with its escapes as the characters they stand for (`a["e]ro` → `aëro`);
    /// other brackets stay as they are.
    static func decode<S: StringProtocol>(_ text: S) -> String {
        replacingEscapes(text) { $0.text }
    }

    /// The text with runs of ASCII white space (GCIDE's line breaks and indentation) as one
    /// space, and none at either end. Works on bytes: the importer calls it on every paragraph.
    static func collapse<S: StringProtocol>(_ text: S) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first place `needle` (ASCII) stands in `text`, found by bytes.
    static func find(_ needle: StaticString, in text: Substring) -> Range<Substring.Index>? {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return nil }
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let start = utf8[index...].firstIndex(of: first) {
            var end = start
            var matched = true
            for byte in pattern {
                guard end < utf8.endIndex, utf8[end] == byte else { matched = false; break }
                end = utf8.index(after: end)
            }
            if matched { return start..<end }
            index = utf8.index(after: start)
        }
        return nil
    }

    /// Running text: escapes decoded, and GCIDE's `--` as the dash Webster prints.
    static func prose<S: StringProtocol>(_ text: S) -> String {
        let decoded = withoutNotation(decode(text))
        guard find("--", in: decoded[...]) != nil else { return decoded }
        var result = ""
        var previousWasHyphen = false
        for character in decoded {
            if character == "-" {
                if previousWasHyphen {
                    result.removeLast()
                    result.append("—")
                    previousWasHyphen = false
                    continue
                }
                previousWasHyphen = true
            } else {
                previousWasHyphen = false
            }
            result.append(character)
        }
        return result
    }

    /// Shown text spelled as the index spells it: `Podothecæ` → `Podothecae`, `Æolus` →
    /// `AEolus`, letters with marks as the letters (the escapes' ASCII spellings, reversed).
    static func indexSpelling(_ shown: String) -> String {
        guard !shown.utf8.allSatisfy({ $0 < 0x80 }) else { return shown }
        var result = ""
        for character in shown {
            if character.isASCII { result.append(character) } else { result += asciiOfCharacter[character] ?? String(character) }
        }
        return result
    }

    static let asciiOfCharacter: [Character: String] = {
        var table: [Character: String] = [:]
        for (key, letter) in composed {
            let base = String(key.unicodeScalars.filter { $0.isASCII }.map(Character.init))
            if let character = letter.first, letter.count == 1 { table[character] = base }
        }
        for (_, value) in named where !value.ascii.isEmpty && value.text.count == 1 { table[value.text.first!] = value.ascii }
        return table
    }()

    /// The text with its escapes spelled in ASCII, as the index spells headwords (`H[ae]ma` → `Haema`).
    static func ascii<S: StringProtocol>(_ text: S) -> String {
        replacingEscapes(text) { $0.ascii }
    }

    static func replacingEscapes<S: StringProtocol>(_ text: S, _ choose: ((text: String, ascii: String)) -> String) -> String {
        guard text.utf8.contains(UInt8(ascii: "[")) else { return String(text) }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.prefix(13).firstIndex(of: "]"), let escape = escape(after[..<close]) {
                result += choose(escape)
                rest = after[after.index(after: close)...]
            } else {
                result += "["
                rest = after
            }
        }
        return result + rest
    }

    /// A headword as written between backslashes (`Sun"dog``, `A`len`[,c]on" lace"`) as
    /// plain text: `Sundog`, `Alençon lace`.
    static func headword<S: StringProtocol>(_ hw: S) -> String {
        String(decode(hw).filter { $0 != "*" && $0 != "\"" && $0 != "`" }).trimmingCharacters(in: " ").description
    }

    /// A headword with its syllables and accents shown (`Sun·dog′`: primary accent ″,
    /// secondary ′, after the syllable as Webster prints them); nil when it has none.
    static func syllables<S: StringProtocol>(_ hw: S) -> String? {
        guard hw.contains(where: { $0 == "*" || $0 == "\"" || $0 == "`" }) else { return nil }
        return accents(decode(hw), syllableBreak: "·")
    }

    /// A respelt pronunciation (`([.a]*b[a^]n"d[u^]n)`'s inside) as text: `ȧ-băn″dŭn`.
    static func respelling<S: StringProtocol>(_ text: S) -> String {
        accents(decode(text), syllableBreak: "-")
    }

    static func accents(_ text: String, syllableBreak: Character) -> String {
        String(text.map { character -> Character in
            switch character {
            case "*": return syllableBreak
            case "\"": return "″"
            case "`": return "′"
            default: return character
            }
        })
    }

    /// A cross-reference as written (`{Gre*ga"ri*ous*ly}`, `{H[ae]matopinus}`): its words
    /// without syllable marks, decoded, and spelled in ASCII.
    static func reference(_ text: String) -> (shown: String, ascii: String) {
        (withoutSyllableMarks(decode(text)), withoutSyllableMarks(ascii(text)))
    }

    /// `Gre*ga"ri*ous*ly` → `Gregariously`: marks inside a word are a headword's syllables
    /// and accents, and so is a run of them (`Ap`*pre`, `Pu``tre`), or an accent after a word's
    /// last letter (`Je*june"`); a quotation mark elsewhere is punctuation.
    static func withoutSyllableMarks(_ text: String) -> String {
        guard text.contains(where: isMark) else { return text }
        let characters = Array(text)
        var result: [Character] = []
        result.reserveCapacity(characters.count)
        var i = 0
        while i < characters.count {
            guard isMark(characters[i]) else {
                result.append(characters[i])
                i += 1
                continue
            }
            var j = i
            while j < characters.count, isMark(characters[j]) { j += 1 }
            let afterLetter = i > 0 && characters[i - 1].isLetter
            let beforeLetter = j < characters.count && characters[j].isLetter
            if !(afterLetter && (beforeLetter || !characters[i..<j].contains("*"))) { result += characters[i..<j] }
            i = j
        }
        return String(result)
    }

    /// GCIDE's syllable and accent marks: `*`, `"` and `` ` ``.
    static func isMark(_ character: Character) -> Bool {
        character == "*" || character == "\"" || character == "`"
    }

    /// The source names of a paragraph's source bracket (`1913 Webster +PJC` →
    /// `["1913 Webster", "PJC"]`); nil when the bracket is something else (`Obs.`, `U.S.`).
    static func attribution<S: StringProtocol>(_ content: S) -> [String]? {
        let parts = content.split(separator: "+").map { String($0.trimmingCharacters(in: " ")) }
        guard !parts.isEmpty else { return nil }
        var names: [String] = []
        for part in parts {
            var name = part
            if name.hasSuffix("."), name.dropLast().allSatisfy({ $0.isUppercase }) { name = String(name.dropLast()) } // PJC.
            let known = name.hasPrefix("1913 Webster") || name.hasPrefix("Webster 1913") || name.hasPrefix("WordNet")
                || name.hasPrefix("Century") || name.hasPrefix("Moby")
            // `PJC`, `AS`, `MW10`: an editor's initials, perhaps numbered.
            let initials = (2...6).contains(name.count) && name.first!.isUppercase
                && name.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
            guard known || initials else { return nil }
            names.append(name)
        }
        return names
    }

    /// Usage labels that stand in brackets in a header (`n. [Obs.]`), as opposed to an etymology.
    static let usageLabels: Set<String> = [
        "Obs.", "R.", "Colloq.", "Archaic", "Archaic.", "Slang", "Slang.", "slang", "Scot.", "Eng.", "Prov. Eng.",
        "U.S.", "U. S.", "Local", "Local, U.S.", "Local, U. S.", "Poetic", "Poetic.", "Poet.", "Vulgar", "vulgar",
        "Rare", "Cant", "Low", "British", "Brit.", "Informal", "informal", "Obsoles.", "Humorous", "Jocose",
        "Jocular", "Ireland", "India", "Canada", "archaic", "colloq.", "obs.", "Recent", "Familiar",
    ]

    /// A part of speech as GCIDE abbreviates it (`v. t.`, `n. pl.`, `a. & n.`), spelled out
    /// (`transitive verb`, `plural noun`, `adjective & noun`); unknown ones as written.
    static func partOfSpeech(_ text: String) -> String {
        let whole: [String: String] = [
            "n.": "noun", "a.": "adjective", "adj.": "adjective", "adv.": "adverb", "v.": "verb",
            "v. t.": "transitive verb", "v. i.": "intransitive verb", "v. t. & i.": "transitive & intransitive verb",
            "v. i. & t.": "intransitive & transitive verb", "prop. n.": "proper noun", "pr. n.": "proper noun",
            "n. pl.": "plural noun", "prop. n. pl.": "plural proper noun", "n. sing. & pl.": "noun (singular & plural)",
            "prop. a.": "proper adjective", "prop. adj.": "proper adjective", "p. a.": "participial adjective",
            "p. p.": "past participle", "p. pr.": "present participle", "imp.": "past tense", "interj.": "interjection",
            "prep.": "preposition", "conj.": "conjunction", "pron.": "pronoun", "pref.": "prefix", "suff.": "suffix",
            "adj. prenom.": "adjective (before a noun)", "n. sing.": "singular noun", "vb. n.": "verbal noun",
            "superl.": "superlative", "compar.": "comparative", "v. t. & n.": "transitive verb & noun",
            "obs.": "obsolete", "n. fem.": "feminine noun", "n. masc.": "masculine noun", "pron. pl.": "plural pronoun",
            "pl.": "plural", "imp. pl.": "past tense plural",
            "imp. sing.": "past tense singular", "pl. pres.": "present tense plural", "pres.": "present tense",
            "indef. pron.": "indefinite pronoun", "pers. pron.": "personal pronoun", "pr. n. pl.": "plural proper noun",
        ]
        if let name = whole[text] { return name }
        if text.hasPrefix("obs. ") {
            let inner = String(text.dropFirst(5))
            let name = partOfSpeech(inner)
            if name != inner { return name + " (obsolete)" }
        }
        let parts = text.split(separator: "&").map { String($0.trimmingCharacters(in: " ,")) }
        guard parts.count > 1 else { return text }
        var names: [String] = []
        for part in parts {
            guard let name = whole[part] else { return text }
            names.append(name)
        }
        return names.joined(separator: " & ")
    }

    /// Words that abbreviate a part of speech or an inflection in a header: `n.`, `v.`, `t.`,
    /// `prop.`, `pl.`, `imp.`, `vb.` and so on.
    static let posWords: Set<String> = [
        "n", "a", "v", "t", "i", "adj", "adv", "prop", "pl", "sing", "interj", "prep", "conj", "pron", "p",
        "pr", "pp", "imp", "suff", "pref", "prenom", "vb", "superl", "compar", "obs", "pres", "inf", "fem",
        "masc", "dim", "art", "def", "indef", "aux", "num", "pers", "poss",
    ]

    /// The tags of an inflection as a header names it: `imp. & p. p.` → past, past participle.
    static func inflectionTags(_ text: String) -> [String] {
        let names: [(String, String)] = [
            ("p. pr.", "present participle"), ("p. p.", "past participle"), ("vb. n.", "verbal noun"),
            ("imp.", "past"), ("pl.", "plural"), ("superl.", "superlative"), ("compar.", "comparative"), ("comp.", "comparative"),
            ("pres.", "present"),
        ]
        var tags: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            rest = rest.trimmingCharacters(in: " &,;")
            guard let (abbreviation, name) = names.first(where: { rest.hasPrefix($0.0) }) else {
                if let space = rest.firstIndex(of: " ") { rest = rest[rest.index(after: space)...] } else { break }
                continue
            }
            if !tags.contains(name) { tags.append(name) }
            rest = rest.dropFirst(abbreviation.count)
        }
        return tags
    }
}
