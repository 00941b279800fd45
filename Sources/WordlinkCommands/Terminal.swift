#if canImport(Glibc)
import Glibc
#endif
import TerminalText
import DictionaryModel

/// The little the command-line front end needs from the terminal: its width, and writing.
///
/// Every byte the executable writes goes through `write`: text is made harmless first
/// (`SafeText`: control and escape sequences, bidi and tag characters from the data become
/// visible placeholders), and only the program's own sequences (`StyledOutput.Control`) are
/// written as themselves. Output is encoded for the locale (`TerminalEncoding`).
enum Terminal {
    /// The width of the terminal on standard output, or nil when it is not a terminal.
    static func width() -> Int? { width(of: STDOUT_FILENO) }

    /// The width of the terminal on `fd`, or nil when it is not a terminal.
    static func width(of fd: Int32) -> Int? {
        guard isatty(fd) == 1 else { return nil }
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes `text`, made harmless, to `fd`. Newlines are kept; nothing else acts on a terminal.
    static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
        writeBytes(TerminalEncoding.current.encode(SafeText.sanitized(text)), to: fd)
    }

    /// Writes a JSON document: characters that could act on a terminal inside its strings
    /// become JSON escapes, so a parser reads the same value.
    static func write(json: String, to fd: Int32 = STDOUT_FILENO) {
        writeBytes(TerminalEncoding.current.encode(SafeText.sanitized(json, style: .jsonEscapes)), to: fd)
    }

    /// Writes a document whose maker has made its text from the data harmless already, and
    /// whose only control characters are its own separators (tabs, line breaks, CR LF): study
    /// cards (`StudyCards` passes every text through `SafeText` before it escapes it for the
    /// format). UTF-8 as it is, the encoding Anki and CSV readers take, unless standard output
    /// is a terminal of another encoding.
    static func write(document text: String, to fd: Int32 = STDOUT_FILENO) {
        if isatty(fd) == 1, TerminalEncoding.current != .utf8 {
            writeBytes(TerminalEncoding.current.encode(text), to: fd)
        } else {
            writeBytes(Array(text.utf8), to: fd)
        }
    }

    /// Writes text interleaved with the program's own control sequences.
    static func write(_ output: StyledOutput, to fd: Int32 = STDOUT_FILENO) {
        var bytes: [UInt8] = []
        for piece in output.pieces {
            switch piece {
            case .text(let text): bytes += TerminalEncoding.current.encode(SafeText.sanitized(text))
            case .control(let control): bytes += Array(control.sequence.utf8)
            }
        }
        writeBytes(bytes, to: fd)
    }

    /// Writes `message` to standard error as `wordlink: message`.
    static func error(_ message: String) {
        write("wordlink: " + message + "\n", to: STDERR_FILENO)
    }

    private static func writeBytes(_ bytes: [UInt8], to fd: Int32) {
        _ = bytes.withUnsafeBytes { writeAll(fd, $0) }
    }
}

/// Text and the program's own control sequences, in the order they are written.
struct StyledOutput {
    /// The only sequences written as themselves: a closed set, none of them from data.
    enum Control: Equatable {
        /// SGR with these parameters after a reset (`ESC [ 0 ; … m`).
        case style([Int])
        /// Back to the start of the line and erase it (a progress line redrawn in place).
        case eraseLine

        var sequence: String {
            switch self {
            case .style(let parameters): return "\u{1B}[0" + parameters.map { ";\($0)" }.joined() + "m"
            case .eraseLine: return "\r\u{1B}[K"
            }
        }
    }

    enum Piece: Equatable {
        case text(String)
        case control(Control)
    }

    private(set) var pieces: [Piece] = []

    mutating func append(_ text: String) {
        if case .text(let last)? = pieces.last {
            pieces[pieces.count - 1] = .text(last + text)
        } else {
            pieces.append(.text(text))
        }
    }

    mutating func append(_ control: Control) { pieces.append(.control(control)) }

    mutating func append(_ other: StyledOutput) {
        for piece in other.pieces {
            switch piece {
            case .text(let text): append(text)
            case .control(let control): append(control)
            }
        }
    }
}

extension TerminalEncoding {
    /// The locale's encoding, read once.
    static let current = TerminalEncoding.fromEnvironment()
}
