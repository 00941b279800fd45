import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and waits for it with `posix_spawn` and `waitpid`. Foundation's `Process`
/// is not used: under the test runner it sometimes never reaps a finished child, and a
/// `tmux new-session` leaves a server holding the client's output descriptors.
public enum Subprocess {
    /// The state, config, cache and data folders the test process and every child get when
    /// the test runner was started without them (`make test` sets its own): never the user's
    /// history, config, library index or library. Set once, before the first child starts or
    /// the first import in the test process (`ImportScratch.folder`).
    private static let isolatedFolders: Void = {
        for name in ["XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"] where getenv(name) == nil {
            setenv(name, FileManager.default.temporaryDirectory.appendingPathComponent("wordlink-tests-\(name)-\(getpid())").path, 1)
        }
        if getenv("WORDLINK_DATA") == nil { setenv("WORDLINK_DATA", "", 1) }
    }()

    /// Makes sure the folders above are set (see `isolatedFolders`).
    public static func isolate() { _ = isolatedFolders }

    /// A fresh temporary file path.
    public static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wordlink-\(name)-\(getpid())-\(UUID().uuidString)").path
    }

    /// Runs `arguments` (found on PATH) with standard output and error to one file.
    public static func run(_ arguments: [String], outputFile: String) -> (status: Int32, output: String) {
        let result = run(arguments, outputFile: outputFile, errorFile: nil)
        return (result.status, result.output)
    }

    /// Starts `arguments` (found on PATH) with standard input from /dev/null and standard
    /// output and error to files (error to the output file when `errorFile` is nil; both to
    /// /dev/null when `outputFile` is nil); returns its pid, or -1.
    public static func start(_ arguments: [String], outputFile: String?, errorFile: String?) -> pid_t {
        _ = isolatedFolders
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let errorFile {
            posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The test runner ignores some signals (SIGHUP among them), and ignored signals are
        // inherited: a tmux server started from here could then never hang up its panes.
        // Children start with every signal at its default and none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        return spawned == 0 ? pid : -1
    }

    /// Runs `arguments` with standard output and error to files (error to the output file
    /// when `errorFile` is nil); returns the status (128 + signal when killed) and both texts.
    public static func run(_ arguments: [String], outputFile: String, errorFile: String?) -> (status: Int32, output: String, error: String) {
        let pid = start(arguments, outputFile: outputFile, errorFile: errorFile)
        guard pid > 0 else { return (-1, "", "cannot run \(arguments[0])") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        unlink(outputFile)
        let error = errorFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
        if let errorFile { unlink(errorFile) }
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output, error)
    }
}
