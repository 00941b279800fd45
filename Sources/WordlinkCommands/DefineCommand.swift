import BrowserCore
import DictionaryEditing
import DictionaryModel
import TerminalText
import PageFormatting
import DictionaryIndex
import DictionarySearch

/// `wordlink define WORD`: prints the page the browser would show for WORD.
enum DefineCommand {
    /// Runs the command and returns the exit status.
    static func run(_ options: DefineOptions) -> Int32 {
        LibraryLocation.printAnswer(options.library, purpose: "look in") { answer(options, library: $0) }
    }

    /// What `define` prints, worked out before anything is printed (`print()` also records
    /// the lookup in the history).
    static func answer(_ options: DefineOptions, library: Library) -> CommandAnswer {
        var sections = library.lookUp(options.word).map(LibraryPages.Section.init)
        // `dog~n#02084071`, as a link names a sense: the page the browser opens for that link,
        // the sense's relations shown whole.
        var sense: String?
        var senseNote: String?
        if sections.isEmpty, let address = PageAddress(wordAndSense: options.word) {
            let found = library.lookUp(address.text)
            if !found.isEmpty {
                sections = found.map { LibraryPages.Section(member: $0.member, entryNumbers: $0.result.entryNumbers) }
                sense = address.sense
                // `dog#99`: the word's whole page, and a line saying that no entry has that sense.
                if let anchor = address.sense, !sections.contains(where: { section in
                    let lookup = library.members[section.member].lookup
                    return section.entryNumbers.contains { lookup.entry(at: $0, hasSenseAnchoredAt: anchor) }
                }) {
                    senseNote = "no entry of \"\(address.text)\" has a sense \"\(anchor)\"; its whole page is printed."
                }
            }
        }
        let firstEntry = sections.first.map { library.members[$0.member].lookup.headword(ofEntryAt: $0.entryNumbers[0]) }
        guard !sections.isEmpty else {
            let nearest = library.suggestions(for: options.word, limit: 5).map(\.text)
            let quoted = "\"\(options.word)\""
            let titles = CommandAnswer.dictionaries(titled: library.members.map(\.info.title))
            var message = nearest.isEmpty ? "no entry for \(quoted) in \(titles), and no headword is near it."
                                          : "no entry for \(quoted) in \(titles); nearest headwords: \(nearest.joined(separator: ", "))."
            if let note = library.damageNote() { message += " " + note }
            return CommandAnswer {
                HistoryMemory.recordLookup(options.word, title: nil, origin: "define")
                Terminal.error(message)
                return 1
            }
        }
        var pages = LibraryPages(library: library, linkedFrom: LibrarySearch(library: library).linkedFrom)
        pages.showsSources = options.showsSources
        // A person's notes on imported entries end them, as in the browser.
        if let notes = PersonalNotes.shown() { pages.showPersonalNotes(notes) { $0.info.importer != nil } }
        // On a terminal, the width the browser's page has there: the same rows as the browser.
        let width = options.width ?? Terminal.width().map { max(1, $0 - 2 * Browser.margin) } ?? 80
        let write: () -> Void
        switch options.format {
        case .json:
            let made = pages.page(sections, openedAt: sense)
            let text = made.text
            var page = RenderedPage(text: text, width: width, library: library)
            for (section, place) in zip(sections, made.places) { page.anchors[library.members[section.member].key] = place.heading.lowerBound }
            let entries = sections.flatMap { section in
                section.entryNumbers.map { number in
                    let member = library.members[section.member]
                    return RenderedPage.EntryItem(id: member.lookup.id(ofEntryAt: number), headword: member.lookup.headword(ofEntryAt: number),
                                                  dictionary: member.info.id)
                }
            }
            let json = output(page, format: .json, query: options.word, entries: entries)
            write = { Terminal.write(json: json) }
        case .ansi:
            // The browser's theme: WORDLINK_THEME, and NO_COLOR for type attributes only.
            let environment = themeEnvironment()
            let theme = Theme.choose(preferred: Theme.Name(rawValue: environment["WORDLINK_THEME"] ?? "") ?? .dark,
                                     environment: environment, terminalHasColors: true)
            let style = ANSIStyle(theme: theme)
            let styled = rendered(pages, sections, openedAt: sense, width: width) { ansiOutput($0, style: style) }
            write = { Terminal.write(styled) }
        case .text:
            // Plain rows are the same whatever a link leads to: no link is resolved.
            pages.resolvesLinks = false
            let lines = rendered(pages, sections, openedAt: sense, width: width) { $0.lines }
            let plain = text(lines: lines)
            write = { Terminal.write(plain) }
        }
        // A dictionary with a damaged file that did not answer may hold the word.
        let answered = Set(sections.map { library.members[$0.member].key })
        let damage = library.damageNote(besides: answered)
        return CommandAnswer {
            write()
            if let senseNote { Terminal.error("note: " + senseNote) }
            if let damage { Terminal.error("note: " + damage) }
            // After the page is written: one line appended to the history's journal.
            HistoryMemory.recordLookup(options.word, title: firstEntry, origin: "define")
            return 0
        }
    }

    /// `body` of the page of `sections` laid out at `width`.
    static func rendered<T>(_ pages: LibraryPages, _ sections: [LibraryPages.Section], openedAt sense: String?, width: Int,
                            _ body: (RenderedPage) -> T) -> T {
        let page = RenderedPage(text: pages.page(sections, openedAt: sense).text, width: width, library: pages.library)
        return body(page)
    }

    /// `lines` as printed: each followed by a newline.
    static func text(lines: [String]) -> String {
        lines.map { $0 + "\n" }.joined()
    }

    /// The text printed for `page` in `format` (`ansi`: without its styles; see `ansiOutput`).
    static func output(_ page: RenderedPage, format: DefineOptions.Format, query: String,
                       entries: [RenderedPage.EntryItem]) -> String {
        switch format {
        case .text, .ansi:
            return text(lines: page.lines)
        case .json:
            return page.json(query: query, entries: entries).serialized + "\n"
        }
    }

    /// The page's rows with the browser's styles as SGR sequences.
    static func ansiOutput(_ page: RenderedPage, style: ANSIStyle) -> StyledOutput {
        var output = StyledOutput()
        for row in 0..<page.lines.count {
            output.append(style.line(page.grid, row: row))
            output.append("\n")
        }
        return output
    }
}
