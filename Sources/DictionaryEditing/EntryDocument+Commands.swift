import DictionaryModel

extension EntryDocument {
    /// A field the editor's commands add.
    public enum AddedField: Equatable, Sendable {
        /// A top-level sense, after the sense the caret is in (or after the last sense).
        case sense
        /// A sub-sense of the sense the caret is in, after its last sub-sense.
        case subSense
        /// An example of the sense the caret is in, after its examples.
        case example
        /// A note on the sense the caret is in (after its notes); outside a sense, a note on
        /// the entry, at the end.
        case note
        /// A note on the entry, at the end.
        case entryNote
    }

    /// Text to insert into the editor's text: `text` at the UTF-8 `offset`, after which the
    /// caret goes to `caret` (an offset in the text after the insertion).
    public struct Insertion: Equatable, Sendable {
        /// Where to insert, as a UTF-8 offset into the text before the insertion.
        public var offset: Int
        /// What to insert: a newline, then the new line's label (`2. `, `   ex: `).
        public var text: String
        /// The caret's offset in the text after the insertion: the end of the new label.
        public var caret: Int
    }

    /// Text to remove from the editor's text, and where the caret goes after.
    public struct Removal: Equatable, Sendable {
        /// The UTF-8 range to remove: the field's lines with the newline before them.
        public var range: Range<Int>
        /// The caret's offset in the text after the removal.
        public var caret: Int
    }

    /// What to insert to add a field of `kind` near the caret (a UTF-8 offset into `text`);
    /// nil when the field needs a sense and the caret is in none. A new sense's number is one
    /// more than the largest of its level in the text, so it names no sense shown; it can
    /// name an original sense whose line was deleted, and then takes that sense's hidden
    /// fields.
    public static func insertion(adding kind: AddedField, in text: String, at caret: Int) -> Insertion? {
        let lines = classifyLines(text)
        guard !lines.isEmpty else { return nil }
        let current = lineIndex(at: caret, in: lines)
        func insert(after line: Int, _ label: String) -> Insertion {
            let offset = lines[line].range.upperBound
            let inserted = "\n" + label
            return Insertion(offset: offset, text: inserted, caret: offset + inserted.utf8.count)
        }
        let owner = owningSense(of: current, in: lines)
        switch kind {
        case .sense:
            let largest = lines.compactMap(senseNumber).filter { $0.count == 1 }.map { $0[0] }.max() ?? 0
            let label = "\(largest + 1). "
            if let owner, let top = (0...owner).reversed().first(where: { senseNumber(lines[$0])?.count == 1 }) {
                return insert(after: blockEnd(ofSense: top, in: lines), label)
            }
            if let last = lines.indices.last(where: { isInSense($0, lines) }) { return insert(after: last, label) }
            let header = lines.indices.last { i in
                switch lines[i].field {
                case .headword, .pos, .pronunciation, .etymology: return true
                default: return false
                }
            } ?? 0
            return insert(after: header, label)
        case .subSense:
            guard let owner, let number = senseNumber(lines[owner]) else { return nil }
            let end = blockEnd(ofSense: owner, in: lines)
            let largest = lines[owner...end].compactMap(senseNumber).filter { $0.count == number.count + 1 && Array($0.prefix(number.count)) == number }
                .map { $0.last! }.max() ?? 0
            let indent = String(repeating: indentUnit, count: number.count)
            return insert(after: end, indent + label(number + [largest + 1]))
        case .example:
            guard let owner, let number = senseNumber(lines[owner]) else { return nil }
            let own = ownEnd(ofSense: owner, in: lines)
            let indent = String(repeating: indentUnit, count: number.count)
            // After the last example (and its translation), else after the definition.
            var after = owner
            for i in owner...own {
                switch lines[i].field {
                case .example, .translation: after = i
                case .sense: if i == owner { after = i }
                default: break
                }
            }
            if after == owner {
                while after < own, lines[after + 1].field == lines[owner].field || lines[after + 1].lineClass.kind == .empty { after += 1 }
            }
            return insert(after: after, indent + "ex: ")
        case .note:
            if let owner, let number = senseNumber(lines[owner]) {
                return insert(after: ownEnd(ofSense: owner, in: lines), String(repeating: indentUnit, count: number.count) + "note: ")
            }
            return insert(after: lines.count - 1, "note: ")
        case .entryNote:
            return insert(after: lines.count - 1, "note: ")
        }
    }

