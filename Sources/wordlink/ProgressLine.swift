#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// A line on standard error that says how far a long task has got (`phase: 42%`), redrawn in
/// place, and cleared when the task ends; nothing at all when standard error is not a
/// terminal, so scripts and pipes never see it.
final class ProgressLine {
    private let isShown = isatty(STDERR_FILENO) == 1
    private var last = ""

    func update(_ step: ProgressStep) {
        guard isShown else { return }
        let percent = step.total > 0 ? step.completed * 100 / step.total : 0
        let line = "\(step.phase): \(percent)%"
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
