import CZlib
#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// A source file read block by block, gzip (and dictzip, which is gzip) inflated as it goes:
/// memory holds a block of the file and a block of its text, never the whole of either.
///
/// The DSL and XDXF importers read their sources through it, so that a 100 MB dictionary costs
/// the same memory as a small one. A gzip stream that ends before its end (a file cut short)
/// or whose data is damaged is an error naming the file.
final class SourceStream {
    let path: String
    private let fd: Int32
    private var input: [UInt8] = []
    private var inputOffset = 0
    private var isAtEndOfFile = false
    private var stream = z_stream()
    private let isCompressed: Bool
    private var streamEnded = false
    /// Bytes read from the file (compressed), for progress.
    private(set) var bytesRead = 0
    /// The file's size.
    let fileSize: Int

    static let blockSize = 1 << 20

    /// Opens `path`; gzip is recognised by its first two bytes.
    init(path: String) throws(DictionaryModelError) {
        self.path = path
        let (fd, info) = try openRegularFile(path, shownAs: path)
        self.fd = fd
        fileSize = Int(info.st_size)
        var magic = [UInt8](repeating: 0, count: 2)
        let count = magic.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 2, 0) }
        isCompressed = count == 2 && magic[0] == 0x1F && magic[1] == 0x8B
        if isCompressed {
            guard inflateInit2_(&stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                close(fd)
                throw .invalidSource(path: path, line: 0, reason: "zlib could not start inflating")
            }
        }
    }

    deinit {
        if isCompressed { inflateEnd(&stream) }
        close(fd)
    }

    /// Reads the next block of the file into `input`; false at its end.
    private func fill() throws(DictionaryModelError) -> Bool {
        guard !isAtEndOfFile else { return false }
        if input.count != SourceStream.blockSize { input = [UInt8](repeating: 0, count: SourceStream.blockSize) }
        var count = 0
        repeat {
            count = input.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, SourceStream.blockSize) }
        } while count < 0 && errno == EINTR
        guard count >= 0 else { throw .unreadable(path: path, reason: systemError()) }
        if count == 0 {
            isAtEndOfFile = true
            input = []
            return false
        }
        if count < input.count { input.removeSubrange(count...) }
        inputOffset = 0
        bytesRead += count
        return true
    }

    /// The next block of the text, or nil at its end.
    /// - Throws: `.invalidSource` when the compressed data is damaged or cut short;
    ///   `.unreadable` when the file cannot be read.
    func next() throws(DictionaryModelError) -> [UInt8]? {
        guard isCompressed else {
            guard try fill() else { return nil }
            return input
        }
        var output = [UInt8](repeating: 0, count: SourceStream.blockSize)
        var produced = 0
        while produced < output.count {
            if streamEnded { break }
            if inputOffset >= input.count {
                guard try fill() else {
                    throw .invalidSource(path: path, line: 0, reason: "the compressed data ends before its end: the file is cut short")
                }
            }
            var status: Int32 = Z_OK
            let offset = inputOffset
            input.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { out in
                    stream.next_in = source.baseAddress! + offset
                    stream.avail_in = UInt32(source.count - offset)
                    stream.next_out = out.baseAddress! + produced
                    stream.avail_out = UInt32(out.count - produced)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced = out.count - Int(stream.avail_out)
                    inputOffset = source.count - Int(stream.avail_in)
                }
            }
            if status == Z_STREAM_END {
                // A gzip file may hold several members one after another; padding of zeros
                // after the last one is allowed.
                let hasInput = inputOffset < input.count ? true : try fill()
                if !hasInput {
                    streamEnded = true
                } else if input[inputOffset...].allSatisfy({ $0 == 0 }) {
                    streamEnded = true
                } else {
                    inflateReset(&stream)
                }
            } else if status != Z_OK && status != Z_BUF_ERROR {
                throw .invalidSource(path: path, line: 0, reason: "the compressed data is damaged (zlib status \(status))")
            }
        }
        if produced == 0 { return nil }
        if produced < output.count { output.removeSubrange(produced...) }
        return output
    }

    /// The text of the first bytes of a file's head (`head`, compressed or not), as far as
    /// they go: to recognise a compressed format from its content.
    static func inflatedHead(_ head: [UInt8]) -> [UInt8] {
        guard head.count >= 2, head[0] == 0x1F, head[1] == 0x8B else { return head }
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: 8192)
        var input = head
        var produced = 0
        input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                _ = CZlib.inflate(&stream, Z_SYNC_FLUSH)
                produced = out.count - Int(stream.avail_out)
            }
        }
        return Array(output[0..<produced])
    }
}

