import DictionaryModel
import TerminalText
import PageFormatting

/// What several modes do: open pages and move through history, scroll, move the focus,
/// copy. Each changes the state, and the layouts when a page is opened; page lookups and
/// link descriptions (I/O) happen here, when the event arrives, never while drawing.
extension BrowserState {
    mutating func say(_ text: String) { message = text }

    // MARK: Pages and history

    /// Opens `page`, remembering where the reader was.
    mutating func open(_ newPage: Page, in env: BrowserEnvironment) {
        back.append(page.historyItem)
        forward.removeAll()
        show(newPage, topCharacter: newPage.startCharacter, in: env)
        if !HistoryPages.isMemoryPage(newPage.address) { writes.append(.visit(newPage.address, title: newPage.title)) }
        // A sense no entry has; a page of entries that a dictionary with a damaged file is not
        // on: it may hold the word.
        var notes = newPage.note.map { [$0] } ?? []
        if !newPage.entries.isEmpty, let note = env.source.damageNote(besides: Set(newPage.entries.map(\.dictionary))) { notes.append(note) }
        if !notes.isEmpty { say(notes.joined(separator: " ")) }
    }

    /// Shows `newPage` with the sections of `folded` folded; `topCharacter` and `focusedLink` are
    /// of the page as shown (folded).
    mutating func show(_ newPage: Page, topCharacter: Int = 0, focusedLink: Int? = nil, folded: Set<String> = [],
                       in env: BrowserEnvironment) {
        let folds = folded.filter { key in newPage.sections.contains { $0.dictionary == key } }
        let layout = PageView(page: newPage, width: pageWidth, folded: folds)
        env.layouts.page = layout
        page = Reading(address: newPage.address, title: newPage.title, topCharacter: topCharacter,
                       focusedLink: focusedLink.flatMap { layout.links.indices.contains($0) ? $0 : nil }, folded: folds)
        page.restore(height: viewportHeight, in: layout)
        hoveredLink = nil
        find.matches = []
        linkDescriptions = [:]
    }

    /// Shows `page` under a prompt as its preview (the lookup prompt's highlighted candidate, the search prompt's
    /// results), or none.
    mutating func showPreview(_ page: Page?, in env: BrowserEnvironment) {
        guard let page else {
            preview = nil
            env.layouts.preview = nil
            return
        }
        env.layouts.preview = PageView(page: page, width: pageWidth)
        preview = Reading(address: page.address, title: page.title)
    }

    /// The page for an address in history (the query or link that made it, or the start page).
    func page(forAddress address: PageAddress, in env: BrowserEnvironment) -> Page? {
        if let memoryPage = HistoryPages.page(at: address, memory: env.memory) { return memoryPage }
        if address == env.layout.page.address { return env.layout.whole }
        if case .found(let page) = env.source.page(at: address) { return page }
        return nil
    }

    /// Back: the previous page, at the same text and focused link.
    mutating func goBack(in env: BrowserEnvironment) {
        guard let item = back.popLast() else { say("Nothing to go back to."); return }
        forward.append(page.historyItem)
        restore(item, in: env)
    }

    /// Forward: undoes a back.
    mutating func goForward(in env: BrowserEnvironment) {
        guard let item = forward.popLast() else { say("Nothing to go forward to."); return }
        back.append(page.historyItem)
        restore(item, in: env)
    }

    private mutating func restore(_ item: HistoryItem, in env: BrowserEnvironment) {
        // The same page folded the same way (a jump from the navigator and back): its layout stays.
        if item.address == page.address, item.folded == page.folded, !HistoryPages.isMemoryPage(item.address) {
            let layout = env.layout
            page = Reading(address: item.address, title: item.title, topCharacter: item.topCharacter,
                           focusedLink: item.focusedLink.flatMap { layout.links.indices.contains($0) ? $0 : nil }, folded: item.folded)
            page.restore(height: viewportHeight, in: layout)
            hoveredLink = nil
            return
        }
        guard let found = page(forAddress: item.address, in: env) else {
            say("“\(item.title)” is no longer in the dictionary.")
            return
        }
        show(found, topCharacter: item.topCharacter, focusedLink: item.focusedLink, folded: item.folded, in: env)
    }

