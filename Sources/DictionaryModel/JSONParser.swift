/// A strict RFC 8259 parser from UTF-8 bytes to `JSONValue`s that know their byte offsets.
///
/// Why not Foundation's `JSONDecoder`: it is slow on this platform (docs/benchmarks.md) and reports
/// a type error without a line or column. This parser rejects everything RFC 8259 rejects —
/// trailing commas, comments, control characters and invalid UTF-8 in strings, bad escapes,
/// lone surrogates, leading zeros, `NaN`, a second top-level value — and numbers beyond the range
/// of a `Double` (a limit RFC 8259 §6 allows). It throws `DictionaryModelError.invalidJSON` with
/// the offset of the offending byte.
///
/// - Complexity: O(n); one pass over the bytes, no backtracking. Nesting deeper than
///   `maximumDepth` is an error rather than a stack overflow.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) throws(DictionaryModelError) -> JSONValue {
        try parse(bytes, baseOffset: 0)
    }

    /// Parses a document that is a slice of a larger file starting at byte `baseOffset` of
    /// it (one entry read back through the index): every offset, in values and in errors,
    /// is then an offset into the whole file, so lines and columns stay right.
    public static func parse(_ bytes: [UInt8], baseOffset: Int) throws(DictionaryModelError) -> JSONValue {
        let result: Result<JSONValue, DictionaryModelError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = Scanner(buffer, base: baseOffset)
            do throws(DictionaryModelError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a document given as a string.
    public static func parse(_ text: String) throws(DictionaryModelError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses a whole document as `parse` does, but hands each element of a top-level array
    /// to `body` as soon as it is parsed (with the offset just past it), and never builds the
    /// array: a file of thousands of entries is held one entry at a time. A document that is
    /// not an array is handed whole, with `isElement` false. An error anywhere is thrown after
    /// the elements before it were handed.
    public static func forEachElement(_ bytes: [UInt8],
                                      _ body: (_ value: JSONValue, _ end: Int, _ isElement: Bool) -> Void) throws(DictionaryModelError) {
        let failure: DictionaryModelError? = bytes.withUnsafeBufferPointer { buffer in
            var parser = Scanner(buffer)
            do throws(DictionaryModelError) {
                try parser.parseElements(body)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
}

private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Added to every offset reported, when `bytes` is a slice of a larger file.
    let base: Int
    var position = 0
    var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, base: Int = 0) {
        self.bytes = bytes
        self.base = base
    }

    func fail(_ message: String, at offset: Int? = nil) -> DictionaryModelError {
        .invalidJSON(message, offset: base + (offset ?? position))
    }

    /// A readable name for the byte at the current position, for messages.
    func found() -> String {
        guard position < bytes.count else { return "the end of the file" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func parseDocument() throws(DictionaryModelError) -> JSONValue {
        try document { scanner throws(DictionaryModelError) in try scanner.parseValue() }
    }

    /// `parseDocument`, handing a top-level array's elements to `body` one by one.
    mutating func parseElements(_ body: (JSONValue, Int, Bool) -> Void) throws(DictionaryModelError) {
        try document { scanner throws(DictionaryModelError) in
            if scanner.bytes[scanner.position] == UInt8(ascii: "[") {
                try scanner.parseArray { element, end in body(element, end, true) }
            } else {
                body(try scanner.parseValue(), scanner.base + scanner.position, false)
            }
        }
    }

    /// One whole document: its byte order mark skipped, `value` read from its first byte,
    /// and nothing but white space after it.
    mutating func document<T>(_ value: (inout Scanner) throws(DictionaryModelError) -> T) throws(DictionaryModelError) -> T {
        // A UTF-8 byte order mark is not JSON (RFC 8259 §8.1 lets parsers ignore it; we do).
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count else { throw fail("the file is empty; expected a JSON value") }
        let result = try value(&self)
        skipWhitespace()
        if position < bytes.count {
            throw fail("unexpected \(found()) after the top-level value")
        }
        return result
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(DictionaryModelError) -> JSONValue {
        guard position < bytes.count else { throw fail("unexpected end of the file; expected a value") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), offset: base + start)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONValue(.bool(true), offset: base + start)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONValue(.bool(false), offset: base + start)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONValue(.null, offset: base + start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), offset: base + start)
        case UInt8(ascii: "/"):
            throw fail("comments are not allowed in JSON")
        default:
            throw fail("unexpected \(found()); expected a value")
        }
    }

    mutating func expectWord(_ word: StaticString) throws(DictionaryModelError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        guard position + count <= bytes.count else { throw fail("unexpected \(found()); expected a value") }
        for i in 0..<count where bytes[position + i] != start[i] {
            throw fail("unexpected \(found()); expected a value")
        }
        position += count
        if position < bytes.count, isIdentifierByte(bytes[position]) {
            throw fail("unexpected \(found()) after \(word)")
        }
    }

    func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    mutating func enter() throws(DictionaryModelError) {
        depth += 1
        if depth > JSONParser.maximumDepth { throw fail("nesting deeper than \(JSONParser.maximumDepth) levels") }
    }

    mutating func parseObject() throws(DictionaryModelError) -> JSONValue {
        let start = position
        try enter()
        position += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return JSONValue(.object(members), offset: base + start)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
                    throw fail("trailing comma before '}'")
                }
                throw fail("unexpected \(found()); expected a member name in double quotes")
            }
            let keyOffset = position
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw fail("unexpected \(found()); expected ':' after the member name")
            }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONValue.Member(key: key, keyOffset: base + keyOffset, value: value))
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of the file; expected ',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return JSONValue(.object(members), offset: base + start)
            }
            throw fail("unexpected \(found()); expected ',' or '}'")
        }
    }

    mutating func parseArray() throws(DictionaryModelError) -> JSONValue {
        let start = position
        var elements: [JSONValue] = []
        try parseArray { element, _ in elements.append(element) }
        return JSONValue(.array(elements), offset: base + start)
    }

    /// Parses an array starting at its `[`, handing each element to `body` as it is parsed,
    /// with the offset just past it.
    mutating func parseArray(_ body: (JSONValue, Int) -> Void) throws(DictionaryModelError) {
        try enter()
        position += 1
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                throw fail("trailing comma before ']'")
            }
            let element = try parseValue()
            body(element, base + position)
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of the file; expected ',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return
            }
            throw fail("unexpected \(found()); expected ',' or ']'")
        }
    }

    /// Parses a string starting at its opening quote. The common case — no escapes — is one
    /// scan and one validated copy.
    mutating func parseString() throws(DictionaryModelError) -> String {
        let start = position
        position += 1
        var isASCII = true
        var i = position
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[position..<i])
                position = i + 1
                if isASCII { return String(decoding: slice, as: UTF8.self) }
                guard let string = UTF8Validation.string(slice) else {
                    throw fail("invalid UTF-8 in a string", at: invalidUTF8Offset(in: start + 1..<i))
                }
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw fail("control character U+\(hex4(UInt32(byte))) in a string; write it as an escape such as \\n or \\u\(hex4(UInt32(byte)))", at: i)
            }
            if byte >= 0x80 { isASCII = false }
            i += 1
        }
        guard i < count else { throw fail("unterminated string", at: start) }
        // Slow path: the string has escapes.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(i - position + 16)
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<i]))
        position = i
        while true {
            guard position < count else { throw fail("unterminated string", at: start) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                break
            }
            if byte < 0x20 {
                throw fail("control character U+\(hex4(UInt32(byte))) in a string; write it as an escape such as \\n or \\u\(hex4(UInt32(byte)))")
            }
            if byte != UInt8(ascii: "\\") {
                // The run up to the next quote, escape or control character, copied at once.
                var end = position + 1
                while end < count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<end]))
                position = end
                continue
            }
            let escapeStart = position
            position += 1
            guard position < count else { throw fail("unterminated string", at: start) }
            let escaped = bytes[position]
            position += 1
            switch escaped {
            case UInt8(ascii: "\""): utf8.append(0x22)
            case UInt8(ascii: "\\"): utf8.append(0x5C)
            case UInt8(ascii: "/"): utf8.append(0x2F)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                let unit = try parseHex4(escapeStart: escapeStart)
                var scalarValue = UInt32(unit)
                if unit >= 0xD800 && unit < 0xDC00 {
                    guard position + 1 < count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw fail("lone surrogate \\u\(hex4(UInt32(unit))) in a string", at: escapeStart)
                    }
                    let lowStart = position
                    position += 2
                    let low = try parseHex4(escapeStart: lowStart)
                    guard low >= 0xDC00 && low < 0xE000 else {
                        throw fail("lone surrogate \\u\(hex4(UInt32(unit))) in a string", at: escapeStart)
                    }
                    scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                } else if unit >= 0xDC00 && unit < 0xE000 {
                    throw fail("lone surrogate \\u\(hex4(UInt32(unit))) in a string", at: escapeStart)
                }
                let scalar = Unicode.Scalar(scalarValue)!
                utf8.append(contentsOf: UTF8.encode(scalar)!)
            default:
                throw fail("invalid escape '\\\(Character(UnicodeScalar(escaped)))' in a string; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: escapeStart)
            }
        }
        guard let string = utf8.withUnsafeBytes(UTF8Validation.string) else {
            throw fail("invalid UTF-8 in a string", at: start)
        }
        return string
    }

    mutating func parseHex4(escapeStart: Int) throws(DictionaryModelError) -> UInt16 {
        guard position + 4 <= bytes.count else { throw fail("incomplete \\u escape in a string", at: escapeStart) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape in a string; expected four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// The offset of the first byte that makes `range` invalid UTF-8.
    func invalidUTF8Offset(in range: Range<Int>) -> Int {
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = bytes[i]
            let length: Int
            switch byte {
            case 0x00..<0x80: length = 1
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default: return i
            }
            guard i + length <= range.upperBound,
                  String(validating: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]), as: UTF8.self) != nil
            else { return i }
            i += length
        }
        return range.lowerBound
    }

    mutating func parseNumber() throws(DictionaryModelError) -> Double {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw fail("invalid number: expected a digit after '-'")
        }
        var integer: UInt64 = 0
        var digits = 0
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw fail("invalid number: leading zeros are not allowed", at: start)
            }
            digits = 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                if digits < 18 { integer = integer * 10 + UInt64(bytes[position] - UInt8(ascii: "0")) }
                digits += 1
                position += 1
            }
        }
        var isInteger = digits <= 18
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw fail("invalid number: expected a digit after '.'")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw fail("invalid number: expected a digit in the exponent")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if isInteger {
            let value = Double(integer)
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw fail("invalid number", at: start) }
        // RFC 8259 §6 lets a parser limit the range; beyond a Double's it would be infinity,
        // which no JSON text can say (it would be written back as `inf`).
        guard value.isFinite else { throw fail("number out of range (beyond ±1.7976931348623157e308)", at: start) }
        return value
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

func hex4(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
