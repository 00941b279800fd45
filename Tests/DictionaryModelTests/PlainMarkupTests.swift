import Testing
@testable import DictionaryModel

/// Text without a backslash, a quote or an opening bracket is one run as it stands, without
/// the scanner: the same runs the scanner makes, for every string of a small alphabet.
@Suite struct PlainMarkupTests {
    static let alphabet: [String] = ["a", " ", "犬", "🐕\u{200D}🦺", "e\u{301}", "]", "|", "#", "'", "[", "\\"]

    /// Every string of up to four pieces of the alphabet.
    static var strings: [String] {
        var all = [""]
        var layer = [""]
        for _ in 0..<4 {
            layer = layer.flatMap { prefix in alphabet.map { prefix + $0 } }
            all += layer
        }
        return all
    }

    @Test func plainTextIsTheScannersOneRun() {
        var plain = 0
        for source in Self.strings {
            let scanned = MarkupScanner.scanning(source) { $0.parse() }
            #expect(Markup.parse(source) == scanned, "\(source.debugDescription)")
            var handed: [Markup.Run] = []
            Markup(source).forEachRun { handed.append($0) }
            #expect(handed == scanned, "\(source.debugDescription)")
            if Markup.isPlain(source) {
                plain += 1
                #expect(scanned == (source.isEmpty ? [] : [Markup.Run(source)]), "\(source.debugDescription)")
            }
        }
        #expect(plain > 1_000)
    }
}
