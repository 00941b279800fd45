#if canImport(Glibc)
import Glibc
#endif
import DictionarySearch
import SQLiteStore
import DictionaryIndex

/// The command line: parses the arguments and hands over to one command, which prints what it
/// has to say; the exit status comes back to `main`, the only place that exits.
public enum WordlinkCommandLine {
    /// Runs the command `arguments` name (without the program's name) and gives its exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        CrashReports.makeNonInteractive()
        SQLiteProcess.configure()
        let status: Int32
        do {
            switch try Arguments.parse(arguments) {
            case .version:
                Terminal.write(Help.version + "\n")
                status = 0
            case .help(let topic, let library):
                if let text = Help.text(topic: topic, library: LibraryLocation.choose(options: library)) {
                    Terminal.write(text)
                    status = 0
                } else {
                    Terminal.error("no help on '\(topic ?? "")'; the commands are define, search, links-to, check, dictionaries, history, export, config, import and doctor.")
                    status = 2
                }
            case .define(let options):
                status = DefineCommand.run(options)
            case .check(let library):
                status = CheckCommand.run(library: library)
            case .dictionaries(let library, let json):
                status = DictionariesCommand.run(library, json: json)
            case .doctor(let library):
                status = DoctorCommand.run(library: library)
            case .importDictionary(let options):
                status = ImportCommand.run(options)
            case .search(let options):
                status = SearchCommand.run(options)
            case .linksTo(let options):
                status = LinksToCommand.run(options)
            case .browse(let word, let library, let theme, let isNew):
                status = runBrowser(word: word, library: library, theme: theme, isNew: isNew)
            case .export(let options):
                status = ExportCommand.run(options)
            case .history(let format, let clear):
                status = HistoryCommand.run(format: format, clear: clear)
            case .complete(let kind, let prefix, let library):
                status = CompleteCommand.run(kind, prefix: prefix, library: library)
            case .config(let action):
                status = ConfigCommand.run(action)
            case .generateManPage:
                Terminal.write(ManPage.text())
                status = 0
            }
        } catch {
            Terminal.error(error.description)
            status = 2
        }
        return status
    }
}
