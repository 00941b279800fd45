/// Everything that can go wrong in the dictionary model, with the place it went wrong.
///
/// Parsing and decoding throw these with a byte offset into the file being read; the loader
/// turns them into `Diagnostic`s with a file, line and column, so that one broken file or
/// entry never stops the rest of a folder from loading.
public enum DictionaryModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not valid JSON (RFC 8259); `offset` is where the parser stopped.
    case invalidJSON(String, offset: Int)
    /// Valid JSON that breaks a rule of the data format (a missing field, a wrong type).
    case invalidData(String, offset: Int)
    /// A file or folder could not be read.
    case unreadable(path: String, reason: String)
    /// The folder is not a data folder at all (no `dictionary.json`, no `entries/`).
    case notADataFolder(path: String, reason: String)
    /// An importer's source is not in the format it reads; `line` is 1-based, 0 when unknown.
    case invalidSource(path: String, line: Int, reason: String)
    /// An importer will not write into a folder that is not an import of its own.
    case folderNotImport(path: String, importer: String, reason: String)
    /// A file or folder could not be written.
    case unwritable(path: String, reason: String)
    /// A file that is not read at all: not a regular file (a FIFO, a device), larger than
    /// the bound, or named by bytes that are not UTF-8. `path` is shown with bad bytes escaped.
    case refused(path: String, reason: String)
    /// Several problems of one entry, each with its own place (every field error of an
    /// entry is reported, not only the first).
    case several([DictionaryModelError])

    /// The message without its place, as a diagnostic shows it.
    public var message: String {
        switch self {
        case .invalidJSON(let message, _): return "invalid JSON: \(message)"
        case .invalidData(let message, _): return message
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .notADataFolder(let path, let reason): return "\(path) is not a wordlink data folder: \(reason)"
        case .invalidSource(let path, let line, let reason):
            return line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)"
        case .folderNotImport(let path, let importer, let reason):
            return "will not write into \(path): \(reason), so it is not an earlier '\(importer)' import; choose an empty or new folder"
        case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
        case .refused(let path, let reason): return "\(path): \(reason)"
        case .several(let errors): return errors.map(\.message).joined(separator: "; ")
        }
    }

    /// The byte offset of the problem, for errors that have one.
    public var offset: Int? {
        switch self {
        case .invalidJSON(_, let offset), .invalidData(_, let offset): return offset
        case .several(let errors): return errors.first?.offset
        case .unreadable, .notADataFolder, .invalidSource, .folderNotImport, .unwritable, .refused: return nil
        }
    }

    public var description: String { message }

    /// The problems this error stands for: itself, or each of `several`.
    public var all: [DictionaryModelError] {
        if case .several(let errors) = self { return errors.flatMap(\.all) }
        return [self]
    }
}