/// The lines of a text file in UTF-8, UTF-16LE or UTF-16BE, read through a `SourceStream`.
///
/// The encoding is taken from a byte order mark (`EF BB BF`, `FF FE`, `FE FF`, which is then
/// skipped), else from the first bytes (a NUL in every other byte is UTF-16 without a mark),
/// else UTF-8; bytes that are not UTF-8 become U+FFFD. A line ends at a line feed; a carriage
/// return before it is dropped.
struct TextLineReader {
    enum Encoding: Equatable { case utf8, utf16LittleEndian, utf16BigEndian }

    let stream: SourceStream
    private(set) var encoding: Encoding = .utf8
    /// The number of the line last returned (1-based).
    private(set) var lineNumber = 0
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false
    private var started = false

    init(path: String) throws(DictionaryModelError) {
        stream = try SourceStream(path: path)
    }

    /// The encoding of a text that begins with `head`, and the length of its byte order mark.
    static func encoding(of head: ArraySlice<UInt8>) -> (Encoding, bomLength: Int) {
        let bytes = Array(head.prefix(4))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if bytes.count >= 4 {
            if bytes[1] == 0 && bytes[3] == 0 && bytes[0] != 0 { return (.utf16LittleEndian, 0) }
            if bytes[0] == 0 && bytes[2] == 0 && bytes[1] != 0 { return (.utf16BigEndian, 0) }
        }
        return (.utf8, 0)
    }

    /// Text (UTF-8) of a head of bytes in whatever encoding `encoding(of:)` finds.
    static func decodedHead(_ head: [UInt8]) -> String {
        let (encoding, bom) = self.encoding(of: head[...])
        var reader = UTF16Transcoder()
        switch encoding {
        case .utf8: return String(decoding: head.dropFirst(bom), as: UTF8.self)
        case .utf16LittleEndian, .utf16BigEndian:
            return String(decoding: reader.transcode(Array(head.dropFirst(bom)), bigEndian: encoding == .utf16BigEndian), as: UTF8.self)
        }
    }

    private var transcoder = UTF16Transcoder()

    /// Appends the next block of text (as UTF-8) to the buffer; false at the end.
    private mutating func readBlock() throws(DictionaryModelError) -> Bool {
        guard var block = try stream.next() else { return false }
        if !started {
            started = true
            let (found, bom) = TextLineReader.encoding(of: block[...])
            encoding = found
            block.removeFirst(bom)
        }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        switch encoding {
        case .utf8: buffer += block
        case .utf16LittleEndian, .utf16BigEndian:
            buffer += transcoder.transcode(block, bigEndian: encoding == .utf16BigEndian)
        }
        return true
    }

    /// The next line, without its line break; nil after the last.
    mutating func nextLine() throws(DictionaryModelError) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                lineNumber += 1
                return line
            }
            let hasMore = isAtEnd ? false : try readBlock()
            if !hasMore {
                isAtEnd = true
                guard start < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = buffer.count
                lineNumber += 1
                return line
            }
        }
    }
}

/// UTF-16 to UTF-8, a block at a time: a byte or a high surrogate at a block's end waits for
/// the next block; an unpaired surrogate becomes U+FFFD.
struct UTF16Transcoder {
    private var oddByte: UInt8?
    private var highSurrogate: UInt16?

    mutating func transcode(_ block: [UInt8], bigEndian: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(block.count)
        var i = 0
        func unit(_ first: UInt8, _ second: UInt8) -> UInt16 {
            bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
        }
        func append(_ scalar: UInt32) {
            let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            output.append(contentsOf: Array(String(Character(value)).utf8))
        }
        func appendFast(_ value: UInt16) {
            if value < 0x80 { output.append(UInt8(value)) } else { append(UInt32(value)) }
        }
        while true {
            let code: UInt16
            if let odd = oddByte {
                guard i < block.count else { break }
                code = unit(odd, block[i])
                oddByte = nil
                i += 1
            } else {
                guard i + 1 < block.count else {
                    if i < block.count { oddByte = block[i] }
                    break
                }
                code = unit(block[i], block[i + 1])
                i += 2
            }
            if let high = highSurrogate {
                highSurrogate = nil
                if code >= 0xDC00 && code < 0xE000 {
                    append(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(code - 0xDC00))
                    continue
                }
                append(0xFFFD)
            }
            if code >= 0xD800 && code < 0xDC00 {
                highSurrogate = code
            } else if code >= 0xDC00 && code < 0xE000 {
                append(0xFFFD)
            } else {
                appendFast(code)
            }
        }
        return output
    }
}