    /// Follows link `index` of the current page: opens its page, or says why it can't.
    mutating func follow(linkAt index: Int, in env: BrowserEnvironment) {
        guard env.layout.links.indices.contains(index) else { return }
        let link = env.layout.links[index].link
        page.focusedLink = index
        switch link.state {
        case .external:
            say("External link \(link.target) — wordlink does not open it; y copies it.")
        case .anchor:
            jump(toSectionOf: link.dictionary, in: env)
        case .unresolved:
            say(Self.notFoundMessage(for: link.target, in: env))
        case .resolved where HistoryPages.isMemoryPage(env.layout.page.address):
            let address = HistoryPages.address(of: link)
            switch env.source.page(at: address) {
            case .found(let found): open(found, in: env)
            case .notFound(let query, let suggestions):
                writes.append(.visit(address, title: nil))
                say(Self.notFoundMessage(for: query, suggestions: suggestions, in: env))
            }
        case .resolved:
            let searched = SearchController.query(of: page.address)
            switch env.source.page(for: link) {
            case .found(let found):
                open(found, in: env)
                if let searched { SearchController.highlight(searched, &self, env) }
            case .notFound(let query, let suggestions):
                writes.append(.visit(PageAddress(link: link), title: nil))
                say(Self.notFoundMessage(for: query, suggestions: suggestions, in: env))
            }
        }
    }

    static func notFoundMessage(for target: String, suggestions given: [String]? = nil, in env: BrowserEnvironment) -> String {
        let suggestions = given ?? env.source.suggestions(for: target, limit: 5)
        var text = "No entry for “\(target)” in this dictionary."
        if !suggestions.isEmpty { text += " Nearest: " + suggestions.joined(separator: ", ") }
        if let note = env.source.damageNote(besides: []) { text += (suggestions.isEmpty ? " " : ". ") + note }
        return text
    }

