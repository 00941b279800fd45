import BrowserCore
#if canImport(Glibc)
import Glibc
#endif

/// The terminal's background colour, asked with OSC 11 (`ESC ] 11 ; ? BEL`, which xterm,
/// VTE, kitty, iTerm2, foot, WezTerm and tmux answer with `ESC ] 11 ; rgb:RRRR/GGGG/BBBB`
/// and BEL or ST), so that a light background gets the light theme. A terminal that does not
/// answer within `timeout` counts as dark; an answer that comes later is swallowed by
/// `InputDecoder` (an OSC string is never keys).
public enum BackgroundProbe {
    /// A colour with each channel from 0 to 1.
    public struct Color: Equatable, Sendable {
        public var red, green, blue: Double

        public init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// WCAG's relative luminance: each sRGB channel made linear, then weighted
        /// 0.2126 R + 0.7152 G + 0.0722 B; 0 for black, 1 for white.
        public var relativeLuminance: Double {
            func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }

        /// Whether the background is light: black text on it would contrast more than white
        /// text (WCAG contrast ratios), which is a luminance above about 0.18.
        public var isLight: Bool {
            let luminance = relativeLuminance
            return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05)
        }
    }

    /// How long start-up waits for the answer, in milliseconds: a terminal answers within a
    /// few, even over ssh on a near network; one that ignores the query costs no more than this.
    public static let timeout: Int32 = 50

    /// The query, ended by BEL (which more terminals take than ST).
    static let query = "\u{1b}]11;?\u{07}"

    /// The theme for a background: light for a light one, dark otherwise and with no answer.
    public static func theme(for color: Color?) -> Theme.Name {
        color?.isLight == true ? .light : .dark
    }

    /// The colour in a terminal's answer: `ESC ] 11 ; SPEC` then BEL or `ESC \`, anything
    /// before the ESC ignored; nil when it is not one.
    public static func color(inReply reply: [UInt8]) -> Color? {
        let prefix = Array("\u{1b}]11;".utf8)
        guard reply.count > prefix.count,
              let start = (0...(reply.count - prefix.count)).first(where: { reply[$0..<$0 + prefix.count].elementsEqual(prefix) }) else { return nil }
        var body = reply[(start + prefix.count)...]
        if body.last == 0x07 { body = body.dropLast() } else if body.suffix(2).elementsEqual([0x1B, 0x5C]) { body = body.dropLast(2) } else { return nil }
        return color(spec: String(decoding: body, as: UTF8.self))
    }

    /// An X11 colour spec as terminals answer it: `rgb:R/G/B`, each channel 1 to 4 hex
    /// digits scaled by its own width (`f` and `ffff` are both 1); nil for anything else.
    public static func color(spec: String) -> Color? {
        guard spec.hasPrefix("rgb:") else { return nil }
        let channels = spec.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
        guard channels.count == 3 else { return nil }
        var values: [Double] = []
        for channel in channels {
            guard (1...4).contains(channel.utf8.count), channel.allSatisfy(\.isHexDigit), let value = Int(channel, radix: 16) else { return nil }
            values.append(Double(value) / Double((1 << (4 * channel.utf8.count)) - 1))
        }
        return Color(red: values[0], green: values[1], blue: values[2])
    }

    /// Asks the terminal on standard input and output (in non-canonical mode without echo,
    /// restored after) and waits at most `timeoutMilliseconds` for the whole answer; nil
    /// when there is no terminal or no answer. Call it before curses starts.
    public static func ask(timeoutMilliseconds: Int32 = timeout) -> Color? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, let saved = TerminalSettings(of: STDIN_FILENO) else { return nil }
        saved.changed { $0.c_lflag &= ~tcflag_t(ICANON | ECHO) }.apply(to: STDIN_FILENO)
        defer { saved.apply(to: STDIN_FILENO) }
        let bytes = Array(query.utf8)
        guard bytes.withUnsafeBytes({ write(STDOUT_FILENO, $0.baseAddress!, $0.count) }) == bytes.count else { return nil }
        var reply: [UInt8] = []
        let deadline = monotonicMilliseconds() + Int(timeoutMilliseconds)
        while reply.count < 256 {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let left = deadline - monotonicMilliseconds()
            guard left > 0, poll(&descriptor, 1, Int32(left)) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 64)
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) }
            guard count > 0 else { return nil }
            reply += chunk.prefix(count)
            if reply.last == 0x07 || reply.suffix(2).elementsEqual([0x1B, 0x5C]) { return color(inReply: reply) }
        }
        return nil
    }

    private static func monotonicMilliseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
    }
}
