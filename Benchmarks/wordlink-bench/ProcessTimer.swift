import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whole-process timings: commands run alternately (so load affects them alike), each with
/// its wall time and peak resident memory from `wait4`.
enum ProcessTimer {
    struct Sample {
        var seconds: Double
        var peakKilobytes: Int
        /// The exit status as `wait4` gives it (0: exited with 0); -1 when it could not start.
        var status: Int32 = 0
    }

    /// Runs `arguments` once with output to /dev/null, in this process's environment with
    /// `environment`'s variables set on top.
    static func runOnce(_ arguments: [String], environment: [String: String] = [:]) -> Sample {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var envp: [UnsafeMutablePointer<CChar>?] = []
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (key, value) in environment { merged[key] = value }
            envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { for p in envp { free(p) } }
        let start = Measure.now()
        var pid: pid_t = 0
        let spawned = envp.isEmpty ? posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
                                   : posix_spawnp(&pid, arguments[0], &actions, nil, &argv, &envp)
        guard spawned == 0 else {
            return Sample(seconds: .nan, peakKilobytes: 0, status: -1)
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        return Sample(seconds: Double(Measure.now() - start) / 1e9, peakKilobytes: usage.ru_maxrss, status: status)
    }

    /// Medians of wall time and peak memory for each command, run `runs` times in turn.
    /// `environments[i]`, when given, replaces `environment` for command `i` (a binary of
    /// another version keeps its index in a cache of its own).
    static func compare(_ commands: [(name: String, arguments: [String])], runs: Int,
                        environment: [String: String] = [:],
                        environments: [Int: [String: String]] = [:]) -> [(name: String, median: Double, peakKilobytes: Int)] {
        var samples = Array(repeating: [Sample](), count: commands.count)
        let environmentOf = { (i: Int) in environments[i] ?? environment }
        for (i, command) in commands.enumerated() { _ = runOnce(command.arguments, environment: environmentOf(i)) } // warm the caches
        // Each round starts one command later, so that every command follows every other
        // equally often (a command that leaves work behind, such as dict's dictd child, does
        // not always slow the same neighbour).
        for round in 0..<runs {
            for k in 0..<commands.count {
                let i = (round + k) % commands.count
                samples[i].append(runOnce(commands[i].arguments, environment: environmentOf(i)))
            }
        }
        return commands.enumerated().map { i, command in
            let times = samples[i].map(\.seconds).sorted()
            return (command.name, times[times.count / 2], peakMemory(command.arguments, environment: environmentOf(i)))
        }
    }

    /// The command's own peak resident memory in kilobytes, through GNU time: a child's
    /// `ru_maxrss` starts from the size of the process that spawned it, and this benchmark
    /// is far bigger than the commands it measures, while `time` is about 2 MB.
    static func peakMemory(_ arguments: [String], environment: [String: String] = [:]) -> Int {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("wordlink-bench-time-\(getpid())").path
        _ = runOnce(["/usr/bin/time", "-f", "%M", "-o", output] + arguments, environment: environment)
        defer { unlink(output) }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return Int(text.split(separator: "\n").last(where: { Int($0) != nil }) ?? "") ?? 0
    }

    /// One run of `arguments` under GNU time: its wall time, its CPU time (user and system,
    /// its own and its children's) and its own peak resident memory; nil when it did not exit
    /// with 0 (or time gave no figures).
    static func timed(_ arguments: [String], environment: [String: String] = [:])
        -> (seconds: Double, cpuSeconds: Double, peakKilobytes: Int)? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("wordlink-bench-timed-\(getpid())").path
        defer { unlink(output) }
        let sample = runOnce(["/usr/bin/time", "-f", "%U %S %M", "-o", output] + arguments, environment: environment)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let fields = text.split(separator: "\n").last?.split(separator: " ") ?? []
        guard sample.status == 0, fields.count == 3, let user = Double(fields[0]), let system = Double(fields[1]),
              let peak = Int(fields[2]) else { return nil }
        return (sample.seconds, user + system, peak)
    }

    static func report(_ results: [(name: String, median: Double, peakKilobytes: Int)]) {
        for result in results {
            Measure.report(result.name, result.median, extra: "peak \(result.peakKilobytes / 1024) MB")
        }
    }
}

/// Issue 3's figure: `wordlink define WORD` against a Swift program that decodes a small
/// JSON file with Foundation, both static, medians side by side.
enum DefineBenchmarks {
    static func run(binDirectory: String, data: String, runs: Int = 41) {
        print("== define (whole process, medians of \(runs) alternating runs)")
        let results = ProcessTimer.compare([
            ("floor: Swift + Foundation JSONDecoder on dictionary.json", [binDirectory + "/wordlink-floor", data + "/dictionary.json"]),
            ("wordlink --version", [binDirectory + "/wordlink", "--version"]),
            ("wordlink define dog --data Data", [binDirectory + "/wordlink", "define", "dog", "--data", data]),
            ("wordlink define bank --format json --data Data", [binDirectory + "/wordlink", "define", "bank", "--format", "json", "--data", data]),
        ], runs: runs)
        ProcessTimer.report(results)
        let floor = results[0].median
        let define = results[2].median
        print(String(format: "define / floor = %.2f (target ≤ 1.50)  %@", define / floor, define / floor <= 1.5 ? "ok" : "MISSED"))
    }
}
