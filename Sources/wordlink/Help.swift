/// The `--help` texts; each names the data folder that would be used.
enum Help {
    static let version = "wordlink 0.1.0"

    static func text(topic: String?, data: DataLocation) -> String? {
        switch topic {
        case nil: return program(data)
        case "define": return define(data)
        case "check": return check(data)
        case "import", "import wordnet", "import dictd": return ImportHelp.text(topic: topic ?? "import")
        default: return nil
        }
    }

    static func program(_ data: DataLocation) -> String {
        """
        wordlink: a dictionary browser for the terminal.

        Usage:
          wordlink [WORD] [--data DIR]     browse the dictionary, opened on WORD or its start page
          wordlink define WORD [options]   print the page for WORD and exit
          wordlink check [--data DIR]      validate a data folder
          wordlink import KIND [options]   convert WordNet or a dictd dictionary into a data folder
          wordlink --version               print the version

        Options:
          --data DIR     the data folder (default: $WORDLINK_DATA, else the dictionary that
                         ships with the program)
          -h, --help     this help; 'wordlink COMMAND --help' for a command's

        \(data.helpLine)

        """
    }

    static func define(_ data: DataLocation) -> String {
        """
        Usage: wordlink define WORD [--width N] [--format text|ansi|json] [--data DIR]

        Prints the page the browser shows for WORD, laid out by the same layout engine.
        WORD is looked up as an entry id, then as a headword or form (case and width
        insensitive), then through the dictionary's lookup rules. When nothing matches,
        prints up to five nearest headwords on standard error and exits with status 1.

        Options:
          --width N       columns to lay the page out for (default: the terminal's width,
                          or 80 when standard output is not a terminal)
          --format F      text: the rows as plain text (the default)
                          ansi: the rows with the browser's styles as SGR sequences
                          json: the page as data: query, entries, width, lines, links
          --data DIR      the data folder
          -h, --help      this help

        \(data.helpLine)

        """
    }

    static func check(_ data: DataLocation) -> String {
        """
        Usage: wordlink check [--data DIR]

        Validates a data folder: files that are not valid JSON, invalid entries and
        duplicate ids are errors; links that lead nowhere are warnings. Each is printed with
        its file, line and column, then a summary line. Exits with status 1 when there are
        errors, 0 otherwise.

        Options:
          --data DIR      the data folder
          -h, --help      this help

        \(data.helpLine)

        """
    }
}
