import BrowserCore
import CursesTerminal
import DictionaryModel
import TerminalText
import DictionaryIndex
import DictionarySearch
#if canImport(Glibc)
import Glibc
#endif

/// `wordlink [WORD]`: the interactive browser on the chosen data folder.
func runBrowser(word: String?, library options: LibraryOptions, theme themeOption: String?) -> Int32 {
    let opened: [IndexedDictionary]
    switch LibraryLocation.openLibrary(options, purpose: "browse") {
    case .success(let dictionaries): opened = dictionaries
    case .failure(let failure): return failure.status
    }
    let library = Library(opened)
    let search = LibraryLocation.openSearch(library)
    let source = DictionaryPageSource(library: library, linkedFrom: search.linkedFrom, search: search.browserSearch)
    let problemCount = opened.reduce(0) { $0 + $1.problemCount }
    var firstPage: Page?
    var firstMessage: String?
    if let word {
        switch source.page(forQuery: word) {
        case .found(let page): firstPage = page
        case .notFound(let query, let suggestions):
            firstMessage = "No entry for “\(query)” in \(opened.count == 1 ? "this dictionary" : "any open dictionary")." + (suggestions.isEmpty ? "" : " Nearest: " + suggestions.joined(separator: ", "))
        }
    }
    let environment = themeEnvironment()
    let theme = Theme.Name(rawValue: themeOption ?? environment["WORDLINK_THEME"] ?? "") ?? .dark
    do {
        try TerminalApp.run(options: .init(theme: theme, environment: environment)) { size in
            // The data folder's problems, when there are any, are said in place of a word's absence.
            let message = problemCount > 0
                ? "\(problemCount) problems in the data \(opened.count == 1 ? "folder" : "folders") — wordlink check lists them." : firstMessage
            return Browser(source: source, size: size, page: firstPage, message: message)
        }
    } catch {
        Terminal.error(error.description)
        return 1
    }
    return 0
}

/// The variables that choose the screen's look: `NO_COLOR`, `TERM`, `WORDLINK_THEME`.
func themeEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "TERM", "WORDLINK_THEME"] {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
}
