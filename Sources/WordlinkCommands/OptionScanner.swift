/// One command's arguments, read in order, the way every command reads them: `--name value`
/// and `--name=value`, `--` ending the options (after it, `-x` is an operand), a lone `-` an
/// operand, `--help` and `-h` noted, and the library's options (`--data DIR`, `-d ID`,
/// `--dictionary ID`) taken into `library` when the command accepts them. What is left, the
/// command's own options and its operands, comes out of `next()`.
struct OptionScanner {
    /// What `next()` gives: an option for the command to read (its name, the argument as
    /// written, and the value after `=` if there was one), or an operand.
    enum Item {
        case option(String, argument: String, inline: String?)
        case operand(String)
    }

    /// The command, as messages name it (nil: `wordlink` itself).
    let command: String?
    private var rest: ArraySlice<String>
    private let takesLibrary: Bool
    private var optionsEnded = false
    /// Whether `--help` or `-h` was among the options.
    private(set) var wantsHelp = false
    /// The library's options met so far.
    private(set) var library = LibraryOptions()

    init(_ arguments: ArraySlice<String>, command: String?, takesLibrary: Bool = true) {
        rest = arguments
        self.command = command
        self.takesLibrary = takesLibrary
    }

    /// The next option or operand for the command; nil when none is left.
    mutating func next() throws(ArgumentError) -> Item? {
        while let argument = rest.popFirst() {
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else { return .operand(argument) }
            let (name, inline) = Arguments.split(argument)
            switch name {
            case "--": optionsEnded = true
            case "--help", "-h": wantsHelp = true
            case "--data" where takesLibrary: library.data.append(try value(for: name, inline: inline))
            case "-d" where takesLibrary, "--dictionary" where takesLibrary: library.dictionaries.append(try value(for: name, inline: inline))
            case "-g" where takesLibrary, "--group" where takesLibrary: library.group = try value(for: name, inline: inline)
            default: return .option(name, argument: argument, inline: inline)
            }
        }
        return nil
    }

    /// The value of option `name`: the part after `=`, else the next argument.
    mutating func value(for name: String, inline: String?) throws(ArgumentError) -> String {
        if let inline { return inline }
        guard let next = rest.popFirst() else { throw .missingValue(option: name, command: command) }
        return next
    }

    /// An option that takes no value written with one (`--sources=yes`) is refused.
    func noValue(_ argument: String, inline: String?) throws(ArgumentError) {
        if inline != nil { throw .unexpectedArgument(argument, command: command) }
    }

    /// The error for an option the command does not know.
    func unknown(_ argument: String) -> ArgumentError { .unknownOption(argument, command: command) }

    /// The error for an operand the command does not take.
    func unexpected(_ argument: String) -> ArgumentError { .unexpectedArgument(argument, command: command) }
}
