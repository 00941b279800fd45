extension Arguments {
    /// `wordlink config [--path | --default | --write | --check]` (default: --path).
    static func parseConfig(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var action = ConfigCommand.Action.path
        for argument in arguments {
            switch argument {
            case "--help", "-h": return .help(topic: "config", library: LibraryOptions())
            case "--path": action = .path
            case "--default": action = .printDefault
            case "--write": action = .write
            case "--check": action = .check
            default:
                throw argument.hasPrefix("-") ? .unknownOption(argument, command: "config") : .unexpectedArgument(argument, command: "config")
            }
        }
        return .config(action)
    }

    /// `wordlink history [--format text|json|csv] [--clear]`.
    static func parseHistory(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var scanner = OptionScanner(arguments, command: "history", takesLibrary: false)
        var format = HistoryCommand.Format.text
        var clear = false
        while let item = try scanner.next() {
            switch item {
            case .option("--clear", let argument, let inline):
                try scanner.noValue(argument, inline: inline)
                clear = true
            case .option("--format", _, let inline):
                let text = try scanner.value(for: "--format", inline: inline)
                guard let chosen = HistoryCommand.Format(rawValue: text) else {
                    throw .invalidValue(option: "--format", value: text, expected: "text, json or csv", command: "history")
                }
                format = chosen
            case .option(_, let argument, _): throw scanner.unknown(argument)
            case .operand(let argument): throw scanner.unexpected(argument)
            }
        }
        if scanner.wantsHelp { return .help(topic: "history", library: LibraryOptions()) }
        return .history(format: format, clear: clear)
    }
}
