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

    /// How long start-up waits for an answer at most, in milliseconds. Almost no terminal
    /// takes this long: the query is followed by a request for the terminal's device
    /// attributes (DA1, `ESC [ c`), which every terminal answers, after the colour if it knows
    /// it (answers come in order); so a terminal that ignores OSC 11 costs a round trip, not
    /// this. Only a "terminal" that answers nothing at all waits it out.
    public static let timeout: Int32 = 150

    /// The query, ended by BEL (which more terminals take than ST), then DA1 as the sentinel.
    static let query = "\u{1b}]11;?\u{07}\u{1b}[c"

    /// Whether `reply` holds the answer to DA1 (`ESC [ ? … c`): everything the terminal
    /// will say to the query has come.
    public static func hasDeviceAttributes(_ reply: [UInt8]) -> Bool {
        var i = 0
        while i + 2 < reply.count {
            if reply[i] == 0x1B, reply[i + 1] == 0x5B, reply[i + 2] == 0x3F {
                var j = i + 3
                while j < reply.count, (0x30...0x3B).contains(reply[j]) { j += 1 }
                if j < reply.count, reply[j] == 0x63 { return true }
            }
            i += 1
        }
        return false
    }

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
        // The spec runs to BEL or ST (`ESC \`); what follows (the DA1 answer) is not part of it.
        let rest = reply[(start + prefix.count)...]
        guard let end = rest.indices.first(where: { rest[$0] == 0x07 || (rest[$0] == 0x1B && $0 + 1 < reply.count && reply[$0 + 1] == 0x5C) }) else {
            return nil
        }
        return color(spec: String(decoding: rest[..<end], as: UTF8.self))
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
            if hasDeviceAttributes(reply) { return color(inReply: reply) }
        }
        return color(inReply: reply)
    }

    private static func monotonicMilliseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
    }
}
