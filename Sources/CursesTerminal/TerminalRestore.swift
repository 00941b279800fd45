#if canImport(Glibc)
import Glibc
#endif

/// Puts the terminal back as it was, from anywhere: a normal exit, a signal, a crash.
///
/// The settings are saved before curses starts. The signal handlers only call functions that
/// are async-signal-safe (`write`, `tcsetattr`, `signal`, `raise`), then let the signal do
/// what it would have done, so a crash report prints on a sane terminal.
enum TerminalRestore {
    /// Saved `termios` of the terminal, set once before any handler is installed.
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var hasSaved = false
    nonisolated(unsafe) static var descriptor: Int32 = 0
    nonisolated(unsafe) static var isActive = false

    /// Mouse reporting off, keypad mode off, cursor shown, attributes reset, alternate
    /// screen left: what a terminal needs after a crash in the middle of a frame.
    static let resetSequence: [UInt8] = Array("\u{1b}[?1003l\u{1b}[?1002l\u{1b}[?1000l\u{1b}[?1006l\u{1b}[?1l\u{1b}>\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l\r\n".utf8)
    nonisolated(unsafe) static var resetBytes: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: resetSequence.count)
        pointer.initialize(from: resetSequence, count: resetSequence.count)
        return pointer
    }()

    /// Saves the settings of `fd` and installs the handlers.
    static func save(fileDescriptor fd: Int32) {
        descriptor = fd
        hasSaved = tcgetattr(fd, &saved) == 0
        _ = resetBytes // made now, never inside a handler
        for sig in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            signal(sig, restoreAndReraise)
        }
        isActive = true
    }

    /// Restores the settings now (normal exit), and stops handling signals.
    static func restore() {
        guard isActive else { return }
        isActive = false
        if hasSaved { tcsetattr(descriptor, TCSAFLUSH, &saved) }
        for sig in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            signal(sig, SIG_DFL)
        }
    }

    /// For the signal handlers: reset sequences, saved settings, then the signal again.
    static let restoreAndReraise: @convention(c) (Int32) -> Void = { sig in
        if TerminalRestore.isActive {
            TerminalRestore.isActive = false
            _ = write(TerminalRestore.descriptor, TerminalRestore.resetBytes, TerminalRestore.resetSequence.count)
            if TerminalRestore.hasSaved { tcsetattr(TerminalRestore.descriptor, TCSANOW, &TerminalRestore.saved) }
        }
        signal(sig, SIG_DFL)
        raise(sig)
    }
}
