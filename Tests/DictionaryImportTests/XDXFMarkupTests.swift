import Testing
import DictionaryModel
@testable import DictionaryImport

/// XDXF articles (StarDict's `x`) and MediaWiki text (`w`) to the data format's markup,
/// word for word.
@Suite struct XDXFMarkupTests {
    @Test(arguments: [
        ("<k>dog</k>\n<tr>dɒɡ</tr> <abr>n.</abr> a domestic animal", "'''dog'''\n\\[dɒɡ\\] ''n.'' a domestic animal"),
        ("see <kref>cat</kref>", "see [[cat]]"),
        ("see <kref k=\"big cat\">cats</kref>", "see [[big cat|cats]]"),
        ("<ex>the dog barked</ex> <co>(rare)</co> <dtrn>chien</dtrn>", "''the dog barked'' (rare) chien"),
        ("<c c=\"red\">red</c> <gr>pl.</gr> <pos>n</pos>", "red ''pl.'' ''n''"),
        ("<def>one</def><def>two</def>", "one\ntwo"),
        ("a<br/>b", "a\nb"),
        ("<iref href=\"https://x.org\">site</iref>", "[[https://x.org|site]]"),
        ("<rref>sound/a.wav</rref>", "\\[resource: a.wav\\]"),
        ("<blockquote>quoted</blockquote>", "quoted"),
        ("&lt;&amp;&gt;", "<&>"),
    ])
    func convertsXDXF(source: String, expected: String) {
        #expect(XDXFMarkup.convert(source) == expected)
    }

    @Test(arguments: [
        ("'''bold''' and ''italic''", "'''bold''' and ''italic''"),
        ("see [[cat]] and [[big cat|cats]]", "see [[cat]] and [[big cat|cats]]"),
        ("[[dog#Etymology|dog]]", "[[dog]]"),
        ("* one\n* two\n** deeper", "• one\n• two\n\u{A0}\u{A0}• deeper"),
        ("# first\n# second\nplain", "1. first\n2. second\nplain"),
        ("== Noun ==\ntext", "'''Noun'''\ntext"),
        ("{{template|x}}kept{{a{{b}}}}", "kept"),
        ("[https://example.org site] [[File:a.png]] [[Category:Dogs]]", "[[https://example.org|site]] \\[image: a.png\\]"),
        ("a<br>b <b>c</b>", "a\nb '''c'''"),
        ("'''open", "'''open'''"),
    ])
    func convertsMediaWiki(source: String, expected: String) {
        #expect(MediaWikiMarkup.convert(source) == expected)
    }
}
