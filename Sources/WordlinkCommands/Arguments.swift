/// Which dictionaries a command opens: `--data DIR` (repeatable) and `-d ID` (repeatable).
struct LibraryOptions: Equatable {
    /// `--data` folders, in the order given.
    var data: [String] = []
    /// `-d` / `--dictionary` ids that narrow the open dictionaries.
    var dictionaries: [String] = []
    /// `-g` / `--group`: a group of the config file (`group.NAME`) that narrows them.
    var group: String?
}

/// What the command line asks for.
enum Command: Equatable {
    /// `wordlink [WORD]`: the interactive browser.
    /// `--new`: the start page, not the last session.
    case browse(word: String?, library: LibraryOptions, theme: String?, isNew: Bool = false)
    /// `wordlink history`: what was looked up (HistoryCommand.swift).
    case history(format: HistoryCommand.Format, clear: Bool)
    /// `wordlink complete …`: candidates for the shell completion scripts (not in --help).
    case complete(CompleteCommand.Kind, prefix: String, library: LibraryOptions)
    /// `wordlink generate man`: the man page, for `make install`.
    case generateManPage
    /// `wordlink config --path|--default|--write|--check` (ConfigCommand.swift).
    case config(ConfigCommand.Action)
    case define(DefineOptions)
    case check(library: LibraryOptions)
    /// `wordlink dictionaries`: lists the open dictionaries.
    case dictionaries(library: LibraryOptions, json: Bool)
    /// `wordlink doctor`: does this terminal draw characters where the layout expects? Is there
    /// a Hunspell dictionary for each open dictionary's language?
    case doctor(library: LibraryOptions)
    /// `wordlink import …`: converts a real dictionary into a data folder.
    case importDictionary(ImportOptions)
    /// `--help` of the program (topic nil) or of a command.
    case help(topic: String?, library: LibraryOptions)
    case version
    /// `wordlink search QUERY`: full-text search (SearchCommand.swift).
    case search(SearchOptions)
    /// `wordlink links-to WORD`: backlinks (LinksToCommand.swift).
    case linksTo(LinksToOptions)
    /// `wordlink export anki|csv`: study cards (ExportCommand.swift).
    case export(ExportOptions)
}

/// The options of `wordlink define`.
struct DefineOptions: Equatable {
    enum Format: String, Equatable, CaseIterable {
        case text, ansi, json
    }

    var word: String
    var width: Int?
    var format: Format = .text
    /// `--sources`: each entry's and sense's `source` (provenance) as a line of its own.
    var showsSources = false
    var library = LibraryOptions()
}

/// A wrong command line: printed as one sentence, exit status 2.
enum ArgumentError: Error, Equatable, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String, command: String?)
    case missingValue(option: String, command: String?)
    case invalidValue(option: String, value: String, expected: String, command: String?)
    case missingArgument(String, command: String)
    case unexpectedArgument(String, command: String?)
    case emptyWord(command: String)
    case emptyQuery(command: String)

    var description: String {
        switch self {
        case .unknownCommand(let name):
            return "unknown command '\(name)'; the commands are define, search, links-to, check, dictionaries, history, export, config, import and doctor (see 'wordlink --help')."
        case .unknownOption(let option, let command):
            return "unknown option '\(option)'\(Self.for(command)); see '\(Self.help(command))'."
        case .missingValue(let option, let command):
            return "option '\(option)' needs a value\(Self.for(command)); see '\(Self.help(command))'."
        case .invalidValue(let option, let value, let expected, let command):
            return "'\(value)' is not a valid value for '\(option)'\(Self.for(command)): expected \(expected)."
        case .missingArgument(let name, let command):
            return "'wordlink \(command)' needs a \(name); see 'wordlink \(command) --help'."
        case .unexpectedArgument(let argument, let command):
            return "unexpected argument '\(argument)'\(Self.for(command)); see '\(Self.help(command))'."
        case .emptyWord(let command):
            return "the word given to 'wordlink \(command)' is empty; give a word to look up."
        case .emptyQuery(let command):
            return "the query given to 'wordlink \(command)' has no word to search for; give one or more words, a \"phrase\" or a prefix*."
        }
    }

    private static func `for`(_ command: String?) -> String {
        command.map { " for 'wordlink \($0)'" } ?? ""
    }

    private static func help(_ command: String?) -> String {
        command.map { "wordlink \($0) --help" } ?? "wordlink --help"
    }
}

