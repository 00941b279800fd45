/// A JSON value that remembers where it stands in its file: the result of `JSONParser`.
///
/// Every value carries the UTF-8 byte offset of its first character (the quote of a string,
/// the brace of an object), so that a diagnostic about it can name a line and column through
/// `SourceFile.location(ofOffset:)`. Objects keep their members in file order; a repeated key
/// keeps every occurrence, and `subscript(key:)` returns the first.
public struct JSONValue: Hashable, Sendable {
    /// One member of an object, with the offset of its key's opening quote.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var keyOffset: Int
        public var value: JSONValue

        public init(key: String, keyOffset: Int = 0, value: JSONValue) {
            self.key = key
            self.keyOffset = keyOffset
            self.value = value
        }
    }

    /// What the value is.
    public enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        /// A number; integers up to 2⁵³ are exact.
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([Member])
    }

    public var kind: Kind
    /// UTF-8 offset of the value's first byte in the parsed text.
    public var offset: Int

    public init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// The value as a string, if it is one.
    public var stringValue: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    /// The value as a number, if it is one.
    public var numberValue: Double? {
        if case .number(let n) = kind { return n }
        return nil
    }

    /// The value as an exact integer, if it is a number without a fraction.
    public var intValue: Int? {
        guard case .number(let n) = kind, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    /// The elements, if the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    /// The members, if the value is an object.
    public var members: [Member]? {
        if case .object(let m) = kind { return m }
        return nil
    }

    /// The first member named `key`, if the value is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The kind's name with an article, as messages say it: "a string", "an object".
    public var kindDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
