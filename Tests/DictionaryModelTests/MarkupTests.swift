import Testing
import DictionaryModel

@Suite struct MarkupTests {
    /// Runs in a compact notation: plain text as is, `<s:…>` strong, `<e:…>` emphasis,
    /// `<se:…>` both, `{target#sense@index:…}` around link text.
    func render(_ source: String) -> String {
        Markup.parse(source).map { run in
            var text = run.text
            let style = (run.isStrong ? "s" : "") + (run.isEmphasized ? "e" : "")
            if !style.isEmpty { text = "<\(style):\(text)>" }
            if let link = run.link {
                text = "{\(link.target)\(link.sense.map { "#" + $0 } ?? "")@\(link.index):\(text)}"
            }
            return text
        }.joined()
    }

    @Test(arguments: [
        ("plain text", "plain text"),
        ("a [[dog]] barks", "a {dog@0:dog} barks"),
        ("[[domestic dog|a dog]]", "{domestic dog@0:a dog}"),
        ("[[bank#2|the bank]] and [[bank#river]]", "{bank#2@0:the bank} and {bank#river@1:bank#river}"),
        ("''emphasis'' and '''strong'''", "<e:emphasis> and <s:strong>"),
        ("'''strong ''both'' strong'''", "<s:strong ><se:both><s: strong>"),
        ("[[cat|a ''big'' cat]]", "{cat@0:a }{cat@0:<e:big>}{cat@0: cat}"),
        ("''see [[cat]] now''", "<e:see >{cat@0:<e:cat>}<e: now>"),
        ("\\[[not a link\\]]", "[[not a link]]"),
        ("a \\'' b", "a '' b"),
        ("[[a\\|b|shown]]", "{a|b@0:shown}"),
        ("[[a\\#b]]", "{a#b@0:a#b}"),
        ("[[c\\]]d]]", "{c]]d@0:c]]d}"),
        ("back\\\\slash", "back\\slash"),
        ("trailing\\", "trailing\\"),
        ("x [[a|b|c]]", "x {a@0:b|c}"),
        ("[[outer [[inner]] rest]]", "{outer [[inner@0:outer [[inner} rest]]"),
        ("it's '' fine", "it's '' fine"),
        ("'''''both'''''", "<se:both>"),
        ("[[ spaced | shown ]]", "{spaced@0: shown }"),
    ])
    func parses(_ source: String, _ expected: String) {
        #expect(render(source) == expected)
    }

    @Test(arguments: [
        ("[[unclosed link", "[[unclosed link"),
        ("a [[b|c", "a [[b|c"),
        ("''unclosed emphasis", "''unclosed emphasis"),
        ("'''unclosed strong", "'''unclosed strong"),
        ("'''strong''' and ''open", "<s:strong> and ''open"),
        ("[[]] empty", "[[]] empty"),
        ("[[|shown]]", "[[|shown]]"),
        ("[[a|''open]] after", "{a@0:''open} after"),
        ("]] stray", "]] stray"),
    ])
    func unclosedMarkupIsLiteral(_ source: String, _ expected: String) {
        #expect(render(source) == expected)
    }

    /// Found by fuzz-markup: `[[target|]]` made no run at all, so the link vanished from the
    /// page and the next link's index was 1 where `links` had it first.
    @Test func anEmptyShownTextShowsTheTarget() {
        let fuzzed = "[[\u{3}\u{FFFD}\u{FFFD}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{FFFD}\u{0}\u{306C}\u{FFFD}\u{FFFD}|]]\u{306F}[[\u{72AC}]\u{FFFD}\u{306C}]]\u{306F}[[\u{72AC}]]\u{FFFD}]\u{3067}\u{3059}\u{FFFD}\u{FFFD}'/\u{5F37}\u{FFFD}\u{FFFD}\u{FFFD}Z'"
        let runs = Markup.parse(fuzzed)
        #expect(Set(runs.compactMap(\.link?.index)) == [0, 1, 2])
        #expect(Markup(fuzzed).links.map(\.index) == [0, 1, 2])
        #expect(render("a [[dog|]] b") == "a {dog@0:dog} b")
        #expect(render("[[dog#2|]] [[cat]]") == "{dog#2@0:dog#2} {cat@1:cat}")
        #expect(render("[[dog|'''''']]") == "{dog@0:dog}")
        #expect(render("[[dog| ]]") == "{dog@0: }")
    }

    /// `forEachRun` hands over exactly the runs `parse` makes, in order, keeping none.
    @Test(arguments: [
        "", "a", "[[a]]", "[[a|b]] c ''d'' '''e''' \\x", "''[[a|b ''c'' d]]''", "[[]] [[|x]] ]] [[", "'''''x'''''",
        "a\\", "[[dog#2|the dog]] 🇫🇷 e\u{301}", "[[x|y]]]]", "''a [[b]] c", "日本語の[[辞書]]です。", "[[dog|]] [[dog|]]",
        "a [[b|''c'' d]] [[b|''c'' d]] 👩‍👩‍👧",
    ])
    func eachRunIsAParsedRun(source: String) {
        var runs: [Markup.Run] = []
        Markup(source).forEachRun { runs.append($0) }
        #expect(runs == Markup.parse(source))
    }

    /// A field longer than `shownLimit` shows its first megabyte, cut at a character boundary
    /// whatever stands there: CJK (3 bytes), an emoji sequence, a combining mark.
    @Test(arguments: ["字", "👩‍👩‍👧", "e\u{301}", "[[x]] "])
    func aLongFieldIsCutAtACharacter(piece: String) {
        var source = "a"
        while source.utf8.count <= Markup.shownLimit + 64 { source += piece }
        let markup = Markup(source, offset: 7)
        #expect(markup.isCut)
        let shown = markup.shown
        #expect(shown.source.utf8.count <= Markup.shownLimit && shown.source.utf8.count > Markup.shownLimit - 32)
        #expect(source.utf8.starts(with: shown.source.utf8))
        #expect(shown.offset == 7)
        #expect(!Markup(piece).isCut && Markup(piece).shown == Markup(piece))
    }

    @Test func linksAndPlainText() {
        let markup = Markup("see [[dog]], [[cat|a ''cat'']] and [[dog]]")
        #expect(markup.plainText == "see dog, a cat and dog")
        #expect(markup.links == [Markup.Link(target: "dog", index: 0), Markup.Link(target: "cat", index: 1),
                                 Markup.Link(target: "dog", index: 2)])
    }
}
