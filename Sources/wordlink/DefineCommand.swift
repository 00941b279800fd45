import DictionaryModel
import TerminalText

/// `wordlink define WORD`: prints the page the browser would show for WORD.
enum DefineCommand {
    /// Runs the command and returns the exit status.
    static func run(_ options: DefineOptions) -> Int32 {
        guard let dictionary = DataLocation.openIndexed(option: options.data, purpose: "look in") else { return 1 }
        let lookup = dictionary.lookup
        let result = lookup.lookUp(options.word)
        guard result.isFound else {
            let nearest = lookup.suggestions(for: options.word, limit: 5).map(\.text)
            let quoted = "\"\(options.word)\""
            if nearest.isEmpty {
                Terminal.error("no entry for \(quoted) in \(dictionary.info.title), and no headword is near it.")
            } else {
                Terminal.error("no entry for \(quoted) in \(dictionary.info.title); nearest headwords: \(nearest.joined(separator: ", ")).")
            }
            return 1
        }
        let formatter = PageFormatter(lookup: lookup, info: dictionary.info)
        let text = formatter.page(forEntryNumbers: result.entryNumbers)
        let width = options.width ?? Terminal.width() ?? 80
        let page = RenderedPage(text: text, width: width, lookup: lookup)
        Terminal.write(output(page, format: options.format, query: options.word,
                              entries: result.entryNumbers.map { (lookup.id(ofEntryAt: $0), lookup.headword(ofEntryAt: $0)) }))
        return 0
    }

    /// The text printed for `page` in `format`.
    static func output(_ page: RenderedPage, format: DefineOptions.Format, query: String,
                       entries: [(id: String, headword: String)]) -> String {
        switch format {
        case .text:
            return page.lines.map { $0 + "\n" }.joined()
        case .ansi:
            return (0..<page.lines.count).map { ANSIStyle.line(page.grid, row: $0) + "\n" }.joined()
        case .json:
            return page.json(query: query, entries: entries).serialized + "\n"
        }
    }
}
