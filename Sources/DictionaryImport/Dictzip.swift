import CZlib
import DictionaryModel
import DictionaryIndex

/// A dictd data file: dictzip (gzip whose `RA` extra field lists the compressed size of each
/// fixed-length chunk, so that any byte range can be read by inflating only its chunks), a
/// plain gzip stream, or uncompressed text.
public struct Dictzip: Sendable {
    /// The file as read.
    let bytes: [UInt8]
    /// The uncompressed length of every chunk but the last; 0 when the file has no `RA` field.
    public let chunkLength: Int
    /// Where each chunk's compressed data starts in `bytes`, then where the last one ends.
    let chunkStarts: [Int]
    let isCompressed: Bool
    /// The path, for messages.
    let path: String

    /// Reads the gzip header of `bytes` (the content of the file at `path`).
    /// - Throws: `.invalidSource` when the header is broken.
    public init(bytes: [UInt8], path: String) throws(DictionaryModelError) {
        self.bytes = bytes
        self.path = path
        guard bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B else {
            isCompressed = false
            chunkLength = 0
            chunkStarts = []
            return
        }
        isCompressed = true
        func fail(_ reason: String) -> DictionaryModelError { .invalidSource(path: path, line: 0, reason: reason) }
        guard bytes.count >= 18, bytes[2] == 8 else { throw fail("not a gzip file with deflate data") }
        let flags = bytes[3]
        var position = 10
        var length = 0
        var sizes: [Int] = []
        func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        if flags & 4 != 0 {
            guard position + 2 <= bytes.count else { throw fail("the gzip header is cut short") }
            let extraEnd = position + 2 + uint16(position)
            guard extraEnd <= bytes.count else { throw fail("the gzip extra field is cut short") }
            var field = position + 2
            while field + 4 <= extraEnd {
                let fieldLength = uint16(field + 2)
                if bytes[field] == UInt8(ascii: "R"), bytes[field + 1] == UInt8(ascii: "A"), fieldLength >= 6, field + 4 + fieldLength <= extraEnd {
                    let data = field + 4
                    length = uint16(data + 2)
                    let count = uint16(data + 4)
                    guard 6 + 2 * count <= fieldLength else { throw fail("the dictzip chunk table is cut short") }
                    sizes = (0..<count).map { uint16(data + 6 + 2 * $0) }
                }
                field += 4 + fieldLength
            }
            position = extraEnd
        }
        for flag in [UInt8(8), 16] where flags & flag != 0 {
            while position < bytes.count && bytes[position] != 0 { position += 1 }
            position += 1
        }
        if flags & 2 != 0 { position += 2 }
        guard position <= bytes.count else { throw fail("the gzip header is cut short") }
        var starts = [position]
        for size in sizes { starts.append(starts.last! + size) }
        guard starts.last! <= bytes.count else { throw fail("the dictzip chunks run past the end of the file") }
        chunkLength = sizes.isEmpty ? 0 : length
        chunkStarts = sizes.isEmpty ? [] : starts
    }

    /// Whether `read(offset:length:)` inflates only the chunks it needs.
    public var hasRandomAccess: Bool { chunkLength > 0 }

    /// The whole uncompressed text.
    public func readAll() throws(DictionaryModelError) -> [UInt8] {
        guard isCompressed else { return bytes }
        return try Dictzip.inflate(bytes[...], windowBits: 15 + 32, path: path, limit: nil)
    }

    /// `length` uncompressed bytes from `offset`: with dictzip's chunk table only the chunks
    /// that hold them are inflated; otherwise the whole stream is.
    public func read(offset: Int, length: Int) throws(DictionaryModelError) -> [UInt8] {
        guard offset >= 0, length >= 0 else { return [] }
        guard hasRandomAccess else {
            let all = try readAll()
            guard offset < all.count else { return [] }
            return Array(all[offset..<min(all.count, offset + length)])
        }
        let first = offset / chunkLength
        let last = min((offset + max(length, 1) - 1) / chunkLength, chunkStarts.count - 2)
        guard first <= last else { return [] }
        var text: [UInt8] = []
        for chunk in first...last {
            text += try Dictzip.inflate(bytes[chunkStarts[chunk]..<chunkStarts[chunk + 1]], windowBits: -15, path: path, limit: chunkLength)
        }
        let start = offset - first * chunkLength
        guard start < text.count else { return [] }
        return Array(text[start..<min(text.count, start + length)])
    }

    /// Inflates `input`: a gzip stream (`windowBits` 15 + 32) or a raw deflate chunk (-15).
    static func inflate(_ input: ArraySlice<UInt8>, windowBits: Int32, path: String, limit: Int?) throws(DictionaryModelError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .invalidSource(path: path, line: 0, reason: "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            repeat {
                buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: out[0..<(out.count - Int(stream.avail_out))])
                }
                // A gzip file may hold several members one after another.
                if status == Z_STREAM_END && stream.avail_in > 0 && windowBits > 0 {
                    status = inflateReset(&stream)
                }
            } while status == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0) && (limit.map { output.count < $0 } ?? true)
        }
        // A raw chunk ends at a flush point, not at the stream's end: "no progress" is fine.
        let finished = status == Z_STREAM_END || (windowBits < 0 && (status == Z_OK || status == Z_BUF_ERROR))
        guard finished else {
            throw .invalidSource(path: path, line: 0, reason: "the compressed data is damaged (zlib status \(status))")
        }
        return output
    }

    /// A dictzip file holding `text`: gzip with an `RA` field, each chunk of `chunkLength`
    /// bytes compressed up to a full flush so that it can be inflated on its own.
    /// `chunkLength` is at most 58315, dictzip's own, so a chunk's size fits 16 bits.
    public static func compress(_ text: [UInt8], chunkLength: Int = 58315) -> [UInt8] {
        let chunkLength = max(1, min(chunkLength, 58315))
        var stream = z_stream()
        _ = deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var data: [UInt8] = []
        var sizes: [Int] = []
        var buffer = [UInt8](repeating: 0, count: chunkLength + chunkLength / 8 + 1024)
        var start = 0
        repeat {
            let end = min(text.count, start + chunkLength)
            let isLast = end == text.count
            let before = data.count
            text.withUnsafeBufferPointer { source in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress.map { $0 + start })
                stream.avail_in = UInt32(end - start)
                var status: Int32
                repeat {
                    status = buffer.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = UInt32(out.count)
                        let status = deflate(&stream, isLast ? Z_FINISH : Z_FULL_FLUSH)
                        data.append(contentsOf: out[0..<(out.count - Int(stream.avail_out))])
                        return status
                    }
                } while stream.avail_out == 0 || (isLast && status == Z_OK)
            }
            sizes.append(data.count - before)
            start = end
        } while start < text.count
        var header: [UInt8] = [0x1F, 0x8B, 8, 4, 0, 0, 0, 0, 2, 3]
        func append16(_ value: Int) { header += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        append16(10 + 2 * sizes.count)
        header += [UInt8(ascii: "R"), UInt8(ascii: "A")]
        append16(6 + 2 * sizes.count)
        append16(1)
        append16(chunkLength)
        append16(sizes.count)
        for size in sizes { append16(size) }
        let crc = text.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        var trailer: [UInt8] = []
        for value in [UInt32(crc), UInt32(truncatingIfNeeded: text.count)] {
            trailer += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        return header + data + trailer
    }
}
