import BrowserCore
@testable import CursesTerminal
import Testing

/// OSC 11: the terminal's answer parsed, and the theme it decides.
@Suite struct BackgroundProbeTests {
    typealias Color = BackgroundProbe.Color

    @Test(arguments: [
        ("rgb:ffff/ffff/ffff", Color(red: 1, green: 1, blue: 1)),
        ("rgb:0000/0000/0000", Color(red: 0, green: 0, blue: 0)),
        ("rgb:f/f/f", Color(red: 1, green: 1, blue: 1)),
        ("rgb:ff/00/80", Color(red: 1, green: 0, blue: 128.0 / 255)),
        ("rgb:FFF/000/888", Color(red: 1, green: 0, blue: Double(0x888) / 0xFFF)),
        ("rgb:fdfd/f6f6/e3e3", Color(red: Double(0xfdfd) / 0xFFFF, green: Double(0xf6f6) / 0xFFFF, blue: Double(0xe3e3) / 0xFFFF)),
        ("rgb:1/22/333", Color(red: 1.0 / 15, green: Double(0x22) / 0xFF, blue: Double(0x333) / 0xFFF)),
    ])
    func specsWithOneToFourDigitsAChannel(spec: String, color: Color) {
        #expect(BackgroundProbe.color(spec: spec) == color)
    }

    @Test(arguments: ["", "rgb:", "rgb:ffff/ffff", "rgb:ffff/ffff/ffff/ffff", "rgb:fffff/0/0", "rgb:/0/0", "rgb:g/0/0",
                      "rgba:ffff/ffff/ffff/ffff", "#ffffff", "rgb:ff/ff/ff ", "rgb:+f/0/0", "rgb:漢/0/0", "rgb:👍🏽/0/0"])
    func anythingElseIsNoColor(spec: String) {
        #expect(BackgroundProbe.color(spec: spec) == nil)
    }

    @Test func repliesEndedByBELOrST() {
        let white = Color(red: 1, green: 1, blue: 1)
        #expect(BackgroundProbe.color(inReply: Array("\u{1b}]11;rgb:ffff/ffff/ffff\u{07}".utf8)) == white)
        #expect(BackgroundProbe.color(inReply: Array("\u{1b}]11;rgb:ffff/ffff/ffff\u{1b}\\".utf8)) == white)
        // A key typed just before the answer comes first; the answer is still found.
        #expect(BackgroundProbe.color(inReply: Array("j\u{1b}]11;rgb:ffff/ffff/ffff\u{07}".utf8)) == white)
        #expect(BackgroundProbe.color(inReply: Array("\u{1b}]11;rgb:ffff/ffff/ffff".utf8)) == nil, "unfinished")
        #expect(BackgroundProbe.color(inReply: Array("\u{1b}]10;rgb:ffff/ffff/ffff\u{07}".utf8)) == nil, "the foreground's answer")
        #expect(BackgroundProbe.color(inReply: []) == nil)
    }

    @Test func luminanceIsWCAGs() {
        #expect(Color(red: 0, green: 0, blue: 0).relativeLuminance == 0)
        #expect(abs(Color(red: 1, green: 1, blue: 1).relativeLuminance - 1) < 1e-12)
        #expect(abs(Color(red: 1, green: 0, blue: 0).relativeLuminance - 0.2126) < 1e-12)
        #expect(abs(Color(red: 0, green: 1, blue: 0).relativeLuminance - 0.7152) < 1e-12)
        // sRGB 0.5 is about 21% of the light, not half.
        #expect(abs(Color(red: 0.5, green: 0.5, blue: 0.5).relativeLuminance - 0.2140) < 0.001)
    }

    /// Real terminals' default backgrounds, and where dark turns light.
    @Test(arguments: [
        ("rgb:ffff/ffff/ffff", Theme.Name.light),  // xterm, GNOME Terminal's light profiles
        ("rgb:fdfd/f6f6/e3e3", .light),            // Solarized light
        ("rgb:eeee/e8e8/d5d5", .light),
        ("rgb:0000/0000/0000", .dark),             // xterm -rv, most dark profiles
        ("rgb:0000/2b2b/3636", .dark),             // Solarized dark
        ("rgb:1e1e/1e1e/1e1e", .dark),
        ("rgb:3030/0a0a/2424", .dark),             // Ubuntu's aubergine
        ("rgb:6666/6666/6666", .dark),             // luminance 0.13: white text reads better
        ("rgb:8080/8080/8080", .light),            // 0.22: black text reads better
    ])
    func theThemeForABackground(spec: String, theme: Theme.Name) throws {
        let color = try #require(BackgroundProbe.color(spec: spec))
        #expect(BackgroundProbe.theme(for: color) == theme)
    }

