import BrowserCore
import CNcursesw
import TerminalText
#if canImport(Glibc)
import Glibc
#endif

/// One unit of input as the terminal reader gets it from ncurses: a byte (ncurses' `wgetch`
/// hands on bytes it did not recognise as a key one at a time), a key code ncurses decoded
/// from a sequence it knows (`KEY_UP`, …), a mouse report, or a new window size.
public enum InputCode: Equatable, Sendable {
    case byte(UInt8)
    case key(Int32)
    case mouse(CellPoint, state: mmask_t, time: Double)
    case resize(CellSize)
}

/// Turns what the terminal sends into browser events, byte by byte: UTF-8 is assembled here
/// (invalid bytes are dropped, so no byte sequence can stall the input), escape sequences
/// ncurses did not know are swallowed whole, Alt-arrows and bracketed pastes are recognised.
///
/// It is a state machine with no curses screen behind it: `feed` takes one `InputCode`;
/// when a sequence is left open (an ESC, part of a character, a paste) the reader waits
/// `waitMilliseconds` for more and calls `flush` if nothing comes.
public final class InputDecoder {
    private enum State: Equatable {
        case ground
        /// After ESC.
        case escape
        /// After ESC [ (parameter bytes so far) or ESC O.
        case controlSequence([UInt8])
        case singleShift
        /// Inside ESC [ 200 ~ … ESC [ 201 ~.
        case paste
        /// Inside an OSC string (ESC ] … BEL or ESC \: a terminal's answer, such as the
        /// background colour `BackgroundProbe` asks for), which is swallowed whole; how many
        /// bytes so far, and whether the last was ESC.
        case commandString(length: Int, afterEscape: Bool)
    }

    private var state = State.ground
    private var utf8 = UTF8Assembler()
    private var isButtonDown = false
    /// The keys of ncurses' extended key codes (`kLFT3` is Alt-Left, `kEND5` Ctrl-End), whose
    /// numbers it assigns at start-up from the terminal description.
    let extendedKeys: [Int32: Key]

    // The paste being read: its bytes, and how much of the end marker has been seen.
    private var pasteBytes: [UInt8] = []
    private var pasteMarkerMatched = 0
    private static let pasteEnd: [UInt8] = Array("\u{1b}[201~".utf8)
    /// A paste longer than this keeps only its start (the prompt caps what it looks up anyway).
    public static let pasteLimit = 1 << 20
    /// The longest escape sequence read before it is given up as noise.
    static let sequenceLimit = 32
    /// The longest OSC string swallowed; the bytes after it are read as input again.
    static let commandStringLimit = 4096

    /// `extendedKeys` maps the extended key codes ncurses assigned to the keys they stand for.
    public init(extendedKeys: [Int32: Key] = [:]) {
        self.extendedKeys = extendedKeys
    }

    /// The terminfo names of keys that come with modifiers (`kLFT` + 2…7), and their keys.
    static let modifiableKeyNames: [(name: String, key: MotionKey)] = [
        ("kLFT", .left), ("kRIT", .right), ("kUP", .up), ("kDN", .down), ("kHOM", .home), ("kEND", .end),
        ("kNXT", .pageDown), ("kPRV", .pageUp), ("kDC", .delete),
    ]

