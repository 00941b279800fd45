import Foundation
// `make bench`: the figures the issues ask for, measured on a release build.
// Usage: wordlink-bench [all|text|editor|define|prompt|hints DIR|lookup [N]|json FILE|profile-layout|profile-relayout|profile-hits|profile-keystroke [N]|make-folder N DIR|index DIR|wordnet [DIR]|library [DIR]|scale [DIR]|search [DIR]|edit [DIR]|morphology|import-memory|stardict|formats|wiktionary [MB]]
let arguments = Array(CommandLine.arguments.dropFirst())
let which = arguments.first ?? "all"
switch which {
case "all":
    // Whole-process figures first: a child's peak memory is counted from this process's
    // size at the spawn, which the text benchmarks grow.
    DefineBenchmarks.run(binDirectory: binDirectory, data: dataFolder)
    TextBenchmarks.run()
    runBrowserBenchmarks()
    EditorBenchmarks.run(data: dataFolder)
    // About 20 s, most of it the import: fast enough to run every time.
    WordNetBenchmarks.run(binDirectory: binDirectory, folder: WordNetBenchmarks.defaultFolder)
    // Imports kept between runs; the first takes about a minute (GCIDE).
    LibraryBenchmarks.run(binDirectory: binDirectory, root: LibraryBenchmarks.defaultRoot, sample: dataFolder)
    SearchBenchmarks.run(binDirectory: binDirectory, folder: WordNetBenchmarks.defaultFolder)
case "search":
    SearchBenchmarks.run(binDirectory: binDirectory, folder: arguments.count > 1 ? arguments[1] : SearchBenchmarks.defaultFolder)
case "text":
    TextBenchmarks.run()
case "editor":
    // The text system's keystroke, then the browser's (handle and render) on real entries.
    TextBenchmarks.runEditor()
    EditorBenchmarks.run(data: dataFolder)
case "profile-keystroke":
    TextBenchmarks.profileKeystrokes(times: arguments.count > 1 ? Int(arguments[1]) ?? 100 : 100)
case "browser":
    runBrowserBenchmarks()
case "prompt":
    PromptBenchmark.run(data: dataFolder)
case "hints" where arguments.count == 2:
    HintsBenchmark.run(folder: arguments[1])
case "define":
    DefineBenchmarks.run(binDirectory: binDirectory, data: dataFolder)
case "profile-layout":
    TextBenchmarks.profileLayout(times: arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10)
case "profile-relayout":
    TextBenchmarks.profileRelayout(times: arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000)
case "profile-hits":
    TextBenchmarks.profileHits(times: arguments.count > 1 ? Int(arguments[1]) ?? 1_000 : 1_000)
case "json" where arguments.count == 2:
    JSONParserBenchmark.run(path: arguments[1])
case "lookup":
    LookupBenchmark.run(count: arguments.count > 1 ? Int(arguments[1]) ?? 150_000 : 150_000)
case "make-folder" where arguments.count == 3:
    SyntheticFolder.make(count: Int(arguments[1]) ?? 150_000, at: arguments[2])
case "wordnet":
    WordNetBenchmarks.run(binDirectory: binDirectory, folder: arguments.count > 1 ? arguments[1] : WordNetBenchmarks.defaultFolder)
case "library":
    LibraryBenchmarks.run(binDirectory: binDirectory, root: arguments.count > 1 ? arguments[1] : LibraryBenchmarks.defaultRoot,
                          sample: dataFolder)
case "scale":
    ScaleBenchmarks.run(binDirectory: binDirectory, root: arguments.count > 1 ? arguments[1] : ScaleBenchmarks.defaultRoot)
case "edit":
    EditBenchmark.run(folder: arguments.count > 1 ? arguments[1] : SearchBenchmarks.defaultFolder)
case "morphology":
    MorphologyBenchmark.run()
case "import-memory":
    ImportMemoryBenchmarks.run(binDirectory: binDirectory)
case "stardict":
    // Not in `all`, as import-memory: it imports XMLittre (about half a minute) into a scratch folder.
    StarDictBenchmarks.run(binDirectory: binDirectory)
case "formats":
    // Not in `all`: it imports every installed format once, GCIDE and FreeDict deu-eng taking minutes.
    FormatBenchmarks.run(binDirectory: binDirectory)
case "wiktionary":
    // Not in `all`: it writes and imports a file of 2 GB, about ten minutes.
    WiktionaryBenchmark.run(binDirectory: binDirectory, megabytes: arguments.count > 1 ? Int(arguments[1]) ?? 2_000 : 2_000)
case "index" where arguments.count == 2:
    IndexBenchmarks.run(folder: arguments[1])
default:
    print("usage: wordlink-bench [all|text|editor|define|prompt|hints DIR|lookup [N]|json FILE|profile-layout|profile-relayout|profile-hits|profile-keystroke [N]|make-folder N DIR|index DIR|wordnet [DIR]|library [DIR]|scale [DIR]|search [DIR]|edit [DIR]|morphology|import-memory|stardict|formats|wiktionary [MB]]")
}

/// The release build's folder (wordlink and wordlink-floor are beside this program).
var binDirectory: String { (CommandLine.arguments[0] as NSString).deletingLastPathComponent }

/// The repository's Data folder.
var dataFolder: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data").path
}

/// The browser's benchmarks need the release `wordlink` beside this program and `Data/`.
@MainActor func runBrowserBenchmarks() {
    do {
        try BrowserBenchmarks.run(binary: binDirectory + "/wordlink", data: dataFolder)
    } catch {
        print("browser benchmarks failed: \(error)")
    }
}
