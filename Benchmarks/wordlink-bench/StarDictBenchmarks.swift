import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Issue 31's figure for StarDict: Littré's dictionary (Debian's stardict-xmlittre, 122,910
/// headwords) imported by the release `wordlink` into a scratch folder with a cache of its own
/// (wall, CPU, peak memory; the import makes the library index), then `wordlink define WORD`
/// on it against `sdcv`, the classic StarDict reader, on the same files, in the same run: a
/// few headwords (accented ones, one found only by folding case beyond ASCII, and a miss),
/// the two commands alternating, medians and their ratio (the project's target: within 2×
/// the classic tool; the issue's goal: faster than sdcv).
enum StarDictBenchmarks {
    static let folder = "/usr/share/stardict/dic"
    /// The index's keys are capitals: `fréquent` is `FRÉQUENT` (and `FRÉQUENT, ENTE`), `école`
    /// and `être` start with a capital that is not ASCII (`ÊTRE` has homographs `ÊTRE.1`…);
    /// `zzyzxq` is no word of Littré's (sdcv then looks for similar words).
    static let words = ["fréquent", "maison", "école", "être", "zzyzxq"]

    static func run(binDirectory: String, runs: Int = 41) {
        let ifo = folder + "/XMLittre.ifo"
        guard access(ifo, R_OK) == 0 else {
            print("\(ifo) is missing (Debian package stardict-xmlittre): the StarDict figures are left out")
            return
        }
        let wordlink = binDirectory + "/wordlink"
        let scratch = "/tmp/wordlink-bench-stardict-\(getpid())"
        _ = mkdir(scratch, 0o755)
        defer { _ = try? FileManager.default.removeItem(atPath: scratch) }
        print("== stardict (XMLittre imported into \(scratch), load average \(StartupBenchmarks.loadAverage()))")
        print("source".padding(toLength: 34, withPad: " ", startingAt: 0)
              + "MB disk  unpacked   entries      wall       CPU     MB/s    peak")
        let files = ["ifo", "idx", "dict.dz"].map { folder + "/XMLittre." + $0 }
        let source = FormatBenchmarks.Source(name: "StarDict XMLittre", arguments: ["import", ifo], files: files)
        guard FormatBenchmarks.measureImport(source, binDirectory: binDirectory, scratch: scratch) != nil else { return }
        let data = scratch + "/out"
        // The cache the import made its index in: define opens it warm.
        let environment = ["XDG_CACHE_HOME": scratch + "/cache", "XDG_STATE_HOME": scratch + "/state",
                           "XDG_DATA_HOME": scratch + "/data", "WORDLINK_DATA": ""]

        let sdcvVersion = ProcessTimer.runOnce(["sdcv", "--version"])
        guard sdcvVersion.status == 0 else {
            print("sdcv is not installed (Debian package sdcv): define not compared")
            return
        }
        print("-- define on XMLittre against sdcv (whole process, medians of \(runs) alternating runs)")
        var ratios: [Double] = []
        for word in words {
            let define = [wordlink, "define", word, "--data", data]
            // -x: no dictionary from the user's or the system's folders; -u: XMLittre alone.
            let sdcv = ["sdcv", "-n", "-x", "--data-dir", folder, "-u", "XMLittre", word]
            let found = ProcessTimer.runOnce(define, environment: environment).status == 0
            let results = ProcessTimer.compare([
                ("wordlink define \(word) --data XMLITTRE", define),
                ("sdcv -n -x --data-dir DIR -u XMLittre \(word)", sdcv),
            ], runs: runs, environment: environment)
            ProcessTimer.report(results)
            let ratio = results[0].median / results[1].median
            ratios.append(ratio)
            print(String(format: "  %@: define / sdcv = %.2f (target ≤ 2.00)  %@%@", word, ratio, ratio <= 2 ? "ok" : "MISSED",
                         found ? "" : "  (define finds no entry: exit status not 0)"))
        }
        let sorted = ratios.sorted()
        print(String(format: "define / sdcv over the %d words: median %.2f, worst %.2f (target ≤ 2.00; issue 31's goal < 1.00)",
                     ratios.count, sorted[sorted.count / 2], sorted.last ?? 0))
        print("(load average after: \(StartupBenchmarks.loadAverage()))")
    }
}
