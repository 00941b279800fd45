#if canImport(Glibc)
import Glibc
#endif

/// Makes the Swift runtime's crash report print and exit instead of waiting on a terminal.
///
/// On a terminal the runtime's crash reporter offers to debug ("Press space to interact…")
/// and holds the terminal for 30 s. It reads its settings from `SWIFT_BACKTRACE` once, as
/// the process starts, before any of our code runs; so when standard input and output are a
/// terminal and the variable is unset, this sets it and runs the program again. A person's
/// own `SWIFT_BACKTRACE` is left alone.
enum CrashReports {
    static let settings = "interactive=no,output-to=stderr"

    static func makeNonInteractive() {
        guard getenv("SWIFT_BACKTRACE") == nil, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return }
        // The executable's own path, so the process keeps its name (`exe` otherwise).
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, Int(PATH_MAX))
        guard length > 0 else { return }
        setenv("SWIFT_BACKTRACE", settings, 1)
        // Only returns when the program could not be run again; it then goes on as it is.
        execv(path, CommandLine.unsafeArgv)
    }
}
