import DictionaryModel

/// Reads a StarDict dictionary: `NAME.ifo`, `NAME.idx` or `NAME.idx.gz`, `NAME.dict` or
/// `NAME.dict.dz`, and `NAME.syn` when there is one.
///
/// Opening reads and checks the whole index (headwords with 32- or 64-bit offsets, as
/// `idxoffsetbits` says) and the synonyms, and refuses a damaged dictionary before anything
/// is converted: an index whose size is not `idxfilesize`, whose last record is cut short,
/// whose count is not `wordcount`, or with a record past the end of the data; a synonym
/// naming no headword. Records are then read one by one in the order of their offsets
/// (`SequentialReader`), so the data is inflated once and never held whole.
public struct StarDictReader {
    /// One headword of the index and where its record stands in the data.
    public struct IndexItem: Hashable, Sendable {
        public var word: String
        public var offset: Int
        public var size: Int
    }

    /// One field of a record: its type letter and its bytes (text for lower-case types).
    public struct Field: Hashable, Sendable {
        public var type: Character
        public var data: [UInt8]
    }

    public let info: StarDictInfo
    public let ifoPath: String
    public let indexPath: String
    public let dictPath: String
    public let synonymPath: String?
    /// The index in file order (StarDict's sort order).
    public let items: [IndexItem]
    /// The synonyms: each word with the number of the index item it leads to.
    public let synonyms: [(word: String, item: Int)]
    private var data: SequentialReader

