extension JSONValue {
    /// The value as compact JSON text (members in order; integers without a fraction;
    /// non-ASCII written as itself, control characters and the line separators escaped).
    public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the value as JSON text to `output` (what `jsonText` returns).
    public func write(to output: inout String) {
        switch kind {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value):
            if value.rounded() == value, abs(value) < 9.0e15 { output += String(Int(value)) } else { output += "\(value)" }
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let elements):
            output += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { output += "," }
                JSONValue.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Appends `string` as a JSON string literal, quoted and escaped.
    public static func writeString(_ string: String, to output: inout String) {
        output += "\""
        // Most strings need no escape: append them whole (importers write millions of them).
        if !needsEscaping(string) {
            output += string
            output += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x80 && scalar.value < 0xA0)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    output += "\\u" + hex4(scalar.value).lowercased()
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    /// Whether `string` holds a character that `writeString` escapes: `"`, `\\`, C0, DEL,
    /// C1 (UTF-8 `C2 80`–`C2 9F`) or U+2028/U+2029 (`E2 80 A8`/`A9`).
    static func needsEscaping(_ string: String) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in string.utf8 {
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return true }
            if previous == 0xC2 && byte >= 0x80 && byte <= 0x9F { return true }
            if beforePrevious == 0xE2 && previous == 0x80 && (byte == 0xA8 || byte == 0xA9) { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
                     ExpressibleByArrayLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self.init(.string(value)) }
    public init(integerLiteral value: Int) { self.init(.number(Double(value))) }
    public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
    public init(arrayLiteral elements: JSONValue...) { self.init(.array(elements)) }
    public init(nilLiteral: ()) { self.init(.null) }

    /// An object with these members, in order.
    public static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        JSONValue(.object(members.map { Member(key: $0.key, value: $0.value) }))
    }

    /// A string, or null.
    public static func string(_ value: String?) -> JSONValue {
        value.map { JSONValue(.string($0)) } ?? JSONValue(.null)
    }
}
