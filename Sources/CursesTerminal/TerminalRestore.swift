#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// Puts the terminal back as it was, from anywhere: a normal exit, a signal, a crash.
///
/// The settings are saved before curses starts. The signal handlers only call functions that
/// are async-signal-safe (`write`, `tcsetattr`, `signal`, `raise`), then let the signal do
/// what it would have done, so a crash report prints on a sane terminal.
enum TerminalRestore {
    /// The terminal's settings, saved once before any handler is installed, in storage of
    /// the C size (`TerminalSettings`); made before any signal can arrive, never inside a handler.
    nonisolated(unsafe) static let settings = TerminalSettings.blank()
    /// What the handlers and `tcgetattr`/`tcsetattr` are given.
    nonisolated(unsafe) static let saved: UnsafeMutablePointer<termios> = settings.pointer
    nonisolated(unsafe) static var hasSaved = false
    nonisolated(unsafe) static var descriptor: Int32 = 0
    nonisolated(unsafe) static var isActive = false

    /// Bracketed paste off, mouse reporting off, keypad mode off, cursor shown, attributes
    /// reset, alternate screen left: what a terminal needs after a crash in the middle of a frame.
    static let resetSequence: [UInt8] = Array("\u{1b}[?2004l\u{1b}[?1003l\u{1b}[?1002l\u{1b}[?1000l\u{1b}[?1006l\u{1b}[?1l\u{1b}>\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l\r\n".utf8)
    nonisolated(unsafe) static var resetBytes: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: resetSequence.count)
        pointer.initialize(from: resetSequence, count: resetSequence.count)
        return pointer
    }()

    /// Every signal whose default action ends the process (signal(7) on Linux): the requests
    /// to stop, the crashes, the timers and limits, the user's and the real-time signals. A
    /// signal that was ignored when the program started stays ignored (`nohup`, a shell that
    /// ignores SIGPIPE): it would not end the process, so it is left alone.
    static let handledSignals: [Int32] = {
        var signals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
                       SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
                       SIGSTKFLT, SIGIO, SIGPWR]
        // The real-time signals the C library leaves to programs (it keeps the first few).
        let first = __libc_current_sigrtmin(), last = __libc_current_sigrtmax()
        if first > 0, last >= first, last < 65 { signals += Array(first...last) }
        return signals
    }()

    /// The signals whose handler is ours (not those that were ignored).
    nonisolated(unsafe) static var installed: [Int32] = []

    /// The handlers that were installed before ours (the Swift runtime's crash reporter, for
    /// one), indexed by signal number: ours restores the terminal, then hands over to them.
    nonisolated(unsafe) static var previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        pointer.initialize(repeating: sigaction(), count: 65)
        return pointer
    }()

    /// Saves the settings of `fd` and installs the handlers.
    static func save(fileDescriptor fd: Int32) {
        descriptor = fd
        hasSaved = tcgetattr(fd, saved) == 0
        _ = resetBytes // made now, never inside a handler
        _ = previousActions
        installed = []
        for sig in handledSignals {
            var current = sigaction()
            guard sigaction(sig, nil, &current) == 0 else { continue }
            if current.sa_flags & SA_SIGINFO == 0, let handler = current.__sigaction_handler.sa_handler,
               unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = restoreAndReraise
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO
            sigaction(sig, &action, previousActions + Int(sig))
            installed.append(sig)
        }
        isActive = true
    }

    /// Restores the settings now (normal exit), and stops handling signals.
    static func restore() {
        guard isActive else { return }
        isActive = false
        if hasSaved { tcsetattr(descriptor, TCSAFLUSH, saved) }
        for sig in installed { sigaction(sig, previousActions + Int(sig), nil) }
    }

    /// For the signal handlers: reset sequences and saved settings; then the handler that was
    /// there before runs (the Swift runtime's crash report prints on a sane terminal), and
    /// last the signal's default action ends the process as the signal would have.
    static let restoreAndReraise: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { sig, info, context in
        if TerminalRestore.isActive {
            TerminalRestore.isActive = false
            _ = write(TerminalRestore.descriptor, TerminalRestore.resetBytes, TerminalRestore.resetSequence.count)
            if TerminalRestore.hasSaved { tcsetattr(TerminalRestore.descriptor, TCSANOW, TerminalRestore.saved) }
        }
        let previous = TerminalRestore.previousActions[Int(sig)]
        if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction {
            handler(sig, info, context)
        } else if let handler = previous.__sigaction_handler.sa_handler,
                  unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_DFL, to: Int.self),
                  unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
            handler(sig)
        }
        signal(sig, SIG_DFL)
        raise(sig)
    }
}
