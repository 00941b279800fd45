import DictionaryModel
import TerminalText

/// The lookup prompt's state: the text typed and the ranked candidates for it.
public struct LookupPrompt: Equatable {
    public var field = PromptField()
    public var text: String { field.text }
    public var candidates: [Completion] = []
    /// The highlighted candidate, previewed in the viewport.
    public var highlighted: Int = 0
    /// The query the candidates are for: the start of the text, at most `queryLimit` bytes.
    public var query: String = ""
}

/// Find in page: what is typed (the prompt is open while the mode is `.find`).
public struct FindPrompt: Equatable {
    public var field = PromptField()
    public var text: String { field.text }
}

extension Browser {
    static let completionLimit = 8
    /// The most of a prompt's text (in UTF-8 bytes) that a lookup or a find is given: longer
    /// than any headword, short enough that a pasted page costs nothing.
    static let queryLimit = 256

    // MARK: Lookup

    func startLookup() {
        setMode(.lookup(LookupPrompt()))
        setPreview(nil)
    }

    func handleLookupKey(_ key: Key, _ prompt: LookupPrompt) -> [BrowserEffect] {
        var prompt = prompt
        switch key {
        case .escape, .control("g"), .control("c"):
            // Ctrl-C cancels a prompt, as in a shell; it quits only from browsing.
            setMode(.browsing)
            setPreview(nil)
            return []
        case .enter:
            setMode(.browsing)
            setPreview(nil)
            if prompt.candidates.indices.contains(prompt.highlighted),
               case .found(let page) = source.page(forQuery: prompt.candidates[prompt.highlighted].address) {
                open(page)
            } else {
                open(query: prompt.field.prefix(utf8Limit: Self.queryLimit))
            }
            return []
        case .down, .tab, .control("n"):
            if !prompt.candidates.isEmpty { prompt.highlighted = (prompt.highlighted + 1) % prompt.candidates.count }
        case .up, .backTab, .control("p"):
            if !prompt.candidates.isEmpty {
                prompt.highlighted = (prompt.highlighted + prompt.candidates.count - 1) % prompt.candidates.count
            }
        case .backspace where prompt.field.isEmpty:
            setMode(.browsing)
            setPreview(nil)
            return []
        default:
            switch prompt.field.handle(key) {
            case .edited: refreshCandidates(&prompt)
            case .moved: break
            case .ignored: return []
            }
        }
        setMode(.lookup(prompt))
        updatePreview(prompt)
        return []
    }

    private func refreshCandidates(_ prompt: inout LookupPrompt) {
        let query = prompt.field.prefix(utf8Limit: Self.queryLimit)
        // Typing past the limit (a paste sent as keys) does not change what is looked up.
        if query == prompt.query { return }
        prompt.query = query
        prompt.candidates = query.isEmpty ? [] : source.completions(for: query, limit: Self.completionLimit)
        prompt.highlighted = 0
    }

    private func updatePreview(_ prompt: LookupPrompt) {
        guard prompt.candidates.indices.contains(prompt.highlighted) else { setPreview(nil); return }
        let address = prompt.candidates[prompt.highlighted].address
        if previewView?.page.address == address { return }
        if case .found(let page) = source.page(forQuery: address) {
            setPreview(PageView(page: page, width: Self.pageWidth(for: size)))
        } else {
            setPreview(nil)
        }
    }

    // MARK: Find in page

    func startFind() {
        setMode(.find(FindPrompt()))
        findMatches = []
    }

    func handleFindKey(_ key: Key, _ prompt: FindPrompt) -> [BrowserEffect] {
        var prompt = prompt
        switch key {
        case .escape, .control("g"), .control("c"):
            setMode(.browsing)
            findMatches = []
            findQuery = ""
            view.selection = nil
            return []
        case .enter:
            setMode(.browsing)
            if findMatches.isEmpty && !prompt.field.isEmpty { say("“\(findQuery)” is not on this page.") }
            else if !findMatches.isEmpty { say("\(findMatches.count) matches — n next, N previous.") }
            return []
        case .backspace where prompt.field.isEmpty:
            setMode(.browsing)
            return []
        default:
            switch prompt.field.handle(key) {
            case .edited: break
            case .moved: setMode(.find(prompt)); return []
            case .ignored: return []
            }
        }
        setMode(.find(prompt))
        updateFindMatches(prompt)
        return []
    }

    private func updateFindMatches(_ prompt: FindPrompt) {
        findQuery = prompt.field.prefix(utf8Limit: Self.queryLimit)
        findMatches = matches(of: findQuery)
        selectMatch(startingAt: view.topCharacter, forward: true)
    }

