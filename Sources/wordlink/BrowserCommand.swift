import BrowserCore
import CursesTerminal
import DictionaryModel
import TerminalText
#if canImport(Glibc)
import Glibc
#endif

/// `wordlink [WORD]`: the interactive browser on the chosen data folder.
func runBrowser(word: String?, data: String?, theme themeOption: String?) -> Int32 {
    guard let dictionary = DataLocation.openIndexed(option: data, purpose: "browse") else { return 1 }
    let source = DictionaryPageSource(lookup: dictionary.lookup, info: dictionary.info)
    var firstPage: Page?
    var firstMessage: String?
    if let word {
        switch source.page(forQuery: word) {
        case .found(let page): firstPage = page
        case .notFound(let query, let suggestions):
            firstMessage = "No entry for “\(query)” in this dictionary." + (suggestions.isEmpty ? "" : " Nearest: " + suggestions.joined(separator: ", "))
        }
    }
    let environment = themeEnvironment()
    let theme = Theme.Name(rawValue: themeOption ?? environment["WORDLINK_THEME"] ?? "") ?? .dark
    do {
        try TerminalApp.run(options: .init(theme: theme, environment: environment)) { size in
            // The data folder's problems, when there are any, are said in place of a word's absence.
            let message = dictionary.problemCount > 0
                ? "\(dictionary.problemCount) problems in the data folder — wordlink check lists them." : firstMessage
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