    /// The files of the dictionary whose `.ifo` is at `ifoPath`.
    public init(ifo ifoPath: String) throws(DictionaryModelError) {
        self.ifoPath = ifoPath
        info = try StarDictInfo(text: String(decoding: try readFile(ifoPath, shownAs: ifoPath), as: UTF8.self), path: ifoPath)
        let base = ifoPath.hasSuffix(".ifo") ? String(ifoPath.dropLast(4)) : ifoPath
        func firstExisting(_ candidates: [String]) -> String? { candidates.first(where: fileExists) }
        guard let indexPath = firstExisting([base + ".idx", base + ".idx.gz", base + ".IDX"]) else {
            throw .unreadable(path: base + ".idx", reason: "no such file (nor .idx.gz) beside \(ifoPath)")
        }
        guard let dictPath = firstExisting([base + ".dict.dz", base + ".dict", base + ".DICT.DZ"]) else {
            throw .unreadable(path: base + ".dict", reason: "no such file (nor .dict.dz) beside \(ifoPath)")
        }
        self.indexPath = indexPath
        self.dictPath = dictPath
        synonymPath = firstExisting([base + ".syn", base + ".syn.dz"])

        var indexBytes = try readFile(indexPath, shownAs: indexPath)
        if indexPath.hasSuffix(".gz") { indexBytes = try Dictzip(bytes: indexBytes, path: indexPath).readAll() }
        if let expected = info.indexFileSize, expected != indexBytes.count {
            throw .invalidSource(path: indexPath, line: 0,
                                 reason: "it holds \(indexBytes.count) bytes, not the \(expected) that \(StarDictReader.fileName(ifoPath)) gives (idxfilesize): it is cut short or damaged")
        }
        items = try StarDictReader.parseIndex(indexBytes, offsetBits: info.offsetBits, path: indexPath)
        guard items.count == info.wordCount else {
            throw .invalidSource(path: indexPath, line: 0,
                                 reason: "it has \(items.count) headword\(items.count == 1 ? "" : "s"), not the \(info.wordCount) that \(StarDictReader.fileName(ifoPath)) gives (wordcount)")
        }
        data = try SequentialReader(Dictzip(bytes: try readFile(dictPath, shownAs: dictPath), path: dictPath))
        if let length = data.length, let (number, item) = items.enumerated().first(where: { $0.element.offset + $0.element.size > length }) {
            throw .invalidSource(path: indexPath, line: 0,
                                 reason: "headword \(number + 1) (\"\(item.word)\") points past the end of \(StarDictReader.fileName(dictPath)) (\(item.offset) + \(item.size) > \(length) bytes)")
        }
        if let synonymPath {
            var bytes = try readFile(synonymPath, shownAs: synonymPath)
            if synonymPath.hasSuffix(".dz") { bytes = try Dictzip(bytes: bytes, path: synonymPath).readAll() }
            synonyms = try StarDictReader.parseSynonyms(bytes, itemCount: items.count, path: synonymPath)
            if let expected = info.synonymCount, expected != synonyms.count {
                throw .invalidSource(path: synonymPath, line: 0,
                                     reason: "it has \(synonyms.count) synonyms, not the \(expected) that \(StarDictReader.fileName(ifoPath)) gives (synwordcount)")
            }
        } else {
            synonyms = []
        }
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The items of an `.idx`: a headword ended by a NUL byte, its offset (4 or 8 bytes,
    /// big-endian) and its size (4 bytes).
    static func parseIndex(_ bytes: [UInt8], offsetBits: Int, path: String) throws(DictionaryModelError) -> [IndexItem] {
        var items: [IndexItem] = []
        var position = 0
        let offsetLength = offsetBits / 8
        while position < bytes.count {
            guard let nul = bytes[position...].firstIndex(of: 0) else {
                throw .invalidSource(path: path, line: 0, reason: "it is cut short in headword \(items.count + 1), at byte \(position)")
            }
            guard nul + 1 + offsetLength + 4 <= bytes.count else {
                throw .invalidSource(path: path, line: 0,
                                     reason: "it is cut short after headword \(items.count + 1) (\"\(String(decoding: bytes[position..<nul], as: UTF8.self))\"): its offset and size are missing")
            }
            let offset = bigEndian(bytes, at: nul + 1, length: offsetLength)
            let size = bigEndian(bytes, at: nul + 1 + offsetLength, length: 4)
            guard offset >= 0 else {
                throw .invalidSource(path: path, line: 0, reason: "headword \(items.count + 1) has an offset out of range")
            }
            items.append(IndexItem(word: String(decoding: bytes[position..<nul], as: UTF8.self), offset: offset, size: size))
            position = nul + 1 + offsetLength + 4
        }
        return items
    }

    /// The entries of a `.syn`: a word ended by a NUL byte, then the number (4 bytes,
    /// big-endian) of the index item it leads to.
    static func parseSynonyms(_ bytes: [UInt8], itemCount: Int, path: String) throws(DictionaryModelError) -> [(word: String, item: Int)] {
        var result: [(word: String, item: Int)] = []
        var position = 0
        while position < bytes.count {
            guard let nul = bytes[position...].firstIndex(of: 0), nul + 5 <= bytes.count else {
                throw .invalidSource(path: path, line: 0, reason: "it is cut short in synonym \(result.count + 1), at byte \(position)")
            }
            let word = String(decoding: bytes[position..<nul], as: UTF8.self)
            let item = bigEndian(bytes, at: nul + 1, length: 4)
            guard item < itemCount else {
                throw .invalidSource(path: path, line: 0, reason: "synonym \(result.count + 1) (\"\(word)\") names headword \(item + 1) of \(itemCount)")
            }
            result.append((word, item))
            position = nul + 5
        }
        return result
    }

    static func bigEndian(_ bytes: [UInt8], at position: Int, length: Int) -> Int {
        var value: UInt64 = 0
        for i in 0..<length { value = value << 8 | UInt64(bytes[position + i]) }
        return value > UInt64(Int.max) ? -1 : Int(value)
    }

    /// The bytes of the record at `item`.
    public mutating func recordBytes(_ item: IndexItem) throws(DictionaryModelError) -> [UInt8] {
        let bytes = try data.read(offset: item.offset, length: item.size)
        guard bytes.count == item.size else {
            throw .invalidSource(path: dictPath, line: 0, reason: "it ends inside the record of \"\(item.word)\"")
        }
        return bytes
    }

    /// The fields of a record: by `sametypesequence` (each field but the last ended by a NUL,
    /// or for an upper-case type preceded by its size; the last runs to the record's end), or
    /// each with its type letter first. Nil when the record does not hold what it says.
    public static func fields(of record: [UInt8], sameTypeSequence: [Character]?) -> [Field]? {
        var fields: [Field] = []
        var position = 0
        func field(type: Character, isLast: Bool) -> Field? {
            let isText = type.isLowercase
            if isLast {
                defer { position = record.count }
                return Field(type: type, data: Array(record[position...]))
            }
            if isText {
                let end = record[position...].firstIndex(of: 0) ?? record.count
                defer { position = min(record.count, end + 1) }
                return Field(type: type, data: Array(record[position..<end]))
            }
            guard position + 4 <= record.count else { return nil }
            let size = bigEndian(record, at: position, length: 4)
            guard size >= 0, position + 4 + size <= record.count else { return nil }
            defer { position += 4 + size }
            return Field(type: type, data: Array(record[(position + 4)..<(position + 4 + size)]))
        }
        if let sequence = sameTypeSequence {
            for (number, type) in sequence.enumerated() {
                guard let made = field(type: type, isLast: number == sequence.count - 1) else { return nil }
                fields.append(made)
            }
            return fields
        }
        while position < record.count {
            let type = Character(Unicode.Scalar(record[position]))
            guard type.isLetter, record[position] < 0x80 else { return nil }
            position += 1
            guard let made = field(type: type, isLast: false) else { return nil }
            fields.append(made)
        }
        return fields
    }
}