    /// What to remove to delete the field on the caret's line: the field's lines and their
    /// continuations (a sense with its examples, notes and sub-senses; an example with its
    /// translation). Nil on the headword's line.
    public static func removal(ofFieldAt caret: Int, in text: String) -> Removal? {
        let lines = classifyLines(text)
        guard !lines.isEmpty else { return nil }
        var first = lineIndex(at: caret, in: lines)
        // Back to the line that opens the field.
        while first > 0, lines[first].lineClass.kind == .continuation || lines[first].lineClass.kind == .empty { first -= 1 }
        if first == 0 { return nil }
        var last = first
        switch lines[first].lineClass.kind {
        case .sense:
            last = blockEnd(ofSense: first, in: lines)
        case .example:
            last = continuationEnd(first, lines)
            if last + 1 < lines.count, lines[last + 1].lineClass.kind == .translation { last = continuationEnd(last + 1, lines) }
        default:
            last = continuationEnd(first, lines)
        }
        let start = lines[first - 1].range.upperBound
        var end = lines[last].range.upperBound
        // A `\r` left at the end of the last removed line goes too.
        if last + 1 < lines.count { end = lines[last + 1].range.lowerBound - 1 } else { end = text.utf8.count }
        return Removal(range: start..<end, caret: start)
    }

    // MARK: Parts

    static func lineIndex(at caret: Int, in lines: [ClassifiedLine]) -> Int {
        var index = 0
        for (i, line) in lines.enumerated() where line.range.lowerBound <= caret { index = i }
        return index
    }

    static func senseNumber(_ line: ClassifiedLine) -> [Int]? {
        if case .sense(let number) = line.lineClass.kind { return number }
        return nil
    }

    /// Whether line `i` belongs to a sense (its line, examples, notes or their continuations).
    static func isInSense(_ i: Int, _ lines: [ClassifiedLine]) -> Bool {
        switch lines[i].field {
        case .sense, .example, .translation, .senseNote: return true
        default: return false
        }
    }

    /// The sense line the line `i` belongs to, if any.
    static func owningSense(of i: Int, in lines: [ClassifiedLine]) -> Int? {
        var j = i
        while j > 0 {
            switch lines[j].lineClass.kind {
            case .sense: return j
            case .headword, .pos, .pronunciation, .etymology, .entryNote: return nil
            case .senseNote, .example, .translation, .continuation, .empty:
                if lines[j].field == .entryNote || lines[j].field == .pos || lines[j].field == .pronunciation
                    || lines[j].field == .etymology { return nil }
                j -= 1
            }
        }
        return nil
    }

    /// The last line of the sense at line `s` with all its sub-senses.
    static func blockEnd(ofSense s: Int, in lines: [ClassifiedLine]) -> Int {
        let depth = senseNumber(lines[s])?.count ?? 1
        var end = s
        var i = s + 1
        while i < lines.count {
            if let number = senseNumber(lines[i]), number.count <= depth { break }
            if !isInSense(i, lines) && lines[i].lineClass.kind != .empty { break }
            if lines[i].lineClass.kind != .empty { end = i }
            i += 1
        }
        return end
    }

    /// The last line of the sense at line `s` before its first sub-sense.
    static func ownEnd(ofSense s: Int, in lines: [ClassifiedLine]) -> Int {
        var end = s
        var i = s + 1
        while i < lines.count, senseNumber(lines[i]) == nil, isInSense(i, lines) || lines[i].lineClass.kind == .empty {
            if lines[i].lineClass.kind != .empty { end = i }
            i += 1
        }
        return end
    }

    /// The last continuation line of the field opened at line `i`.
    static func continuationEnd(_ i: Int, _ lines: [ClassifiedLine]) -> Int {
        var end = i
        while end + 1 < lines.count, lines[end + 1].lineClass.kind == .continuation { end += 1 }
        return end
    }
}
