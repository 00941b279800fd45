import BrowserCore
import CNcursesw
@testable import CursesTerminal
import TerminalText
import Testing

/// The input decoder from bytes, as the terminal sends them: no curses screen needed.
@Suite struct InputDecoderTests {
    /// Feeds `bytes` one at a time, then flushes (the terminal went quiet).
    func decode(_ bytes: [UInt8], flush: Bool = true, decoder: InputDecoder = InputDecoder()) -> [BrowserEvent] {
        var events: [BrowserEvent] = []
        for byte in bytes { events += decoder.feed(.byte(byte)) }
        if flush { events += decoder.flush() }
        return events
    }

    func keys(_ text: String) -> [BrowserEvent] { text.map { .keyPressed(.character($0)) } }

    @Test func asciiAndUTF8BecomeCharacters() {
        #expect(decode(Array("aé水😀".utf8)) == keys("aé水😀"))
    }

    @Test func controlKeys() {
        #expect(decode([0x03, 0x09, 0x0D, 0x7F]) == [.keyPressed(.control("c")), .keyPressed(.tab), .keyPressed(.enter), .keyPressed(.backspace)])
    }

    /// Every kind of invalid UTF-8 is dropped, and the keys after it arrive.
    @Test(arguments: [[0xFF], [0x80], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF],
                      [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xF0, 0x9F, 0x98], [0xFE, 0xFF]] as [[UInt8]])
    func invalidBytesAreDroppedAndLaterKeysArrive(invalid: [UInt8]) {
        let decoder = InputDecoder()
        #expect(decode(invalid, flush: false, decoder: decoder).isEmpty)
        #expect(decode(Array("q".utf8), flush: false, decoder: decoder) == keys("q"))
        #expect(decode([0x03], decoder: decoder) == [.keyPressed(.control("c"))])
    }

    /// A truncated character is dropped once the terminal goes quiet.
    @Test func aTruncatedCharacterAtTheEndIsDroppedOnFlush() {
        let decoder = InputDecoder()
        #expect(decode([0xE6, 0xB0], flush: false, decoder: decoder).isEmpty)
        #expect(decoder.isIncomplete)
        #expect(decoder.flush().isEmpty)
        #expect(!decoder.isIncomplete)
        #expect(decode(Array("q".utf8), decoder: decoder) == keys("q"))
    }

    /// A byte that breaks a sequence starts afresh (Latin-1 "é" then "q"; a lead byte then a
    /// valid character).
    @Test func theByteThatBreaksASequenceIsKept() {
        #expect(decode([0xE9, 0x71]) == keys("q"))
        #expect(decode([0xC3, 0xE6, 0xB0, 0xB4]) == keys("水"))
    }

    @Test func c1ControlsAreNotCharacters() {
        #expect(decode([0xC2, 0x9B, 0x61]) == keys("a"))
    }

    @Test func escapeAloneIsEscapeOnceQuiet() {
        let decoder = InputDecoder()
        #expect(decode([0x1B], flush: false, decoder: decoder).isEmpty)
        #expect(decoder.isIncomplete)
        #expect(decoder.flush() == [.keyPressed(.escape)])
    }

    @Test func escapeThenACharacterIsBoth() {
        #expect(decode([0x1B, 0x3F]) == [.keyPressed(.escape), .keyPressed(.character("?"))])
    }

    @Test func unknownSequencesAreSwallowedWhole() {
        #expect(decode(Array("\u{1b}[38;5;1m\u{1b}[?1;2c\u{1b}OPq".utf8)) == keys("q"))
    }

    @Test func anEndlessSequenceIsGivenUp() {
        let noise = Array("\u{1b}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 100) + Array("q".utf8)
        #expect(decode(noise).last == .keyPressed(.character("q")))
    }

    @Test func altArrows() {
        #expect(decode(Array("\u{1b}[1;3D\u{1b}[1;3C".utf8)) == [.keyPressed(.altLeft), .keyPressed(.altRight)])
        let decoder = InputDecoder()
        _ = decoder.feed(.byte(0x1B))
        #expect(decoder.feed(.key(KEY_LEFT)) == [.keyPressed(.altLeft)])
        #expect(decoder.feed(.key(KEY_LEFT)) == [.keyPressed(.left)])
        let extended = InputDecoder(extendedKeys: [600: .altLeft, 601: .altRight])
        #expect(extended.feed(.key(601)) == [.keyPressed(.altRight)])
    }

    @Test(arguments: [
        ("\u{1b}[1;2C", Key.modified(.right, .shift)), ("\u{1b}[1;5D", .modified(.left, .control)),
        ("\u{1b}[1;6A", .modified(.up, [.shift, .control])), ("\u{1b}[1;5H", .modified(.home, .control)),
        ("\u{1b}[1;5F", .modified(.end, .control)), ("\u{1b}[1;2B", .modified(.down, .shift)),
        ("\u{1b}[6;2~", .modified(.pageDown, .shift)), ("\u{1b}[5;5~", .modified(.pageUp, .control)),
        ("\u{1b}[3;3~", .modified(.delete, .alt)), ("\u{1b}[1;8C", .modified(.right, [.shift, .alt, .control])),
    ])
    func modifiedKeysFromXtermSequences(sequence: String, key: Key) {
        #expect(decode(Array(sequence.utf8)) == [.keyPressed(key)])
    }

    /// The unmodified keys in the forms ncurses may not know for the terminal (tmux sends End as `ESC [ 4 ~`).
    @Test(arguments: [
        ("\u{1b}[1~", Key.home), ("\u{1b}[4~", .end), ("\u{1b}[7~", .home), ("\u{1b}[8~", .end), ("\u{1b}[H", .home),
        ("\u{1b}[F", .end), ("\u{1b}[3~", .delete), ("\u{1b}[5~", .pageUp), ("\u{1b}[6~", .pageDown), ("\u{1b}[A", .up),
    ])
    func unmodifiedKeysFromXtermSequences(sequence: String, key: Key) {
        #expect(decode(Array(sequence.utf8)) == [.keyPressed(key)])
    }

    @Test func sequencesThatNameNoKeyAreSwallowed() {
        for sequence in ["\u{1b}[2~", "\u{1b}[~", "\u{1b}[I", "\u{1b}[99~"] {
            #expect(decode(Array(sequence.utf8)) == [], "\(sequence.debugDescription)")
        }
    }

    @Test func modifiedKeysFromNcursesCodes() {
        let decoder = InputDecoder(extendedKeys: [570: .modified(.end, .control)])
        #expect(decoder.feed(.key(KEY_SLEFT)) == [.keyPressed(.modified(.left, .shift))])
        #expect(decoder.feed(.key(KEY_SR)) == [.keyPressed(.modified(.up, .shift))])
        #expect(decoder.feed(.key(570)) == [.keyPressed(.modified(.end, .control))])
        #expect(KeyModifiers(xtermParameter: 5) == .control)
        #expect(KeyModifiers(xtermParameter: 4) == [.shift, .alt])
    }

    @Test func keyCodesInTheMiddleOfACharacterDropIt() {
        let decoder = InputDecoder()
        #expect(decoder.feed(.byte(0xE2)).isEmpty)
        #expect(decoder.feed(.key(KEY_UP)) == [.keyPressed(.up)])
        #expect(decode(Array("q".utf8), decoder: decoder) == keys("q"))
    }

    @Test func mouseClickedIsAPressThenARelease() {
        let decoder = InputDecoder()
        let point = CellPoint(column: 3, row: 4)
        #expect(decoder.feed(.mouse(point, state: CNcursesw_BUTTON1_CLICKED(), time: 1)) ==
                [.mouse(MouseEvent(.pressed, at: point, time: 1)), .mouse(MouseEvent(.released, at: point, time: 1))])
    }

    /// ncurses merges clicks that arrive in one read, whatever `mouseinterval` says: a
    /// double-click sent in one write came as DOUBLE_CLICKED and was taken for one click.
    @Test(arguments: [(CNcursesw_BUTTON1_DOUBLE_CLICKED(), 2), (CNcursesw_BUTTON1_TRIPLE_CLICKED(), 3)])
    func mergedClicksAreEachAPressThenARelease(state: mmask_t, clicks: Int) {
        let decoder = InputDecoder()
        let point = CellPoint(column: 3, row: 4)
        let click: [BrowserEvent] = [.mouse(MouseEvent(.pressed, at: point, time: 1)), .mouse(MouseEvent(.released, at: point, time: 1))]
        #expect(decoder.feed(.mouse(point, state: state, time: 1)) == Array(repeating: click, count: clicks).flatMap { $0 })
    }

    /// Any byte sequence leaves the decoder answering keys: random noise, then Ctrl-C.
    @Test func randomNoiseNeverStallsTheInput() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<500 {
            let decoder = InputDecoder()
            let noise = (0..<Int(generator.next() % 40)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = decode(noise, decoder: decoder)
            // A paste the noise opened ends after a quiet spell (the flush above).
            #expect(decode([0x03], flush: false, decoder: decoder) == [.keyPressed(.control("c"))], "after \(noise)")
        }
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
