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
        var rest = arguments
        var format = HistoryCommand.Format.text
        var clear = false
        while let argument = rest.popFirst() {
            let (name, inline) = split(argument)
            switch name {
            case "--help", "-h": return .help(topic: "history", library: LibraryOptions())
            case "--clear": clear = true
            case "--format":
                let text = try value(for: name, inline: inline, from: &rest, command: "history")
                guard let chosen = HistoryCommand.Format(rawValue: text) else {
                    throw .invalidValue(option: "--format", value: text, expected: "text, json or csv", command: "history")
                }
                format = chosen
            default:
                throw argument.hasPrefix("-") ? .unknownOption(argument, command: "history") : .unexpectedArgument(argument, command: "history")
            }
        }
        return .history(format: format, clear: clear)
    }
}
