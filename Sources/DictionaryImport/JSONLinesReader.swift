import DictionaryModel

/// The lines of a JSON Lines file (`.jsonl`, or gzip `.jsonl.gz`) as bytes, read through a
/// `SourceStream`: memory holds a block of the file and the line being read, never more.
///
/// A line longer than `maximumLineLength` is not held: it is read to its end and returned
/// as `.tooLong`, so that one monstrous line costs a count in the summary, not the memory
/// of the import. A carriage return before a line feed is dropped; empty lines are skipped.
struct JSONLinesReader {
    enum Line {
        case text([UInt8])
        case tooLong(length: Int)
    }

    /// The longest line kept: a kaikki line of a word with many languages' entries and
    /// inflection tables runs to a few MB; 32 MB leaves room and bounds the buffer.
    static let defaultMaximumLineLength = 32 << 20

    let stream: SourceStream
    let maximumLineLength: Int
    /// The number of the line last returned (1-based; empty lines counted).
    private(set) var lineNumber = 0
    private var block: [UInt8] = []
    private var position = 0
    private var isAtEnd = false
    private var started = false

    init(path: String, maximumLineLength: Int = JSONLinesReader.defaultMaximumLineLength) throws(DictionaryModelError) {
        stream = try SourceStream(path: path)
        self.maximumLineLength = maximumLineLength
    }

    /// Bytes read from the file so far (compressed), and its size: for progress.
    var bytesRead: Int { stream.bytesRead }
    var fileSize: Int { stream.fileSize }

    /// Refills `block`; false at the end of the text.
    private mutating func refill() throws(DictionaryModelError) -> Bool {
        guard !isAtEnd, let next = try stream.next() else {
            isAtEnd = true
            return false
        }
        block = next
        position = 0
        if !started {
            started = true
            if block.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }
        return true
    }

    /// The next line that is not empty, without its line break; nil after the last.
    /// - Throws: what the stream throws (a gzip file cut short or damaged, a read error).
    mutating func next() throws(DictionaryModelError) -> Line? {
        var line: [UInt8] = []
        var length = 0
        var sawAny = false
        while true {
            if position >= block.count {
                guard try refill() else {
                    guard sawAny else { return nil }
                    lineNumber += 1
                    if length > maximumLineLength { return .tooLong(length: length) }
                    if line.last == 0x0D { line.removeLast() }
                    if line.isEmpty { return nil }
                    return .text(line)
                }
            }
            sawAny = true
            let end = block[position...].firstIndex(of: 0x0A)
            let stop = end ?? block.count
            let count = stop - position
            if length + count <= maximumLineLength {
                line.append(contentsOf: block[position..<stop])
            } else if !line.isEmpty {
                line = []
            }
            length += count
            position = stop
            guard end != nil else { continue }
            position += 1
            lineNumber += 1
            if length > maximumLineLength { return .tooLong(length: length) }
            if line.last == 0x0D { line.removeLast() }
            if line.isEmpty {
                length = 0
                sawAny = false
                continue
            }
            return .text(line)
        }
    }
}

/// Reads a JSON object's top-level string members without building the object: the first
/// pass over a kaikki file needs only each line's `lang_code` and `lang`, and skipping the
/// rest byte by byte is several times faster than parsing it.
enum TopLevelScan {
    /// The string values of `keys` among the top-level members of the object in `bytes`;
    /// nil when the line does not begin as an object. A value with escapes is decoded by
    /// `JSONParser`; a malformed line yields what was found before the fault.
    static func strings(in bytes: [UInt8], keys: Set<String>) -> [String: String]? {
        bytes.withUnsafeBufferPointer { buffer -> [String: String]? in
            var i = 0
            let n = buffer.count
            func skipSpace() { while i < n, buffer[i] == 0x20 || buffer[i] == 0x09 || buffer[i] == 0x0D || buffer[i] == 0x0A { i += 1 } }
            /// Skips a string whose opening quote is at `i`; returns its inside's range.
            func skipString() -> Range<Int>? {
                guard i < n, buffer[i] == UInt8(ascii: "\"") else { return nil }
                let start = i + 1
                i += 1
                while i < n {
                    let byte = buffer[i]
                    if byte == UInt8(ascii: "\\") { i += 2; continue }
                    if byte == UInt8(ascii: "\"") { i += 1; return start..<(i - 1) }
                    i += 1
                }
                return nil
            }
            skipSpace()
            guard i < n, buffer[i] == UInt8(ascii: "{") else { return nil }
            i += 1
            var found: [String: String] = [:]
            while i < n {
                skipSpace()
                guard let keyRange = skipString() else { return found }
                skipSpace()
                guard i < n, buffer[i] == UInt8(ascii: ":") else { return found }
                i += 1
                skipSpace()
                guard i < n else { return found }
                let key = String(decoding: UnsafeBufferPointer(rebasing: buffer[keyRange]), as: UTF8.self)
                switch buffer[i] {
                case UInt8(ascii: "\""):
                    let valueStart = i
                    guard let range = skipString() else { return found }
                    if keys.contains(key) {
                        let raw = UnsafeBufferPointer(rebasing: buffer[range])
                        if raw.contains(UInt8(ascii: "\\")) {
                            found[key] = (try? JSONParser.parse(Array(buffer[valueStart..<i])))?.stringValue
                        } else {
                            found[key] = String(decoding: raw, as: UTF8.self)
                        }
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    var depth = 0
                    while i < n {
                        let byte = buffer[i]
                        if byte == UInt8(ascii: "\"") {
                            guard skipString() != nil else { return found }
                            continue
                        }
                        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                            depth -= 1
                            if depth == 0 { i += 1; break }
                        }
                        i += 1
                    }
                default:
                    while i < n, buffer[i] != UInt8(ascii: ","), buffer[i] != UInt8(ascii: "}") { i += 1 }
                }
                skipSpace()
                guard i < n, buffer[i] == UInt8(ascii: ",") else { return found }
                i += 1
            }
            return found
        }
    }
}
