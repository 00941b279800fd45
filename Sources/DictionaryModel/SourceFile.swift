/// The bytes of one file of a data folder and its path relative to the folder, kept so that
/// byte offsets can be turned into lines and columns when a diagnostic needs them.
public struct SourceFile: Hashable, Sendable {
    /// The path relative to the data folder, with `/` separators (`entries/dog.json`).
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 1-based line and column of the byte at `offset`. Columns count characters
    /// (grapheme clusters), so a column agrees with what an editor shows for ASCII and
    /// accented text alike; a tab counts as one.
    /// - Complexity: O(offset).
    public func location(ofOffset offset: Int) -> SourceLocation {
        let end = min(max(0, offset), bytes.count)
        var line = 1
        var lineStart = 0
        bytes.withUnsafeBufferPointer { buffer in
            for i in 0..<end where buffer[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return SourceLocation(file: path, line: line, column: column)
    }
}

/// A place in a data folder: a file relative to the folder and, when known, a 1-based line
/// and column. Prints as `entries/dog.json:12:5`.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when the place is the whole file.
    public var line: Int
    /// 1-based, in characters; 0 when the place is the whole file.
    public var column: Int

    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column)" : file
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}
