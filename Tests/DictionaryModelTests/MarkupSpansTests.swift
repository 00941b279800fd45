import Testing
import DictionaryModel

/// `Markup.spans`: the source as the editor styles it, every byte accounted for, agreeing with `parse`.
@Suite struct MarkupSpansTests {
    /// Spans in a compact notation: text as is (`<s:…>`, `<e:…>` styled, `{target:…}` in a link), markup as `⟨…⟩`,
    /// a link's hidden target as `«…»`.
    func render(_ source: String) -> String {
        let bytes = Array(source.utf8)
        return Markup.spans(source).map { span in
            var text = String(decoding: bytes[span.range], as: UTF8.self)
            switch span.kind {
            case .markup: text = "⟨\(text)⟩"
            case .linkTarget: text = "«\(text)»"
            case .text:
                let style = (span.isStrong ? "s" : "") + (span.isEmphasized ? "e" : "")
                if !style.isEmpty { text = "<\(style):\(text)>" }
                if let link = span.link { text = "{\(link.target):\(text)}" }
            }
            return text
        }.joined()
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a [[lake]] b", "a ⟨[[⟩{lake:lake}⟨]]⟩ b"),
        ("[[dog|a hound]]", "⟨[[⟩«dog»⟨|⟩{dog:a hound}⟨]]⟩"),
        ("[[dog|]]", "⟨[[⟩{dog:dog}⟨|⟩⟨]]⟩"),
        ("''x'' and '''y'''", "⟨''⟩<e:x>⟨''⟩ and ⟨'''⟩<s:y>⟨'''⟩"),
        ("a \\[[b", "a ⟨\\⟩[[b"),
        ("[[unclosed", "[[unclosed"),
        ("''open only", "''open only"),
        ("湖 [[湖|みずうみ]] 👩‍👩‍👧 é", "湖 ⟨[[⟩«湖»⟨|⟩{湖:みずうみ}⟨]]⟩ 👩‍👩‍👧 é"),
    ])
    func spansOf(source: String, expected: String) {
        #expect(render(source) == expected)
    }

    /// Every byte is in exactly one span, in order; the shown spans spell what `parse` shows.
    @Test(arguments: [
        "", "a", "[[a]]", "[[a|b]] c ''d'' '''e''' \\x", "''[[a|b ''c'' d]]''", "[[]] [[|x]] ]] [[", "'''''x'''''",
        "a\\", "[[dog#2|the dog]] 🇫🇷 e\u{301}", "[[x|y]]]]", "''a [[b]] c", "日本語の[[辞書]]です。",
    ])
    func spansCoverTheSourceAndAgreeWithParse(source: String) {
        let spans = Markup.spans(source)
        var next = 0
        for span in spans {
            #expect(span.range.lowerBound == next)
            #expect(!span.range.isEmpty)
            next = span.range.upperBound
        }
        #expect(next == source.utf8.count)
        let bytes = Array(source.utf8)
        let shown = spans.filter { $0.kind == .text }.map { String(decoding: bytes[$0.range], as: UTF8.self) }.joined()
        #expect(shown == Markup(source).plainText)
        #expect(spans.compactMap(\.link).map(\.target).uniqued() == Markup(source).links.map(\.target).uniqued())
    }
}

extension Array where Element: Hashable {
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