    /// Moves to the next (or previous) match after the selection, wrapping around.
    func findNext(forward: Bool) {
        // The last search goes on on whatever page is shown now (matches belong to one page
        // and are dropped when it changes or Esc clears them).
        if findMatches.isEmpty, !findQuery.isEmpty { findMatches = matches(of: findQuery) }
        if findMatches.isEmpty {
            if findQuery.isEmpty { say("Nothing to find: / starts a search.") }
            else { say("“\(findQuery)” is not on this page.") }
            return
        }
        let from = view.selection.map { forward ? $0.lowerBound + 1 : $0.lowerBound } ?? view.topCharacter
        selectMatch(startingAt: from, forward: forward)
        if let selection = view.selection, let i = findMatches.firstIndex(of: selection) {
            say("Match \(i + 1) of \(findMatches.count) for “\(findQuery)”.")
        }
    }

    private func selectMatch(startingAt index: Int, forward: Bool) {
        guard !findMatches.isEmpty else { view.selection = nil; return }
        let match: Range<Int>
        if forward {
            match = findMatches.first { $0.lowerBound >= index } ?? findMatches[0]
        } else {
            match = findMatches.last { $0.lowerBound < index } ?? findMatches[findMatches.count - 1]
        }
        view.selection = match
        view.scrollToVisible(match, height: viewportHeight)
    }

    /// Matches of `needle` in the page, ignoring case and accents, as UTF-8 ranges.
    /// The matches of `needle` on the current page, from the page's text folded once (a key
    /// in the find prompt searches again; folding a large page costs more than searching it).
    func matches(of needle: String) -> [Range<Int>] {
        if foldedView !== view || foldedText == nil {
            foldedText = FoldedText(view.page.text.string)
            foldedView = view
        }
        return foldedText?.ranges(of: needle) ?? []
    }

    // MARK: Link hints

    /// Labels for the visible links, in reading order: home-row letters, two letters when
    /// there are more links than letters.
    func hintLabels() -> [(label: String, link: Int)] {
        let visible = view.visibleLinks(height: viewportHeight)
        let letters = Array("asdfghjklqwertyuiopzxcvbnm")
        if visible.count <= letters.count {
            return visible.enumerated().map { (String(letters[$0.offset]), $0.element) }
        }
        return visible.enumerated().map { i, link in
            (String(letters[(i / letters.count) % letters.count]) + String(letters[i % letters.count]), link)
        }
    }

    func startHints() {
        guard !view.visibleLinks(height: viewportHeight).isEmpty else { say("No links are visible."); return }
        setMode(.hints(typed: ""))
    }

    func handleHintKey(_ key: Key, typed: String) -> [BrowserEffect] {
        switch key {
        case .character(let c) where c.isLetter:
            let typed = typed + String(c).lowercased()
            let candidates = hintLabels().filter { $0.label.hasPrefix(typed) }
            if candidates.count == 1, candidates[0].label == typed {
                setMode(.browsing)
                follow(linkAt: candidates[0].link)
            } else if candidates.isEmpty {
                setMode(.browsing)
                say("No link has the hint “\(typed)”.")
            } else {
                setMode(.hints(typed: typed))
            }
        default:
            setMode(.browsing)
        }
        return []
    }
}

extension Browser {
    // MARK: Pasting

    /// A bracketed paste: text, never commands. In a prompt it is inserted at the caret (line
    /// breaks and other controls as spaces); anywhere else it opens the lookup prompt with
    /// the pasted text, trimmed, as a person pasting a word into a dictionary expects.
    func handlePaste(_ text: String) -> [BrowserEffect] {
        switch mode {
        case .lookup(var prompt):
            prompt.field.insert(text)
            refreshCandidates(&prompt)
            setMode(.lookup(prompt))
            updatePreview(prompt)
        case .find(var prompt):
            prompt.field.insert(text)
            setMode(.find(prompt))
            updateFindMatches(prompt)
        case .browsing, .hints, .help, .selecting:
            let trimmed = text.trimmingPasteWhitespace()
            guard !trimmed.isEmpty else { say("Nothing to look up: the pasted text is blank."); return [] }
            setMode(.browsing)
            startLookup()
            return handlePaste(trimmed)
        }
        return []
    }
}

extension String {
    /// Without the white space and control characters a copied word brings along.
    func trimmingPasteWhitespace() -> String {
        let scalars = unicodeScalars
        func isBlank(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace || s.properties.generalCategory == .control }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }),
              let last = scalars.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
