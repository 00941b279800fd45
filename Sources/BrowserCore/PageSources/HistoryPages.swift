import DictionaryModel
import TerminalText
import PageFormatting

/// The history and bookmarks pages (pages of links made from the browser's memory), the
/// bookmark key, and coming back to a saved session.
///
/// The two pages have addresses of their own, whose text starts with a control character
/// that no prompt lets a person type, so back, forward and a saved session make them again.
/// Their links carry the address they open: a query's link has no `destination`, a link
/// target's has one (`address(of:)`).
enum HistoryPages {
    static let historyAddress = PageAddress(query: "\u{1}history")
    static let bookmarksAddress = PageAddress(query: "\u{1}bookmarks")

    static func isMemoryPage(_ address: PageAddress) -> Bool {
        address == historyAddress || address == bookmarksAddress
    }

    /// The page at one of the two addresses, nil for any other address.
    static func page(at address: PageAddress, memory: BrowsingMemory?) -> Page? {
        switch address {
        case historyAddress: return historyPage(memory?.historySummary() ?? HistorySummary())
        case bookmarksAddress: return bookmarksPage(memory?.bookmarks() ?? [])
        default: return nil
        }
    }

    /// The link that opens `address` from a memory page.
    static func link(to address: PageAddress, ordinal: Int) -> WordLink {
        WordLink(target: address.text, destination: address.isLinkTarget ? address.text : nil, sense: address.sense,
                 state: .resolved, ordinal: ordinal, dictionary: address.dictionary)
    }

    /// The address a memory page's link opens.
    static func address(of link: WordLink) -> PageAddress {
        var address = PageAddress(query: link.destination ?? link.target)
        address.isLinkTarget = link.destination != nil
        address.dictionary = link.dictionary
        address.sense = link.sense
        return address
    }

    static func historyPage(_ summary: HistorySummary) -> Page {
        var text = StyledText()
        text.append("History\n", TextAttributes(isStrong: true, colorRole: .headword))
        var ordinal = 0
        let sections = [("Most recent", summary.recent), ("Most looked up", summary.mostLookedUp)]
        for (heading, pages) in sections {
            appendList(heading, pages, to: &text, ordinal: &ordinal, empty: "Nothing looked up yet.")
        }
        text.append("\nNot found\n", TextAttributes(isStrong: true, colorRole: .relationLabel))
        if summary.notFound.isEmpty { text.append("  Every word looked up was found.\n", TextAttributes(colorRole: .secondary)) }
        for item in summary.notFound {
            text.append("  " + item.title, TextAttributes(colorRole: .unresolvedLink, paragraphStyle: .hanging(4, indent: 2)))
            text.append((item.detail.isEmpty ? "" : "  " + item.detail) + "\n", TextAttributes(colorRole: .secondary))
        }
        text.append("\nA writes its words as Anki study cards; X clears it (after asking); 'wordlink history' prints all of it; "
                    + "'wordlink history --clear' forgets it.\n",
                    TextAttributes(colorRole: .secondary))
        return Page(title: "History", address: historyAddress, text: text)
    }

    static func bookmarksPage(_ bookmarks: [RememberedPage]) -> Page {
        var text = StyledText()
        text.append("Bookmarks\n", TextAttributes(isStrong: true, colorRole: .headword))
        var ordinal = 0
        appendList(nil, bookmarks, to: &text, ordinal: &ordinal, empty: "No bookmarks yet: m bookmarks the page you are on.")
        return Page(title: "Bookmarks", address: bookmarksAddress, text: text)
    }

    private static func appendList(_ heading: String?, _ pages: [RememberedPage], to text: inout StyledText, ordinal: inout Int,
                                   empty: String) {
        text.append("\n")
        if let heading { text.append(heading + "\n", TextAttributes(isStrong: true, colorRole: .relationLabel)) }
        if pages.isEmpty { text.append("  " + empty + "\n", TextAttributes(colorRole: .secondary)) }
        let style = ParagraphStyle.hanging(4, indent: 2)
        for item in pages {
            ordinal += 1
            text.append("  ", TextAttributes(paragraphStyle: style))
            text.append(item.title, TextAttributes(wordLink: link(to: item.address, ordinal: ordinal), paragraphStyle: style))
            text.append((item.detail.isEmpty ? "" : "  " + item.detail) + "\n", TextAttributes(colorRole: .secondary, paragraphStyle: style))
        }
    }
}

extension BrowserState {
    /// Opens the history or the bookmarks page (again, when it is the current one).
    mutating func openMemoryPage(_ address: PageAddress, in env: BrowserEnvironment) {
        guard let page = HistoryPages.page(at: address, memory: env.memory) else { return }
        if self.page.address == address { show(page, topCharacter: self.page.topCharacter, in: env) } else { open(page, in: env) }
    }

