#if canImport(Glibc)
import Glibc
#endif
import TerminalText

/// The little the command-line front end needs from the terminal: its width, and writing.
///
/// Every byte the executable writes goes through `write`: text is made harmless first
/// (`SafeText`: control and escape sequences, bidi and tag characters from the data become
/// visible placeholders), and only the program's own sequences (`StyledOutput.Control`) are
/// written as themselves. Output is encoded for the locale (`OutputEncoding`).
enum Terminal {
    /// The width of the terminal on standard output, or nil when it is not a terminal.
    static func width() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes `text`, made harmless, to `fd`. Newlines are kept; nothing else acts on a terminal.
    static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
        writeBytes(OutputEncoding.current.encode(SafeText.sanitized(text)), to: fd)
    }

    /// Writes a JSON document: characters that could act on a terminal inside its strings
    /// become JSON escapes, so a parser reads the same value.
    static func write(json: String, to fd: Int32 = STDOUT_FILENO) {
        writeBytes(OutputEncoding.current.encode(SafeText.sanitized(json, style: .jsonEscapes)), to: fd)
    }

    /// Writes text interleaved with the program's own control sequences.
    static func write(_ output: StyledOutput, to fd: Int32 = STDOUT_FILENO) {
        var bytes: [UInt8] = []
        for piece in output.pieces {
            switch piece {
            case .text(let text): bytes += OutputEncoding.current.encode(SafeText.sanitized(text))
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
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
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

/// How text is encoded for the user's locale.
///
/// UTF-8 locales, and the plain C/POSIX locale (which a UTF-8 terminal without `LANG`
/// has; treated as UTF-8, as Python does since PEP 538), get UTF-8. Under another locale a
/// UTF-8 byte can be a control for the terminal (`ě` is C4 9B, and 9B is CSI to an 8-bit
/// terminal), so text is written in that locale's encoding where this knows it (Latin-1),
/// else as ASCII, and every character it cannot encode becomes a `<U+XXXX>` placeholder.
enum OutputEncoding: Equatable {
    case utf8, latin1, ascii

    static let current: OutputEncoding = fromEnvironment()

    static func fromEnvironment() -> OutputEncoding {
        let variables = ["LC_ALL", "LC_CTYPE", "LANG"]
        let name = variables.lazy.compactMap { (variable: String) -> String? in
            getenv(variable).map { String(cString: $0) }
        }.first { !$0.isEmpty }
        guard let name else { return .utf8 }
        return forLocale(name) ?? codesetOfLocale()
    }

    /// The encoding a locale's name says, or nil when the name does not say one.
    static func forLocale(_ name: String) -> OutputEncoding? {
        if name == "C" || name == "POSIX" { return .utf8 }
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let codeset = name[name.index(after: dot)...].prefix { $0 != "@" }.lowercased().filter { $0 != "-" && $0 != "_" }
        switch codeset {
        case "utf8": return .utf8
        case "iso88591", "latin1": return .latin1
        default: return .ascii
        }
    }

    /// The locale's codeset as the C library reports it, for a name without one (`de_DE`).
    private static func codesetOfLocale() -> OutputEncoding {
        guard setlocale(LC_CTYPE, "") != nil, let codeset = nl_langinfo(nl_item(CODESET)) else { return .utf8 }
        return forLocale("x." + String(cString: codeset)) ?? .ascii
    }

    /// `text` (already made harmless) in this encoding.
    func encode(_ text: String) -> [UInt8] {
        switch self {
        case .utf8:
            return Array(text.utf8)
        case .latin1, .ascii:
            let limit: UInt32 = self == .latin1 ? 0xFF : 0x7F
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for scalar in text.unicodeScalars {
                if scalar.value <= limit { bytes.append(UInt8(scalar.value)) }
                else { bytes += Array(SafeText.hexPlaceholder(scalar.value).utf8) }
            }
            return bytes
        }
    }
}
