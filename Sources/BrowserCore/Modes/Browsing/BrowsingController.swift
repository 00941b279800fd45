import TerminalText

/// Browsing mode's keys: the key map names a command, and this carries it out.
enum BrowsingController {
    static func handle(_ key: Key, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        guard let command = env.keyMap.command(for: key) else { return [] }
        return perform(command, &state, env)
    }

    static func perform(_ command: BrowsingCommand, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        let page = max(1, state.viewportHeight - 1)
        switch command {
        case .quit: return [.quit]
        case .focusNext: state.moveFocus(forward: true, in: env)
        case .focusPrevious: state.moveFocus(forward: false, in: env)
        case .follow:
            if let focused = state.page.focusedLink { state.follow(linkAt: focused, in: env) }
            else if state.selectedText(in: env) != nil { state.lookUpSelectedWords(in: env) }
            else { state.say("No link is focused: Tab moves to the next link.") }
        case .lookUpWord: state.lookUpSelectedWords(in: env)
        case .back: state.goBack(in: env)
        case .forward: state.goForward(in: env)
        case .lineDown: state.scroll(by: 1, in: env)
        case .lineUp: state.scroll(by: -1, in: env)
        case .pageDown: state.scroll(by: page, in: env)
        case .pageUp: state.scroll(by: -page, in: env)
        case .top: state.scrollToTop(in: env)
        case .bottom: state.scrollToBottom(in: env)
        case .nextDictionary: state.moveToDictionary(forward: true, in: env)
        case .previousDictionary: state.moveToDictionary(forward: false, in: env)
        case .fold: state.toggleFold(in: env)
        case .group: GroupController.start(&state, env)
        case .lookUp: LookupController.start(&state, env)
        case .find: FindController.start(&state)
        case .search: SearchController.start(&state, env)
        case .findNext: FindController.findNext(forward: true, &state, env)
        case .findPrevious: FindController.findNext(forward: false, &state, env)
        case .hints: HintsController.start(&state, env)
        case .help: HelpController.show(&state, env)
        case .copy: return state.copySelection(in: env)
        case .select: SelectionController.start(&state, env)
        case .bookmark: state.toggleBookmark(in: env)
        case .bookmarks: state.openMemoryPage(HistoryPages.bookmarksAddress, in: env)
        case .history: state.openMemoryPage(HistoryPages.historyAddress, in: env)
        case .edit: EditingController.start(&state, env)
        case .newEntry: EditingController.startNewEntry(&state, env)
        case .sources: state.toggleSources(in: env)
        case .clearHistory: QuestionController.askToClearHistory(&state, env)
        case .exportCards: state.exportCards(in: env)
        case .clear:
            state.page.selection = nil
            state.page.focusedLink = nil
            state.find.matches = []
        }
        return []
    }
}
