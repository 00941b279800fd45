import StudyCards
import Testing

@Suite struct CardDateTests {
    @Test(arguments: [("1970-01-01", 0.0), ("2026-12-03", 1_796_256_000), ("2024-02-29", 1_709_164_800), ("1969-12-31", -86_400)])
    func daysRoundTrip(text: String, seconds: Double) {
        #expect(CardDate.start(of: text) == seconds)
        #expect(CardDate.day(seconds) == text)
        #expect(CardDate.day(seconds + 86_399.9) == text)
    }

    @Test(arguments: ["2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10", "2026-1-05", "26-01-05", "2026/01/05", "", "２０２６-01-05",
                      "2026-01-05T00:00", "today"])
    func otherTextIsNoDay(text: String) {
        #expect(CardDate.start(of: text) == nil)
    }
}
