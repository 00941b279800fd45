import CursesTerminal

/// `wordlink doctor`: checks that this terminal draws characters where wordlink expects.
enum DoctorCommand {
    static func run() -> Int32 {
        let results: [WidthProbe.Result]
        do {
            results = try WidthProbe.run()
        } catch {
            Terminal.error(error.description + ".")
            return 1
        }
        var output = "Cell widths: the layout's against this terminal's cursor, for hard text.\n"
        let nameWidth = results.map(\.name.count).max() ?? 10
        for result in results {
            let measured = result.measured.map(String.init) ?? "no answer"
            let mark = result.agrees ? "ok  " : "DIFF"
            output += "  \(mark) \(result.name + String(repeating: " ", count: max(0, nameWidth - result.name.count)))  layout \(result.expected), terminal \(measured)\n"
        }
        let disagreements = results.filter { !$0.agrees }
        if disagreements.isEmpty {
            output += "All \(results.count) samples agree: clicks land on the characters you see.\n"
            Terminal.write(output)
            return 0
        }
        output += "\(disagreements.count) of \(results.count) samples disagree: text after them on a row is drawn "
            + "away from where wordlink expects it, and clicks there can land on the wrong word. "
            + "A terminal with up-to-date Unicode widths (or tmux 3.3 or later) fixes it.\n"
        Terminal.write(output)
        return 1
    }
}