    @Test func noAnswerIsDark() {
        #expect(BackgroundProbe.theme(for: nil) == .dark)
        // OSC 11, then DA1: the answer to DA1 says the terminal has said all it will.
        #expect(BackgroundProbe.query == "\u{1b}]11;?\u{07}\u{1b}[c")
    }

    /// The wait ends at the answer to DA1, which comes after the colour when the terminal knows it, and alone when
    /// it does not (so a terminal without OSC 11 costs a round trip, not the timeout).
    @Test func theDeviceAttributesEndTheWait() {
        let white = Color(red: 1, green: 1, blue: 1)
        let both = Array("\u{1b}]11;rgb:ffff/ffff/ffff\u{07}\u{1b}[?62;22c".utf8)
        #expect(BackgroundProbe.hasDeviceAttributes(both))
        #expect(BackgroundProbe.color(inReply: both) == white)
        let stEnded = Array("\u{1b}]11;rgb:ffff/ffff/ffff\u{1b}\\\u{1b}[?1;2c".utf8)
        #expect(BackgroundProbe.color(inReply: stEnded) == white)
        let alone = Array("\u{1b}[?64;1;9c".utf8)
        #expect(BackgroundProbe.hasDeviceAttributes(alone))
        #expect(BackgroundProbe.color(inReply: alone) == nil)
        #expect(!BackgroundProbe.hasDeviceAttributes(Array("\u{1b}]11;rgb:ffff/ffff/ffff\u{07}".utf8)), "the colour alone: DA1 is still to come")
        #expect(!BackgroundProbe.hasDeviceAttributes(Array("\u{1b}[?62;22".utf8)), "cut short")
        #expect(BackgroundProbe.timeout >= 100, "only a terminal that answers nothing waits it out")
    }

    /// A DA1 answer that comes after curses started is swallowed, never keys.
    @Test func aLateDeviceAttributesAnswerIsNoKeys() {
        let decoder = InputDecoder()
        var events: [BrowserEvent] = []
        for byte in Array("j\u{1b}[?62;22cq".utf8) { events += decoder.feed(.byte(byte)) }
        #expect(events + decoder.flush() == [.keyPressed(.character("j")), .keyPressed(.character("q"))])
    }

}

/// The answer to OSC 11 never becomes keys, whenever it comes.
@Suite struct OSCInputTests {
    func decode(_ text: String, decoder: InputDecoder = InputDecoder()) -> [BrowserEvent] {
        var events: [BrowserEvent] = []
        for byte in Array(text.utf8) { events += decoder.feed(.byte(byte)) }
        return events + decoder.flush()
    }

    @Test(arguments: ["\u{1b}]11;rgb:ffff/ffff/ffff\u{07}", "\u{1b}]11;rgb:0000/2b2b/3636\u{1b}\\", "\u{1b}]11;rgb:f/f/f\u{07}",
                      "\u{1b}]10;rgb:ffff/ffff/ffff\u{07}", "\u{1b}]52;c;5pel5a2X8J+RjfCfj70=\u{07}", "\u{1b}]\u{07}"])
    func aReplyIsSwallowedWhole(reply: String) {
        #expect(decode(reply).isEmpty)
        #expect(decode("j" + reply + "q") == [.keyPressed(.character("j")), .keyPressed(.character("q"))])
        // Between two arrow keys and around CJK and emoji typed at the same moment.
        #expect(decode("漢" + reply + "👍🏽") == [.keyPressed(.character("漢")), .keyPressed(.character("👍")), .keyPressed(.character("🏽"))]
            || decode("漢" + reply + "👍🏽") == [.keyPressed(.character("漢")), .keyPressed(.character("👍🏽"))])
    }

    @Test func aCutOffStringGivesTheNextSequenceItsKeys() {
        // ESC then something other than `\` ends the string: the ESC starts a sequence again.
        for rest in ["\u{1b}[1;3D", "\u{1b}\u{1b}", "\u{1b}[200~漢字\u{1b}[201~"] {
            let alone = decode(rest)
            #expect(!alone.isEmpty)
            #expect(decode("\u{1b}]11;rgb:ff" + rest) == alone, "\(rest.debugDescription)")
        }
    }

    @Test func aRunawayStringEndsAtTheLimit() {
        let count = 10_000
        let events = decode("\u{1b}]" + String(repeating: "x", count: count))
        #expect(events.count == count - InputDecoder.commandStringLimit)
        #expect(events.allSatisfy { $0 == .keyPressed(.character("x")) })
    }

    /// Escape alone, and Escape then `]` with a pause (a flush), are still what they were.
    @Test func escapeStaysEscape() {
        #expect(decode("\u{1b}") == [.keyPressed(.escape)])
        let decoder = InputDecoder()
        #expect(decode("\u{1b}]", decoder: decoder).isEmpty)
        #expect(decode("q", decoder: decoder) == [.keyPressed(.character("q"))])
    }
}
