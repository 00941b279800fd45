import Testing
import DictionaryModel
import TestSupport
@testable import DictionaryIndex

/// A lookup rule's suffix is compared with a key by its bytes when the key is ASCII
/// (`LookupRules.fitting`): the same answer as comparing characters and counting them,
/// on normalised keys and suffixes in any script.
@Suite struct RuleSuffixTests {
    static let words = ["dogs", "s", "", "ies", "flies", "happier", "ier", "e", "stopped", "pped", "é", "café", "cafés", "s\u{301}",
                        "漢字", "字", "漢字s", "👩‍👩‍👧", "👩‍👩‍👧s", "‍👧", "ß", "strasse", "ﬁ", "fi", "ǆ", "x\u{301}\u{302}", "\u{301}", "a b", " b"]

    @Test func bytesAndCharactersAgree() {
        var matched = 0
        for rawKey in Self.words {
            let key = LookupKey.normalise(rawKey)
            for rawSuffix in Self.words {
                let suffix = LookupKey.normalise(rawSuffix)
                let expected = key.utf8.count > suffix.utf8.count && key.hasSuffix(suffix) && key.count > suffix.count
                let isASCII = key.utf8.allSatisfy { $0 < 0x80 }
                #expect(LookupRules.endsWithSuffix(key, suffix, keyIsASCII: isASCII) == expected, "\(key) / \(suffix)")
                let rules = LookupRules([LookupRule(suffix: "zz", replace: ""), LookupRule(suffix: rawSuffix, replace: ""), LookupRule(suffix: "", replace: "")])
                #expect(rules.fitting(key) == [0, 1, 2].filter { LookupRules.endsWithSuffix(key, rules.all[$0].normalisedSuffix, keyIsASCII: false) },
                        "\(key) / \(suffix)")
                if expected { matched += 1 }
            }
        }
        #expect(matched > 10)
    }

    /// Rules lead from keys in any script to their stems, and never to an empty stem.
    @Test func rulesLeadToStemsInAnyScript() {
        func entry(_ id: String, _ headword: String) -> Entry {
            Entry(id: id, headword: headword, pos: "noun", senses: [Sense(definition: Markup("a sense of \(headword)"))])
        }
        let lookup = Lookup(entries: [entry("dog~n", "dog"), entry("cafe~n", "café"), entry("kanji~n", "漢字"), entry("family~n", "👩‍👩‍👧"),
                                      entry("s~n", "s"), entry("fly~n", "fly")],
                            rules: [LookupRule(suffix: "s", replace: ""), LookupRule(suffix: "ies", replace: "y"), LookupRule(suffix: "們", replace: "")])
        let ids = { (query: String) in lookup.lookUp(query).entryNumbers.map { lookup.entries[$0].id } }
        #expect(ids("dogs") == ["dog~n"])
        #expect(ids("DOGS") == ["dog~n"])
        #expect(ids("cafés") == ["cafe~n"])
        #expect(ids("cafe\u{301}s") == ["cafe~n"])
        #expect(ids("漢字們") == ["kanji~n"])
        #expect(ids("👩‍👩‍👧s") == ["family~n"])
        #expect(ids("flies") == ["fly~n"])
        #expect(ids("ss") == ["s~n"])
        #expect(ids("s") == ["s~n"], "the headword itself, no rule to an empty stem")
        #expect(ids("們").isEmpty)
    }

    /// A rule run backwards gives the keys it would lead to `key` from: the key's end that the
    /// rule's replacement is turned back into its suffix, in rule order; in several scripts,
    /// with a replacement as long as the key (no stem left: nothing) and an empty one.
    @Test func rulesRunBackwardsGiveTheirSources() {
        let rules = LookupRules([LookupRule(suffix: "ies", replace: "y"), LookupRule(suffix: "s", replace: ""),
                                 LookupRule(suffix: "ées", replace: "é"), LookupRule(suffix: "たち", replace: ""),
                                 LookupRule(suffix: "👩‍👩‍👧s", replace: "👩‍👩‍👧"), LookupRule(suffix: "x", replace: "pony")])
        #expect(rules.sources(of: "pony") == ["ponies", "ponys", "ponyたち"])
        #expect(rules.sources(of: "café") == ["cafés", "cafées", "caféたち"])
        #expect(rules.sources(of: "猫") == ["猫s", "猫たち"])
        #expect(rules.sources(of: "a👩‍👩‍👧") == ["a👩‍👩‍👧s", "a👩‍👩‍👧たち", "a👩‍👩‍👧s"])
        #expect(rules.sources(of: "e\u{301}") == ["e\u{301}s", "e\u{301}たち"])
        #expect(LookupRules([]).sources(of: "pony").isEmpty)
    }
}
