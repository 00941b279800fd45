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


    /// Waits for input or for `wakeDescriptor` and returns the events decoded so far: empty
    /// when only the descriptor woke it, or a signal (a resize) interrupted the wait.
    func waitForEvents(wakeDescriptor: Int32) -> [BrowserEvent] {
        while queue.isEmpty {
            if decoder.isIncomplete {
                // The rest of a sequence comes in the same write, or a paste streams in.
                guard let code = read(timeoutMilliseconds: decoder.waitMilliseconds) else { queue += decoder.flush(); continue }
                queue += decoder.feed(code)
                continue
            }
            // ncurses may already hold bytes it read: ask it first, then wait on both.
            if let code = read(timeoutMilliseconds: 0) { queue += decoder.feed(code); continue }
            var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, wakeDescriptor >= 0 ? 2 : 1, -1)
            if ready < 0 || descriptors[1].revents != 0 || descriptors[0].revents & Int16(POLLIN) == 0 {
                // Interrupted (SIGWINCH: ncurses has a KEY_RESIZE ready), or woken.
                if let code = read(timeoutMilliseconds: 0) { queue += decoder.feed(code) }
                break
            }
        }
        defer { queue.removeAll() }
        return queue
    }

    /// Set once a Ctrl-C typed during a long task of the loop's thread stopped it
    /// (`takeWaitingInput`): from then on every such task stops at once, and the loop ends.
    private(set) var wasInterrupted = false

    /// Takes what was typed while the event loop's thread was busy (an index update inside a
    /// lookup) into the queue, where the loop would find it next; true once a Ctrl-C was
    /// among it.
    func takeWaitingInput() -> Bool {
        while let code = read(timeoutMilliseconds: 0) { queue += decoder.feed(code) }
        if queue.contains(.keyPressed(.control("c"))) { wasInterrupted = true }
        return wasInterrupted
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
