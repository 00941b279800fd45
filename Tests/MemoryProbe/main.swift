// A child process for DictionaryImportTests: one import, then its own peak resident memory
// (`VmHWM` of /proc/self/status), which a test process shares with every test running
// beside it. Not a product; only the tests run it.
//
//   wordlink-memory-probe dictd INDEX DICT DESTINATION
//       imports the dictd dictionary (and brings its library index, in $XDG_CACHE_HOME, up to
//       date); prints "peak KILOBYTES", exits 0, or prints the error and exits 1.
//   wordlink-memory-probe wiktionary FILE DESTINATION
//       the same for a kaikki.org extract (`wordlink import FILE`'s path, FormatImport); prints
//       "links N unresolved N peak KILOBYTES".
#if canImport(Glibc)
import Glibc
#endif
import DictionaryImport
import DictionaryModel

let arguments = CommandLine.arguments
let summary: ImportSummary
do throws(DictionaryModelError) {
    if arguments.count == 5, arguments[1] == "dictd" {
        summary = try DictdImporter(index: arguments[2], dict: arguments[3], to: arguments[4]).run()
    } else if arguments.count == 4, arguments[1] == "wiktionary" {
        var importer = FormatImport(try WiktionaryImporter(path: arguments[2]), to: arguments[3], id: "probe")
        summary = try importer.run()
        print("links \(summary.linkCount) unresolved \(summary.unresolvedLinkCount) ", terminator: "")
    } else {
        print("usage: wordlink-memory-probe dictd INDEX DICT DESTINATION | wiktionary FILE DESTINATION")
        exit(2)
    }
} catch {
    print(error.message)
    exit(1)
}
var peak = 0
if let file = fopen("/proc/self/status", "r") {
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") { peak = Int(text.dropFirst(6).filter(\.isNumber)) ?? 0 }
    }
    fclose(file)
}
print("peak \(peak)")
