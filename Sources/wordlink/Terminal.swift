#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The little the command-line front end needs from the terminal: its width, and writing.
enum Terminal {
    /// The width of the terminal on standard output, or nil when it is not a terminal.
    static func width() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
        var text = text
        text.withUTF8 { buffer in
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

    /// Writes `message` to standard error as `wordlink: message`.
    static func error(_ message: String) {
        write("wordlink: " + message + "\n", to: STDERR_FILENO)
    }
}
