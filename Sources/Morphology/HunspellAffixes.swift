import DictionaryModel

/// A Hunspell dictionary's `.aff` and `.dic` read as data, without opening it in libhunspell:
/// every affix rule with its flag, strip, condition and continuation flags; the settings that
/// change words (`ICONV`, `OCONV`, `IGNORE`, `COMPLEXPREFIXES`); and, line by line, each root
/// of the `.dic` with its flags and the stems it names (`clownesse/S.() po:nom is:fem st:clown`).
///
/// What `HunspellRuleStore` keeps in the cache, so that a lookup can tell which base words an
/// analysis could give without libhunspell reading and hashing the whole word list. Read once
/// for each version of a dictionary's files.
public struct HunspellAffixes: Sendable {
    /// One `PFX` or `SFX` line.
    public struct Rule: Hashable, Sendable {
        public var isSuffix: Bool
        public var flag: String
        /// The affix as it stands in a word, lowercased, the `IGNORE` characters out.
        public var affix: String
        /// What the rule takes off the root (put back when the affix comes off a word).
        public var strip: String
        /// The condition the root must meet at that end (`[^sxz]`, `.`).
        public var condition: String
        /// The flags of affixes that may follow this one (a second suffix).
        public var continuation: [String]
    }

    /// How flags are written: one character each (the default and `FLAG UTF-8`), two
    /// (`FLAG long`), or numbers with commas (`FLAG num`).
    enum FlagType: Sendable { case character, long, numeric }

    public var rules: [Rule] = []
    public var inputConversions: [(from: String, to: String)] = []
    public var outputConversions: [(from: String, to: String)] = []
    /// `IGNORE`: characters Hunspell takes out of words and affixes.
    public var ignored: String = ""
    /// `COMPLEXPREFIXES`: two prefixes may come off.
    public var complexPrefixes = false
    var flagType = FlagType.character
    /// `AF`: flag sets written as their number.
    var aliases: [[String]] = []
    /// The files' encoding: ISO 8859-1 (true) or UTF-8.
    let latin1: Bool

    /// Reads the `.aff`; nil when its encoding is neither UTF-8 nor ISO 8859-1 (as `Hunspell`),
    /// or stems hide where they cannot be followed (morphological aliases, a rule with a stem).
    public init?(affixFile bytes: [UInt8]) {
        guard let latin1 = Self.isLatin1(bytes) else { return nil }
        self.latin1 = latin1
        var headers = Set<String>()
        var failed = false
        var aliasTexts: [String] = [], aliasHeader = false
        // First the settings the rules depend on: the flag type, the aliases, the ignored characters.
        Self.forEachLine(of: bytes) { line in
            let fields = Self.fields(of: line, latin1: latin1)
            guard let keyword = fields.first, fields.count >= 2 else { return }
            switch keyword {
            case "FLAG": flagType = fields[1] == "long" ? .long : fields[1] == "num" ? .numeric : .character
            case "AF":
                // `AF count`, then one line a set.
                if aliasHeader { aliasTexts.append(fields[1]) } else { aliasHeader = true }
            case "IGNORE": ignored = fields[1]
            default: return
            }
        }
        // The aliases' texts are parsed as flags now that the type is known.
        aliases = aliasTexts.map { parseFlags($0, useAliases: false) }
        Self.forEachLine(of: bytes) { line in
            let fields = Self.fields(of: line, latin1: latin1)
            guard let keyword = fields.first else { return }
            switch keyword {
            case "SFX", "PFX":
                guard fields.count >= 4 else { return }
                let header = keyword + " " + fields[1]
                // The first line of a flag is its header: `SFX flag Y count`.
                if headers.insert(header).inserted, fields[2] == "Y" || fields[2] == "N", Int(fields[3]) != nil { return }
                if fields.dropFirst(5).contains(where: { $0.hasPrefix("st:") }) { failed = true }
                var affix = fields[3], continuation: [String] = []
                if let slash = Self.unescapedSlash(in: affix) {
                    continuation = parseFlags(String(affix[affix.index(after: slash)...]), useAliases: true)
                    affix = String(affix[..<slash])
                }
                if affix == "0" { affix = "" }
                let strip = fields[2] == "0" ? "" : fields[2]
                rules.append(Rule(isSuffix: keyword == "SFX", flag: fields[1], affix: withoutIgnored(affix.lowercased()),
                                  strip: withoutIgnored(strip), condition: fields.count > 4 ? fields[4] : ".", continuation: continuation))
            case "ICONV", "OCONV":
                guard fields.count >= 3 else { return }
                let pair = (from: fields[1].filter { $0 != "_" }, to: fields[2].filter { $0 != "_" })
                guard !pair.from.isEmpty else { return }
                if keyword == "ICONV" { inputConversions.append(pair) } else { outputConversions.append(pair) }
            case "COMPLEXPREFIXES":
                complexPrefixes = true
            case "AM":
                if fields.contains(where: { $0.hasPrefix("st:") }) { failed = true }
            default:
                return
            }
        }
        if failed { return nil }
    }

