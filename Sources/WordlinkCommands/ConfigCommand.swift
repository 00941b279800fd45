import BrowserCore
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif

/// The config file of this process, read once, and `wordlink config`.
enum ConfigCommand {
    enum Action: Equatable {
        /// Prints the file's path.
        case path
        /// Prints the commented default.
        case printDefault
        /// Writes the commented default to the path, unless a file is there.
        case write
        /// Lists the file's problems; status 1 when there are any.
        case check
    }

    static var environment: [String: String] {
        var environment: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// The config file as read (empty when there is none); its problems said once on
    /// standard error, when it is first read, unless `quiet`.
    nonisolated(unsafe) private static var loaded: ConfigFile?
    static func current(quiet: Bool = false) -> ConfigFile {
        if let loaded { return loaded }
        var config = ConfigFile()
        if let path = ConfigFile.path(environment: environment), fileExists(path) {
            do throws(DictionaryModelError) {
                let bytes = try readFile(path, shownAs: path, limit: 1 << 20)
                config = ConfigFile.parse(String(decoding: bytes, as: UTF8.self), path: path)
            } catch {
                config.problems = [ConfigFile.Problem(path: path, line: 0, key: nil, message: "cannot be read: \(error.description)")]
            }
            if !quiet { for problem in config.problems { Terminal.error("warning: \(problem) The rest of the file applies.") } }
        }
        loaded = config
        return config
    }

    static func run(_ action: Action) -> Int32 {
        guard let path = ConfigFile.path(environment: environment) else {
            Terminal.error("neither XDG_CONFIG_HOME nor HOME is an absolute path, so there is no config file.")
            return 1
        }
        switch action {
        case .path:
            Terminal.write(path + "\n")
        case .printDefault:
            Terminal.write(defaultText)
        case .write:
            guard !fileExists(path) else {
                Terminal.error("\(path) is already there; it was left as it is ('wordlink config --default' prints the default).")
                return 1
            }
            do throws(DictionaryModelError) {
                try makeDirectories(String(path[..<path.lastIndex(of: "/")!]))
                try replaceFile(path, with: defaultText)
            } catch {
                Terminal.error("cannot write \(path): \(error.description)")
                return 1
            }
            Terminal.write("wrote \(path)\n")
        case .check:
            let config = current(quiet: true)
            for problem in config.problems { Terminal.error(problem.description) }
            guard config.problems.isEmpty else { return 1 }
            Terminal.write(fileExists(path) ? "\(path): no problems.\n" : "\(path) is not there; the defaults apply.\n")
        }
        return 0
    }

    /// The commented default: every setting, commented out, with what it takes.
    static var defaultText: String {
        let commands = BrowsingCommand.allCases.map(\.rawValue).joined(separator: ", ")
        var text = """
            # wordlink's configuration ('wordlink config --path' says where it is). Each line
            # is `key = value`; `#` starts a comment. A bad line is reported with its line
            # number and key, and the rest of the file still applies.

            # The browser's colours: auto, dark, light or monochrome. auto (the default) asks
            # the terminal for its background colour (OSC 11) at start-up and takes the light
            # theme for a light one, dark otherwise or when it does not answer within 50 ms.
            # --theme and $WORDLINK_THEME come first; a non-empty NO_COLOR means monochrome.
            # theme = auto

            # The library ($XDG_DATA_HOME/wordlink): these dictionary ids first, in this
            # order, then the others by title ('wordlink dictionaries' lists the ids).
            # library.order = wordnet gcide
            # These ids are not opened from the library (--data and -d still open them).
            # library.off = jargon
            # The reader's language: its monolingual dictionaries come first, and the pairs
            # from or into it before the other pairs. Unset, the locale's ($LC_ALL,
            # $LC_MESSAGES, $LANG), else the language of most monolingual dictionaries.
            # library.language = en
            # Groups: named sets of dictionaries, opened alone with -g NAME or chosen with D in the browser.
            # group.english = wordnet gcide

            # Keys: key.COMMAND = KEYS, separated by spaces; they replace the command's own
            # keys (Tab, Enter, Backspace, Alt-Left/Right, :, /, ?, q and Ctrl-C stay fixed).
            # A key is one character, Ctrl-X, or Tab, Shift-Tab, Enter, Backspace, Delete, Esc,
            # Space, Up, Down, Left, Right, PgUp, PgDn, Home, End, Alt-Left, Alt-Right.
            # The commands: \(commands).
            # The keys now:

            """
        for binding in KeyMap.browsing.bindings {
            text += "# key.\(binding.command.rawValue) = " + binding.keys.map(\.name).joined(separator: " ") + "\n"
        }
        return text
    }
}
