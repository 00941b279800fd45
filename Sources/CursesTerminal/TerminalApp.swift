import BrowserCore
import DictionaryModel
import CNcursesw
import TerminalText
#if canImport(Glibc)
import Glibc
#endif

/// Runs a browser on the terminal: curses set up and torn down, events in, grids out.
public enum TerminalApp {
    public enum Failure: Error, CustomStringConvertible {
        case notATerminal
        case cannotStartCurses(term: String)
        /// The terminal cannot move its cursor (TERM=dumb, as Emacs' shell buffer sets, or a
        /// description without `cup`): a full-screen browser cannot be drawn on it.
        case incapableTerminal(term: String)
        /// The locale is not UTF-8 (`de_DE.ISO-8859-1`): the screen's characters could reach
        /// the terminal as bytes it reads as controls.
        case notUTF8Locale(encoding: String)

        public var description: String {
            switch self {
            case .notATerminal:
                return "the browser needs a terminal: standard input and output must be a tty (use `wordlink define WORD` in scripts)"
            case .cannotStartCurses(let term):
                return "cannot start the screen for TERM=\(term); set TERM to your terminal's type (for example xterm-256color)"
            case .notUTF8Locale(let encoding):
                return "the browser needs a UTF-8 locale and this one is \(encoding); start it with LC_ALL=C.UTF-8 in a UTF-8 terminal, or use `wordlink define WORD`, which writes in any locale"
            case .incapableTerminal(let term):
                return "the browser needs a terminal that can move its cursor and TERM=\(term) cannot; run it in a terminal emulator, or use `wordlink define WORD`, which works anywhere"
            }
        }
    }

    /// Options of the screen.
    public struct Options: Sendable {
        public var theme: Theme.Name = .dark
        /// Whether to ask the terminal for its background (OSC 11, `BackgroundProbe`) and
        /// take the light theme for a light one instead of `theme`.
        public var detectsBackground = false
        public var environment: [String: String] = [:]
        /// Where work in the background posts its events for the browser.
        public var mailbox: EventMailbox
        public init(theme: Theme.Name = .dark, detectsBackground: Bool = false, environment: [String: String] = [:],
                    mailbox: EventMailbox = EventMailbox()) {
            self.theme = theme
            self.detectsBackground = detectsBackground
            self.environment = environment
            self.mailbox = mailbox
        }
    }

    /// The terminal's size now (before curses starts), if standard output is a terminal.
    public static func terminalSize() -> CellSize? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return CellSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// Starts curses, runs `makeBrowser`'s browser until it quits, and restores the terminal
    /// whatever happens. The browser is made once the screen's size is known.
    public static func run(options: Options, makeBrowser: (CellSize) -> Browser) throws(Failure) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        try checkCapabilities(term: options.environment["TERM"] ?? "")
        let encoding = TerminalEncoding.fromEnvironment()
        guard encoding == .utf8 else { throw .notUTF8Locale(encoding: encoding.name) }
        TerminalRestore.save(fileDescriptor: STDIN_FILENO)
        defer { TerminalRestore.restore() }
        var preferred = options.theme
        // Asked before curses starts, with the terminal's settings saved; not for NO_COLOR,
        // where the theme is monochrome whatever the background.
        if options.detectsBackground, (options.environment["NO_COLOR"] ?? "").isEmpty {
            preferred = BackgroundProbe.theme(for: BackgroundProbe.ask())
        }
        ensureUTF8Locale()
        set_escdelay(25)
        guard initscr() != nil else {
            throw .cannotStartCurses(term: options.environment["TERM"] ?? "")
        }
        defer { endwin() }
        raw()
        noecho()
        nonl()
        keypad(CNcursesw_stdscr(), true)
        curs_set(0)
        mouseinterval(0)
        _ = mousemask(CNcursesw_ALL_MOUSE_EVENTS() | CNcursesw_REPORT_MOUSE_POSITION(), nil)
        enableMotionReporting(true)
        defer { enableMotionReporting(false) }

