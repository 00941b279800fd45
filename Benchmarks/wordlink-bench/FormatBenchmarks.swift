import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Issue 31's figure: import throughput per format, for each format whose real source is
/// installed (WordNet, dictd's GCIDE and the largest FreeDict pair, StarDict's XMLittre and
/// czech-cizi, goldendict-wordnet's DSL) and a synthetic XDXF file of about 20 MB (Debian has
/// no XDXF package, and the test fixtures are a few hundred bytes). Each is imported once by
/// the release `wordlink` into a scratch folder with a cache of its own (the import brings
/// the library index up to date, as a person's does), under GNU time: the source's size on
/// disk and unpacked (a gzip or dictzip file's size from its trailer), the entries written,
/// wall and CPU seconds, MB of unpacked source a second and peak memory.
enum FormatBenchmarks {
    /// A source to import: its name, `wordlink` arguments without `--to`, and the files it reads.
    struct Source {
        var name: String
        var arguments: [String]
        var files: [String]
    }

    static func run(binDirectory: String) {
        let scratch = "/tmp/wordlink-bench-formats-\(getpid())"
        _ = mkdir(scratch, 0o755)
        defer { _ = try? FileManager.default.removeItem(atPath: scratch) }
        print("== import throughput per format (load average \(StartupBenchmarks.loadAverage()))")
        var sources = installedSources()
        let xdxf = scratch + "/synthetic.xdxf"
        let (articles, bytes) = writeXDXF(megabytes: 20, to: xdxf)
        print("synthetic XDXF: \(articles) articles, \(bytes / 1_000_000) MB in \(xdxf) (the fixtures are under 1 KB)")
        sources.append(Source(name: "XDXF synthetic (logical)", arguments: ["import", xdxf], files: [xdxf]))
        print("source".padding(toLength: 34, withPad: " ", startingAt: 0)
              + "MB disk  unpacked   entries      wall       CPU     MB/s    peak")
        for (number, source) in sources.enumerated() {
            measureImport(source, binDirectory: binDirectory, scratch: scratch + "/\(number)")
        }
        print("(MB/s: unpacked MB of source over wall seconds; every figure includes the library index's update)")
        print("(load average after: \(StartupBenchmarks.loadAverage()))")
    }

