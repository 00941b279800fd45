import DictionaryIndex

/// `wordlink complete words PREFIX` and `wordlink complete dictionaries`: the candidates the
/// shell completion scripts (Scripts/completions/) offer, one a line. Not in `--help`: a
/// person has the browser's lookup prompt.
enum CompleteCommand {
    enum Kind: String, Equatable {
        case words, dictionaries
    }

    /// Prints the candidates; status 0 even when there are none (a shell offers nothing).
    static func run(_ kind: Kind, prefix: String, library options: LibraryOptions) -> Int32 {
        switch kind {
        case .dictionaries:
            var seen = Set<String>()
            let ids = LibraryLocation.choose(options: options).folders.compactMap { LibraryLocation.info(ofFolder: $0)?.id }
            Terminal.write(ids.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }.map { $0 + "\n" }.joined())
        case .words:
            guard !prefix.isEmpty, case .success(let opened) = LibraryLocation.openLibrary(options, purpose: "complete from") else { return 0 }
            let words = Library(opened).completions(for: prefix, limit: 100).map(\.suggestion.text)
            // Only what starts with the prefix: a shell drops the rest anyway, and typos would confuse it.
            let folded = prefix.lowercased()
            Terminal.write(words.filter { $0.lowercased().hasPrefix(folded) && !$0.contains("\n") }.map { $0 + "\n" }.joined())
        }
        return 0
    }
}

extension Arguments {
    /// `wordlink complete words|dictionaries [PREFIX] [--data DIR]... [-d ID]...` and
    /// `wordlink generate man`.
    static func parseHidden(_ name: String, _ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var rest = arguments
        guard let what = rest.popFirst() else { throw .missingArgument(name == "complete" ? "kind" : "thing to write", command: name) }
        if name == "generate" {
            guard what == "man", rest.isEmpty else { throw .invalidValue(option: name, value: what, expected: "man", command: nil) }
            return .generateManPage
        }
        guard let kind = CompleteCommand.Kind(rawValue: what) else {
            throw .invalidValue(option: name, value: what, expected: "words or dictionaries", command: nil)
        }
        var scanner = OptionScanner(rest, command: name)
        var prefix = ""
        // Anything but the library's options is the prefix, even when it starts with `-`.
        while let item = try scanner.next() {
            switch item {
            case .option(_, let argument, _), .operand(let argument): prefix = argument
            }
        }
        return .complete(kind, prefix: prefix, library: scanner.library)
    }
}
