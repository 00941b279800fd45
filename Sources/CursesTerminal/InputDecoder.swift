import BrowserCore
import CNcursesw
import TerminalText
#if canImport(Glibc)
import Glibc
#endif

/// Turns what ncurses reads (wide characters, key codes, mouse reports) into browser events.
final class InputDecoder {
    private var isButtonDown = false
    private var altLeftCode: Int32 = -1
    private var altRightCode: Int32 = -1

    init() {
        // Alt-arrows are extended keys whose codes ncurses assigns at start-up.
        altLeftCode = Self.extendedKeyCode("kLFT3")
        altRightCode = Self.extendedKeyCode("kRIT3")
    }

    private static func extendedKeyCode(_ name: String) -> Int32 {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1, Int(bitPattern: value) != 0 else { return -1 }
        let code = key_defined(value)
        return code > 0 ? code : -1
    }

    /// Blocks for the next event (or until `timeoutMilliseconds`, -1 for ever).
    func nextEvent(timeoutMilliseconds: Int32 = -1) -> BrowserEvent? {
        let window = CNcursesw_stdscr()
        wtimeout(window, timeoutMilliseconds)
        var character: wint_t = 0
        let status = wget_wch(window, &character)
        if status == ERR { return nil }
        if status == KEY_CODE_YES { return decodeKeyCode(Int32(character)) }
        return decodeCharacter(UInt32(character))
    }

    private func decodeCharacter(_ value: UInt32) -> BrowserEvent? {
        switch value {
        case 9: return .keyPressed(.tab)
        case 10, 13: return .keyPressed(.enter)
        case 8, 127: return .keyPressed(.backspace)
        case 27: return decodeEscape()
        case 1...26: return .keyPressed(.control(Character(Unicode.Scalar(value + 96)!)))
        case 0, 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .keyPressed(.character(Character(scalar)))
        }
    }

    /// ESC alone is Escape; ESC with a sequence ncurses did not know is swallowed whole.
    private func decodeEscape() -> BrowserEvent? {
        let window = CNcursesw_stdscr()
        wtimeout(window, 0)
        var next: wint_t = 0
        let status = wget_wch(window, &next)
        if status == ERR { return .keyPressed(.escape) }
        if status == KEY_CODE_YES {
            // Alt with a special key: Alt-Left / Alt-Right on terminals that send ESC + arrow.
            if Int32(next) == KEY_LEFT { return .keyPressed(.altLeft) }
            if Int32(next) == KEY_RIGHT { return .keyPressed(.altRight) }
            return nil
        }
        if next == 0x5B || next == 0x4F { // CSI or SS3: read up to the final byte
            var parameters = ""
            for _ in 0..<32 {
                var byte: wint_t = 0
                guard wget_wch(window, &byte) != ERR else { break }
                if byte >= 0x40 && byte <= 0x7E {
                    if byte == 0x44 && parameters.hasSuffix(";3") { return .keyPressed(.altLeft) }
                    if byte == 0x43 && parameters.hasSuffix(";3") { return .keyPressed(.altRight) }
                    break
                }
                parameters.unicodeScalars.append(Unicode.Scalar(UInt32(byte)) ?? "?")
            }
            return nil
        }
        if next == 27 { return .keyPressed(.escape) }
        // Alt with a character: nothing is bound to it, so it is Escape typed quickly before
        // that character (as a person closing a prompt and going on does).
        if let event = decodeCharacter(UInt32(next)) { pending.append(event) }
        return .keyPressed(.escape)
    }

    private func decodeKeyCode(_ code: Int32) -> BrowserEvent? {
        switch code {
        case KEY_UP: return .keyPressed(.up)
        case KEY_DOWN: return .keyPressed(.down)
        case KEY_LEFT: return .keyPressed(.left)
        case KEY_RIGHT: return .keyPressed(.right)
        case KEY_PPAGE: return .keyPressed(.pageUp)
        case KEY_NPAGE: return .keyPressed(.pageDown)
        case KEY_HOME: return .keyPressed(.home)
        case KEY_END: return .keyPressed(.end)
        case KEY_BTAB: return .keyPressed(.backTab)
        case KEY_BACKSPACE: return .keyPressed(.backspace)
        case KEY_DC: return .keyPressed(.delete)
        case KEY_ENTER: return .keyPressed(.enter)
        case KEY_RESIZE: return .windowResized(CellSize(columns: Int(CNcursesw_COLS()), rows: Int(CNcursesw_LINES())))
        case KEY_MOUSE: return decodeMouse()
        case altLeftCode where altLeftCode > 0: return .keyPressed(.altLeft)
        case altRightCode where altRightCode > 0: return .keyPressed(.altRight)
        default: return nil
        }
    }

    /// Mouse reports: a press, a release (or ncurses' CLICKED when it merged them), motion
    /// with or without the button held, the wheel.
    private func decodeMouse() -> BrowserEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let point = CellPoint(column: Int(event.x), row: Int(event.y))
        let state = event.bstate
        let now = Self.monotonicSeconds()
        func make(_ kind: MouseEvent.Kind) -> BrowserEvent { .mouse(MouseEvent(kind, at: point, time: now)) }
        if state & CNcursesw_BUTTON4_PRESSED() != 0 { return make(.wheelUp) }
        if state & CNcursesw_BUTTON5_PRESSED() != 0 { return make(.wheelDown) }
        if state & CNcursesw_BUTTON1_RELEASED() != 0 {
            isButtonDown = false
            return make(.released)
        }
        if state & CNcursesw_BUTTON1_PRESSED() != 0 {
            if isButtonDown { return make(.dragged) }
            isButtonDown = true
            return make(.pressed)
        }
        if state & (CNcursesw_BUTTON1_CLICKED() | CNcursesw_BUTTON1_DOUBLE_CLICKED()) != 0 {
            pending.append(make(.released))
            return make(.pressed)
        }
        if state & CNcursesw_REPORT_MOUSE_POSITION() != 0 {
            return make(isButtonDown ? .dragged : .moved)
        }
        return nil
    }

    /// Events decoded from one report that stand for two (CLICKED: press, then release).
    var pending: [BrowserEvent] = []

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
