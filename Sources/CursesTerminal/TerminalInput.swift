import BrowserCore
import CNcursesw
import TerminalText
#if canImport(Glibc)
import Glibc
#endif

/// Reads the terminal through ncurses one unit at a time (`wgetch`: a byte, or a key code
/// for a sequence the terminal description names) and hands it to the `InputDecoder`.
/// Bytes, not wide characters: `wget_wch` stalls for ever on a byte that is not UTF-8.
final class TerminalInput {
    let decoder: InputDecoder
    private var queue: [BrowserEvent] = []

    init() {
        // Keys with modifiers are extended keys whose codes ncurses assigns at start-up.
        var keys: [Int32: Key] = [:]
        for (name, key) in InputDecoder.modifiableKeyNames {
            for digit in 2...7 {
                let code = Self.extendedKeyCode(name + String(digit))
                if code > 0 { keys[code] = .with(KeyModifiers(xtermParameter: digit), key) }
            }
        }
        decoder = InputDecoder(extendedKeys: keys)
    }

    private static func extendedKeyCode(_ name: String) -> Int32 {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1, Int(bitPattern: value) != 0 else { return -1 }
        let code = key_defined(value)
        return code > 0 ? code : -1
    }

    /// Events decoded but not yet handed out.
    var hasQueuedEvents: Bool { !queue.isEmpty }

    /// Blocks for the next event; nil when reading failed (a signal interrupted it).
    func nextEvent() -> BrowserEvent? {
        while queue.isEmpty {
            let isIncomplete = decoder.isIncomplete
            guard let code = read(timeoutMilliseconds: isIncomplete ? decoder.waitMilliseconds : -1) else {
                if isIncomplete { queue += decoder.flush(); continue }
                return nil
            }
            queue += decoder.feed(code)
        }
        return queue.removeFirst()
    }

    /// One unit of input, or nil when none came in time.
    private func read(timeoutMilliseconds: Int32) -> InputCode? {
        let window = CNcursesw_stdscr()
        wtimeout(window, timeoutMilliseconds)
        let code = wgetch(window)
        if code == ERR { return nil }
        if code < 0x100 { return .byte(UInt8(truncatingIfNeeded: code)) }
        switch code {
        case KEY_RESIZE: return .resize(CellSize(columns: Int(CNcursesw_COLS()), rows: Int(CNcursesw_LINES())))
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return .key(code) }
            return .mouse(CellPoint(column: Int(event.x), row: Int(event.y)), state: event.bstate,
                          time: InputDecoder.monotonicSeconds())
        default: return .key(code)
        }
    }
}