    /// The real sources installed here; each one missing is said and left out.
    static func installedSources() -> [Source] {
        var sources: [Source] = []
        let wordnet = "/usr/share/wordnet"
        if access(wordnet + "/data.noun", R_OK) == 0 {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: wordnet)) ?? []).sorted()
                .map { wordnet + "/" + $0 }.filter(isFile)
            sources.append(Source(name: "WordNet (wordnet-base)", arguments: ["import", "wordnet"], files: files))
        } else {
            print("\(wordnet) is missing (wordnet-base): left out")
        }
        var dictd = ["gcide"]
        if let freedict = largestFreeDict() { dictd.append(freedict) } else { print("no FreeDict pair in /usr/share/dictd: left out") }
        for name in dictd {
            let index = "/usr/share/dictd/\(name).index", dict = "/usr/share/dictd/\(name).dict.dz"
            guard access(index, R_OK) == 0, access(dict, R_OK) == 0 else { print("\(index) is missing (dict-\(name)): left out"); continue }
            sources.append(Source(name: "dictd \(name)", arguments: ["import", "dictd", "--index", index, "--dict", dict],
                                  files: [index, dict]))
        }
        for name in ["XMLittre", "czech-cizi"] {
            let ifo = "/usr/share/stardict/dic/\(name).ifo"
            guard access(ifo, R_OK) == 0 else { print("\(ifo) is missing: left out"); continue }
            let files = ["ifo", "idx", "idx.gz", "dict", "dict.dz", "syn"].map { "/usr/share/stardict/dic/\(name).\($0)" }.filter(isFile)
            sources.append(Source(name: "StarDict \(name)", arguments: ["import", ifo], files: files))
        }
        let dsl = "/usr/share/goldendict-wordnet"
        let dslFiles = ((try? FileManager.default.contentsOfDirectory(atPath: dsl)) ?? []).sorted()
            .filter { $0.hasSuffix(".dsl") || $0.hasSuffix(".dsl.dz") }.map { dsl + "/" + $0 }
        if dslFiles.isEmpty {
            print("\(dsl) is missing (goldendict-wordnet): left out")
        } else {
            sources.append(Source(name: "DSL goldendict-wordnet", arguments: ["import", dsl], files: dslFiles))
        }
        return sources
    }

    /// The FreeDict pair of /usr/share/dictd with the largest data file (the one whose rate
    /// the start-up time matters least to).
    static func largestFreeDict() -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/share/dictd")) ?? []
        let pairs = names.filter { $0.hasPrefix("freedict-") && $0.hasSuffix(".dict.dz") }
        guard let largest = pairs.max(by: { fileSize("/usr/share/dictd/" + $0) < fileSize("/usr/share/dictd/" + $1) }) else { return nil }
        return String(largest.dropLast(".dict.dz".count))
    }

    /// Imports `source` into `scratch`/out with a cache of its own and prints its line; the
    /// figures, or nil when the import failed.
    @discardableResult
    static func measureImport(_ source: Source, binDirectory: String, scratch: String)
        -> (seconds: Double, cpuSeconds: Double, peakKilobytes: Int, entries: Int)? {
        _ = mkdir(scratch, 0o755)
        let folder = scratch + "/out"
        let environment = ["XDG_CACHE_HOME": scratch + "/cache", "XDG_STATE_HOME": scratch + "/state",
                           "XDG_DATA_HOME": scratch + "/data", "WORDLINK_DATA": ""]
        let onDisk = source.files.map(fileSize).reduce(0, +)
        let unpacked = source.files.map(unpackedSize).reduce(0, +)
        let arguments = [binDirectory + "/wordlink"] + source.arguments + ["--to", folder]
        guard let run = ProcessTimer.timed(arguments, environment: environment) else {
            print("\(source.name): wordlink \(source.arguments.joined(separator: " ")) --to \(folder) failed")
            return nil
        }
        let entries = LibraryBenchmarks.countEntries(binary: binDirectory + "/wordlink", data: ["--data", folder],
                                                     environment: environment)
        let megabytes = Double(unpacked) / 1_000_000
        print(source.name.padding(toLength: 34, withPad: " ", startingAt: 0)
              + String(format: "%7.1f %9.1f %9d %8.1f s %7.1f s %8.2f %4d MB", Double(onDisk) / 1_000_000, megabytes, entries,
                       run.seconds, run.cpuSeconds, megabytes / run.seconds, run.peakKilobytes / 1024))
        return (run.seconds, run.cpuSeconds, run.peakKilobytes, entries)
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// A gzip or dictzip file's unpacked size (its last four bytes, little-endian: right for
    /// files under 4 GB); any other file's size.
    static func unpackedSize(_ path: String) -> Int {
        guard path.hasSuffix(".gz") || path.hasSuffix(".dz"), let file = fopen(path, "rb") else { return fileSize(path) }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 4)
        guard fseek(file, -4, SEEK_END) == 0, fread(&bytes, 1, 4, file) == 4 else { return fileSize(path) }
        return Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
    }

    /// Writes a logical XDXF file of about `megabytes` MB: invented words (as the Wiktionary
    /// benchmark makes them), each an `<ar>` with a second key with an `<opt>` part, a part of
    /// speech from `<abbreviations>`, two nested `<def>`s, an example with its translation,
    /// a `<kref>` to an earlier word and an etymology. Returns the articles and bytes written.
    static func writeXDXF(megabytes: Int, to path: String) -> (articles: Int, bytes: Int) {
        guard let file = fopen(path, "w") else { return (0, 0) }
        defer { fclose(file) }
        var text = """
            <?xml version="1.0" encoding="UTF-8" ?>
            <xdxf lang_from="ENG" lang_to="FRA" format="logical" revision="33">
            <meta_info>
              <title>Synthetic</title>
              <full_title>A synthetic XDXF dictionary</full_title>
              <description>Invented words, written by wordlink-bench formats.</description>
              <abbreviations>
                <abbr_def type="grm"><abbr_k>n</abbr_k><abbr_v>noun</abbr_v></abbr_def>
                <abbr_def type="grm"><abbr_k>v</abbr_k><abbr_v>verb</abbr_v></abbr_def>
              </abbreviations>
            </meta_info>
            <lexicon>

            """
        var bytes = 0, number = 0
        let limit = megabytes * 1_000_000
        while bytes + text.utf8.count < limit {
            let w = WiktionaryBenchmark.word(number), other = WiktionaryBenchmark.word(number / 2)
            let third = WiktionaryBenchmark.word(number / 3)
            text += """
                <ar>
                  <k>\(w)</k>
                  <k>\(w)<opt>s</opt></k>
                  <def>
                    <gr><abbr>\(number % 2 == 0 ? "n" : "v")</abbr></gr>
                    <def><deftext>a kind of \(other) that is used for \(third), mostly in the evening</deftext>
                      <ex type="exm"><ex_orig>They brought the \(w) with the \(other).</ex_orig><ex_tran>Ils ont apporté le \(w) avec le \(other).</ex_tran></ex>
                    </def>
                    <def><deftext>the act of making a \(third)</deftext> <sr><kref type="syn">\(other)</kref></sr></def>
                    <etm>from Old Inventish <i>\(w)a</i>, of unknown origin</etm>
                  </def>
                </ar>

                """
            number += 1
            if text.utf8.count > 1 << 20 {
                bytes += text.utf8.count
                fputs(text, file)
                text = ""
            }
        }
        text += "</lexicon>\n</xdxf>\n"
        bytes += text.utf8.count
        fputs(text, file)
        return (number, bytes)
    }
}
