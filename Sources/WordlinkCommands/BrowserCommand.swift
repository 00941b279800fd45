import BrowserCore
import CursesTerminal
import DictionaryModel
import TerminalText
import DictionaryIndex
import DictionarySearch
import DictionaryEditing
import StudyCards
#if canImport(Glibc)
import Glibc
#endif

/// `wordlink [WORD]`: the interactive browser on the chosen data folder.
/// Without a word it comes back where the last session ended, unless `isNew`; history,
/// bookmarks and the session are kept in the history store as they change.
func runBrowser(word: String?, library options: LibraryOptions, theme themeOption: String?, isNew: Bool = false) -> Int32 {
    let config = ConfigCommand.current()
    let memory = HistoryMemory.openStore().map(HistoryMemory.init(store:))
    let session = word == nil && !isNew ? memory?.loadSession() : nil
    // The group: -g NAME, else the last session's when it is restored; every dictionary of the
    // library is opened, so that the browser can change groups (D).
    var group = options.group
    var groupMessage: String?
    if let name = group, !config.groups.contains(where: { $0.name == name }) {
        Terminal.error(LibraryLocation.unknownGroupMessage(name, config: config))
        return 2
    }
    if group == nil, let remembered = session?.group {
        if config.groups.contains(where: { $0.name == remembered }) { group = remembered }
        else { groupMessage = "The group “\(remembered)” of the last session is not in the config file any more: every dictionary is open." }
    }
    var everything = options
    everything.group = nil
    let opened: [IndexedDictionary]
    do throws(LibraryLocation.OpenFailure) { opened = try LibraryLocation.open(everything, purpose: "browse") } catch { return error.status }
    let groups = LibraryGroups(opened: opened, configured: config.groups)
    let members: [IndexedDictionary]
    switch groups.members(of: group) {
    case .success(let chosen): members = chosen
    case .failure(let failure):
        if options.group != nil {
            Terminal.error("none of the dictionaries of the group \"\(group ?? "")\" is open; 'wordlink dictionaries' lists those that are.")
            return 1
        }
        groupMessage = failure.message + " Every dictionary is open."
        group = nil
        members = opened
    }
    let source = groups.makeSource(members)
    let problemCount = opened.reduce(0) { $0 + $1.problemCount }
    var firstPage: Page?
    var firstMessage: String? = groupMessage
    if let word {
        let found = source.page(forQuery: word)
        if case .found(let page) = found { memory?.recordVisit(page.address, title: page.title) }
        else { memory?.recordVisit(PageAddress(query: word), title: nil) }
        switch found {
        case .found(let page):
            firstPage = page
            if firstMessage == nil { firstMessage = source.damageNote(besides: Set(page.entries.map(\.dictionary))) }
        case .notFound(let query, let suggestions):
            firstMessage = "No entry for “\(query)” in \(members.count == 1 ? "this dictionary" : "any open dictionary")."
                + (suggestions.isEmpty ? "" : " Nearest: " + suggestions.joined(separator: ", "))
                + (source.damageNote(besides: []).map { (suggestions.isEmpty ? " " : ". ") + $0 } ?? "")
        }
    }
    let environment = themeEnvironment()
    let theme = ThemeChoice.resolve(option: themeOption, environment: environment, config: config.theme)
    // An index begun again in the middle of the session (found damaged) says how far it has
    // got on the status line, instead of freezing the screen without a word, and Ctrl-C stops it
    // (rolled back: the index keeps what it had).
    var indexes: [ObjectIdentifier: LibraryIndex] = [:]
    for dictionary in opened { indexes[ObjectIdentifier(dictionary.lookup.index)] = dictionary.lookup.index }
    for index in indexes.values { index.observeProgress { if TerminalApp.showProgress($0) { index.interrupt() } } }
    defer { for index in indexes.values { index.observeProgress(nil) } }
    do {
        try TerminalApp.run(options: .init(theme: theme.fixed ?? .dark, detectsBackground: theme == .auto, environment: environment)) { size in
            // The data folder's problems, when there are any, are said in place of a word's absence.
            var message = problemCount > 0
                ? "\(problemCount) problems in the data \(opened.count == 1 ? "folder" : "folders") — wordlink check lists them." : firstMessage
            if message == nil, !config.problems.isEmpty {
                message = "\(config.problems.count) problems in the config file — wordlink config --check lists them; the rest applies."
            }
            let browser = Browser(source: source, size: size, page: firstPage, message: message, keyMap: config.keyMap(), memory: memory,
                                  groups: groups, group: group)
            if let session { browser.restore(session) }
            // The export key's cards go to the documents folder (else the home folder), written atomically.
            browser.cardExport = cardFolder().map { CardExport(folder: $0) }
            // An edit an earlier run did not save (a hang-up, a kill) is offered in the status line: resume, show,
            // discard or later. The page asked for opens all the same.
            if let recovery = memory?.loadRecovery() { browser.offerRecovery(recovery) }
            return browser
        }
    } catch {
        Terminal.error(error.description)
        return 1
    }
    if let failure = memory?.failure { Terminal.error("warning: \(failure) Some of this session's history was not kept.") }
    if TerminalApp.wasInterrupted {
        Terminal.error("stopped with Ctrl-C while the library index was being brought up to date: it keeps what it had, "
                       + "and the rest is done the next time it is needed.")
        return 130
    }
    return 0
}

/// Where the browser's export key writes study cards: the XDG documents folder, else the home folder.
func cardFolder() -> String? {
    var environment: [String: String] = [:]
    for name in ["XDG_DOCUMENTS_DIR", "XDG_CONFIG_HOME", "HOME"] {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return CardFolder.documents(environment: environment, readFile: { path in
        (try? readFile(path, shownAs: path, limit: 1 << 16)).map { String(decoding: $0, as: UTF8.self) }
    }, isFolder: isDirectory)
}

/// The variables that choose the screen's look: `NO_COLOR`, `TERM`, `WORDLINK_THEME`.
func themeEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "TERM", "WORDLINK_THEME"] {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
}
