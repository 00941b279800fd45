import DictionaryModel
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Issue 5's figures on an imported WordNet (155,000 entries), measured from outside with the
/// release `wordlink` beside this program: the import, the cold index build and warm runs of
/// `define`, `define dog` against WordNet's own `wn` and against `dict` on a local `dictd`, and
/// the browser on a pseudo-terminal (first full screen, keystrokes in the lookup prompt, peak
/// memory). The index goes to a scratch cache directory, never the user's; the dictd this
/// starts listens on 127.0.0.1 only and is stopped at the end.
enum WordNetBenchmarks {
    static var defaultFolder: String {
        (ProcessInfo.processInfo.environment["HOME"] ?? "/tmp") + "/.local/share/wordlink/wordnet-bench"
    }

    static func run(binDirectory: String, folder: String) {
        let wordlink = binDirectory + "/wordlink"
        let scratch = "/tmp/wordlink-bench-wordnet-\(getpid())"
        let cache = scratch + "/cache"
        // Readable by others: dictd drops its privileges before it reads its configuration.
        _ = mkdir(scratch, 0o755)
        _ = chmod(scratch, 0o755)
        defer { _ = try? FileManager.default.removeItem(atPath: scratch) }
        print("== wordnet (imported WordNet in \(folder))")

        // 1. The import (the importer replaces its own earlier import of the folder).
        // The import indexes what it wrote (`ImportCommand.prepare`): into a scratch cache of
        // its own, never the user's, and not the one the first `define` below builds cold.
        let imported = ProcessTimer.runOnce([wordlink, "import", "wordnet", "--to", folder],
                                            environment: ["XDG_CACHE_HOME": scratch + "/import-cache"])
        guard imported.status == 0 else {
            print("wordlink import wordnet --to \(folder) failed (status \(imported.status)); is wordnet-base installed?")
            return
        }
        Measure.report("wordlink import wordnet (whole process)", imported.seconds, target: 30,
                       extra: "peak \(imported.peakKilobytes / 1024) MB")

        // 2. The first run builds the index in an empty cache; the following ones read it.
        let define = [wordlink, "define", "dog", "--data", folder]
        let environment = ["XDG_CACHE_HOME": cache]
        let cold = ProcessTimer.runOnce(define, environment: environment)
        guard cold.status == 0 else {
            print("wordlink define dog --data \(folder) failed (status \(cold.status))")
            return
        }
        Measure.report("first define dog: cold index build (whole process)", cold.seconds,
                       extra: "peak \(cold.peakKilobytes / 1024) MB, index file \(indexKilobytes(cache)) KB")
        var warm: [ProcessTimer.Sample] = []
        for _ in 0..<11 { warm.append(ProcessTimer.runOnce(define, environment: environment)) }
        Measure.report("define dog, warm index (median of 11)", median(warm.map(\.seconds)),
                       extra: "peak \(Int(median(warm.map { Double($0.peakKilobytes) })) / 1024) MB")

        // 3. Side by side with WordNet's own browser and a local dictd.
        compare(define: define, environment: environment, scratch: scratch)

        // 4. The browser on a pseudo-terminal.
        do {
            try browser(binary: wordlink, folder: folder, environment: environment)
        } catch {
            print("browser on WordNet failed: \(error)")
        }
    }

    // MARK: define against wn and dict

