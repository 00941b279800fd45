#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import TerminalText

/// A line on standard error that says how far a long task has got (`phase: 42%`), redrawn in
/// place, and cleared when the task ends; nothing at all when standard error is not a
/// terminal, so scripts and pipes never see it.
final class ProgressLine {
    private let isShown = isatty(STDERR_FILENO) == 1
    private var last = ""

    func update(_ step: ProgressStep) {
        guard isShown else { return }
        let percent = step.percentage
        var line = step.phase + percent
        // Shorter than the terminal is wide: a line that wraps cannot be redrawn in place, and
        // each update would leave a row behind. The percentage is kept, the phase cut.
        if let width = Terminal.width(of: STDERR_FILENO), CellWidth.of(line) > width - 1 {
            let suffix = "…" + percent
            var phase = ""
            for character in step.phase {
                if CellWidth.of(phase + String(character) + suffix) > width - 1 { break }
                phase.append(character)
            }
            line = phase + suffix
        }
        guard line != last else { return }
        var output = StyledOutput()
        output.append(.eraseLine)
        output.append(line)
        Terminal.write(output, to: STDERR_FILENO)
        last = line
    }

    func clear() {
        guard isShown, !last.isEmpty else { return }
        var output = StyledOutput()
        output.append(.eraseLine)
        Terminal.write(output, to: STDERR_FILENO)
        last = ""
    }
}
