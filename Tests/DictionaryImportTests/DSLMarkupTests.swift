import Testing
import DictionaryModel
@testable import DictionaryImport

/// Lingvo DSL card bodies and headword lines to the data format, word for word.
@Suite struct DSLMarkupTests {
    static let nbsp2 = "\u{A0}\u{A0}"

    @Test(arguments: [
        ("[m1][p]noun[/p][/m]", "''noun''"),
        ("[m1]one[/m]\n[m3]three[/m]", "one\n\u{A0}\u{A0}\u{A0}\u{A0}three"),
        ("[m0][b]I[/b][/m]\n[m2]two", "'''I'''\n\u{A0}\u{A0}two"),
        ("[b]bold[/b] [i]it[/i] [u]under[/u]", "'''bold''' ''it'' ''under''"),
        ("[trn]a dog[/trn]; [ex]the dog barked[/ex]", "a dog; ''the dog barked''"),
        ("[com][c darkgray]•[/c] Syn[/com] [*]optional[/*]", "• Syn optional"),
        ("x[sup]2[/sup] H[sub]2[/sub]O", "x2 H2O"),
        ("see <<cat>>, <<big cat>>", "see [[cat]], [[big cat]]"),
        ("see [ref]cat[/ref] and [ref dict=\"Other\"]dog[/ref]", "see [[cat]] and [[dog]]"),
        ("[url]https://example.org/a[/url] [url]not a url[/url]", "[[https://example.org/a]] not a url"),
        ("[s]dog.wav[/s] [s]pics/dog.jpg[/s] [s]clip.mp4[/s] [s]x.dat[/s]",
         "\\[sound: dog.wav\\] \\[image: dog.jpg\\] \\[video: clip.mp4\\] \\[media: x.dat\\]"),
        ("\\[ or \\] \\~ \\\\ \\<\\<no\\>\\>", "\\[ or \\] ~ \\\\ <<no>>"),
        ("a {{comment}}b", "a b"),
        ("~ and ^~, <<~>>", "dog and dog, [[dog]]"),
        ("[unknown]kept[/unknown] [lang id=1033]en[/lang]", "kept en"),
        ("[b]open\nnext", "'''open'''\n'''next'''"),
        ("<<unclosed and [b", "<<unclosed and \\[b"),
        ("日本[i]語[/i] 👍🏽 é", "日本''語'' 👍🏽 é"),
    ])
    func convertsBodies(source: String, expected: String) {
        #expect(DSLMarkup.convert(source, headword: "dog") == expected)
    }

    /// A line of hundreds of links keeps every one.
    @Test func aLineOfNineHundredLinksKeepsThemAll() {
        let words = (1...900).map { "word \($0)" }
        let markup = DSLMarkup.convert("[m4] " + words.map { "<<\($0)>>" }.joined(separator: ", ") + "[/m]")
        let links = Markup(markup).runs.compactMap(\.link).map(\.target)
        #expect(links == words)
    }

    @Test func abbreviationsTheTableExplainsBecomeLinksToTheirSense() {
        var table = AbbreviationTable(title: "Abbreviations")
        table.add("Syn", meaning: "Synonyms")
        table.add("n.", meaning: "noun")
        let markup = DSLMarkup.convert("[p]n.[/p] [p]Syn[/p]: [p]adj.[/p]", abbreviations: table)
        #expect(markup == "[[(abbreviations)#2|n.]] [[(abbreviations)#1|Syn]]: ''adj.''")
        #expect(table.entry.senses.map { $0.definition?.source } == ["'''Syn''' — Synonyms", "'''n.''' — noun"])
    }

    @Test(arguments: [
        ("colo(u)r", "colo(u)r", "colour", ["colour", "color"]),
        ("{to }go", "to go", "go", ["go"]),
        ("{(to) }run( away)", "(to) run( away)", "run away", ["run away", "run"]),
        ("a\\(b\\) \\{c\\}", "a(b) {c}", "a(b) {c}", ["a(b) {c}"]),
        ("[']a[/']cute", "acute", "acute", ["acute"]),
        ("東京(都)", "東京(都)", "東京都", ["東京都", "東京"]),
        ("café\u{301}", "café\u{301}", "café\u{301}", ["café\u{301}"]),
    ])
    func readsHeadwords(line: String, shown: String, tilde: String, keys: [String]) {
        let headword = DSLHeadword(line)
        #expect(headword.shown == shown)
        #expect(headword.tilde == tilde)
        #expect(headword.keys == keys)
    }
}