    static func compare(define: [String], environment: [String: String], scratch: String, runs: Int = 61,
                        also: [(name: String, arguments: [String])] = [], name: String = "wordlink define dog --data WORDNET") {
        var commands: [(name: String, arguments: [String])] = [(name, define)] + also
        let wn = ProcessTimer.runOnce(["wn", "dog", "-over"])
        if wn.seconds.isNaN {
            print("wn is not installed (Debian package wordnet): not compared")
        } else {
            commands.append(("wn dog -over (WordNet's own)", ["wn", "dog", "-over"]))
        }
        let server = Dictd(scratch: scratch)
        defer { server?.stop() }
        if let server {
            let dict = ["dict", "-h", "127.0.0.1", "-p", "\(server.port)", "-d", "wn", "dog"]
            if ProcessTimer.runOnce(dict).status == 0 {
                commands.append(("dict -h 127.0.0.1 -d wn dog (local dictd)", dict))
            } else {
                print("dict -d wn dog against the local dictd failed: not compared")
            }
        } else {
            print("no local dictd (Debian packages dictd, dict, dict-wn): dict not compared")
        }
        print("-- define dog, whole process, medians of \(runs) alternating runs")
        let results = ProcessTimer.compare(commands, runs: runs, environment: environment)
        ProcessTimer.report(results)
        // The kernel carries the spawning process's peak into a spawned child's (posix_spawn
        // starts the child in this program's address space), so wait4 never reports less.
        print("(a peak from wait4 is never below this program's own, \(IndexBenchmarks.peakMegabytes()) MB: wn's and dict's are theirs at most)")
        let ours = results[0].median
        if let wnResult = results.first(where: { $0.name.hasPrefix("wn ") }) {
            let ratio = ours / wnResult.median
            print(String(format: "define / wn = %.2f (target ≤ 2.00)  %@", ratio, ratio <= 2 ? "ok" : "MISSED"))
        }
        if let dictResult = results.first(where: { $0.name.hasPrefix("dict ") }) {
            let ratio = ours / dictResult.median
            print(String(format: "define / dict = %.2f (target < 1.00)  %@", ratio, ratio < 1 ? "ok" : "MISSED"))
        }
    }

    /// A dictd serving `wn` on 127.0.0.1 only, on a free port, in the foreground of a child
    /// process this program stops.
    final class Dictd {
        let pid: pid_t
        let port: Int

        init?(scratch: String) {
            guard access("/usr/share/dictd/wn.index", R_OK) == 0, let port = Dictd.freePort() else { return nil }
            let config = scratch + "/dictd.conf"
            let text = """
                access { allow 127.0.0.1 }
                database wn { data /usr/share/dictd/wn.dict.dz index /usr/share/dictd/wn.index }

                """
            guard (try? text.write(toFile: config, atomically: true, encoding: .utf8)) != nil else { return nil }
            let arguments = ["dictd", "--config", config, "--listen-to", "127.0.0.1", "--port", "\(port)",
                             "-d", "nodetach"]
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            // Its log (in the foreground it logs to standard error), opened before it drops
            // privileges to the dictd user: dictd's own -L would open it after.
            posix_spawn_file_actions_addopen(&actions, 1, scratch + "/dictd.log", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for p in argv { free(p) } }
            var child: pid_t = 0
            guard posix_spawnp(&child, "dictd", &actions, nil, &argv, environ) == 0 else { return nil }
            pid = child
            self.port = port
            // Ready when it accepts a connection (it builds its internal index first).
            let start = Measure.now()
            while !Dictd.accepts(port: port) {
                var status: Int32 = 0
                if waitpid(child, &status, WNOHANG) == child || Double(Measure.now() - start) / 1e9 > 10 {
                    stop()
                    return nil
                }
                usleep(20_000)
            }
        }

        func stop() {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }

        static func loopback(port: Int) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
            return address
        }

        static func freePort() -> Int? {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var address = loopback(port: 0)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { return nil }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            guard withUnsafeMutablePointer(to: &address, {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }) == 0 else { return nil }
            return Int(UInt16(bigEndian: address.sin_port))
        }

