import BrowserCore

/// The config file, `$XDG_CONFIG_HOME/wordlink/config` (else `~/.config/wordlink/config`):
/// lines of `key = value`, `#` to the end of a line a comment. A bad line is a problem naming
/// the file, line and key; every other line still applies.
struct ConfigFile: Equatable {
    /// One bad line, as one sentence: `FILE:LINE: "KEY": what is wrong.`
    struct Problem: Equatable, CustomStringConvertible {
        var path: String
        var line: Int
        var key: String?
        var message: String
        var description: String { "\(path):\(line): " + (key.map { "\"\($0)\": " } ?? "") + message }
    }

    var theme: ThemeChoice?
    /// Dictionary ids the library opens first, in this order (the rest follow by title).
    var libraryOrder: [String] = []
    /// Dictionary ids the library leaves closed.
    var libraryOff: [String] = []
    /// The reader's language (`en`): its monolingual dictionaries first, and the pairs from or
    /// into it before other pairs. Nil: the locale's (`LibraryLocation.readerLanguage`).
    var libraryLanguage: String?
    /// `group.NAME = ID ID…`: named sets of dictionaries (`-g NAME`), in file order.
    var groups: [(name: String, ids: [String])] = []
    /// `key.COMMAND = KEYS`, in file order.
    var keyBindings: [(command: BrowsingCommand, keys: [Key])] = []
    var problems: [Problem] = []

    static func == (a: ConfigFile, b: ConfigFile) -> Bool {
        a.theme == b.theme && a.libraryOrder == b.libraryOrder && a.libraryOff == b.libraryOff && a.problems == b.problems
            && a.libraryLanguage == b.libraryLanguage
            && a.groups.map(\.name) == b.groups.map(\.name) && a.groups.map(\.ids) == b.groups.map(\.ids)
            && a.keyBindings.map(\.command) == b.keyBindings.map(\.command) && a.keyBindings.map(\.keys) == b.keyBindings.map(\.keys)
    }

    /// The config file's path for `environment`, nil without an absolute XDG_CONFIG_HOME or HOME.
    static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/wordlink/config" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config/wordlink/config" }
        return nil
    }

    /// Reads `text` (the file at `path`).
    static func parse(_ text: String, path: String) -> ConfigFile {
        var config = ConfigFile()
        var seen: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            func problem(_ key: String?, _ message: String) { config.problems.append(Problem(path: path, line: number, key: key, message: message)) }
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            guard let equals = line.firstIndex(of: "=") else {
                problem(nil, "expected key = value, found \"\(line.trimmed)\".")
                continue
            }
            let key = String(line[..<equals]).trimmed
            let value = String(line[line.index(after: equals)...]).trimmed
            if let earlier = seen[key] { problem(key, "set again (first on line \(earlier)); this line wins.") }
            seen[key] = number
            let words = value.split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
            switch key {
            case "theme":
                guard let theme = ThemeChoice(rawValue: value) else {
                    problem(key, "\"\(value)\" is not a theme; expected auto, dark, light or monochrome.")
                    continue
                }
                config.theme = theme
            case "library.order": config.libraryOrder = words
            case "library.off": config.libraryOff = words
            case "library.language":
                guard words.count == 1, let code = LibraryLocation.languageCode(words[0]) else {
                    problem(key, "give one language code, as dictionaries name them: en, fr, de, cs….")
                    continue
                }
                config.libraryLanguage = code
            case _ where key.hasPrefix("group."):
                let name = String(key.dropFirst(6))
                guard !name.isEmpty, !name.contains(where: \.isWhitespace) else { problem(key, "a group's name is one word: group.NAME = ID ID…."); continue }
                guard !words.isEmpty else { problem(key, "give the ids of the group's dictionaries, separated by spaces."); continue }
                config.groups.removeAll { $0.name == name }
                config.groups.append((name, words))
            case _ where key.hasPrefix("key."):
                let name = String(key.dropFirst(4))
                guard let command = BrowsingCommand(rawValue: name) else {
                    problem(key, "no command \"\(name)\"; the commands are " + BrowsingCommand.allCases.map(\.rawValue).joined(separator: ", ") + ".")
                    continue
                }
                guard !words.isEmpty else { problem(key, "give one or more keys, separated by spaces."); continue }
                var keys: [Key] = []
                var isValid = true
                for word in words {
                    guard let parsed = Key(name: word) else {
                        problem(key, "\"\(word)\" is not a key; write one character, Ctrl-X, or Tab, Enter, Esc, Space, Up, PgDn, Home, Alt-Left….")
                        isValid = false
                        break
                    }
                    if let owner = KeyMap.fixedKeys[parsed], owner != command {
                        problem(key, "\(parsed.name) is fixed to \(owner.rawValue) and cannot be given to another command.")
                        isValid = false
                        break
                    }
                    keys.append(parsed)
                }
                if isValid { config.keyBindings.append((command, keys)) }
            default:
                problem(key, "unknown key; the keys are theme, library.order, library.off, library.language, group.NAME and key.COMMAND.")
            }
        }
        return config
    }

    /// The browsing key map with this file's bindings applied.
    func keyMap(from base: KeyMap = .browsing) -> KeyMap {
        keyBindings.reduce(base) { $0.rebinding($1.command, to: $1.keys) }
    }

    /// `folders` (with their ids) in this file's order: the ids of `library.order` first, in
    /// that order, then the rest as they were; the ids of `library.off` left out.
    func ordered(_ folders: [(path: String, id: String?)]) -> [String] {
        let open = folders.filter { $0.id.map { !libraryOff.contains($0) } ?? true }
        let first = libraryOrder.flatMap { id in open.filter { $0.id == id } }
        let rest = open.filter { folder in !libraryOrder.contains { $0 == folder.id } }
        return (first + rest).map(\.path)
    }
}

extension String {
    var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

/// The browser's theme as a person chooses it: one of the themes, or `auto` (the default):
/// the light theme when the terminal says its background is light (OSC 11), else dark.
enum ThemeChoice: String, Equatable, CaseIterable {
    case auto, dark, light, monochrome

    /// The theme chosen, nil for `auto`.
    var fixed: Theme.Name? { Theme.Name(rawValue: rawValue) }

    /// What the browser is started with: `--theme`, else `$WORDLINK_THEME` (when it names a
    /// theme), else the config file's, else `auto`.
    static func resolve(option: String?, environment: [String: String], config: ThemeChoice?) -> ThemeChoice {
        option.flatMap(ThemeChoice.init(rawValue:)) ?? environment["WORDLINK_THEME"].flatMap(ThemeChoice.init(rawValue:)) ?? config ?? .auto
    }
}
