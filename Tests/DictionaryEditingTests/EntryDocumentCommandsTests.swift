import Testing
@testable import DictionaryEditing

/// The editor's line classes and its add/remove commands, on text with wide and combining characters.
@Suite struct EntryDocumentCommandsTests {
    static let text = """
        犬 🐕
        pos: 名詞
        1. a [[dog]] 👩‍👩‍👧
           ex: 犬が吠える
           tr: the dog barks
           note: e\u{301}tymon
           1.1. a sub-sense 🇯🇵
        2. second 👍🏽
        more of the second
        note: entry
        """

    /// The UTF-8 offset of the first `marker` in `text`.
    static func offset(of marker: String, in text: String = text) -> Int {
        let bytes = Array(text.utf8), needle = Array(marker.utf8)
        for i in 0...(bytes.count - needle.count) where Array(bytes[i..<(i + needle.count)]) == needle { return i }
        Issue.record("no \(marker)")
        return 0
    }

    static func applying(_ insertion: EntryDocument.Insertion, to text: String) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[..<insertion.offset] + Array(insertion.text.utf8) + bytes[insertion.offset...], as: UTF8.self)
    }

    @Test(arguments: [
        ("pos: 名詞", EntryDocument.LineKind.pos, "pos: ", "名詞"),
        ("   ex: 犬が吠える", .example, "   ex: ", "犬が吠える"),
        ("\ttr: x", .translation, "\ttr: ", "x"),
        ("   note: e\u{301}", .senseNote, "   note: ", "e\u{301}"),
        ("note: 👍🏽", .entryNote, "note: ", "👍🏽"),
        ("  1.1. 🇯🇵 flag", .sense(number: [1, 1]), "  1.1. ", "🇯🇵 flag"),
        ("12.", .sense(number: [12]), "12.", ""),
        ("1.5 apples", .continuation, "", "1.5 apples"),
        ("pronounced", .continuation, "", "pronounced"),
        ("pron: /dɔɡ/ (ipa)\r", .pronunciation, "pron: ", "/dɔɡ/ (ipa)"),
        ("   ", .empty, "   ", ""),
    ])
    func linesAreClassifiedWithTheirParts(_ line: String, _ kind: EntryDocument.LineKind, _ label: String, _ body: String) {
        let lineClass = EntryDocument.classify(line: Substring(line))
        let bytes = Array(line.utf8)
        #expect(lineClass.kind == kind)
        #expect(String(decoding: bytes[lineClass.label], as: UTF8.self) == label)
        #expect(String(decoding: bytes[lineClass.body], as: UTF8.self) == body)
    }

    @Test func continuationsBelongToTheFieldAbove() {
        let lines = EntryDocument.classifyLines(Self.text)
        #expect(lines.map(\.field) == [.headword, .pos, .sense(number: [1]), .example, .translation, .senseNote,
                                       .sense(number: [1, 1]), .sense(number: [2]), .sense(number: [2]), .entryNote])
        let bytes = Array(Self.text.utf8)
        #expect(String(decoding: bytes[lines[0].range], as: UTF8.self) == "犬 🐕")
        #expect(String(decoding: bytes[lines[8].range], as: UTF8.self) == "more of the second")
    }

    @Test(arguments: [
        // (command, caret marker, marker to find after the insertion at the caret)
        (EntryDocument.AddedField.sense, "sub-sense", "1.1. a sub-sense 🇯🇵\n3. "),
        (.sense, "entry", "more of the second\n3. "),
        (.subSense, "[[dog]]", "1.1. a sub-sense 🇯🇵\n   1.2. "),
        (.subSense, "second 👍", "more of the second\n   2.1. "),
        (.example, "e\u{301}tymon", "tr: the dog barks\n   ex: "),
        (.example, "second 👍", "more of the second\n   ex: "),
        (.example, "sub-sense", "1.1. a sub-sense 🇯🇵\n      ex: "),
        (.note, "犬が", "note: e\u{301}tymon\n   note: "),
        (.note, "名詞", "note: entry\nnote: "),
        (.entryNote, "[[dog]]", "note: entry\nnote: "),
    ])
    func addingAFieldInsertsItsLabelWhereItBelongs(_ kind: EntryDocument.AddedField, _ caretMarker: String, _ expected: String) throws {
        let caret = Self.offset(of: caretMarker)
        let insertion = try #require(EntryDocument.insertion(adding: kind, in: Self.text, at: caret))
        let result = Self.applying(insertion, to: Self.text)
        #expect(result.contains(expected), "\(result)")
        // The caret is at the end of the new label, and the text still parses.
        #expect(Self.offset(of: expected, in: result) + expected.utf8.count == insertion.caret)
        #expect(throws: Never.self) { try EntryDocument.parse(result) }
    }

    @Test func fieldsThatNeedASenseNeedOne() {
        let text = "w\npos: noun"
        #expect(EntryDocument.insertion(adding: .example, in: text, at: 3) == nil)
        #expect(EntryDocument.insertion(adding: .subSense, in: text, at: 3) == nil)
        let sense = EntryDocument.insertion(adding: .sense, in: text, at: 0)
        #expect(sense == EntryDocument.Insertion(offset: text.utf8.count, text: "\n1. ", caret: text.utf8.count + 4))
    }

    @Test(arguments: [
        ("犬が", "犬 🐕\npos: 名詞\n1. a [[dog]] 👩‍👩‍👧\n   note: e\u{301}tymon\n   1.1. a sub-sense 🇯🇵\n2. second 👍🏽\nmore of the second\nnote: entry"),
        ("more of", "犬 🐕\npos: 名詞\n1. a [[dog]] 👩‍👩‍👧\n   ex: 犬が吠える\n   tr: the dog barks\n   note: e\u{301}tymon\n   1.1. a sub-sense 🇯🇵\nnote: entry"),
        ("[[dog]]", "犬 🐕\npos: 名詞\n2. second 👍🏽\nmore of the second\nnote: entry"),
        ("名詞", "犬 🐕\n1. a [[dog]] 👩‍👩‍👧\n   ex: 犬が吠える\n   tr: the dog barks\n   note: e\u{301}tymon\n   1.1. a sub-sense 🇯🇵\n2. second 👍🏽\nmore of the second\nnote: entry"),
        ("entry", "犬 🐕\npos: 名詞\n1. a [[dog]] 👩‍👩‍👧\n   ex: 犬が吠える\n   tr: the dog barks\n   note: e\u{301}tymon\n   1.1. a sub-sense 🇯🇵\n2. second 👍🏽\nmore of the second"),
    ])
    func removingAFieldTakesItsLinesWithIt(_ caretMarker: String, _ expected: String) throws {
        let removal = try #require(EntryDocument.removal(ofFieldAt: Self.offset(of: caretMarker), in: Self.text))
        let bytes = Array(Self.text.utf8)
        let result = String(decoding: bytes[..<removal.range.lowerBound] + bytes[removal.range.upperBound...], as: UTF8.self)
        #expect(result == expected)
        #expect(removal.caret == removal.range.lowerBound)
    }

    @Test func theHeadwordIsNotRemoved() {
        #expect(EntryDocument.removal(ofFieldAt: 2, in: Self.text) == nil)
    }
}
