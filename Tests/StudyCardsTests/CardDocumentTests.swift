import PageFormatting
import StudyCards
import Testing
import TestSupport

/// Anki's text and CSV: headers, one note or row a card, and nothing from the data that can
/// break a field or a row.
@Suite struct CardDocumentTests {
    static let hostile = "a\ttab, a \"quote\", a\nline break, <script>x()</script> & \u{1B}[31m"

    static func card(_ front: String, back: String = "<div>x</div>", text: String = "x", dictionary: String = "sample",
                     lookups: Int = 2, time: Double = 1_796_256_000) -> StudyCard {
        StudyCard(front: front, backHTML: back, backText: text, dictionary: dictionary, dictionaryTitle: "Sample", lookups: lookups, time: time)
    }

    @Test func ankiHasItsHeadersAndOneNoteALine() {
        let document = CardFormat.anki.document([Self.card("dog"), Self.card("日本", lookups: 1)], from: .history)
        #expect(document == """
            #separator:tab
            #html:true
            #notetype:Basic
            #deck:wordlink
            #columns:Front\tBack\tTags
            #tags column:3
            dog\t<div>x</div>\twordlink::history dictionary::sample lookups::2 date::2026-12-03
            日本\t<div>x</div>\twordlink::history dictionary::sample lookups::1 date::2026-12-03

            """)
    }

    @Test func ankiFieldsHoldNothingThatEndsThem() {
        let back = "<div>" + EntryHTML.escaped(Self.hostile) + "</div>"
        let document = AnkiText.document([Self.card(Self.hostile, back: back, dictionary: "my dict\t\"x\"")], from: .bookmarks)
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 8)  // six headers, one note, and the empty string after the last line break
        let fields = lines[6].split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 3)
        #expect(!lines[6].contains("\"") && !lines[6].contains("\r") && !lines[6].contains("\u{1B}"))
        #expect(fields[0] == "a&#9;tab, a &quot;quote&quot;, a<br>line break, &lt;script&gt;x()&lt;/script&gt; &amp; ^[[31m")
        #expect(fields[2].split(separator: " ") == ["wordlink::bookmarks", "dictionary::my_dict__x_", "lookups::2", "date::2026-12-03"])
    }

    /// Anki reads a line that starts with `#` as a comment: a word that starts so is escaped.
    @Test func aFrontStartingWithAHashIsNotAComment() {
        let document = AnkiText.document([Self.card("#hashtag")], from: .history)
        #expect(document.split(separator: "\n").last == "&#35;hashtag\t<div>x</div>\twordlink::history dictionary::sample lookups::2 date::2026-12-03")
    }

    @Test func csvHasAHeaderAndQuotesWhatItMust() {
        let document = CardFormat.csv.document([Self.card("dog", text: "dog  noun\n  1. an animal, \"tame\""), Self.card("cat")], from: .history)
        #expect(document == "word,definition,html,dictionary,lookups,date\r\n"
            + "dog,\"dog  noun\n  1. an animal, \"\"tame\"\"\",<div>x</div>,sample,2,2026-12-03\r\n"
            + "cat,x,<div>x</div>,sample,2,2026-12-03\r\n")
    }

    /// Read back by an RFC 4180 reader, every field is what was written, whatever it holds.
    @Test func csvReadsBackFieldForField() throws {
        let cards = [Self.card(Self.hostile, back: "<b>\"</b>,", text: Self.hostile + "\r\n2."), Self.card("naïve 😀 日本")]
        let rows = try #require(CSVReader.records(CardFormat.csv.document(cards, from: .history)))
        #expect(rows.count == 3)
        #expect(rows[0] == CardCSV.header)
        let placeholder = Self.hostile.replacing("\u{1B}", with: "^[")
        #expect(rows[1] == [placeholder, placeholder + "^M\n2.", "<b>\"</b>,", "sample", "2", "2026-12-03"])
        #expect(rows[2] == ["naïve 😀 日本", "x", "<div>x</div>", "sample", "2", "2026-12-03"])
    }
}
