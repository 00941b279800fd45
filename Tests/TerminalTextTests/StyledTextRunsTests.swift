import Testing
import TerminalText

/// `setAttributes(_:in:)`: styling a range run by run in one splice gives exactly what setting each run on its
/// own gives, gaps keeping their attributes, neighbours merged.
@Suite struct StyledTextRunsTests {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    static let palette: [TextAttributes] = [.plain, TextAttributes(isStrong: true), TextAttributes(isEmphasized: true),
                                            TextAttributes(colorRole: ColorRole("x")), TextAttributes(isUnderlined: true)]

    @Test(arguments: 0..<40)
    func oneSpliceEqualsRunByRun(seed: Int) {
        var random = Generator(state: UInt64(seed) &+ 11)
        var text = StyledText()
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            text.append(String(repeating: "ab湖", count: Int.random(in: 1...4, using: &random)),
                        Self.palette.randomElement(using: &random)!)
        }
        let count = text.utf8Count
        let lower = Int.random(in: 0..<count, using: &random), upper = Int.random(in: (lower + 1)...count, using: &random)
        var runs: [StyledText.Run] = []
        var position = lower
        while position < upper {
            let gap = Int.random(in: 0...2, using: &random)
            let start = min(upper, position + gap)
            let end = min(upper, start + Int.random(in: 1...6, using: &random))
            if start < end { runs.append(StyledText.Run(range: start..<end, attributes: Self.palette.randomElement(using: &random)!)) }
            position = end
        }
        var spliced = text, oneByOne = text
        spliced.setAttributes(runs, in: lower..<upper)
        for run in runs { oneByOne.setAttributes(run.attributes, range: run.range) }
        #expect(spliced == oneByOne)
        #expect(spliced.runs.first?.range.lowerBound == 0 && spliced.runs.last?.range.upperBound == count)
        for (a, b) in zip(spliced.runs, spliced.runs.dropFirst()) {
            #expect(a.range.upperBound == b.range.lowerBound)
            #expect(a.attributes != b.attributes, "neighbours are merged")
        }
    }
}
