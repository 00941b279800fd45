import Testing
import DictionaryModel
@testable import DictionaryImport
import PageFormatting

/// HTML (StarDict's `h`) to the data format's markup, word for word.
@Suite struct HTMLMarkupTests {
    @Test(arguments: [
        ("<b>dog</b> <i>n.</i>", "'''dog''' ''n.''"),
        ("<strong>s</strong><em>e</em><u>u</u><cite>c</cite>", "'''s'''''euc''"),
        ("a   lot\n of\tspace", "a lot of space"),
        ("one<br>two<br/>three<BR />four", "one\ntwo\nthree\nfour"),
        ("<p>first</p><p>second</p>", "first\n\nsecond"),
        ("<div>a</div>b", "a\n\nb"),
        ("<ul><li>one</li><li>two</li></ul>", "• one\n• two"),
        ("<ol><li>one<li>two</ol>after", "1. one\n2. two\nafter"),
        ("see <a href=\"bword://domestic dog\">dogs</a>.", "see [[domestic dog|dogs]]."),
        ("<a href='bword://cat'>cat</a>", "[[cat]]"),
        ("<a href=\"entry://big%20cat\">big cat</a>", "[[big cat]]"),
        ("<a href=\"https://example.org/x\">site</a>", "[[https://example.org/x|site]]"),
        ("<a href=\"sound://a.wav\">play</a>", "play"),
        ("<a href=\"bword://\">empty</a>", "empty"),
        ("<img src=\"pic/foo.png\"> a picture", "\\[image: foo.png\\] a picture"),
        ("<img alt=\"x\">", "\\[image: x\\]"),
        ("<audio src=\"a.ogg\">fallback</audio>", "\\[audio: a.ogg\\]"),
        ("<script>alert(1)</script>safe<style>p{}</style>", "safe"),
        ("&lt;tag&gt; &amp; &nbsp;x &eacute;t&eacute; &mdash; &#8212;", "<tag> & \u{A0}x été — —"),
        ("<h2>Title</h2>text", "'''Title'''\n\ntext"),
        ("x<pre>  keep\n    this</pre>", "x\n\n  keep\n    this"),
        ("<!-- comment -->visible<!DOCTYPE html>", "visible"),
        ("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>", "a b\nc"),
        ("[[not a link]] 'quoted'", "\\[\\[not a link\\]\\] 'quoted\\'"),
        ("<b>open", "'''open'''"),
        ("x\u{0}y\u{7F}z", "xyz"),
    ])
    func converts(source: String, expected: String) {
        #expect(HTMLMarkup.convert(source) == expected)
    }

    @Test func linksAreWordLinksOfTheDataFormat() {
        let markup = Markup(HTMLMarkup.convert("<b>see <a href=\"bword://hound\">a hound</a></b>"))
        #expect(markup.links.map(\.target) == ["hound"])
        #expect(markup.plainText == "see a hound")
    }
}
