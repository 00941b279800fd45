import Testing
import DictionaryIndex
@testable import DictionarySearch

@Suite struct SearchQueryTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var query: String
        var expression: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "words in any order", query: "narrow  river", expression: #""narrow" "river""#),
        Case(name: "a phrase", query: #""narrow river" water"#, expression: #""narrow river" "water""#),
        Case(name: "a prefix", query: "riv*", expression: #""riv" *"#),
        Case(name: "a prefix phrase", query: #""small riv"*"#, expression: #""small riv" *"#),
        Case(name: "an unclosed quote runs to the end", query: #"big "narrow river"#, expression: #""big" "narrow river""#),
        Case(name: "a quote inside a word splits it", query: #"rock"n"roll"#, expression: #""rock" "n" "roll""#),
        Case(name: "operators are words", query: "dog AND NOT cat OR (x)", expression: #""dog" "AND" "NOT" "cat" "OR" "x""#),
        Case(name: "punctuation inside a word makes a phrase", query: "rock-n-roll", expression: #""rock n roll""#),
        Case(name: "a lone star is dropped", query: "dog * *cat", expression: #""dog" "cat""#),
        Case(name: "accents are kept for the index to fold", query: "Crêpes", expression: #""Crêpes""#),
        Case(name: "empty quotes are nothing", query: #"dog """#, expression: #""dog""#),
    ])
    func parses(_ example: Case) {
        #expect(SearchQuery(example.query).ftsExpression == example.expression)
    }

    @Test(arguments: ["", "   ", "\"\"", "*", "\" * \"", "— … !"])
    func emptyQueries(_ text: String) {
        #expect(SearchQuery(text).isEmpty)
        #expect(SearchQuery(text).ftsExpression == "")
    }

    @Test func termsSayWhatTheyAre() {
        let query = SearchQuery(#""a big" dog*"#)
        #expect(query.terms == [SearchQuery.Term(words: ["a", "big"]), SearchQuery.Term(words: ["dog"], isPrefix: true)])
        #expect(query.terms[0].isPhrase)
        #expect(query.words == ["a", "big", "dog"])
    }
}

@Suite struct SearchSnippetTests {
    @Test func marksBecomeBrackets() {
        let snippet = SearchSnippet(marked: "a small and \u{1}narrow\u{2} \u{1}river\u{2}.")
        #expect(snippet.text == "a small and narrow river.")
        #expect(snippet.marks == [12..<18, 19..<24])
        #expect(snippet.bracketed == "a small and [narrow] [river].")
    }

    @Test func literalBracketsAreEscaped() {
        let snippet = SearchSnippet(marked: "see [1] and \u{1}dog\u{2}\\x")
        #expect(snippet.bracketed == #"see \[1\] and [dog]\\x"#)
    }

    @Test func marksAreUTF8Offsets() {
        let snippet = SearchSnippet(marked: "les \u{1}crêpes\u{2} 日本")
        #expect(snippet.marks == [4..<11])
        #expect(snippet.bracketed == "les [crêpes] 日本")
    }

    @Test func aRunOfSpacesIsShownAsOne() {
        // A DSL card's lines, joined with their indentation: `noun\n   1. a group …`.
        let snippet = SearchSnippet(marked: "noun    1. a \u{1}group\u{2} of  日本   \u{1}wolves\u{2}     • Hypernyms: pack")
        #expect(snippet.text == "noun 1. a group of 日本 wolves • Hypernyms: pack")
        #expect(snippet.bracketed == "noun 1. a [group] of 日本 [wolves] • Hypernyms: pack")
        let bytes = Array(snippet.text.utf8)
        #expect(snippet.marks.map { String(decoding: bytes[$0], as: UTF8.self) } == ["group", "wolves"])
    }

    @Test func aMarkAtTheEnd() {
        #expect(SearchSnippet(marked: "\u{1}dog\u{2}").bracketed == "[dog]")
    }

    @Test func indexedTextNeverHoldsTheMarkers() {
        #expect(EntryText.cleaned("a\u{1}b\u{2}c\nd\u{1B}[31m") == "a\u{FFFD}b\u{FFFD}c d\u{1B}[31m")
    }
}
