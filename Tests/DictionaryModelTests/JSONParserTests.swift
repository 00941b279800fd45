import Testing
import DictionaryModel

@Suite struct JSONParserTests {
    /// Parses `text` and returns the error as `line:column: message`, or nil.
    func failure(_ text: String) -> String? {
        let file = SourceFile(path: "t.json", text: text)
        do {
            _ = try JSONParser.parse(file.bytes)
            return nil
        } catch {
            let diagnostic = Diagnostic(error, in: file)
            return "\(diagnostic.location!.line):\(diagnostic.location!.column): \(diagnostic.message)"
        }
    }

    @Test func parsesEveryKindWithOffsets() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5e1, true, false, null], "b": "x\u00e9\n", "c": {}}"#)
        #expect(value.offset == 0)
        let a = try #require(value["a"]?.arrayValue)
        #expect(a.map(\.offset) == [7, 10, 18, 24, 31])
        #expect(a[0].kind == .number(1))
        #expect(a[1].kind == .number(-25))
        #expect(a[2].kind == .bool(true))
        #expect(a[4].kind == .null)
        #expect(value["b"]?.stringValue == "xé\n")
        #expect(value["b"]?.offset == 43)
        #expect(value["c"]?.members == [])
        #expect(value.members?.map(\.key) == ["a", "b", "c"])
    }

    @Test func keepsTextExactly() throws {
        let text = "{\"s\": \"\\u001b[31m \u{202E}evil \\u0000 \\u0085 e\u{301} \\ud83d\\ude00\"}"
        let value = try JSONParser.parse(text)
        #expect(value["s"]?.stringValue == "\u{1B}[31m \u{202E}evil \u{0} \u{85} e\u{301} 😀")
    }

    /// After an escape the rest of a string is copied run by run: CJK, emoji sequences and
    /// combining marks between escapes come through whole.
    @Test func textBetweenEscapesIsKeptWhole() throws {
        let text = "{\"s\": \"日本\\n語 🐕\u{200D}🦺\\t e\u{301}\\\\\\\"x\\u00e9\"}"
        #expect(try JSONParser.parse(text)["s"]?.stringValue == "日本\n語 🐕\u{200D}🦺\t e\u{301}\\\"xé")
    }

    @Test func numbers() throws {
        #expect(try JSONParser.parse("0").kind == .number(0))
        #expect(try JSONParser.parse("-0.5").kind == .number(-0.5))
        #expect(try JSONParser.parse("1E2").kind == .number(100))
        #expect(try JSONParser.parse("123456789012345678901").numberValue == 123456789012345678901.0)
    }

    /// Found by fuzz-json: 1E4740893 parsed as infinity, which `serialized` wrote as `inf`, not
    /// JSON. A number beyond a Double's range is an error; one too small to tell from 0 is 0.
    @Test func rejectsNumbersBeyondADoublesRange() throws {
        let input = #"{"id":"dog~n","headword":"dog","n":[1,-0,2.5e-3,1E4740893],"ok":true,"n\#u{7F}":null}"#
        #expect(failure(input) == "1:49: invalid JSON: number out of range (beyond ±1.7976931348623157e308)")
        #expect(failure("-1e309") == "1:1: invalid JSON: number out of range (beyond ±1.7976931348623157e308)")
        #expect(try JSONParser.parse("1.7976931348623157e308").numberValue == .greatestFiniteMagnitude)
        #expect(try JSONParser.parse("1e-400").numberValue == 0)
        let value = try JSONParser.parse("[1e308, -2.5e-300]")
        #expect(try JSONParser.parse(value.serialized).arrayValue?.map(\.kind) == value.arrayValue?.map(\.kind))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "1:9: invalid JSON: trailing comma before '}'"),
        ("[1, 2,]", "1:7: invalid JSON: trailing comma before ']'"),
        ("{\n  // note\n  \"a\": 1\n}", "2:3: invalid JSON: unexpected '/'; expected a member name in double quotes"),
        ("[1] /* c */", "1:5: invalid JSON: unexpected '/' after the top-level value"),
        ("\"a\tb\"", "1:3: invalid JSON: control character U+0009 in a string; write it as an escape such as \\n or \\u0009"),
        ("\"a\\nb\tc\"", "1:6: invalid JSON: control character U+0009 in a string; write it as an escape such as \\n or \\u0009"),
        ("[\"é\\n日本", "1:2: invalid JSON: unterminated string"),
        ("\"a\\qb\"", "1:3: invalid JSON: invalid escape '\\q' in a string; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
        ("[\"\\ud800\"]", "1:3: invalid JSON: lone surrogate \\uD800 in a string"),
        ("[\"\\udc00x\"]", "1:3: invalid JSON: lone surrogate \\uDC00 in a string"),
        ("\"\\u12g4\"", "1:2: invalid JSON: invalid \\u escape in a string; expected four hexadecimal digits"),
        ("{\"a\" 1}", "1:6: invalid JSON: unexpected '1'; expected ':' after the member name"),
        ("{'a': 1}", "1:2: invalid JSON: unexpected '''; expected a member name in double quotes"),
        ("[01]", "1:2: invalid JSON: invalid number: leading zeros are not allowed"),
        ("[1.]", "1:4: invalid JSON: invalid number: expected a digit after '.'"),
        ("[-]", "1:3: invalid JSON: invalid number: expected a digit after '-'"),
        ("[NaN]", "1:2: invalid JSON: unexpected 'N'; expected a value"),
        ("[truex]", "1:6: invalid JSON: unexpected 'x' after true"),
        ("", "1:1: invalid JSON: the file is empty; expected a JSON value"),
        ("{\"a\": \"é", "1:7: invalid JSON: unterminated string"),
        ("{} {}", "1:4: invalid JSON: unexpected '{' after the top-level value"),
        ("[1 2]", "1:4: invalid JSON: unexpected '2'; expected ',' or ']'"),
        ("{\n  \"héllo\": [\n    1,\n    ]\n}", "4:5: invalid JSON: trailing comma before ']'"),
        ("[\"ü\", x]", "1:7: invalid JSON: unexpected 'x'; expected a value"),
    ])
    func rejects(_ text: String, _ expected: String) {
        #expect(failure(text) == expected)
    }

    @Test func rejectsInvalidUTF8WithItsPosition() {
        let file = SourceFile(path: "t.json", bytes: Array("[\"ab".utf8) + [0xC3, 0x28] + Array("\"]".utf8))
        #expect(throws: DictionaryModelError.invalidJSON("invalid UTF-8 in a string", offset: 4)) {
            try JSONParser.parse(file.bytes)
        }
    }

    @Test func rejectsDeepNesting() {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(failure(text) == "1:513: invalid JSON: nesting deeper than 512 levels")
    }

    @Test func columnsCountCharacters() {
        let file = SourceFile(path: "entries/dog.json", text: "{\n  \"é👍🏽\": x\n}")
        // The `x` is at byte 2 + 1 + 11 + 3 = …; find it and check its column counts clusters.
        let offset = Array(file.bytes).firstIndex(of: UInt8(ascii: "x"))!
        #expect(file.location(ofOffset: offset).description == "entries/dog.json:2:9")
    }

    /// A top-level array's elements, one by one, each with the offset just past it; what
    /// `parse` gives for the same bytes.
    @Test func elementsComeOneByOneWithTheirEnds() throws {
        let text = "[ {\"a\": \"日本\"} ,\n {\"b\": [1, {\"c\": \"🐕\u{200D}🦺\"}]},\"e\u{301}\" ]\n"
        let bytes = Array(text.utf8)
        var handed: [(value: JSONValue, end: Int, isElement: Bool)] = []
        try JSONParser.forEachElement(bytes) { handed.append(($0, $1, $2)) }
        let whole = try #require(try JSONParser.parse(bytes).arrayValue)
        #expect(whole == handed.map(\.value))
        #expect(handed.allSatisfy { $0.isElement })
        let texts = handed.map { String(decoding: bytes[$0.value.offset..<$0.end], as: UTF8.self) }
        #expect(texts == ["{\"a\": \"日本\"}", "{\"b\": [1, {\"c\": \"🐕\u{200D}🦺\"}]}", "\"e\u{301}\""])
    }

    /// A document that is not an array is handed whole; an empty array hands nothing.
    @Test func aDocumentNotAnArrayIsHandedWhole() throws {
        var handed: [(JSONValue, Int, Bool)] = []
        try JSONParser.forEachElement(Array(" {\"a\": 1} ".utf8)) { handed.append(($0, $1, $2)) }
        #expect(handed.count == 1 && handed[0].0.offset == 1 && handed[0].1 == 9 && !handed[0].2)
        handed = []
        try JSONParser.forEachElement(Array("[ ]".utf8)) { handed.append(($0, $1, $2)) }
        #expect(handed.isEmpty)
    }

    /// An error is thrown with its place after the elements before it were handed, and the
    /// same errors as `parse` gives.
    @Test(arguments: [("[{\"a\": 1}, {\"b\": x}]", 1), ("[{}, {}", 2), ("[{},]", 1), ("[{}] {}", 1), ("", 0), ("[{}, \"é", 1)])
    func elementsBeforeAnErrorAreHandedThenTheErrorThrown(_ text: String, handedBefore: Int) {
        var count = 0
        let expected = failure(text)
        #expect(expected != nil)
        do {
            try JSONParser.forEachElement(Array(text.utf8)) { _, _, _ in count += 1 }
            Issue.record("no error for \(text)")
        } catch {
            let diagnostic = Diagnostic(error, in: SourceFile(path: "t.json", text: text))
            #expect("\(diagnostic.location!.line):\(diagnostic.location!.column): \(diagnostic.message)" == expected)
        }
        #expect(count == handedBefore)
    }
}
