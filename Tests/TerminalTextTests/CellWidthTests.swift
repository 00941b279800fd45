import Testing
import CLinux
import Glibc
@testable import TerminalText


@Suite struct CellWidthTests {
    /// The generated table must agree with the C library that ncurses uses, for every code
    /// point: a disagreement would put the terminal's cursor where the layout does not expect.
    @Test func tableAgreesWithTheCLibrarysWcwidth() throws {
        let previous = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil, "C.UTF-8 locale missing")
        defer { _ = previous.map { setlocale(LC_CTYPE, $0) } }
        var disagreements: [String] = []
        for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
            let scalar = Unicode.Scalar(value)!
            let expected = Int(CLinux_wcwidth(wchar_t(value)))
            if CellWidth.of(scalar) != expected && disagreements.count < 10 {
                disagreements.append("U+\(String(value, radix: 16)): table \(CellWidth.of(scalar)), wcwidth \(expected)")
            }
        }
        #expect(disagreements.isEmpty, "regenerate with Scripts/generate-width-table.py: \(disagreements)")
    }

    /// The Basic Multilingual Plane's two-level table says what the ranges say, for every
    /// code point (placeholders and unprintable ones included).
    @Test func theBasicPlanesBlocksAgreeWithTheRanges() {
        #expect(CellWidth.basicPlaneBlockOfHighByte.count == 256)
        #expect(CellWidth.basicPlaneBlocks.count % 256 == 0)
        var disagreements: [UInt32] = []
        for value in UInt32(0)..<0x10000 where CellWidth.basicPlaneValue(value) != CellWidth.lookup(value) {
            disagreements.append(value)
        }
        #expect(disagreements.isEmpty, "first: \(disagreements.prefix(10))")
        #expect(CellWidth.basicPlaneValue(0x4E2D) == 2, "中")
        #expect(CellWidth.basicPlaneValue(0x301) == 0, "a combining acute")
        #expect(CellWidth.basicPlaneValue(0x202E) == 10, "a bidi override: a placeholder")
    }

    @Test(arguments: [
        ("a", 1), ("中", 2), ("ｱ", 1), ("Ａ", 2), ("e\u{301}", 1), ("👍", 2), ("👍🏽", 4),
        ("👨‍👩‍👧", 6), ("🇯🇵", 2), ("❤️", 1), ("\u{1b}", 2), ("\u{202e}", 8), ("\u{85}", 8),
    ])
    func widthsOfHardClusters(text: String, width: Int) {
        #expect(CellWidth.of(text) == width)
    }
}
