import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `wordlink-bench wiktionary [MB]`: the import of a kaikki.org extract of a few GB, whose
/// memory must not grow with the file (issue 31: under 300 MB whatever its size). A
/// synthetic file shaped like kaikki's English extract (invented words, one to three parts of
/// speech each, forms with inflection-table pseudo-forms, IPA, etymology, two or three
/// senses with tags, links to earlier words, examples; a redirect now and then) is written
/// to /tmp, imported by the release `wordlink import FILE --to DIR` (the entries, then the
/// library index, as a person's import does) under `/usr/bin/time`, and removed with the
/// import: wall time, MB/s of the source, peak resident memory.
enum WiktionaryBenchmark {
    static func run(binDirectory: String, megabytes: Int) {
        let scratch = "/tmp/wikt-bench-\(getpid())"
        _ = mkdir(scratch, 0o755)
        defer { _ = try? FileManager.default.removeItem(atPath: scratch) }
        let source = scratch + "/kaikki.org-dictionary-Synthetic.jsonl"
        print("== wiktionary (a synthetic kaikki extract of \(megabytes) MB in \(scratch))")
        let start = Measure.now()
        let (lines, bytes) = write(megabytes: megabytes, to: source)
        let made = Double(Measure.now() - start) / 1e9
        print("wrote \(lines) lines, \(bytes / 1_000_000) MB in \(Measure.format(made))")

        let times = scratch + "/time.txt"
        let environment = ["XDG_CACHE_HOME": scratch + "/cache", "XDG_STATE_HOME": scratch + "/state",
                           "XDG_DATA_HOME": scratch + "/data"]
        let sample = ProcessTimer.runOnce(["/usr/bin/time", "-f", "%e %M", "-o", times,
                                           binDirectory + "/wordlink", "import", source, "--to", scratch + "/out"],
                                          environment: environment)
        let fields = ((try? String(contentsOfFile: times, encoding: .utf8)) ?? "").split(separator: "\n").last?.split(separator: " ") ?? []
        guard sample.status == 0, fields.count == 2, let seconds = Double(fields[0]), let peak = Int(fields[1]) else {
            print("wordlink import failed (status \(sample.status)): \(scratch)")
            return
        }
        let perSecond = Double(bytes) / 1_000_000 / seconds
        Measure.report("import of \(bytes / 1_000_000) MB (\(lines) lines), library index included", seconds,
                       extra: String(format: "%.1f MB/s, peak %d MB (goal: under 300 MB)", perSecond, peak / 1024))
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: scratch + "/out/entries").count) ?? 0
        print("output: \(entries) entry files, \(directorySize(scratch + "/out") / 1_000_000) MB")
    }

    static func directorySize(_ path: String) -> Int {
        var total = 0
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let name = enumerator?.nextObject() as? String {
            var info = stat()
            if stat(path + "/" + name, &info) == 0 { total += Int(info.st_size) }
        }
        return total
    }

    /// An invented word for a number: `wa`, `wb`, … in base 26, never a real one's spelling.
    static func word(_ number: Int) -> String {
        var n = number, letters: [Character] = []
        repeat {
            letters.append(Character(Unicode.Scalar(UInt8(97 + n % 26))))
            n /= 26
        } while n > 0
        return "w" + String(letters)
    }

    /// Writes lines until `megabytes` MB; returns how many lines and bytes.
    static func write(megabytes: Int, to path: String) -> (lines: Int, bytes: Int) {
        guard let file = fopen(path, "w") else { return (0, 0) }
        defer { fclose(file) }
        let limit = megabytes * 1_000_000
        var bytes = 0, lines = 0, number = 0
        var random = SystemRandomNumberGenerator()
        let parts = ["noun", "verb", "adj"]
        var buffer = ""
        while bytes < limit {
            let w = word(number)
            let count = 1 + Int(random.next() % 3)
            for p in 0..<count {
                let pos = parts[p]
                let other = word(Int(random.next() % UInt64(number + 1)))
                let third = word(Int(random.next() % UInt64(number + 1)))
                var line = #"{"pos": "\#(pos)", "head_templates": [{"name": "en-\#(pos)", "args": {"1": "\#(w)s"}, "expansion": "\#(w) (plural \#(w)s)"}], "#
                line += #""forms": [{"form": "en-\#(pos)", "source": "head", "tags": ["inflection-template"]}, {"form": "\#(w)s", "tags": ["plural"]}, "#
                line += #"{"form": "\#(w)ed", "tags": ["past"]}, {"form": "", "tags": ["table-tags"]}], "#
                line += #""etymology_text": "From Middle Inventish \#(w)e, from Old Inventish \#(other)a, of unknown origin.", "#
                line += #""sounds": [{"ipa": "/\#(w)ə/", "tags": ["UK"]}, {"ipa": "/\#(w)ɚ/", "tags": ["US"]}, {"audio": "en-us-\#(w).ogg", "ogg_url": "https://upload.example.org/\#(w).ogg"}], "#
                line += #""word": "\#(w)", "lang": "English", "lang_code": "en", "senses": ["#
                let senses = 2 + Int(random.next() % 2)
                for s in 0..<senses {
                    if s > 0 { line += ", " }
                    line += #"{"glosses": ["A kind of \#(other) that is used for \#(third), especially in the sense \#(s + 1)."], "#
                    line += #""links": [["\#(other)", "\#(other)#English"], ["\#(third)", "\#(third)"]], "tags": ["informal", "countable"], "#
                    line += #""examples": [{"text": "They brought the \#(w) with the \#(other).", "ref": "Anonymous, A Book of Words (1999)", "type": "quotation"}], "#
                    line += #""categories": [{"name": "English nouns", "kind": "other"}], "id": "en-\#(w)-en-\#(pos)-\#(s)"}"#
                }
                line += "]}\n"
                if random.next() % 50 == 0 { line += #"{"title": "\#(w)-redirect", "redirect": "\#(w)"}"# + "\n"; lines += 1 }
                buffer += line
                bytes += line.utf8.count
                lines += 1
            }
            number += 1
            if buffer.utf8.count > 1 << 20 {
                fputs(buffer, file)
                buffer = ""
            }
        }
        fputs(buffer, file)
        return (lines, bytes)
    }
}
