import DictionaryModel

/// What a Hunspell dictionary's analyses can give as a word's base, read without opening it:
/// the affix rules of its `.aff` and the stems its `.dic` names outright (`clownesse … st:clown`).
///
/// Opening a Hunspell dictionary reads and hashes every word of its `.dic`; a lookup of `dog`
/// in a library with French and German dictionaries would pay that twice, for two languages
/// whose dictionaries have no entry `dog` could lead to. Hunspell finds a base word by taking
/// affixes off the word's ends (a prefix, a suffix, a second suffix), putting back what the
/// rule stripped, and looking the result up among its roots. `possibleBases(of:)` does the
/// same without the roots: every string the rules could leave, each rule's condition checked
/// in any letter case. So it is a superset of what the analyses give (the tests hold it to
/// that against the real dictionaries), and a library asks Hunspell only when one of these
/// candidates names an entry.
///
/// What it cannot follow it does not guess: a word with a hyphen (which Hunspell analyses in
/// parts), or a dictionary whose aliases or affixes carry stems, gives nil, and Hunspell is asked.
public struct HunspellAffixes: Sendable {
    /// One affix rule: what is put back where the affix was, and what the root must look like there.
    struct Rule: Sendable {
        var strip: [Unicode.Scalar]
        var condition: [ConditionElement]
    }

    /// One position of a rule's condition (`[^sxz]`, `.`, `e`).
    enum ConditionElement: Sendable {
        case any
        case scalars(Set<Unicode.Scalar>, negated: Bool)

