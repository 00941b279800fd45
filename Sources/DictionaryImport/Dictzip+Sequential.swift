import DictionaryModel

extension Dictzip {
    /// The length of the uncompressed text, from the gzip trailer (its size modulo 2³²; a
    /// dictzip file holds less than 4 GiB) or the file's own size when it is not compressed;
    /// nil for a gzip file that is too short to have a trailer.
    public var uncompressedLength: Int? {
        guard isCompressed else { return bytes.count }
        guard bytes.count >= 18 else { return nil }
        let end = bytes.count
        return Int(bytes[end - 4]) | Int(bytes[end - 3]) << 8 | Int(bytes[end - 2]) << 16 | Int(bytes[end - 1]) << 24
    }

    /// The number of chunks (0 without dictzip's chunk table).
    var chunkCount: Int { chunkStarts.isEmpty ? 0 : chunkStarts.count - 1 }

    /// The uncompressed text of chunk `number`.
    func chunk(_ number: Int) throws(DictionaryModelError) -> [UInt8] {
        try Dictzip.inflate(bytes[chunkStarts[number]..<chunkStarts[number + 1]], windowBits: -15, path: path, limit: chunkLength)
    }
}

/// Reads ranges of a data file in ascending order (a StarDict `.dict` read record by record
/// in the order of its offsets): a dictzip chunk is inflated once and kept while the reads
/// stay in it, so reading every record inflates the file once, and memory holds a chunk or
/// two, never the whole text. Reads out of order still work, more slowly.
struct SequentialReader {
    let file: Dictzip
    /// The whole text, for a file without a chunk table (plain, or gzip without dictzip's field).
    private var whole: [UInt8]?
    private var cachedNumber = -1
    private var cached: [UInt8] = []

    init(_ file: Dictzip) throws(DictionaryModelError) {
        self.file = file
        if !file.hasRandomAccess { whole = try file.readAll() }
    }

    /// The length of the text, when known without inflating it all.
    var length: Int? { whole?.count ?? file.uncompressedLength }

    /// `length` bytes from `offset`; fewer when the text ends first.
    mutating func read(offset: Int, length: Int) throws(DictionaryModelError) -> [UInt8] {
        if let whole {
            guard offset < whole.count else { return [] }
            return Array(whole[offset..<min(whole.count, offset + length)])
        }
        guard length > 0 else { return [] }
        var result: [UInt8] = []
        result.reserveCapacity(length)
        var position = offset
        let end = offset + length
        while position < end {
            let number = position / file.chunkLength
            guard number < file.chunkCount else { break }
            if number != cachedNumber {
                cached = try file.chunk(number)
                cachedNumber = number
            }
            let start = position - number * file.chunkLength
            guard start < cached.count else { break }
            let stop = min(cached.count, end - number * file.chunkLength)
            result += cached[start..<stop]
            position = number * file.chunkLength + stop
        }
        return result
    }
}