    /// Opens the page for a typed query, or says what is nearest.
    mutating func open(query: String, in env: BrowserEnvironment) {
        let trimmed = String(query.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !trimmed.isEmpty else { return }
        switch env.source.page(forQuery: trimmed) {
        case .found(let found): open(found, in: env)
        case .notFound(let query, let suggestions):
            writes.append(.visit(PageAddress(query: trimmed), title: nil))
            say(Self.notFoundMessage(for: query, suggestions: suggestions, in: env))
        }
    }

    /// The selection's text as a query: what the screen shows (placeholders for controls),
    /// white space collapsed, at most 200 characters; nil without a selection of any word.
    func selectedText(in env: BrowserEnvironment) -> String? {
        guard let selection = page.selection, !selection.isEmpty else { return nil }
        let words = SafeText.sanitized(env.layout.page.text.substring(selection).split { $0.isWhitespace }.joined(separator: " "),
                                       keepingNewlines: false)
        return words.isEmpty ? nil : String(words.prefix(200))
    }

    /// Looks up any word on the page, not only links (WordNet's glosses have none): the
    /// selected words, else the focused link's text; what the query names, and what lookup
    /// rules lead to, across every open dictionary.
    mutating func lookUpSelectedWords(in env: BrowserEnvironment) {
        if let words = selectedText(in: env) {
            open(query: words, in: env)
        } else if let focused = page.focusedLink, env.layout.links.indices.contains(focused) {
            open(query: env.layout.page.text.substring(env.layout.links[focused].range), in: env)
        } else {
            say("Nothing to look up: double-click a word (or v, then w) and press d or Enter.")
        }
    }

    // MARK: Scrolling and focus

    /// Scrolls the page the viewport shows (help, a preview or the current page).
    mutating func scroll(by rows: Int, in env: BrowserEnvironment) {
        let layout = env.layouts.shown(in: self)
        shownReading.scroll(toRow: layout.row(of: shownReading.topCharacter) + rows, height: viewportHeight, in: layout)
    }

    mutating func scrollToTop(in env: BrowserEnvironment) {
        shownReading.scroll(toRow: 0, height: viewportHeight, in: env.layouts.shown(in: self))
    }

    mutating func scrollToBottom(in env: BrowserEnvironment) {
        shownReading.scroll(toRow: Int.max / 2, height: viewportHeight, in: env.layouts.shown(in: self))
    }

    /// Scrolls the page to the heading of the next (or previous) dictionary's section, on a
    /// page several dictionaries answered, and says which it is ("2 of 5").
    mutating func moveToDictionary(forward isForward: Bool, in env: BrowserEnvironment) {
        let layout = env.layout
        let sections = layout.page.sections
        guard sections.count > 1 else {
            say("Only one dictionary answered on this page.")
            return
        }
        // The section whose heading is at the top, or that the top is in; above the first
        // heading (the navigator), the first: `}` there goes to the second.
        let topRow = layout.row(of: page.topCharacter)
        let headingRows = sections.map { layout.row(of: $0.heading.lowerBound) }
        let current = headingRows.lastIndex { $0 <= topRow } ?? 0
        let target = isForward ? current + 1 : (current >= 0 && headingRows[current] < topRow ? current : current - 1)
        guard sections.indices.contains(target) else {
            say(isForward ? "This is the last dictionary on this page." : "This is the first dictionary on this page.")
            return
        }
        page.scroll(toRow: headingRows[target], height: viewportHeight, in: layout)
        say("\(sections[target].dictionary): dictionary \(target + 1) of \(sections.count) on this page.")
    }

    /// Follows a link of the navigator: the section of the dictionary `key` at the top of the
    /// window, as `}` puts it there, and the place before it in the back stack.
    mutating func jump(toSectionOf key: String?, in env: BrowserEnvironment) {
        let layout = env.layout
        let sections = layout.page.sections
        guard let target = sections.firstIndex(where: { $0.dictionary == key }) else {
            say("That dictionary's section is not on this page.")
            return
        }
        back.append(page.historyItem)
        forward.removeAll()
        page.focusedLink = nil
        page.scroll(toRow: layout.row(of: sections[target].heading.lowerBound), height: viewportHeight, in: layout)
        let section = sections[target]
        say("\(section.title): dictionary \(target + 1) of \(sections.count) on this page"
            + (section.isFolded ? ", folded (z unfolds it)." : ".") + " Backspace goes back.")
    }

    // MARK: Folding

    /// Folds the dictionary section under the focused link, else the one at the top of the
    /// window (or the first whose heading is in view), or unfolds it when it is folded.
    mutating func toggleFold(in env: BrowserEnvironment) {
        let layout = env.layout
        let sections = layout.page.sections
        guard !sections.isEmpty else {
            say("Only a page of several dictionaries has sections to fold.")
            return
        }
        var target: Int?
        if let focused = page.focusedLink, layout.links.indices.contains(focused), isLinkVisible(focused, in: layout) {
            target = layout.page.section(containing: layout.links[focused].range.lowerBound)
        }
        if target == nil { target = layout.page.section(containing: page.topCharacter) }
        if target == nil {
            let window = layout.visibleCharacterRange(top: page.topCharacter, height: viewportHeight)
            target = sections.firstIndex { window.contains($0.heading.lowerBound) }
        }
        guard let target else {
            say("No dictionary's section is in view: scroll to one (} moves to the next), then fold it.")
            return
        }
        toggleFold(section: target, in: env)
    }

    /// Folds section `index` of the current page to its heading, or unfolds it; the text at
    /// the top stays (a folded section's heading takes the place of any of its text), and so
    /// does the focused link unless it was in the folded section.
    mutating func toggleFold(section index: Int, in env: BrowserEnvironment) {
        let layout = env.layout
        guard layout.page.sections.indices.contains(index) else { return }
        let section = layout.page.sections[index]
        var folded = page.folded
        if section.isFolded { folded.remove(section.dictionary) } else { folded.insert(section.dictionary) }
        let top = layout.folding.whole(page.topCharacter)
        let focused = page.focusedLink.flatMap { layout.links.indices.contains($0) ? layout.folding.whole(layout.links[$0].range.lowerBound) : nil }
        let shown = PageView(page: layout.whole, width: pageWidth, folded: folded)
        env.layouts.page = shown
        page.folded = folded
        page.topCharacter = shown.folding.displayed(top)
        page.restore(height: viewportHeight, in: shown)
        page.focusedLink = focused.flatMap { shown.linkIndex(containing: shown.folding.displayed($0)) }
        page.selection = nil
        hoveredLink = nil
        find.matches = []
        linkDescriptions = [:]
        if section.isFolded {
            say("\(section.title) unfolded.")
        } else {
            let count = section.entryCount
            say("\(section.title) folded (\(count) \(count == 1 ? "entry" : "entries")); z or a click on it unfolds it.")
        }
    }

    func isLinkVisible(_ index: Int, in layout: PageView) -> Bool {
        layout.visibleLinks(top: page.topCharacter, height: viewportHeight).contains(index)
    }

    /// Focuses the next (or previous) link after the focused one, or the first visible one,
    /// scrolling it into view; wraps around the page.
    mutating func moveFocus(forward isForward: Bool, in env: BrowserEnvironment) {
        let layout = env.layout
        let links = layout.links
        guard !links.isEmpty else { say("This page has no links."); return }
        let next: Int
        if let current = page.focusedLink, isLinkVisible(current, in: layout) {
            next = (current + (isForward ? 1 : links.count - 1)) % links.count
        } else {
            let visible = layout.visibleLinks(top: page.topCharacter, height: viewportHeight)
            if let first = isForward ? visible.first : visible.last {
                next = first
            } else {
                // None visible: the first after (or before) the viewport.
                let top = page.topCharacter
                next = isForward ? (links.firstIndex { $0.range.lowerBound >= top } ?? 0)
                    : (links.lastIndex { $0.range.lowerBound < top } ?? links.count - 1)
            }
        }
        page.focusedLink = next
        page.scrollToVisible(links[next].range, height: viewportHeight, in: layout)
    }

    // MARK: Copying and selecting

    /// Copies what the screen shows of the selection or the focused link: a control or
    /// escape character in the data goes to the clipboard as its placeholder, never as
    /// itself (pasted into a shell, a carriage return or an end-of-paste would run a command).
    mutating func copySelection(in env: BrowserEnvironment) -> [BrowserEffect] {
        let layout = env.layout
        if let selection = page.selection, !selection.isEmpty {
            let text = SafeText.sanitized(layout.page.text.substring(selection))
            say("Copied \(text.count) characters.")
            return [.copyToClipboard(text)]
        }
        if let focused = page.focusedLink {
            let link = layout.links[focused]
            let text = SafeText.sanitized(link.link.state == .external ? link.link.target : layout.page.text.substring(link.range),
                                          keepingNewlines: false)
            say("Copied “\(text)”.")
            return [.copyToClipboard(text)]
        }
        say("Nothing to copy: select text (drag or double-click) or focus a link first.")
        return []
    }

    /// Selects the word around the cell at `point` (UAX #29 words), or the character there
    /// when it is not in a word.
    mutating func selectWord(at point: CellPoint, in env: BrowserEnvironment) {
        let layout = env.layout
        guard let cluster = layout.layoutManager.clusterRange(at: point) else { return }
        let text = layout.page.text
        guard let word = TextBoundaries(text.string).wordRange(at: cluster.lowerBound) else {
            page.selection = cluster
            return
        }
        page.selection = word
        say("Selected “\(SafeText.sanitized(text.substring(word), keepingNewlines: false))” — y copies it, d or Enter looks it up.")
    }

    // MARK: What links lead to

    /// What the status line says of the hovered and the focused link, worked out when the
    /// event that pointed at them arrives (a summary reads an entry; an unresolved link's
    /// nearest headwords take an edit-distance scan), so that drawing only reads state.
    mutating func describeLinks(in env: BrowserEnvironment) {
        let links = env.layout.links
        for index in [hoveredLink, page.focusedLink].compactMap({ $0 }) where links.indices.contains(index) {
            if linkDescriptions[index] == nil { linkDescriptions[index] = Self.describe(links[index].link, in: env) }
        }
    }

    /// What the status line says about a link: where it leads, or why it can't be followed.
    static func describe(_ link: WordLink, in env: BrowserEnvironment) -> LinkDescription {
        switch link.state {
        case .resolved:
            return LinkDescription(text: "→ " + (env.source.summary(of: link) ?? link.target), role: .status)
        case .unresolved:
            return LinkDescription(text: "✗ " + notFoundMessage(for: link.target, in: env), role: .error)
        case .external:
            return LinkDescription(text: "↗ \(link.target) — external, not opened by wordlink (y copies it)", role: .status)
        case .anchor:
            let section = env.layout.page.sections.first { $0.dictionary == link.dictionary }
            let count = section.map { " (\($0.entryCount) \($0.entryCount == 1 ? "entry" : "entries")\($0.isFolded ? ", folded" : ""))" } ?? ""
            return LinkDescription(text: "↓ " + (section?.title ?? link.target) + count + " — its section on this page", role: .status)
        }
    }
}