        static func accepts(port: Int) -> Bool {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            var address = loopback(port: port)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            } == 0
        }
    }

    // MARK: The browser on a pseudo-terminal

    static func browser(binary: String, folder: String, environment: [String: String], runs: Int = 11,
                        data: [String]? = nil, name: String = "WordNet", memoryTarget: Double = 150) throws {
        let data = data ?? ["--data", folder]
        print("-- browser on \(name) (80×24 pty, warm index, \(runs) runs)")
        // The first full screen: a word on the last row of text the screen shows, and not
        // on any row above it (so an earlier row cannot satisfy the wait); when that row is
        // blank or has no such word, the nearest row above it that has one.
        let lines = BrowserBenchmarks.lines(of: try BrowserBenchmarks.definePage(binary: binary, data: data, word: "dog",
                                                                                 width: 78, environment: environment))
        guard lines.count > 21 else { throw BenchError.setup("dog is shorter than a screen") }
        var found: String?, lastRow = 21
        for row in stride(from: 21, through: 12, by: -1) {
            lastRow = row
            let above = Set(lines[0..<row].joined(separator: " ").split(separator: " ").map(String.init))
            let candidates = lines[row].split(separator: " ").map(String.init).filter { $0.count >= 4 && $0.allSatisfy(\.isLetter) }
            found = candidates.filter({ !above.contains($0) }).max(by: { $0.count < $1.count })
            if found != nil { break }
        }
        guard let marker = found ?? BrowserBenchmarks.longestWord(lines[21]) else { throw BenchError.setup("no word on rows 12-21 of dog") }

        var launches: [Double] = [], keys: [Double] = [], echoes: [Double] = [], peaks: [Int] = []
        let typed = "dictoinar"
        for _ in 0..<runs {
            let start = Measure.now()
            let terminal = try PseudoTerminal(arguments: [binary] + data + ["dog"], columns: 80, rows: 24, environment: environment)
            try terminal.waitFor(marker, timeout: 30)
            launches.append(Double(Measure.now() - start) / 1e9)
            try terminal.waitFor("Tab links")
            terminal.settle()
            terminal.send(":")
            terminal.settle()
            // Each key: from sending it to the last byte of the screen's answer (its echo
            // seen, then nothing more for 50 ms), with nothing pending before it is sent.
            for character in typed {
                let offset = terminal.output.count
                let keyStart = Measure.now()
                terminal.send(String(character))
                let echo = try terminal.waitFor(String(character), after: offset)
                echoes.append(echo)
                keys.append(max(echo, terminal.settle(since: keyStart) ?? 0))
            }
            peaks.append(highWaterKilobytes(terminal.pid))
            terminal.send("\u{1b}")
            usleep(20_000)
            terminal.send("q")
        }
        Measure.report("launch → first full screen of dog (median)", median(launches), target: 0.200,
                       extra: "slowest \(Measure.format(launches.max()!)); waited for \"\(marker)\" on row \(lastRow + 1)")
        Measure.report("keystroke in the lookup prompt → screen, median", median(keys), target: 0.016,
                       extra: "\(keys.count) keys: \"\(typed)\" typed \(runs) times")
        Measure.report("keystroke in the lookup prompt → screen, slowest", keys.max()!, target: 0.016)
        // The screen settles when the words near what is typed have come from the work off the
        // input thread (Hunspell's spellings among them); the key's echo is what typing waits for.
        Measure.report("keystroke in the lookup prompt → its echo, slowest", echoes.max()!, target: 0.016)
        let peak = Double(peaks.max()!) / 1024
        print("peak memory of the browser (VmHWM after typing)".padding(toLength: 58, withPad: " ", startingAt: 0)
              + String(format: "%.1f MB", peak).padding(toLength: 12, withPad: " ", startingAt: 0)
              + String(format: "target < %.0f MB  ", memoryTarget) + (peak < memoryTarget ? "ok" : "MISSED"))
    }

    /// The peak resident memory of a running process (`VmHWM` in /proc/PID/status), in KB.
    static func highWaterKilobytes(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    static func indexKilobytes(_ cache: String) -> Int {
        let directory = cache + "/wordlink"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var total = 0
        for name in names where name.hasSuffix(".wlindex") {
            var info = stat()
            if stat(directory + "/" + name, &info) == 0 { total += Int(info.st_size) }
        }
        return total / 1024
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
