import DictionaryModel
import DictionaryIndex

/// `wordlink check`: validates a data folder and prints what is wrong with it.
enum CheckCommand {
    /// Runs the command and returns the exit status: 1 when there are errors.
    /// With several dictionaries open, each is checked in turn under a line naming its folder.
    static func run(library options: LibraryOptions) -> Int32 {
        let location = LibraryLocation.choose(options: options)
        guard !location.folders.isEmpty else {
            Terminal.error("no data folder to check (\(location.origin)); pass --data DIR or set WORDLINK_DATA.")
            return 1
        }
        var folders = location.folders
        if !options.dictionaries.isEmpty {
            let ids = folders.map { LibraryLocation.info(ofFolder: $0)?.id }
            for wanted in options.dictionaries where !ids.contains(wanted) {
                Terminal.error("no open dictionary has the id \"\(wanted)\"; the ids are: \(ids.compactMap { $0 }.joined(separator: ", ")).")
                return 2
            }
            folders = zip(folders, ids).filter { $0.1.map(options.dictionaries.contains) ?? false }.map(\.0)
        }
        var anyErrors = false
        // Reading and checking a large dictionary takes seconds (WordNet: 3.6): a line on a terminal
        // says how far it has got.
        let line = ProgressLine()
        for path in folders {
            let folder: DataFolder
            do {
                folder = try DataFolder.load(from: path, progress: line.update)
            } catch {
                line.clear()
                Terminal.error("\(error.message); pass --data DIR with a folder holding dictionary.json and entries/.")
                return 1
            }
            let (report, hasErrors) = self.report(folder, progress: line.update)
            line.clear()
            if folders.count > 1 { Terminal.write("== \(path)\n") }
            Terminal.write(report)
            anyErrors = anyErrors || hasErrors
        }
        return anyErrors ? 1 : 0
    }

    /// Every diagnostic, then every unresolved link as a warning, then the summary line
    /// `N entries in M files: E errors, W warnings`.
    static func report(_ folder: DataFolder, progress: (ProgressStep) -> Void = { _ in }) -> (text: String, hasErrors: Bool) {
        let lookup = Lookup(folder: folder, findingOnly: true)
        var diagnostics = folder.diagnostics
        if let start = folder.startProblem(lookup: lookup) { diagnostics.append(start) }
        diagnostics += folder.unresolvedLinks(lookup: lookup, progress: progress).map(\.diagnostic)
        var text = ""
        for diagnostic in diagnostics { text += diagnostic.description + "\n" }
        let errors = diagnostics.filter(\.isError).count
        let warnings = diagnostics.count - errors
        text += "\(count(folder.entries.count, "entry", "entries")) in \(count(folder.entryFileCount, "file", "files")): "
            + "\(count(errors, "error", "errors")), \(count(warnings, "warning", "warnings"))\n"
        return (text, errors > 0)
    }

    static func count(_ n: Int, _ one: String, _ many: String) -> String {
        "\(n) \(n == 1 ? one : many)"
    }
}
