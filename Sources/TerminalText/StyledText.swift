/// A string with attribute runs: the value that a text storage holds and that the dictionary
/// builds an entry page into (an attributed string, as TextKit's).
///
/// Character indices throughout the text system are UTF-8 offsets into `string`; they always
/// fall on Unicode scalar boundaries, and the layout treats grapheme clusters as its unit.
public struct StyledText: Hashable, Sendable {
    /// A maximal range of text with one set of attributes.
    public struct Run: Hashable, Sendable {
        public var range: Range<Int>
        public var attributes: TextAttributes

        public init(range: Range<Int>, attributes: TextAttributes) {
            self.range = range
            self.attributes = attributes
        }
    }

    public private(set) var string: String
    /// Contiguous runs covering `0..<utf8Count`, no two neighbours equal; empty for empty text.
    public private(set) var runs: [Run]

    public init() {
        string = ""
        runs = []
    }

    public init(_ string: String, attributes: TextAttributes = .plain) {
        self.string = string
        let count = string.utf8.count
        runs = count == 0 ? [] : [Run(range: 0..<count, attributes: attributes)]
    }

    /// Makes the string's storage contiguous UTF-8 (bridged strings may not be).
    mutating func makeContiguousUTF8() { string.makeContiguousUTF8() }

    /// Length in UTF-8 code units; the end index of the text.
    public var utf8Count: Int { string.utf8.count }
    public var isEmpty: Bool { string.isEmpty }

    /// Appends `text` with `attributes`, merging with the last run when they are equal.
    public mutating func append(_ text: String, _ attributes: TextAttributes = .plain) {
        let start = string.utf8.count
        let length = text.utf8.count
        guard length > 0 else { return }
        string.append(text)
        if let last = runs.last, last.attributes == attributes {
            runs[runs.count - 1].range = last.range.lowerBound..<(start + length)
        } else {
            runs.append(Run(range: start..<(start + length), attributes: attributes))
        }
    }

    /// Appends another styled text.
    public mutating func append(_ other: StyledText) {
        for run in other.runs {
            append(other.substring(run.range), run.attributes)
        }
    }

    /// The attributes at `index` and the run's range; the last run's for the end index.
    /// - Complexity: O(log runs).
    public func attributes(at index: Int) -> (attributes: TextAttributes, range: Range<Int>) {
        guard !runs.isEmpty else { return (.plain, 0..<0) }
        let i = runIndex(containing: min(max(index, 0), utf8Count - 1))
        return (runs[i].attributes, runs[i].range)
    }

    /// The run's attributes at `index` (the last run's for the end index), without its range.
    public func runAttributes(at index: Int) -> TextAttributes {
        guard !runs.isEmpty else { return .plain }
        return runs[runIndex(containing: min(max(index, 0), utf8Count - 1))].attributes
    }

    /// The index of the run containing `index` (which must be inside the text).
    func runIndex(containing index: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].range.lowerBound <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The text of a UTF-8 range (which must fall on scalar boundaries).
    public func substring(_ range: Range<Int>) -> String {
        let utf8 = string.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(string[start..<end])
    }

    /// The text of a UTF-8 range (on scalar boundaries) with its attributes.
    /// - Complexity: O(log runs + the range's length and runs).
    public func styledSubstring(_ range: Range<Int>) -> StyledText {
        var result = StyledText()
        appendSlice(of: self, range, to: &result)
        return result
    }

    /// Replaces the text in `range` with `text`, which takes the attributes of the first
    /// replaced character, or for an insertion those of the character before it (after it, at
    /// the start), as `NSMutableAttributedString` does.
    public mutating func replaceCharacters(in range: Range<Int>, with text: String) {
        let attributes: TextAttributes
        if runs.isEmpty {
            attributes = .plain
        } else if !range.isEmpty {
            attributes = runAttributes(at: range.lowerBound)
        } else if range.lowerBound > 0 {
            attributes = runAttributes(at: range.lowerBound - 1)
        } else {
            attributes = runAttributes(at: range.upperBound)
        }
        replaceCharacters(in: range, with: StyledText(text, attributes: attributes))
    }

