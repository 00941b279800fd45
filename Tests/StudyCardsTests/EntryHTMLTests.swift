import DictionaryModel
import PageFormatting
import Testing

/// Senses as a card's back: simple HTML and plain text, everything from the data escaped.
@Suite struct EntryHTMLTests {
    @Test func sensesAreAnOrderedListWithStrongAndEmphasis() {
        let entry = Entry(id: "dog~n", headword: "dog", pos: "noun", pronunciations: [Pronunciation("/dɒɡ/")], labels: ["pet"], senses: [
            Sense(labels: ["common"], definition: "a '''tame''' animal, see [[wolf|the wolf]]",
                  examples: [Example("the ''dog'' barked", translation: "le chien aboyait", source: "Ann")]),
            Sense(definition: "a person", notes: ["rude"], senses: [Sense(definition: "a man"), Sense(definition: "a woman")]),
        ])
        #expect(EntryHTML.html(of: [entry]) == "<div><b>dog</b> <i>noun</i> /dɒɡ/ (pet)</div><ol>"
            + "<li>(common) a <b>tame</b> animal, see the wolf<br><i>the <i>dog</i> barked</i> — Ann<br>le chien aboyait</li>"
            + "<li>a person<br><b>Note:</b> rude<ol type=\"a\"><li>a man</li><li>a woman</li></ol></li></ol>")
        #expect(EntryHTML.plainText(of: [entry]) == """
            dog  noun  /dɒɡ/  (pet)
              1. (common) a tame animal, see the wolf
                 the dog barked — Ann
                   le chien aboyait
              2. a person
                 Note: rude
                   a. a man
                   b. a woman
            """)
    }

    @Test func aLoneSenseHasNoNumberAndDeepSensesRomanNumerals() {
        let lone = Entry(id: "a", headword: "a", senses: [Sense(definition: "only")])
        #expect(EntryHTML.html(of: [lone]) == "<div><b>a</b></div><div>only</div>")
        let deep = Entry(id: "b", headword: "b", senses: [
            Sense(definition: "one", senses: [Sense(definition: "sub", senses: [Sense(definition: "deep")])]), Sense(definition: "two"),
        ])
        #expect(EntryHTML.html(of: [deep]).contains("<ol type=\"a\"><li>sub<ol type=\"i\"><li>deep</li></ol></li></ol>"))
        // Senses lettered by their ids, as Webster letters some entries, are lettered on the card too.
        let lettered = Entry(id: "c", headword: "c", senses: [Sense(id: "a", definition: "x"), Sense(id: "b", definition: "y")])
        #expect(EntryHTML.html(of: [lettered]).hasPrefix("<div><b>c</b></div><ol type=\"a\"><li>x</li>"))
    }

    @Test func homographsFollowOneAnother() {
        let entries = [Entry(id: "bank~n", headword: "bank", pos: "noun", senses: [Sense(glosses: ["rive", "berge"])]),
                       Entry(id: "bank~v", headword: "bank", pos: "verb", senses: [Sense(definition: "to tilt")])]
        #expect(EntryHTML.html(of: entries) == "<div><b>bank</b> <i>noun</i></div><div>rive; berge</div>"
            + "<div><b>bank</b> <i>verb</i></div><div>to tilt</div>")
    }

    /// Nothing of the data's is markup on the card: a tag, a quote, an ampersand, a tab or a
    /// line break is text; a control character is the placeholder the screen shows.
    @Test(arguments: [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("Tom & \"Jerry\" 'cat'", "Tom &amp; &quot;Jerry&quot; &#39;cat&#39;"),
        ("one\ttwo", "one&#9;two"),
        ("line\nbreak", "line<br>break"),
        ("esc \u{1B}]0;title\u{7}", "esc ^[]0;title^G"),
        ("cr\r", "cr^M"),
        ("right\u{202E}left", "right&lt;U+202E&gt;left"),
    ]) func dataIsEscaped(text: String, html: String) {
        #expect(EntryHTML.escaped(text) == html)
        let entry = Entry(id: "x", headword: text, senses: [Sense(definition: Markup(text))])
        let back = EntryHTML.html(of: [entry])
        #expect(back.contains("<b>" + html + "</b>"))
        #expect(!back.contains("\t") && !back.contains("\n") && !back.contains("\"") && !back.contains("\r") && !back.contains("\u{1B}"))
        #expect(!back.contains("<script>"))
    }

    /// Characters beyond ASCII stay as they are: CJK, an emoji sequence, combining marks.
    @Test(arguments: ["日本語の辞書", "👩‍👩‍👧 family", "cafe\u{301} e\u{300}", "🇫🇷 drapeau"])
    func textBeyondASCIIIsKept(text: String) {
        let entry = Entry(id: "x", headword: text, senses: [Sense(definition: Markup(text))])
        #expect(EntryHTML.html(of: [entry]) == "<div><b>\(text)</b></div><div>\(text)</div>")
        #expect(EntryHTML.plainText(of: [entry]) == text + "\n  " + text)
    }

    @Test func aHugeFieldIsCutAsOnThePage() {
        let huge = String(repeating: "é", count: 600_000)  // 1.2 MB
        let entry = Entry(id: "x", headword: "x", senses: [Sense(definition: Markup(huge))])
        let html = EntryHTML.html(of: [entry])
        #expect(html.utf8.count < 1_100_000)
        #expect(html.hasSuffix("é …</div>"))
    }
}