/// A hand-written parser of the command line: `--name value`, `--name=value`, and `--`
/// ending options. Each command accepts only its own options.
enum Arguments {
    static func parse(_ arguments: [String]) throws(ArgumentError) -> Command {
        var rest = arguments[...]
        guard let first = rest.first else { return .browse(word: nil, library: LibraryOptions(), theme: nil) }
        switch first {
        case "define":
            rest.removeFirst()
            return try parseDefine(rest)
        case "check":
            rest.removeFirst()
            return try parseCheck(rest)
        case "doctor":
            rest.removeFirst()
            var scanner = OptionScanner(rest, command: "doctor")
            while let item = try scanner.next() {
                switch item {
                case .option(_, let argument, _): throw scanner.unknown(argument)
                case .operand(let argument): throw scanner.unexpected(argument)
                }
            }
            if scanner.wantsHelp { return .help(topic: "doctor", library: scanner.library) }
            return .doctor(library: scanner.library)
        case "import":
            rest.removeFirst()
            return try parseImport(rest)
        case "dictionaries":
            rest.removeFirst()
            return try parseDictionaries(rest)
        case "search":
            rest.removeFirst()
            return try parseSearch(rest)
        case "links-to":
            rest.removeFirst()
            return try parseLinksTo(rest)
        case "history":
            rest.removeFirst()
            return try parseHistory(rest)
        case "config":
            rest.removeFirst()
            return try parseConfig(rest)
        case "export":
            rest.removeFirst()
            return try parseExport(rest)
        case "complete", "generate":
            rest.removeFirst()
            return try parseHidden(first, rest)
        case "help":
            rest.removeFirst()
            return .help(topic: rest.first, library: LibraryOptions())
        default:
            return try parseTop(rest)
        }
    }

    /// Splits `--name=value`.
    static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static func parseTop(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var scanner = OptionScanner(arguments, command: nil)
        var word: String?
        var theme: String?
        var isNew = false
        while let item = try scanner.next() {
            switch item {
            case .option("--version", _, _): return .version
            case .option("--new", let argument, let inline):
                try scanner.noValue(argument, inline: inline)
                isNew = true
            case .option("--theme", _, let inline):
                let text = try scanner.value(for: "--theme", inline: inline)
                guard ThemeChoice(rawValue: text) != nil else {
                    throw .invalidValue(option: "--theme", value: text, expected: "auto, dark, light or monochrome", command: nil)
                }
                theme = text
            case .option(_, let argument, _): throw scanner.unknown(argument)
            case .operand(let argument):
                // `wordlink WORD` takes one word, so two words mean a mistyped command.
                if let word { throw .unknownCommand(word) }
                word = argument
            }
        }
        if scanner.wantsHelp { return .help(topic: nil, library: scanner.library) }
        return .browse(word: word, library: scanner.library, theme: theme, isNew: isNew)
    }

    static func parseDefine(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var scanner = OptionScanner(arguments, command: "define")
        var options = DefineOptions(word: "")
        var word: String?
        while let item = try scanner.next() {
            switch item {
            case .option("--width", _, let inline):
                let text = try scanner.value(for: "--width", inline: inline)
                guard let width = Int(text), width >= 1, width <= 10_000 else {
                    throw .invalidValue(option: "--width", value: text, expected: "a number of columns from 1 to 10000", command: "define")
                }
                options.width = width
            case .option("--format", _, let inline):
                let text = try scanner.value(for: "--format", inline: inline)
                guard let format = DefineOptions.Format(rawValue: text) else {
                    throw .invalidValue(option: "--format", value: text, expected: "text, ansi or json", command: "define")
                }
                options.format = format
            case .option("--sources", let argument, let inline):
                try scanner.noValue(argument, inline: inline)
                options.showsSources = true
            case .option(_, let argument, _): throw scanner.unknown(argument)
            case .operand(let argument):
                if word != nil { throw scanner.unexpected(argument) }
                word = argument
            }
        }
        options.library = scanner.library
        if scanner.wantsHelp { return .help(topic: "define", library: options.library) }
        guard let word else { throw .missingArgument("word to look up", command: "define") }
        guard !word.allSatisfy(\.isWhitespace) else { throw .emptyWord(command: "define") }
        options.word = word
        return .define(options)
    }

    static func parseCheck(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var scanner = OptionScanner(arguments, command: "check")
        while let item = try scanner.next() {
            switch item {
            case .option(_, let argument, _): throw scanner.unknown(argument)
            case .operand(let argument): throw scanner.unexpected(argument)
            }
        }
        if scanner.wantsHelp { return .help(topic: "check", library: scanner.library) }
        return .check(library: scanner.library)
    }

    static func parseDictionaries(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var scanner = OptionScanner(arguments, command: "dictionaries")
        var json = false
        while let item = try scanner.next() {
            switch item {
            case .option("--format", _, let inline):
                json = try parseFormat(try scanner.value(for: "--format", inline: inline), command: "dictionaries")
            case .option(_, let argument, _): throw scanner.unknown(argument)
            case .operand(let argument): throw scanner.unexpected(argument)
            }
        }
        if scanner.wantsHelp { return .help(topic: "dictionaries", library: scanner.library) }
        return .dictionaries(library: scanner.library, json: json)
    }
}
