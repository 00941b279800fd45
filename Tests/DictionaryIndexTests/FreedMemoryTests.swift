import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `releaseFreedMemory` from many threads at once, in fresh processes (`wordlink-index-helper`).
/// The first `malloc_trim` of a process sets glibc's heap up without a lock, and under the
/// address sanitizer two at once crashed `make test-asan` (about one process in 25 with 16
/// threads); a plain build has set the heap up at its first `malloc`, so this holds there
/// without the lock, and `make test-asan` is where it can fail.
@Suite struct FreedMemoryTests {
    @Test func handingFreedMemoryBackFromManyThreadsAtOnceDoesNotCrash() {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let helper = URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("wordlink-index-helper").path
        #expect(FileManager.default.isExecutableFile(atPath: helper), "build the package first: \(helper)")
        var failures: [String] = []
        for _ in 0..<80 {
            let result = Subprocess.run([helper, "release-memory", "16"], outputFile: Subprocess.temporaryPath("release-memory"))
            if result.status != 0 { failures.append("status \(result.status): \(result.output.prefix(300))") }
        }
        #expect(failures.isEmpty, "\(failures.count) of 80 processes failed; the first: \(failures.first ?? "")")
    }
}
