#if canImport(Glibc)
import Glibc
#endif

// Parses the command line and hands over to one command; only this file exits.
CrashReports.makeNonInteractive()
let status: Int32
do {
    switch try Arguments.parse(Array(CommandLine.arguments.dropFirst())) {
    case .version:
        Terminal.write(Help.version + "\n")
        status = 0
    case .help(let topic, let data):
        if let text = Help.text(topic: topic, data: DataLocation.choose(option: data)) {
            Terminal.write(text)
            status = 0
        } else {
            Terminal.error("no help on '\(topic ?? "")'; the commands are define, check, import and doctor.")
            status = 2
        }
    case .define(let options):
        status = DefineCommand.run(options)
    case .check(let data):
        status = CheckCommand.run(data: data)
    case .doctor:
        status = DoctorCommand.run()
    case .importDictionary(let options):
        status = ImportCommand.run(options)
    case .browse(let word, let data, let theme):
        status = runBrowser(word: word, data: data, theme: theme)
    }
} catch {
    Terminal.error(error.description)
    status = 2
}
exit(status)
