/// Reads tagged text (HTML, Pango, XDXF, the XML of StarDict's other types) as a sequence of
/// text and tags, leniently: what is not a well-formed tag is text, entities become
/// characters, comments and processing instructions are skipped. No tag is ever an error;
/// the parsers built on it decide what each tag means.
struct TagScanner {
    /// One piece of the input.
    enum Token: Equatable {
        /// Text, entities decoded.
        case text(String)
        /// `<name attr="value">` (`isSelfClosing` for `<br/>`); names lower-cased.
        case open(name: String, attributes: [String: String], isSelfClosing: Bool)
        /// `</name>`.
        case close(name: String)
    }

    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The next token, or nil at the end.
    mutating func next() -> Token? {
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "<") {
            if let token = tag() { return token }
            // Not a tag: the `<` is text.
            position += 1
            return .text("<")
        }
        let start = position
        while position < bytes.count && bytes[position] != UInt8(ascii: "<") { position += 1 }
        return .text(TagScanner.decodeEntities(bytes[start..<position]))
    }

    /// Reads a tag, comment or declaration at `position` and moves past it; nil (and
    /// `position` unchanged) when the `<` does not start one.
    private mutating func tag() -> Token? {
        let start = position
        var i = position + 1
        if hasPrefix("<!--", at: start) {
            position = find("-->", from: start + 4).map { $0 + 3 } ?? bytes.count
            return .text("")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "!") || bytes[i] == UInt8(ascii: "?") {
            guard let end = bytes[i...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            position = end + 1
            return .text("")
        }
        var isClosing = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "/") { isClosing = true; i += 1 }
        let nameStart = i
        while i < bytes.count, TagScanner.isNameByte(bytes[i]) { i += 1 }
        guard i > nameStart, TagScanner.isLetter(bytes[nameStart]) else { return nil }
        let name = String(decoding: bytes[nameStart..<i], as: UTF8.self).lowercased()
        var attributes: [String: String] = [:]
        var isSelfClosing = false
        while true {
            while i < bytes.count, TagScanner.isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: ">") { i += 1; break }
            if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") {
                isSelfClosing = true
                i += 2
                break
            }
            if bytes[i] == UInt8(ascii: "<") { return nil }
            let keyStart = i
            while i < bytes.count, !TagScanner.isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">"),
                  bytes[i] != UInt8(ascii: "/") || (i + 1 < bytes.count && bytes[i + 1] != UInt8(ascii: ">")) { i += 1 }
            if i == keyStart { i += 1; continue }
            let key = String(decoding: bytes[keyStart..<i], as: UTF8.self).lowercased()
            while i < bytes.count, TagScanner.isSpace(bytes[i]) { i += 1 }
            var value = ""
            if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                i += 1
                while i < bytes.count, TagScanner.isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    guard let end = bytes[(i + 1)...].firstIndex(of: quote) else { return nil }
                    value = TagScanner.decodeEntities(bytes[(i + 1)..<end])
                    i = end + 1
                } else {
                    let valueStart = i
                    while i < bytes.count, !TagScanner.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                    value = TagScanner.decodeEntities(bytes[valueStart..<i])
                }
            }
            if attributes[key] == nil { attributes[key] = value }
        }
        position = i
        return isClosing ? .close(name: name) : .open(name: name, attributes: attributes, isSelfClosing: isSelfClosing)
    }

    private func hasPrefix(_ text: String, at i: Int) -> Bool {
        let pattern = Array(text.utf8)
        return i + pattern.count <= bytes.count && Array(bytes[i..<(i + pattern.count)]) == pattern
    }

    private func find(_ text: String, from i: Int) -> Int? {
        var j = i
        while j < bytes.count {
            if hasPrefix(text, at: j) { return j }
            j += 1
        }
        return nil
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// `text` with `&name;`, `&#NNN;` and `&#xHH;` made characters; an unknown or broken
    /// entity stays as written, and a number that is no character (a surrogate, zero, past
    /// U+10FFFF) becomes U+FFFD.
    static func decodeEntities(_ text: ArraySlice<UInt8>) -> String {
        guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
        var result = ""
        var i = text.startIndex
        var runStart = i
        while i < text.endIndex {
            guard text[i] == UInt8(ascii: "&") else { i += 1; continue }
            var j = i + 1
            while j < text.endIndex, j - i <= 32, text[j] != UInt8(ascii: ";"), text[j] != UInt8(ascii: "&"), !isSpace(text[j]) { j += 1 }
            guard j < text.endIndex, text[j] == UInt8(ascii: ";"), j > i + 1 else { i += 1; continue }
            let name = String(decoding: text[(i + 1)..<j], as: UTF8.self)
            var decoded: String?
            if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                if let value {
                    decoded = String(Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 }.map(Character.init) ?? "\u{FFFD}")
                }
            } else {
                decoded = namedEntities[name]
            }
            if let decoded {
                result += String(decoding: text[runStart..<i], as: UTF8.self)
                result += decoded
                i = j + 1
                runStart = i
            } else {
                i += 1
            }
        }
        result += String(decoding: text[runStart..<text.endIndex], as: UTF8.self)
        return result
    }

    /// The named entities of XML and the ones HTML dictionaries use most.
    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "ndash": "–", "mdash": "—", "hellip": "…", "laquo": "«", "raquo": "»", "lsquo": "‘", "rsquo": "’",
        "ldquo": "“", "rdquo": "”", "bdquo": "„", "sbquo": "‚", "middot": "·", "bull": "•", "deg": "°",
        "copy": "©", "reg": "®", "trade": "™", "sect": "§", "para": "¶", "times": "×", "divide": "÷",
        "plusmn": "±", "frac12": "½", "frac14": "¼", "frac34": "¾", "sup1": "¹", "sup2": "²", "sup3": "³",
        "acute": "´", "uml": "¨", "cedil": "¸", "shy": "\u{AD}", "iexcl": "¡", "iquest": "¿", "euro": "€",
        "pound": "£", "yen": "¥", "cent": "¢", "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔",
        "aacute": "á", "eacute": "é", "iacute": "í", "oacute": "ó", "uacute": "ú", "yacute": "ý",
        "Aacute": "Á", "Eacute": "É", "Iacute": "Í", "Oacute": "Ó", "Uacute": "Ú", "Yacute": "Ý",
        "agrave": "à", "egrave": "è", "igrave": "ì", "ograve": "ò", "ugrave": "ù",
        "Agrave": "À", "Egrave": "È", "Igrave": "Ì", "Ograve": "Ò", "Ugrave": "Ù",
        "acirc": "â", "ecirc": "ê", "icirc": "î", "ocirc": "ô", "ucirc": "û",
        "Acirc": "Â", "Ecirc": "Ê", "Icirc": "Î", "Ocirc": "Ô", "Ucirc": "Û",
        "auml": "ä", "euml": "ë", "iuml": "ï", "ouml": "ö", "uuml": "ü", "yuml": "ÿ",
        "Auml": "Ä", "Euml": "Ë", "Iuml": "Ï", "Ouml": "Ö", "Uuml": "Ü",
        "atilde": "ã", "ntilde": "ñ", "otilde": "õ", "Atilde": "Ã", "Ntilde": "Ñ", "Otilde": "Õ",
        "ccedil": "ç", "Ccedil": "Ç", "szlig": "ß", "aelig": "æ", "AElig": "Æ", "oelig": "œ", "OElig": "Œ",
        "oslash": "ø", "Oslash": "Ø", "aring": "å", "Aring": "Å", "eth": "ð", "thorn": "þ",
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "lambda": "λ", "mu": "μ",
        "pi": "π", "sigma": "σ", "omega": "ω", "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}",
        "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}",
    ]
}