    /// Replaces the text in `range` with styled text, in place: the string's bytes after the
    /// range move, and only the runs the range touches are rebuilt (the later ones shift), so
    /// that a keystroke in a megabyte costs a copy of bytes, not a rebuild of every run.
    /// - Complexity: O(n) bytes moved, O(runs) offsets shifted, O(log runs + runs touched) else.
    public mutating func replaceCharacters(in range: Range<Int>, with text: StyledText) {
        precondition(range.lowerBound >= 0 && range.upperBound <= utf8Count, "range out of bounds")
        let delta = text.utf8Count - range.count
        let utf8 = string.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        // String's own replacement (scalar-aligned indices are enough) moves the bytes in place
        // when the storage is unique; the unicode-scalar view's decodes and re-encodes them all.
        string.replaceSubrange(lower..<upper, with: text.string)
        let first = firstRun(endingAfter: range.lowerBound)
        let end = firstRun(startingAtOrAfter: range.upperBound, from: first)
        for k in end..<runs.count {
            runs[k].range = (runs[k].range.lowerBound + delta)..<(runs[k].range.upperBound + delta)
        }
        var pieces: [Run] = []
        pieces.reserveCapacity(text.runs.count + 4)
        if first > 0 { pieces.append(runs[first - 1]) }
        if first < end, runs[first].range.lowerBound < range.lowerBound {
            pieces.append(Run(range: runs[first].range.lowerBound..<range.lowerBound, attributes: runs[first].attributes))
        }
        for run in text.runs {
            Self.appendRun(Run(range: (run.range.lowerBound + range.lowerBound)..<(run.range.upperBound + range.lowerBound),
                               attributes: run.attributes), to: &pieces)
        }
        if first < end, runs[end - 1].range.upperBound > range.upperBound {
            Self.appendRun(Run(range: (range.upperBound + delta)..<(runs[end - 1].range.upperBound + delta),
                               attributes: runs[end - 1].attributes), to: &pieces)
        }
        if end < runs.count { Self.appendRun(runs[end], to: &pieces) }
        runs.replaceSubrange(max(0, first - 1)..<min(runs.count, end + 1), with: pieces)
    }

