// Fuzzes the markup parser: no input (as UTF-8, invalid bytes replaced) crashes it, its links
// are well formed, and on an entry page made from it every link's range lies in the text on
// scalar boundaries, as do all the page's attribute runs.
import DictionaryIndex
import DictionaryModel
import PageFormatting
import FuzzSupport
import TerminalText

let info = DictionaryInfo(id: "fuzz", title: "Fuzz")

FuzzDriver.run { bytes in
    let source = String(decoding: bytes, as: UTF8.self)
    let runs = Markup.parse(source)

    // A link's runs stand together, links are numbered 0, 1, … in order, none has an empty target.
    var lastIndex = -1
    var previousLink: Markup.Link?
    for run in runs {
        if let link = run.link {
            fuzzCheck(!link.target.isEmpty, "a link with an empty target")
            if link != previousLink {
                fuzzCheck(link.index == lastIndex + 1, "link \(link.index) after link \(lastIndex)")
                lastIndex = link.index
            }
        }
        previousLink = run.link
    }
    fuzzCheck(Markup(source).links.count == lastIndex + 1, "links and runs disagree on the number of links")

    // The markup as a definition, an example and a note of an entry, formatted as a page; the
    // entry's own id is a link target too, so some links resolve.
    let entryJSON: JSONValue = .object([
        "id": "x", "headword": "x",
        "senses": [.object(["definition": .string(source), "examples": [.string(source)]])],
        "notes": [.string(source)], "etymology": .string(source),
    ])
    guard let entry = try? Entry(json: entryJSON) else { return }
    let lookup = Lookup(entries: [entry])
    let page = PageFormatter(lookup: lookup, info: info).page(for: entry)
    let count = page.utf8Count
    var expected = 0
    for run in page.runs {
        fuzzCheck(run.range.lowerBound == expected && !run.range.isEmpty, "runs leave a gap, overlap or are empty at \(run.range)")
        fuzzCheck(isScalarBoundary(run.range.lowerBound, in: page.string), "a run starts inside a scalar at \(run.range)")
        expected = run.range.upperBound
    }
    fuzzCheck(expected == count, "the runs end at \(expected), the text at \(count)")
    for (link, range) in page.wordLinks {
        fuzzCheck(range.lowerBound >= 0 && range.upperBound <= count && !range.isEmpty, "\(link) at \(range) outside the text (0..<\(count))")
        fuzzCheck(isScalarBoundary(range.lowerBound, in: page.string) && isScalarBoundary(range.upperBound, in: page.string),
                  "\(link) at \(range) does not fall on scalar boundaries")
    }
}