    /// The key of an xterm sequence's final byte (`ESC [ 1 ; 2 C`) or `~` number (`ESC [ 5 ; 5 ~`).
    static func key(final: UInt8, number: Int) -> MotionKey? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x7E:
            switch number {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// Whether the input so far ends inside a sequence: the reader should wait a little for
    /// the rest, and `flush` when none comes.
    public var isIncomplete: Bool { state != .ground || utf8.isIncomplete }

    /// How long to wait for the rest of an open sequence: a paste streams in, an escape
    /// sequence or a character arrives in one write.
    var waitMilliseconds: Int32 { state == .paste ? 500 : 25 }

    /// Decodes one unit of input into the events it completes (often none, sometimes two).
    public func feed(_ code: InputCode) -> [BrowserEvent] {
        var events: [BrowserEvent] = []
        feed(code, into: &events)
        return events
    }

    /// Nothing more came: an ESC alone is Escape, an unfinished character or sequence is
    /// dropped, an unfinished paste is the text pasted so far.
    public func flush() -> [BrowserEvent] {
        var events: [BrowserEvent] = []
        switch state {
        case .escape: events.append(.keyPressed(.escape))
        case .paste: events.append(finishPaste())
        case .ground, .controlSequence, .singleShift, .commandString: break
        }
        state = .ground
        utf8.reset()
        return events
    }

    private func feed(_ code: InputCode, into events: inout [BrowserEvent]) {
        switch code {
        case .byte(let byte): feed(byte: byte, into: &events)
        case .key(let key):
            if state == .paste {
                // ncurses decoded a sequence inside the paste; only Enter means text.
                if key == KEY_ENTER { appendToPaste(0x0A, into: &events) }
                return
            }
            utf8.reset()
            let afterEscape = state == .escape
            state = .ground
            if afterEscape {
                // Alt with a special key: Alt-Left / Alt-Right on terminals that send ESC + arrow.
                if key == KEY_LEFT { events.append(.keyPressed(.altLeft)) }
                if key == KEY_RIGHT { events.append(.keyPressed(.altRight)) }
                return
            }
            if let event = decodeKeyCode(key) { events.append(event) }
        case .mouse(let point, let mouseState, let time):
            guard state != .paste else { return }
            utf8.reset()
            state = .ground
            if let event = decodeMouse(point, state: mouseState, time: time) { events.append(contentsOf: event) }
        case .resize(let size):
            events.append(.windowResized(size))
        }
    }

    private func feed(byte: UInt8, into events: inout [BrowserEvent]) {
        switch state {
        case .paste:
            appendToPaste(byte, into: &events)
        case .escape:
            switch byte {
            case 0x5B: state = .controlSequence([])
            case 0x4F: state = .singleShift
            case 0x5D: state = .commandString(length: 0, afterEscape: false)
            case 0x1B:
                // ESC ESC: the first is Escape; the second may start a sequence.
                events.append(.keyPressed(.escape))
            default:
                // Alt with a character: nothing is bound to it, so it is Escape typed quickly
                // before that character (as a person closing a prompt and going on does).
                state = .ground
                events.append(.keyPressed(.escape))
                feed(byte: byte, into: &events)
            }
        case .controlSequence(var parameters):
            if (0x20...0x3F).contains(byte) {
                parameters.append(byte)
                state = parameters.count > Self.sequenceLimit ? .ground : .controlSequence(parameters)
            } else if (0x40...0x7E).contains(byte) {
                state = .ground
                finishControlSequence(parameters, final: byte, into: &events)
            } else {
                // Not part of a sequence: the sequence was noise, the byte starts afresh.
                state = .ground
                feed(byte: byte, into: &events)
            }
        case .singleShift:
            state = .ground
            if !(0x40...0x7E).contains(byte) { feed(byte: byte, into: &events) }
        case .commandString(let length, let afterEscape):
            if afterEscape {
                // ESC \ ends the string; ESC and anything else cut it off and start afresh.
                state = .ground
                if byte != 0x5C {
                    state = .escape
                    feed(byte: byte, into: &events)
                }
            } else if byte == 0x07 {
                state = .ground
            } else if byte == 0x1B {
                state = .commandString(length: length + 1, afterEscape: true)
            } else {
                state = length + 1 >= Self.commandStringLimit ? .ground : .commandString(length: length + 1, afterEscape: false)
            }
        case .ground:
            if byte < 0x80 {
                utf8.reset()
                if byte == 0x1B { state = .escape; return }
                if let event = decodeCharacter(UInt32(byte)) { events.append(event) }
                return
            }
            for scalar in utf8.feed(byte) {
                if let event = decodeCharacter(scalar.value) { events.append(event) }
            }
        }
    }

    private func finishControlSequence(_ parameters: [UInt8], final: UInt8, into events: inout [BrowserEvent]) {
        let text = String(decoding: parameters, as: UTF8.self)
        let fields = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        // xterm's modified keys: ESC [ 1 ; m X and ESC [ n ; m ~, m = 1 + shift + 2 alt + 4 ctrl.
        if fields.count == 2, let number = fields[0], let modifier = fields[1], modifier >= 2,
           let key = Self.key(final: final, number: number) {
            events.append(.keyPressed(.with(KeyModifiers(xtermParameter: modifier), key)))
            return
        }
        // The same keys unmodified, in the forms ncurses may not know for this terminal: tmux and screen send
        // Home and End as `ESC [ 1 ~` and `ESC [ 4 ~`, some terminals `ESC [ H` and `ESC [ F`.
        if fields.count <= 1, let key = Self.key(final: final, number: fields.first.flatMap { $0 } ?? 1), final != 0x7E || !text.isEmpty {
            events.append(.keyPressed(key.key))
            return
        }
        switch final {
        case 0x7E where text == "200":
            state = .paste
            pasteBytes = []
            pasteMarkerMatched = 0
        default: break // an unknown sequence, swallowed whole
        }
    }

    // MARK: Bracketed paste

    private func appendToPaste(_ byte: UInt8, into events: inout [BrowserEvent]) {
        let end = Self.pasteEnd
        if byte == end[pasteMarkerMatched] {
            pasteMarkerMatched += 1
            if pasteMarkerMatched == end.count { events.append(finishPaste()) }
            return
        }
        // A partial end marker that did not go on was text after all.
        if pasteMarkerMatched > 0 {
            for held in end[0..<pasteMarkerMatched] { appendPasteText(held) }
            pasteMarkerMatched = 0
            if byte == end[0] { pasteMarkerMatched = 1; return }
        }
        appendPasteText(byte)
    }

    private func appendPasteText(_ byte: UInt8) {
        if pasteBytes.count < Self.pasteLimit { pasteBytes.append(byte) }
    }

    private func finishPaste() -> BrowserEvent {
        state = .ground
        var assembler = UTF8Assembler()
        var text = String.UnicodeScalarView()
        for byte in pasteBytes { text.append(contentsOf: assembler.feed(byte)) }
        pasteBytes = []
        pasteMarkerMatched = 0
        return .pasted(String(text))
    }

    // MARK: Characters, keys and the mouse

    private func decodeCharacter(_ value: UInt32) -> BrowserEvent? {
        switch value {
        case 9: return .keyPressed(.tab)
        case 10, 13: return .keyPressed(.enter)
        case 8, 127: return .keyPressed(.backspace)
        case 1...26: return .keyPressed(.control(Character(Unicode.Scalar(value + 96)!)))
        case 0...31, 0x80...0x9F: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .keyPressed(.character(Character(scalar)))
        }
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
        case KEY_SLEFT: return .keyPressed(.modified(.left, .shift))
        case KEY_SRIGHT: return .keyPressed(.modified(.right, .shift))
        case KEY_SR: return .keyPressed(.modified(.up, .shift))
        case KEY_SF: return .keyPressed(.modified(.down, .shift))
        case KEY_SHOME: return .keyPressed(.modified(.home, .shift))
        case KEY_SEND: return .keyPressed(.modified(.end, .shift))
        case KEY_SNEXT: return .keyPressed(.modified(.pageDown, .shift))
        case KEY_SPREVIOUS: return .keyPressed(.modified(.pageUp, .shift))
        case KEY_SDC: return .keyPressed(.modified(.delete, .shift))
        default: return extendedKeys[code].map { .keyPressed($0) }
        }
    }