    /// The index of the first run that ends after `offset` (`runs.count` when none does).
    private func firstRun(endingAfter offset: Int) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) >> 1
            if runs[mid].range.upperBound > offset { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The index of the first run from `start` on that starts at or after `offset`.
    private func firstRun(startingAtOrAfter offset: Int, from start: Int) -> Int {
        var low = start, high = runs.count
        while low < high {
            let mid = (low + high) >> 1
            if runs[mid].range.lowerBound >= offset { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Sets the attributes of `range` to `attributes`.
    public mutating func setAttributes(_ attributes: TextAttributes, range: Range<Int>) {
        modifyAttributes(in: range) { $0 = attributes }
    }

    /// Changes the attributes of every run in `range`, rebuilding only the runs it touches
    /// and their neighbours (which the change may merge with).
    /// - Complexity: O(log runs + runs touched).
    public mutating func modifyAttributes(in range: Range<Int>, _ change: (inout TextAttributes) -> Void) {
        guard !range.isEmpty, !runs.isEmpty else { return }
        let first = firstRun(endingAfter: range.lowerBound)
        let end = firstRun(startingAtOrAfter: range.upperBound, from: first)
        guard first < end else { return }
        var pieces: [Run] = []
        pieces.reserveCapacity(end - first + 4)
        if first > 0 { pieces.append(runs[first - 1]) }
        for run in runs[first..<end] {
            let overlap = run.range.clamped(to: range)
            if run.range.lowerBound < overlap.lowerBound {
                Self.appendRun(Run(range: run.range.lowerBound..<overlap.lowerBound, attributes: run.attributes), to: &pieces)
            }
            var changed = run.attributes
            change(&changed)
            Self.appendRun(Run(range: overlap, attributes: changed), to: &pieces)
            if overlap.upperBound < run.range.upperBound {
                Self.appendRun(Run(range: overlap.upperBound..<run.range.upperBound, attributes: run.attributes), to: &pieces)
            }
        }
        if end < runs.count { Self.appendRun(runs[end], to: &pieces) }
        runs.replaceSubrange(max(0, first - 1)..<min(runs.count, end + 1), with: pieces)
    }

    /// Sets the attributes of `range` run by run: `styled` lists the runs that tile `range`, in order (what a
    /// restyle of one paragraph makes). One splice of the run array, where a `setAttributes` per run would move
    /// the array's tail once each (a paragraph of a megabyte's text styled in ten pieces moved it ten times).
    /// - Precondition: `styled`'s ranges are in order, do not overlap, and lie in `range`; a gap keeps its attributes.
    /// - Complexity: O(log runs + runs touched + styled.count).
    public mutating func setAttributes(_ styled: [Run], in range: Range<Int>) {
        guard !range.isEmpty, !runs.isEmpty else { return }
        let first = firstRun(endingAfter: range.lowerBound)
        let end = firstRun(startingAtOrAfter: range.upperBound, from: first)
        guard first < end else { return }
        var pieces: [Run] = []
        pieces.reserveCapacity(end - first + styled.count + 4)
        if first > 0 { pieces.append(runs[first - 1]) }
        // What `range` holds now, so that a gap between the given runs keeps it.
        var old = runs[first..<end].makeIterator()
        var current = old.next()
        func appendOld(_ gap: Range<Int>) {
            var position = gap.lowerBound
            while position < gap.upperBound, let run = current {
                if run.range.upperBound <= position { current = old.next(); continue }
                let piece = max(position, run.range.lowerBound)..<min(gap.upperBound, run.range.upperBound)
                Self.appendRun(Run(range: piece, attributes: run.attributes), to: &pieces)
                position = piece.upperBound
                if run.range.upperBound <= position { current = old.next() }
            }
        }
        let firstStart = runs[first].range.lowerBound
        appendOld(firstStart..<range.lowerBound)
        var position = range.lowerBound
        for run in styled {
            let piece = run.range.clamped(to: position..<range.upperBound)
            guard !piece.isEmpty else { continue }
            appendOld(position..<piece.lowerBound)
            Self.appendRun(Run(range: piece, attributes: run.attributes), to: &pieces)
            position = piece.upperBound
        }
        appendOld(position..<range.upperBound)
        appendOld(range.upperBound..<runs[end - 1].range.upperBound)
        if end < runs.count { Self.appendRun(runs[end], to: &pieces) }
        runs.replaceSubrange(max(0, first - 1)..<min(runs.count, end + 1), with: pieces)
    }

    private static func appendRun(_ run: Run, to runs: inout [Run]) {
        guard !run.range.isEmpty else { return }
        if let last = runs.last, last.attributes == run.attributes, last.range.upperBound == run.range.lowerBound {
            runs[runs.count - 1].range = last.range.lowerBound..<run.range.upperBound
        } else {
            runs.append(run)
        }
    }

    private func appendSlice(of text: StyledText, _ range: Range<Int>, to result: inout StyledText) {
        guard !range.isEmpty else { return }
        var i = text.runIndex(containing: range.lowerBound)
        while i < text.runs.count, text.runs[i].range.lowerBound < range.upperBound {
            let piece = text.runs[i].range.clamped(to: range)
            result.append(text.substring(piece), text.runs[i].attributes)
            i += 1
        }
    }

    /// The range of the paragraph(s) around `range`: from the character after the previous
    /// newline to the end of the last paragraph's newline (or the end of the text).
    public func paragraphRange(for range: Range<Int>) -> Range<Int> {
        let bytes = string.utf8
        var start = min(range.lowerBound, utf8Count)
        var startIndex = bytes.index(bytes.startIndex, offsetBy: start)
        while start > 0 {
            let before = bytes.index(before: startIndex)
            if bytes[before] == 0x0A { break }
            startIndex = before
            start -= 1
        }
        var end = max(range.upperBound, start)
        if range.upperBound > range.lowerBound, end > 0,
           bytes[bytes.index(bytes.startIndex, offsetBy: end - 1)] == 0x0A {
            return start..<end
        }
        var endIndex = bytes.index(bytes.startIndex, offsetBy: end)
        while endIndex != bytes.endIndex {
            let byte = bytes[endIndex]
            endIndex = bytes.index(after: endIndex)
            end += 1
            if byte == 0x0A { break }
        }
        return start..<end
    }

    /// Every link in the text with its whole range, in reading order. A link that runs
    /// across several attribute runs (emphasis inside the shown text) is one range.
    public var links: [(link: TextLink, range: Range<Int>)] {
        var result: [(link: TextLink, range: Range<Int>)] = []
        for run in runs {
            guard let link = run.attributes.link else { continue }
            if let last = result.last, last.link == link, last.range.upperBound == run.range.lowerBound {
                result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                result.append((link, run.range))
            }
        }
        return result
    }
}
