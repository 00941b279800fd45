// Fuzzes the importers' markup parsers (Pango, HTML, XDXF, MediaWiki, DSL): no input (as UTF-8,
// invalid bytes replaced) crashes them; what they write is markup of the data format that
// reads back without control characters (but newline and tab) and whose links all have a
// target; and text without tags or entities comes through Pango as it was written, so that
// the writer's escaping never turns text into markup (the first byte chooses the parser).
import DictionaryImport
import DictionaryModel
import FuzzSupport

FuzzDriver.run { bytes in
    guard let selector = bytes.first else { return }
    let source = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let markup: String
    switch selector % 5 {
    case 0: markup = PangoMarkup.convert(source)
    case 1: markup = HTMLMarkup.convert(source)
    case 2: markup = XDXFMarkup.convert(source)
    case 3: markup = MediaWikiMarkup.convert(source)
    default:
        var table = AbbreviationTable(title: "Abbreviations")
        table.add("n.", meaning: "noun")
        markup = DSLMarkup.convert(source, headword: "~dog\\", abbreviations: table)
    }
    let parsed = Markup(markup)
    let runs = parsed.runs
    let text = runs.map(\.text).joined()
    for scalar in text.unicodeScalars {
        let value = scalar.value
        fuzzCheck(!((value < 0x20 && value != 0x09 && value != 0x0A) || (value >= 0x7F && value < 0xA0)),
                  "a control character U+\(String(value, radix: 16)) in the text of \(markup.debugDescription)")
    }
    for run in runs {
        if let link = run.link { fuzzCheck(!link.target.isEmpty, "a link with an empty target in \(markup.debugDescription)") }
    }
    if selector % 5 == 0, !source.contains("<"), !source.contains("&") {
        // Plain text: exactly itself, control characters dropped, the ends trimmed.
        var expected = String.UnicodeScalarView()
        for scalar in source.unicodeScalars {
            let value = scalar.value
            if scalar == "\r" { expected.append("\n"); continue }
            if (value < 0x20 && value != 0x09 && value != 0x0A) || (value >= 0x7F && value < 0xA0) { continue }
            expected.append(scalar)
        }
        while let last = expected.last, last == " " || last == "\n" || last == "\t" { expected.removeLast() }
        while let first = expected.first, first == " " || first == "\n" || first == "\t" { expected.removeFirst() }
        fuzzCheck(text == String(expected), "plain text \(source.debugDescription) came back as \(text.debugDescription) from \(markup.debugDescription)")
        fuzzCheck(runs.allSatisfy { !$0.isStrong && !$0.isEmphasized && $0.link == nil }, "plain text \(source.debugDescription) was styled: \(markup.debugDescription)")
    }
}
