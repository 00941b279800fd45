import Testing
import DictionaryModel

/// `UTF8Validation` (libunistring's `u8_check`) accepts exactly what the standard library's
/// `String(validating:)` accepts, and gives the same string.
@Suite struct UTF8ValidationTests {
    static let samples: [[UInt8]] = [
        [], Array("dog".utf8), Array("犬 🐕‍🦺 ne\u{301}e ﬁ".utf8), Array("\u{10FFFF}\u{FFFD}\u{0}".utf8),
        [0xC0, 0xAF],                   // an overlong '/'
        [0xE0, 0x80, 0xAF],             // an overlong three-byte form
        [0xED, 0xA0, 0x80],             // a surrogate, U+D800
        [0xF4, 0x90, 0x80, 0x80],       // past U+10FFFF
        [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xC3], [0xE7, 0x8A],   // bad leads, lone continuations, cut short
        Array("犬".utf8) + [0xE7, 0x8A], [0x61, 0xC3, 0x28, 0x62],
    ]

    @Test func agreesWithTheStandardLibrary() {
        for sample in Self.samples {
            let expected = String(validating: sample, as: UTF8.self)
            #expect(sample.withUnsafeBytes { UTF8Validation.string($0) } == expected, "\(sample)")
            #expect(sample.withUnsafeBytes { UTF8Validation.isValid($0) } == (expected != nil), "\(sample)")
        }
        // Every byte after a valid prefix, one at a time.
        for byte in 0...255 {
            let sample = Array("名".utf8) + [UInt8(byte)]
            #expect(sample.withUnsafeBytes { UTF8Validation.string($0) } == String(validating: sample, as: UTF8.self), "\(byte)")
        }
    }
}
