import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// An entry file rewritten in place (as `cp` or a shell's `>` do: truncated, then written)
/// while `define` runs: every run still finds the entry. Before, about 130 runs in 200 said
/// "no entry for dog" or that the entry could not be read again.
@Suite(.serialized) struct ConcurrentRewriteEndToEndTests {
    @Test func defineFindsAnEntryWhoseFileIsRewrittenInPlaceMeanwhile() throws {
        let folder = Subprocess.temporaryPath("rewrite")
        try FileManager.default.copyItem(atPath: TmuxSession.data, toPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/entries/dog-n.json"
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let cache = Subprocess.temporaryPath("rewrite-cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // A cache of its own, given to the children alone (never the test runner's environment).
        let binary = ["/usr/bin/env", "XDG_CACHE_HOME=" + cache, TmuxSession.binary]
        let out = Subprocess.temporaryPath("rewrite-out")
        #expect(Subprocess.run(binary + ["define", "dog", "--data", folder], outputFile: out).status == 0)

        // A writer that rewrites the file in place (cp truncates it and writes), over and over.
        let original = folder + "/dog-n.original"
        try Data(bytes).write(to: URL(fileURLWithPath: original))
        let writer = Subprocess.start(["sh", "-c", "while :; do cp '\(original)' '\(path)'; done"], outputFile: nil, errorFile: "/dev/null")
        #expect(writer > 0)
        defer {
            kill(writer, SIGKILL)
            var status: Int32 = 0
            waitpid(writer, &status, 0)
        }
        var failures: [String] = []
        for _ in 0..<60 {
            let result = Subprocess.run(binary + ["define", "dog", "--data", folder], outputFile: out, errorFile: out + ".err")
            if result.status != 0 || !result.output.hasPrefix("dog  noun") { failures.append(result.error + result.output.prefix(80)) }
        }
        #expect(failures.isEmpty, "\(failures.count) of 60 runs failed: \(failures.prefix(3))")
    }
}