        /// Whether `scalar` in any letter case meets this position.
        func admits(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .any: return true
            case let .scalars(set, negated):
                return HunspellAffixes.caseVariants(of: scalar).contains { set.contains($0) != negated }
            }
        }
    }

    /// Suffix and prefix rules by the affix's text, lowercased.
    var suffixes: [String: [Rule]] = [:]
    var prefixes: [String: [Rule]] = [:]
    var longestSuffix = 0
    var longestPrefix = 0
    /// `ICONV` and `OCONV` pairs: what Hunspell changes in a word before analysing it, and in a stem after.
    var inputConversions: [(from: String, to: String)] = []
    var outputConversions: [(from: String, to: String)] = []
    /// `IGNORE`: characters Hunspell takes out of words and affixes.
    var ignored: Set<Unicode.Scalar> = []
    /// `COMPLEXPREFIXES`: two prefixes may be taken off.
    var complexPrefixes = false
    /// The stems the `.dic` gives its roots (`st:`), by the root lowercased.
    var stems: [String: [String]] = [:]
    var longestStemmedRoot = 0

    /// Reads the affix rules of `affix` and the stems of `dictionary`; nil when either cannot be
    /// read, its encoding is neither UTF-8 nor ISO 8859-1 (as `Hunspell`), or stems hide where
    /// they cannot be followed (morphological aliases, affixes that carry a stem).
    public init?(affix: String, dictionary: String) {
        guard let affixBytes = try? readFile(affix, shownAs: affix), let dictionaryBytes = try? readFile(dictionary, shownAs: dictionary) else { return nil }
        self.init(affixFile: affixBytes, dictionaryFile: dictionaryBytes)
    }

    /// The same from the two files' bytes.
    public init?(affixFile: [UInt8], dictionaryFile: [UInt8]) {
        guard let latin1 = Self.isLatin1(affixFile) else { return nil }
        let text = Self.decode(affixFile, latin1: latin1)
        var remaining: [String: Int] = [:]
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let keyword = fields.first else { continue }
            switch keyword {
            case "SFX", "PFX":
                guard fields.count >= 4 else { continue }
                let flag = keyword + " " + fields[1]
                if remaining[flag, default: 0] == 0 {
                    // The header: `SFX flag Y count`.
                    if let count = Int(fields[3]) { remaining[flag] = count }
                    continue
                }
                remaining[flag, default: 1] -= 1
                if fields.dropFirst(5).contains(where: { $0.hasPrefix("st:") }) { return nil }
                addRule(isSuffix: keyword == "SFX", strip: fields[2], affix: fields[3], condition: fields.count > 4 ? fields[4] : ".")
            case "ICONV", "OCONV":
                guard fields.count >= 3 else { continue }
                let pair = (from: fields[1].filter { $0 != "_" }, to: fields[2].filter { $0 != "_" })
                guard !pair.from.isEmpty else { continue }
                if keyword == "ICONV" { inputConversions.append(pair) } else { outputConversions.append(pair) }
            case "IGNORE":
                if fields.count >= 2 { ignored.formUnion(fields[1].unicodeScalars) }
            case "COMPLEXPREFIXES":
                complexPrefixes = true
            case "AM":
                if fields.contains(where: { $0.hasPrefix("st:") }) { return nil }
            default:
                continue
            }
        }
        readStems(Self.decode(dictionaryFile, latin1: latin1))
    }

    private mutating func addRule(isSuffix: Bool, strip: String, affix: String, condition: String) {
        var text = affix
        if let slash = Self.unescapedSlash(in: text) { text = String(text[..<slash]) }
        if text == "0" { text = "" }
        let key = String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { !ignored.contains($0) }))
        let rule = Rule(strip: strip == "0" ? [] : strip.unicodeScalars.filter { !ignored.contains($0) }, condition: Self.parse(condition: condition))
        let length = key.unicodeScalars.count
        if isSuffix {
            suffixes[key, default: []].append(rule)
            longestSuffix = max(longestSuffix, length)
        } else {
            prefixes[key, default: []].append(rule)
            longestPrefix = max(longestPrefix, length)
        }
    }

    /// The roots of the `.dic` that name a stem of their own (`clownesse/S.() po:nom is:fem st:clown`).
    private mutating func readStems(_ text: String) {
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) where line.contains("st:") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard var root = fields.first.map(String.init) else { continue }
            if let slash = Self.unescapedSlash(in: root) { root = String(root[..<slash]) }
            root = root.replacing("\\/", with: "/")
            let named = fields.dropFirst().filter { $0.hasPrefix("st:") }.map { String($0.dropFirst(3)) }.filter { !$0.isEmpty }
            guard !named.isEmpty else { continue }
            let key = root.lowercased()
            stems[key, default: []] += named
            longestStemmedRoot = max(longestStemmedRoot, key.unicodeScalars.count)
        }
    }

    // MARK: The candidates

    /// Every word an analysis of `word` could name as its base (as the stems Hunspell gives,
    /// in any letter case); nil when this cannot be said without asking Hunspell.
    public func possibleBases(of word: String) -> Set<String>? {
        let trimmed = String(word.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !trimmed.isEmpty else { return [] }
        if trimmed.contains("-") { return nil }
        var variants: Set<String> = [trimmed, trimmed.lowercased()]
        var withoutDots = trimmed
        while withoutDots.hasSuffix(".") { withoutDots.removeLast() }
        if !withoutDots.isEmpty { variants.formUnion([withoutDots, withoutDots.lowercased()]) }
        for variant in variants { variants.insert(Self.converted(variant, inputConversions)) }

        var found = Set<[Unicode.Scalar]>()
        for variant in variants {
            let scalars = variant.lowercased().unicodeScalars.filter { !ignored.contains($0) }
            var roots = [Array(scalars)]
            var prefixed = strippingPrefixes(roots[0])
            if complexPrefixes { prefixed += prefixed.flatMap(strippingPrefixes) }
            roots += prefixed
            for root in roots {
                found.insert(root)
                for once in strippingSuffixes(root) {
                    found.insert(once)
                    found.formUnion(strippingSuffixes(once))
                }
            }
        }
        var bases = Set<String>()
        for candidate in found where !candidate.isEmpty {
            let text = String(String.UnicodeScalarView(candidate))
            bases.insert(text)
            bases.formUnion(namedStems(of: candidate))
        }
        for base in bases { bases.insert(Self.converted(base, outputConversions)) }
        return bases
    }

    /// The roots a suffix rule leaves of `word`: the affix off its end, the strip put back,
    /// the condition met at the root's end.
    func strippingSuffixes(_ word: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var roots: [[Unicode.Scalar]] = []
        for length in 0...min(word.count, longestSuffix) {
            guard let rules = suffixes[String(String.UnicodeScalarView(word[(word.count - length)...]))] else { continue }
            let kept = word[..<(word.count - length)]
            for rule in rules {
                let root = Array(kept) + rule.strip
                guard !root.isEmpty, root.count >= rule.condition.count,
                      zip(root.suffix(rule.condition.count), rule.condition).allSatisfy({ $1.admits($0) }) else { continue }
                roots.append(root)
            }
        }
        return roots
    }

    /// The roots a prefix rule leaves of `word`, as `strippingSuffixes` at the other end.
    func strippingPrefixes(_ word: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var roots: [[Unicode.Scalar]] = []
        for length in 0...min(word.count, longestPrefix) {
            guard let rules = prefixes[String(String.UnicodeScalarView(word[..<length]))] else { continue }
            let kept = word[length...]
            for rule in rules {
                let root = rule.strip + kept
                guard !root.isEmpty, root.count >= rule.condition.count,
                      zip(root.prefix(rule.condition.count), rule.condition).allSatisfy({ $1.admits($0) }) else { continue }
                roots.append(root)
            }
        }
        return roots
    }

    /// The stems the `.dic` names for `candidate`, and for a compound ending in such a root,
    /// the compound with that stem at its end.
    private func namedStems(of candidate: [Unicode.Scalar]) -> [String] {
        guard !stems.isEmpty else { return [] }
        var named: [String] = []
        for length in 1...min(candidate.count, longestStemmedRoot) {
            let start = candidate.count - length
            guard let found = stems[String(String.UnicodeScalarView(candidate[start...]))] else { continue }
            let head = String(String.UnicodeScalarView(candidate[..<start]))
            named += found.map { head + $0 }
        }
        return named
    }

    // MARK: Reading the file

    /// Whether the `.aff` declares ISO 8859-1 (true), UTF-8 or nothing (false), or another
    /// encoding (nil).
    static func isLatin1(_ bytes: [UInt8]) -> Bool? {
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.starts(with: Array("SET".utf8)) {
            let name = String(decoding: line.dropFirst(3), as: UTF8.self).uppercased().filter { $0.isLetter || $0.isNumber }
            switch name {
            case "UTF8": return false
            case "ISO88591", "ISO885915", "LATIN1": return true
            default: return nil
            }
        }
        return false
    }

    static func decode(_ bytes: [UInt8], latin1: Bool) -> String {
        guard latin1 else { return String(decoding: bytes, as: UTF8.self) }
        var text = String.UnicodeScalarView()
        for byte in bytes { text.append(Unicode.Scalar(byte)) }
        return String(text)
    }

    /// Where a word's flags begin: its first `/` not written `\/`.
    static func unescapedSlash(in text: String) -> String.Index? {
        var previous: Character?
        for index in text.indices {
            if text[index] == "/", previous != "\\", index != text.startIndex { return index }
            previous = text[index]
        }
        return nil
    }

    /// A rule's condition, one element a character: `[^sxz]`, `[aeiou]y`, `.`.
    static func parse(condition: String) -> [ConditionElement] {
        var elements: [ConditionElement] = []
        var scalars = condition.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case ".": elements.append(.any)
            case "[":
                var set = Set<Unicode.Scalar>()
                var negated = false
                var first = true
                while let inner = scalars.next(), inner != "]" {
                    if first, inner == "^" { negated = true } else { set.insert(inner) }
                    first = false
                }
                elements.append(.scalars(set, negated: negated))
            default: elements.append(.scalars([scalar], negated: false))
            }
        }
        return elements
    }

    /// `scalar`, lowercased and uppercased (each where that is one scalar).
    static func caseVariants(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var variants = [scalar]
        for mapped in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
            let mappedScalars = mapped.unicodeScalars
            if mappedScalars.count == 1, let only = mappedScalars.first, only != scalar { variants.append(only) }
        }
        return variants
    }

    /// `text` with each conversion's text replaced by its replacement.
    static func converted(_ text: String, _ conversions: [(from: String, to: String)]) -> String {
        var result = text
        for (from, to) in conversions where result.contains(from) {
            result = result.replacing(from, with: to)
        }
        return result
    }
}