    /// Mouse reports: a press, a release (or ncurses' CLICKED, DOUBLE_ or TRIPLE_CLICKED when it
    /// merged them), motion with or without the button held, the wheel.
    private func decodeMouse(_ point: CellPoint, state: mmask_t, time: Double) -> [BrowserEvent]? {
        func make(_ kind: MouseEvent.Kind) -> BrowserEvent { .mouse(MouseEvent(kind, at: point, time: time)) }
        if state & CNcursesw_BUTTON4_PRESSED() != 0 { return [make(.wheelUp)] }
        if state & CNcursesw_BUTTON5_PRESSED() != 0 { return [make(.wheelDown)] }
        if state & CNcursesw_BUTTON1_RELEASED() != 0 {
            isButtonDown = false
            return [make(.released)]
        }
        if state & CNcursesw_BUTTON1_PRESSED() != 0 {
            if isButtonDown { return [make(.dragged)] }
            isButtonDown = true
            return [make(.pressed)]
        }
        // Clicks that came in one read are merged by ncurses even with `mouseinterval(0)`:
        // give each back, so that the browser sees the double-click it was.
        let clicks = state & CNcursesw_BUTTON1_TRIPLE_CLICKED() != 0 ? 3
            : state & CNcursesw_BUTTON1_DOUBLE_CLICKED() != 0 ? 2
            : state & CNcursesw_BUTTON1_CLICKED() != 0 ? 1 : 0
        if clicks > 0 {
            return Array(repeating: [make(.pressed), make(.released)], count: clicks).flatMap { $0 }
        }
        if state & CNcursesw_REPORT_MOUSE_POSITION() != 0 {
            return [make(isButtonDown ? .dragged : .moved)]
        }
        return nil
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// UTF-8 from bytes, one at a time: well-formed sequences give their scalar; anything else
/// (a stray continuation byte, a lead byte not followed by enough continuation bytes, an
/// overlong form, a surrogate, a value past U+10FFFF) is dropped, and the byte that broke a
/// sequence starts afresh (the "maximal subpart" rule of Unicode §3.9).
struct UTF8Assembler {
    private var value: UInt32 = 0
    private var needed = 0
    /// The range the next continuation byte must fall in (narrower after E0, ED, F0, F4).
    private var nextLow: UInt8 = 0x80
    private var nextHigh: UInt8 = 0xBF

    var isIncomplete: Bool { needed > 0 }

    mutating func reset() { needed = 0 }

    /// The scalars this byte completes: none, or one.
    mutating func feed(_ byte: UInt8) -> [Unicode.Scalar] {
        if needed > 0 {
            if byte >= nextLow && byte <= nextHigh {
                value = value << 6 | UInt32(byte & 0x3F)
                needed -= 1
                nextLow = 0x80
                nextHigh = 0xBF
                if needed == 0 { return Unicode.Scalar(value).map { [$0] } ?? [] }
                return []
            }
            needed = 0 // the sequence so far is dropped; this byte starts afresh
        }
        switch byte {
        case 0x00...0x7F:
            return [Unicode.Scalar(byte)]
        case 0xC2...0xDF:
            start(UInt32(byte & 0x1F), needed: 1, low: 0x80, high: 0xBF)
        case 0xE0...0xEF:
            start(UInt32(byte & 0x0F), needed: 2, low: byte == 0xE0 ? 0xA0 : 0x80, high: byte == 0xED ? 0x9F : 0xBF)
        case 0xF0...0xF4:
            start(UInt32(byte & 0x07), needed: 3, low: byte == 0xF0 ? 0x90 : 0x80, high: byte == 0xF4 ? 0x8F : 0xBF)
        default:
            break // 80–C1, F5–FF never start a character
        }
        return []
    }

    private mutating func start(_ bits: UInt32, needed: Int, low: UInt8, high: UInt8) {
        value = bits
        self.needed = needed
        nextLow = low
        nextHigh = high
    }
}
