/// `DictionaryInfo` in a compact binary form, kept in the user's cache beside a folder's
/// index so that a start does not parse `dictionary.json` again: the parse and the decoding
/// of its lookup rules (GCIDE's 155) were 1.9 M instructions of `search` over the six
/// dictionaries of the bench library, a tenth of `define dog`'s.
///
/// The form names the very `dictionary.json` it was made from (its size and content hash),
/// so an edited file, even one of the same size and second, is parsed again. Every read is
/// bounds-checked and every string validated: a damaged or truncated form reads as nil (then
/// the JSON is parsed as before), never out of its bytes.
///
/// Layout, little-endian: the magic `WLINFO03`, the source's byte count (8 bytes) and hash
/// (8), then the fields in declaration order; a string is its byte count (4) and its UTF-8,
/// an absent optional string the count 0xFFFF_FFFF; a list its element count (4). The lookup
/// rules' strings stand once each in a table, the rules as five indices into it (absent:
/// 0xFFFF_FFFF): GCIDE's 155 rules have 60 distinct strings, and making a string was most of
/// reading one.
extension DictionaryInfo {
    /// "WLINFO03" read as a little-endian integer.
    static let compiledMagic: UInt64 = 0x3330_4F46_4E49_4C57

    /// The compiled form of this info, made from a `dictionary.json` of `sourceSize` bytes
    /// whose `FileFingerprint.hash` is `sourceHash`.
    public func compiled(sourceSize: Int, sourceHash: UInt64) -> [UInt8] {
        var writer = CompiledWriter()
        writer.integer(Self.compiledMagic)
        writer.integer(UInt64(sourceSize))
        writer.integer(sourceHash)
        writer.string(id)
        writer.string(title)
        for optional in [description, language, license, sourceName, sourceVersion, start, importer] { writer.optional(optional) }
        var table: [String] = [], numbers: [String: Int] = [:]
        func number(_ text: String?) -> Int {
            guard let text else { return Int(UInt32.max) }
            if let known = numbers[text] { return known }
            table.append(text)
            numbers[text] = table.count - 1
            return table.count - 1
        }
        let rules = lookupRules.map { rule in
            [number(rule.suffix), number(rule.replace), number(rule.pos), number(rule.normalisedSuffix), number(rule.normalisedReplace)]
        }
        writer.count(table.count)
        for text in table { writer.string(text) }
        writer.count(rules.count)
        for rule in rules { for n in rule { writer.count(n) } }
        writer.count(relationTypes.count)
        for (name, type) in relationTypes.sorted(by: { ByteOrder.precedes($0.key, $1.key) }) {
            writer.string(name)
            writer.optional(type.label)
        }
        return writer.bytes
    }

    /// The info compiled in `bytes`, when they are a whole compiled form made from a
    /// `dictionary.json` of `sourceSize` bytes hashing to `sourceHash`; nil otherwise.
    public init?(compiled bytes: UnsafeRawBufferPointer, sourceSize: Int, sourceHash: UInt64) {
        var reader = CompiledReader(bytes: bytes)
        guard reader.integer() == Self.compiledMagic, reader.integer() == UInt64(sourceSize), reader.integer() == sourceHash,
              let id = reader.string(), let title = reader.string() else { return nil }
        var optionals: [String?] = []
        optionals.reserveCapacity(7)
        for _ in 0..<7 {
            guard let value = reader.optional() else { return nil }
            optionals.append(value)
        }
        guard let tableCount = reader.count() else { return nil }
        var table: [String] = []
        table.reserveCapacity(tableCount)
        for _ in 0..<tableCount {
            guard let text = reader.string() else { return nil }
            table.append(text)
        }
        guard let ruleCount = reader.count(), ruleCount <= reader.remaining / 20 else { return nil }
        var rules: [LookupRule] = []
        rules.reserveCapacity(ruleCount)
        func text(_ n: UInt32?) -> String? {
            guard let n, Int(n) < table.count else { return nil }
            return table[Int(n)]
        }
        for _ in 0..<ruleCount {
            guard let suffix = text(reader.word()), let replace = text(reader.word()), let posNumber = reader.word(),
                  posNumber == .max || Int(posNumber) < table.count,
                  let normalisedSuffix = text(reader.word()), let normalisedReplace = text(reader.word()) else { return nil }
            rules.append(LookupRule(suffix: suffix, replace: replace, pos: posNumber == .max ? nil : table[Int(posNumber)],
                                    normalisedSuffix: normalisedSuffix, normalisedReplace: normalisedReplace))
        }
        guard let typeCount = reader.count() else { return nil }
        var types: [String: RelationType] = [:]
        for _ in 0..<typeCount {
            guard let name = reader.string(), let label = reader.optional() else { return nil }
            types[name] = RelationType(label: label)
        }
        guard reader.isAtEnd else { return nil }
        self.init(id: id, title: title, description: optionals[0], language: optionals[1], license: optionals[2],
                  sourceName: optionals[3], sourceVersion: optionals[4], start: optionals[5], lookupRules: rules,
                  relationTypes: types)
        importer = optionals[6]
    }
}

private struct CompiledWriter {
    var bytes: [UInt8] = []

    mutating func integer(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func count(_ value: Int) {
        withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        count(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    mutating func optional(_ text: String?) {
        if let text { string(text) } else { withUnsafeBytes(of: UInt32.max.littleEndian) { bytes.append(contentsOf: $0) } }
    }
}

private struct CompiledReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var isAtEnd: Bool { position == bytes.count }
    var remaining: Int { bytes.count - position }

    mutating func integer() -> UInt64? {
        guard bytes.count - position >= 8 else { return nil }
        defer { position += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    mutating func word() -> UInt32? {
        guard bytes.count - position >= 4 else { return nil }
        defer { position += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    /// A count of elements, each at least four bytes long: more than the bytes left is damage.
    mutating func count() -> Int? {
        guard let value = word(), Int(value) <= (bytes.count - position) / 4 else { return nil }
        return Int(value)
    }

    mutating func text(length: Int) -> String? {
        guard length <= bytes.count - position else { return nil }
        defer { position += length }
        return UTF8Validation.string(UnsafeRawBufferPointer(rebasing: bytes[position..<(position + length)]))
    }

    mutating func string() -> String? {
        guard let length = word(), length != .max else { return nil }
        return text(length: Int(length))
    }

    /// `.some(nil)` for an absent string, nil for damage.
    mutating func optional() -> String?? {
        guard let length = word() else { return nil }
        if length == .max { return .some(nil) }
        guard let value = text(length: Int(length)) else { return nil }
        return .some(value)
    }
}
