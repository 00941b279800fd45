import Foundation

/// Timing helpers: medians of repeated runs, in a release build.
enum Measure {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Median wall time of `body` over `runs` runs (after one warm-up), in seconds.
    static func median(runs: Int, warmUp: Bool = true, _ body: () -> Void) -> Double {
        if warmUp { body() }
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = now()
            body()
            samples.append(Double(now() - start) / 1e9)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func format(_ seconds: Double) -> String {
        if seconds < 1e-6 { return String(format: "%.0f ns", seconds * 1e9) }
        if seconds < 1e-3 { return String(format: "%.2f µs", seconds * 1e6) }
        if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.2f s", seconds)
    }

    /// Prints one result line: what, the figure, the target and whether it is met.
    static func report(_ name: String, _ seconds: Double, target: Double? = nil, extra: String = "") {
        var line = name.padding(toLength: 58, withPad: " ", startingAt: 0) + format(seconds).padding(toLength: 12, withPad: " ", startingAt: 0)
        if let target { line += "target < \(format(target))  " + (seconds < target ? "ok" : "MISSED") }
        if !extra.isEmpty { line += "  " + extra }
        print(line)
    }
}
