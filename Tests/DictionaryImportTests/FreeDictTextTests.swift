import Testing
@testable import DictionaryImport

/// FreeDict's text read byte by byte: translations split at the commas outside brackets, a
/// body split into its lines; CJK, emoji sequences and combining marks kept whole.
@Suite struct FreeDictTextTests {
    @Test func translationsSplitAtCommasOutsideBrackets() {
        #expect(DictdConverter.splitTranslations("犬, 🐕\u{200D}🦺 (a, b), [x, y] e\u{301}tude ,  , chien"[...])
                == ["犬", "🐕\u{200D}🦺 (a, b)", "[x, y] e\u{301}tude", "chien"])
        #expect(DictdConverter.splitTranslations("(unclosed, still one"[...]) == ["(unclosed, still one"])
        #expect(DictdConverter.splitTranslations(") closes nothing, two"[...]) == [") closes nothing", "two"])
        #expect(DictdConverter.splitTranslations(""[...]) == [])
    }

    @Test func aBodyIsSplitIntoItsLines() {
        let body = "\n1. 犬\r\n\n2. 🐕\u{200D}🦺 e\u{301}\nlast"[...]
        #expect(DictdConverter.lines(of: body) == ["1. 犬\r", "2. 🐕\u{200D}🦺 e\u{301}", "last"])
        #expect(DictdConverter.lines(of: "\n\n"[...]) == [])
        #expect(DictdConverter.lines(of: "one"[...]) == ["one"])
    }
}
