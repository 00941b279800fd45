import TerminalText
#if canImport(Glibc)
import Glibc
#endif

/// Asks the terminal where its cursor went after printing each of a corpus of hard text,
/// and compares that with the cells the layout gives it: the proof that where the layout
/// thinks a character is, is where the terminal draws it (and where a click lands).
///
/// Each sample is written exactly as the screen writes it — the layout's display cells,
/// placeholders and split ZWJ sequences included — after a carriage return, followed by a
/// cursor position report request (`ESC [ 6 n`); the terminal answers `ESC [ row ; col R`.
public enum WidthProbe {
    /// One sample and what came of it.
    public struct Result: Sendable {
        public var name: String
        public var text: String
        /// Cells the layout gives the sample.
        public var expected: Int
        /// Cells the terminal moved its cursor by, or nil when it did not answer.
        public var measured: Int?
        public var agrees: Bool { measured == expected }
    }

    /// Hard text: every kind of cluster whose width terminals and libraries get wrong.
    public static let corpus: [(name: String, text: String)] = [
        ("ASCII", "abc"),
        ("CJK ideographs", "漢字"),
        ("kana and CJK punctuation", "ひらがな、カタカナ。「」"),
        ("fullwidth forms", "ＡＢＣ１２３"),
        ("halfwidth katakana", "ｶﾀｶﾅ"),
        ("Hangul syllables", "한국어"),
        ("Hangul jamo", "\u{1100}\u{1161}\u{11A8}"),
        ("combining acute", "e\u{301}"),
        ("stacked marks", "a\u{301}\u{302}\u{303}\u{304}"),
        ("Devanagari conjunct", "क्षि"),
        ("Devanagari word", "नमस्ते"),
        ("Thai", "ภาษาไทย"),
        ("Arabic", "العربية"),
        ("Hebrew with points", "שָׁלוֹם"),
        ("emoji", "😀"),
        ("emoji with VS16", "❤️"),
        ("text symbol", "☺"),
        ("keycap", "1️⃣"),
        ("skin tone", "👍🏽"),
        ("ZWJ family", "👨‍👩‍👧"),
        ("ZWJ service dog", "🐕‍🦺"),
        ("flag", "🇯🇵"),
        ("subdivision flag", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"),
        ("escape", "\u{1b}[31m"),
        ("C1 control", "\u{9b}"),
        ("bidi override", "\u{202e}abc"),
        ("zero-width space", "a\u{200b}b"),
        ("soft hyphen", "a\u{ad}b"),
        ("mixed line", "Mix 中文 e\u{301} 👍🏽 🇨🇳 ok"),
    ]

    /// The text written for a sample and the cells the layout expects it to take.
    static func rendering(of text: String) -> (bytes: String, width: Int) {
        var bytes = ""
        var width = 0
        for character in text {
            for cell in DisplayCell.cells(for: character) {
                bytes += cell.text
                width += cell.width
            }
        }
        return (bytes, width)
    }

    public enum Failure: Error, CustomStringConvertible {
        case notATerminal
        /// The terminal did not answer the first cursor position report (`ESC [ 6 n`) in time.
        case noCursorReport(seconds: Double)
        public var description: String {
            switch self {
            case .notATerminal:
                return "the probe needs a terminal on standard input and output; run 'wordlink doctor' in the terminal you browse in"
            case .noCursorReport(let seconds):
                return "the terminal did not answer the cursor position report (ESC [ 6 n) within \(seconds == 1 ? "a second" : "\(seconds) s"), so its cell widths cannot be measured; run 'wordlink doctor' in a terminal emulator directly (not through a pipe or a terminal that ignores the request)"
            }
        }
    }

    /// How long the first cursor position report may take: a terminal that answers at all
    /// answers within milliseconds, even over ssh.
    static let firstAnswerTimeout: Int32 = 1000

    /// Probes the terminal on standard input and output with every sample of `samples`.
    public static func run(_ samples: [(name: String, text: String)] = corpus) throws(Failure) -> [Result] {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        guard let saved = TerminalSettings(of: STDIN_FILENO) else { throw .notATerminal }
        saved.changed { $0.c_lflag &= ~tcflag_t(ICANON | ECHO) }.apply(to: STDIN_FILENO)
        defer {
            // A late answer is discarded with the rest of the input, not left to the shell.
            saved.apply(to: STDIN_FILENO, when: TCSAFLUSH)
            send("\r\u{1b}[K")
        }
        // Whether the terminal answers at all, before any sample: one timeout, not one a sample.
        send("\r\u{1b}[6n")
        guard readCursorColumn(timeoutMilliseconds: firstAnswerTimeout) != nil else {
            throw .noCursorReport(seconds: Double(firstAnswerTimeout) / 1000)
        }
        var results: [Result] = []
        for sample in samples {
            let (bytes, width) = rendering(of: sample.text)
            send("\r\u{1b}[K" + bytes + "\u{1b}[6n")
            let column = readCursorColumn(timeoutMilliseconds: firstAnswerTimeout)
            results.append(Result(name: sample.name, text: sample.text, expected: width, measured: column.map { $0 - 1 }))
        }
        return results
    }

    private static func send(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads `ESC [ row ; col R` (the whole answer within `timeoutMilliseconds`) and returns col.
    private static func readCursorColumn(timeoutMilliseconds: Int32) -> Int? {
        var reply: [UInt8] = []
        let deadline = monotonicMilliseconds() + Int(timeoutMilliseconds)
        while true {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let left = deadline - monotonicMilliseconds()
            guard left > 0, poll(&descriptor, 1, Int32(left)) > 0 else { return nil }
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
            reply.append(byte)
            if byte == UInt8(ascii: "R") { break }
            if reply.count > 32 { return nil }
        }
        guard let escape = reply.lastIndex(of: 0x1B) else { return nil }
        let body = String(decoding: reply[(escape + 1)...], as: UTF8.self) // "[row;colR"
        guard body.hasPrefix("["), let semicolon = body.firstIndex(of: ";") else { return nil }
        return Int(body[body.index(after: semicolon)..<body.index(before: body.endIndex)])
    }

    private static func monotonicMilliseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
    }
}