    /// The bookmark key: bookmarks the current page, or forgets its bookmark.
    mutating func toggleBookmark(in env: BrowserEnvironment) {
        guard let memory = env.memory else { say("Bookmarks are not kept in this session."); return }
        guard !HistoryPages.isMemoryPage(page.address) else { say("The history and bookmarks pages cannot be bookmarked."); return }
        let isOn = !memory.isBookmarked(page.address)
        writes.append(.bookmark(page.address, title: page.title, isOn: isOn))
        say(isOn ? "Bookmarked “\(page.title)” — M lists the bookmarks." : "Removed the bookmark of “\(page.title)”.")
    }

    /// Goes back to a saved session: its page at the same text, and its back and forward
    /// stacks. The place is the saved offset when the text there is still the saved text,
    /// else where that text now is (the page changed), else the saved offset as near as the
    /// page allows; a page that is gone leaves the browser where it was, with a message.
    mutating func restore(_ session: BrowserSession, in env: BrowserEnvironment) {
        back = session.back
        forward = session.forward
        let item = session.current
        guard let found = page(forAddress: item.address, in: env) else {
            say("“\(item.title)”, where the last session ended, is no longer in the dictionary; wordlink --new starts afresh.")
            return
        }
        let bytes = Array(found.text.string.utf8)
        var top = item.topCharacter
        // Anchored on the entry: the same place in it, wherever the entry now stands on the page.
        var within = 0..<bytes.count
        if let saved = session.topEntry {
            if let index = found.entries.firstIndex(where: { $0.id == saved.id && $0.dictionary == saved.dictionary }) {
                let end = index + 1 < found.entries.count ? found.entries[index + 1].start : bytes.count
                within = found.entries[index].start..<max(found.entries[index].start, end)
                top = min(within.lowerBound + saved.offset, max(within.lowerBound, within.upperBound - 1))
            } else {
                say("“\(saved.id)”, where the last session was, is no longer on “\(found.title)”: wordlink opened the page at its top.")
                show(found, topCharacter: 0, in: env)
                return
            }
        }
        let anchor = Array(session.topText.utf8)
        if !anchor.isEmpty && !Self.bytes(bytes, at: top, start: anchor) {
            if let moved = Self.nearestOccurrence(of: anchor, in: bytes, near: top, within: within) {
                top = moved
            } else if session.topEntry == nil {
                say("The page has changed since the last session: wordlink opened it as near the old place as it could.")
            }
        }
        show(found, topCharacter: top, focusedLink: item.focusedLink, in: env)
    }

    private static func bytes(_ text: [UInt8], at offset: Int, start prefix: [UInt8]) -> Bool {
        offset >= 0 && offset + prefix.count <= text.count && text[offset..<offset + prefix.count].elementsEqual(prefix)
    }

    /// The start of the occurrence of `needle` nearest `offset` that starts in `within`, if any.
    private static func nearestOccurrence(of needle: [UInt8], in text: [UInt8], near offset: Int, within: Range<Int>) -> Int? {
        guard !needle.isEmpty, needle.count <= text.count else { return nil }
        var best: Int?
        let last = min(text.count - needle.count, within.upperBound - 1)
        guard within.lowerBound <= last else { return nil }
        for start in within.lowerBound...last where text[start] == needle[0] && bytes(text, at: start, start: needle) {
            if best.map({ abs($0 - offset) > abs(start - offset) }) ?? true { best = start }
        }
        return best
    }
}

extension Browser {
    /// Puts the browser back where `session` was (see `BrowserState.restore(_:in:)`).
    public func restore(_ session: BrowserSession) {
        let env = environment
        state.restore(session, in: env)
        state.describeLinks(in: env)
        saveSessionIfChanged()
    }

    /// Tells the memory where the browser is, when that changed since it was last told.
    func saveSessionIfChanged() {
        guard let memory else { return }
        let session = state.session
        guard session != lastSavedSession else { return }
        lastSavedSession = session
        var saved = session
        let text = layouts.page.page.text
        let top = min(max(0, state.page.topCharacter), text.utf8Count)
        saved.topText = text.substring(top..<min(text.utf8Count, top + 4 * BrowserSession.topTextLength)).prefix(utf8: BrowserSession.topTextLength)
        if let entry = layouts.page.page.entry(containing: top), entry.start <= top {
            saved.topEntry = BrowserSession.EntryAnchor(dictionary: entry.dictionary, id: entry.id, offset: top - entry.start)
        }
        memory.saveSession(saved)
    }
}