    func withoutIgnored(_ text: String) -> String {
        ignored.isEmpty ? text : String(String.UnicodeScalarView(text.unicodeScalars.filter { !ignored.unicodeScalars.contains($0) }))
    }

    /// The flags of `text` as the `.aff` writes them; an `AF` number stands for its set.
    func parseFlags(_ text: String, useAliases: Bool) -> [String] {
        if useAliases, !aliases.isEmpty, let number = Int(text), number >= 1, number <= aliases.count { return aliases[number - 1] }
        switch flagType {
        case .numeric: return text.split(separator: ",").map(String.init)
        case .character: return text.unicodeScalars.map { String($0) }
        case .long:
            let scalars = Array(text.unicodeScalars)
            return stride(from: 0, to: scalars.count, by: 2).map { String(String.UnicodeScalarView(scalars[$0..<min($0 + 2, scalars.count)])) }
        }
    }

    /// Calls `body` with each root of the `.dic`: lowercased, the `IGNORE` characters out, with
    /// its flags and the stems it names.
    public func forEachRoot(ofDictionary bytes: [UInt8], _ body: (_ root: String, _ flags: [String], _ stems: [String]) -> Void) {
        var first = true
        Self.forEachLine(of: bytes) { line in
            defer { first = false }
            // The word ends at the first tab or space; its flags follow its first `/` not written `\/`.
            let end = line.firstIndex { $0 == 0x09 || $0 == 0x20 } ?? line.endIndex
            guard end > line.startIndex else { return }
            let head = Self.decode(line[line.startIndex..<end], latin1: latin1)
            if first, Int(head) != nil { return }
            var word = head, flags: [String] = []
            if let slash = Self.unescapedSlash(in: head) {
                word = String(head[..<slash])
                flags = parseFlags(String(head[head.index(after: slash)...]), useAliases: true)
            }
            word = word.replacing("\\/", with: "/")
            var stems: [String] = []
            if end < line.endIndex, line[end...].contains(0x3A) {
                stems = Self.fields(of: line[end...], latin1: latin1).filter { $0.hasPrefix("st:") }.map { String($0.dropFirst(3)) }.filter { !$0.isEmpty }
            }
            body(withoutIgnored(word.lowercased()), flags, stems)
        }
    }

    // MARK: Reading the files

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

    static func decode(_ bytes: some Collection<UInt8>, latin1: Bool) -> String {
        guard latin1 else { return String(decoding: bytes, as: UTF8.self) }
        var text = String.UnicodeScalarView()
        for byte in bytes { text.append(Unicode.Scalar(byte)) }
        return String(text)
    }

    /// Calls `body` with each line of `bytes`, without its line break.
    static func forEachLine(of bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var last = end
            if last > start, bytes[last - 1] == 0x0D { last -= 1 }
            body(bytes[start..<last])
            start = end + 1
        }
    }

    /// The fields of a line, split at spaces and tabs, as text in the file's encoding.
    static func fields(of line: ArraySlice<UInt8>, latin1: Bool) -> [String] {
        line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map { decode($0, latin1: latin1) }
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
}