        let theme = Theme.choose(preferred: preferred, environment: options.environment,
                                 terminalHasColors: has_colors())
        let screen = CursesScreen(theme: theme)
        let input = TerminalInput()
        let device = CursesDevice(screen: screen, input: input)
        let browser = makeBrowser(CellSize(columns: Int(CNcursesw_COLS()), rows: Int(CNcursesw_LINES())))
        progressScreen = (screen, input, pthread_self())
        defer { progressScreen = nil }
        EventLoop.run(browser, on: device, mailbox: options.mailbox)
        wasInterrupted = input.wasInterrupted
    }

    /// Whether the last `run` ended because Ctrl-C stopped a long task (the caller says so once
    /// the terminal is restored).
    nonisolated(unsafe) public private(set) static var wasInterrupted = false

    /// While `run` is up: its screen and input, and the thread its event loop runs on.
    nonisolated(unsafe) private static var progressScreen: (screen: CursesScreen, input: TerminalInput, thread: pthread_t)?
    nonisolated(unsafe) private static var lastProgress = 0.0

    /// Says on the status line how far a long task of the event loop's thread has got (`building
    /// the lookup index of WordNet: 42%`), at most ten times a second, and takes in what was
    /// typed meanwhile: the index begun again after it was found damaged, inside a lookup, would
    /// otherwise freeze the screen without a word or a way out. True once a Ctrl-C was typed:
    /// the caller stops the task (`LibraryIndex.interrupt`), and the browser ends as soon as the
    /// event in hand is handled (`wasInterrupted`): a lookup that was stopped would begin the
    /// same work again at its next question. False when called from another thread (curses is
    /// drawn from the loop's only) or outside `run`.
    public static func showProgress(_ step: ProgressStep) -> Bool {
        guard let (screen, input, thread) = progressScreen, pthread_equal(thread, pthread_self()) != 0 else { return false }
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let now = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        // A Ctrl-C taken in before stops every task of this event, not only the first.
        guard now - lastProgress >= 0.1 || step.completed >= step.total else { return input.wasInterrupted }
        lastProgress = now
        screen.drawStatusRow("\(step.phase)\(step.percentage) (Ctrl-C stops it and quits)", role: .message)
        return input.takeWaitingInput()
    }

    /// Reads the terminal's description before anything is sent to it: an unknown TERM, or
    /// one that cannot address the cursor, is refused with a sentence of ours (ncurses'
    /// `initscr` would print its own and exit, or draw an unusable screen).
    static func checkCapabilities(term: String) throws(Failure) {
        switch CNcursesw_terminal_can_address_cursor(STDOUT_FILENO) {
        case 1: return
        case 0: throw .incapableTerminal(term: term)
        default: throw .cannotStartCurses(term: term)
        }
    }

    /// Any-motion mouse reporting (xterm mode 1003), which hover needs and ncurses does
    /// not turn on by itself, and bracketed paste (mode 2004: a paste arrives between
    /// ESC [ 200 ~ and ESC [ 201 ~, so it is text, not keys). The mouse report format stays
    /// the one the terminal description promises (`kmous`), which is what ncurses decodes.
    static func enableMotionReporting(_ on: Bool) {
        let sequence = on ? "\u{1b}[?1003h\u{1b}[?2004h" : "\u{1b}[?1003l\u{1b}[?2004l"
        writeToTerminal(sequence)
    }

    static func writeToTerminal(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// The clipboard, through the terminal (OSC 52): works over ssh and in tmux.
    static func copyToClipboard(_ text: String) {
        writeToTerminal("\u{1b}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}")
    }

    static func hasPendingInput() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Ctrl-Z: leave curses, stop, and come back as before when resumed.
    static func suspend() {
        enableMotionReporting(false)
        endwin()
        TerminalRestore.restoreSettingsOnly()
        kill(getpid(), SIGSTOP)
        reset_prog_mode()
        refresh()
        enableMotionReporting(true)
    }

    /// Curses needs a UTF-8 locale to draw wide characters: the environment's when it is
    /// UTF-8, else (the plain C locale, or one not installed) C.UTF-8. A locale that names
    /// another encoding was refused before this.
    private static func ensureUTF8Locale() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset).uppercased().filter({ $0 != "-" }) == "UTF8" { return }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
    }
}

extension TerminalRestore {
    /// Puts back the saved settings without touching the handlers (for a suspend).
    static func restoreSettingsOnly() {
        if hasSaved { tcsetattr(descriptor, TCSAFLUSH, saved) }
    }
}

/// Base64 for OSC 52 (Foundation is not needed for this much).
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[Int((b1 & 15) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(b2 & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
