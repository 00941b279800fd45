import Testing
import DictionaryModel
@testable import DictionaryImport

/// Pango markup (StarDict's `g`) to the data format's markup, word for word.
@Suite struct PangoMarkupTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("<b>1°</b> Qui arrive", "'''1°''' Qui arrive"),
        ("<i><small>(fré-kan) adj.</small></i>", "''(fré-kan) adj.''"),
        ("<u>under</u> <tt>mono</tt> <s>struck</s>", "''under'' mono struck"),
        ("<b>bold <i>both</i></b> <i>it</i>", "'''bold ''both''''' ''it''"),
        ("<span foreground=\"#0000CD\">Vos leçons</span>, <span foreground=\"#B22222\">MOL.</span>", "Vos leçons, MOL."),
        ("<span weight=\"bold\">heavy</span> <span style=\"italic\">slant</span> <span underline=\"single\">u</span>", "'''heavy''' ''slant'' ''u''"),
        ("<big>BIG</big><small>s</small> x<sup>2</sup> H<sub>2</sub>O", "BIGs x2 H2O"),
        ("a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#233;&#xE9;", "a <b> & \"c\" 'd' éé"),
        ("&unknown; & alone", "&unknown; & alone"),
        ("line one\n    indented\n\nafter a blank", "line one\n    indented\n\nafter a blank"),
        ("<b>over\ntwo lines</b>", "'''over'''\n'''two lines'''"),
        ("<b>open to the end", "'''open to the end'''"),
        ("stray </i> close", "stray  close"),
        ("<b>l'</b>'s", "'''l\\''''\\'s"),
        ("[brackets] and | bar # and \\", "\\[brackets\\] and \\| bar \\# and \\\\"),
        ("<unknown attr=1>kept</unknown>", "kept"),
        ("a < b", "a < b"),
        ("bell\u{07}\u{1B}[31m", "bell\\[31m"),
        ("  \n\ntrimmed  \n", "trimmed"),
    ])
    func converts(source: String, expected: String) {
        #expect(PangoMarkup.convert(source) == expected)
    }

    /// What a reader sees is the text without its tags, whatever the nesting.
    @Test func plainTextIsTheTextWithoutTags() {
        let source = "<b>a <i>b</i></b><i>c '</i>'<b>'</b>d"
        let markup = Markup(PangoMarkup.convert(source))
        #expect(markup.plainText == "a bc ''\'d")
        #expect(markup.runs.map { "\($0.text)|\($0.isStrong)|\($0.isEmphasized)" } == [
            "a |true|false", "b|true|true", "c '|false|true", "'|false|false", "'|true|false", "d|false|false",
        ])
    }
}
