// swift-tools-version:6.0
import PackageDescription

// Linux is the platform (ncursesw, libunistring and glibc from Debian); there is no other.
// The layers, bottom to top; data flows up, events flow down (docs/architecture.md).
//   CNcursesw, CUnistring, CZlib, CSQLite, CHunspell   system C libraries (shims only)
//   TextFolding             Unicode normalisation and case folding (libunistring), below both sides
//   TerminalText            attributed text → rows of terminal cells; hit-testing; cell grid
//   DictionaryModel         the entry model, JSON, the data folder and its diagnostics, file I/O
//                           (nothing of the text system: a page's styles are PageFormatting's)
//   SQLiteStore             the one SQLite wrapper: the library index and the history use it
//   DictionaryIndex         the library index (one SQLite database) and lookup (Lookup, IndexedLookup)
//   Morphology              Hunspell's stems, analyses and suggestions by language (CHunspell)
//   DictionarySearch        full-text search and backlinks, asked of the library index
//   DictionaryImport        importers (WordNet, dictd, StarDict, DSL, XDXF, …) and the writer of data folders
//   PageFormatting          entries as pages of attributed text, word links and their styles; senses as HTML
//   StudyCards              study cards from the history or bookmarks: Anki's text, CSV
//   BrowserCore             the browser's state machine and views drawing into cell grids
//   BrowsingHistory         history, bookmarks and the last session in SQLite (the state folder)
//   CursesTerminal          the only module that imports curses
//   WordlinkCommands        the commands: arguments, wiring, printing (what the tests of the executable need)
//   wordlink                the executable: `main`, the exit status
let package = Package(
    name: "wordlink",
    products: [
        .executable(name: "wordlink", targets: ["wordlink"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(
            name: "CUnistring",
            providers: [.apt(["libunistring-dev"])]
        ),
        // glibc functions the Glibc module does not show (malloc_trim, renameat2, pty calls).
        .systemLibrary(name: "CLinux"),
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // SQLite with FTS5: the search index and the history store.
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libhunspell: the morphology of a dictionary's language (stems, analyses, suggestions).
        .systemLibrary(
            name: "CHunspell",
            providers: [.apt(["libhunspell-dev"])]
        ),
        .target(name: "TextFolding", dependencies: ["CUnistring"]),
        .target(name: "TerminalText", dependencies: ["TextFolding", "CUnistring"]),
        .target(name: "DictionaryModel", dependencies: ["TextFolding", "CUnistring", "CLinux"]),
        .target(name: "SQLiteStore", dependencies: ["CSQLite"]),
        .target(name: "DictionaryIndex", dependencies: ["DictionaryModel", "SQLiteStore", "CLinux"]),
        // Hunspell's morphology behind DictionaryIndex's `WordMorphology`: base words and suggestions by language.
        .target(name: "Morphology", dependencies: ["DictionaryIndex", "DictionaryModel", "SQLiteStore", "CHunspell"]),
        .target(name: "DictionaryImport", dependencies: ["DictionaryModel", "DictionaryIndex", "CZlib", "CLinux"]),
        .target(name: "DictionarySearch", dependencies: ["DictionaryModel", "DictionaryIndex", "SQLiteStore"]),
        // Writing entries back: the editor's text of an entry, splicing saves, new entries, personal notes.
        .target(name: "DictionaryEditing", dependencies: ["DictionaryModel"]),
        .target(name: "PageFormatting", dependencies: ["TerminalText", "TextFolding", "DictionaryModel", "DictionaryIndex"]),
        // Study cards: words of the history or the bookmarks with their definitions, as Anki's text or CSV.
        .target(name: "StudyCards", dependencies: ["DictionaryModel", "DictionaryIndex", "PageFormatting"]),
        .target(name: "BrowserCore", dependencies: ["TerminalText", "TextFolding", "DictionaryModel", "DictionaryIndex", "DictionaryEditing", "PageFormatting",
                                                    "StudyCards"]),
        // History, bookmarks and the last session, kept in SQLite in the state folder.
        .target(name: "BrowsingHistory", dependencies: ["SQLiteStore", "CSQLite"]),
        .target(name: "CursesTerminal", dependencies: ["CNcursesw", "TerminalText", "DictionaryModel", "BrowserCore"]),
        // The commands: arguments, wiring, printing (everything of the executable but `main`).
        .target(
            name: "WordlinkCommands",
            dependencies: ["TerminalText", "DictionaryModel", "DictionaryIndex", "DictionaryImport", "PageFormatting",
                           "BrowserCore", "CursesTerminal", "BrowsingHistory", "DictionarySearch", "DictionaryEditing", "SQLiteStore",
                           "StudyCards", "Morphology"]
        ),
        // The executable: `main` alone, which exits with the status the command gives.
        .executableTarget(name: "wordlink", dependencies: ["WordlinkCommands"]),
        .executableTarget(
            name: "wordlink-bench",
            dependencies: ["TerminalText", "DictionaryModel", "DictionaryIndex", "DictionaryImport", "PageFormatting",
                           "BrowserCore", "TestSupport", "CLinux", "DictionaryEditing", "DictionarySearch", "Morphology"],
            path: "Benchmarks/wordlink-bench"
        ),
        .executableTarget(name: "wordlink-floor", path: "Benchmarks/wordlink-floor"),
        .target(name: "TestSupport", dependencies: ["TerminalText", "DictionaryModel", "DictionaryIndex", "PageFormatting", "BrowserCore"],
                path: "Tests/TestSupport", exclude: ["Fixtures"]),
        // Fuzz drivers (Fuzz/, `make fuzz`): libFuzzer's entry point is weak, so they also link
        // and run without it (docs/decisions.md, "Fuzzing").
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "fuzz-json", dependencies: ["DictionaryModel", "FuzzSupport"], path: "Fuzz/fuzz-json"),
        .executableTarget(name: "fuzz-markup", dependencies: ["DictionaryModel", "DictionaryIndex", "PageFormatting", "TerminalText", "FuzzSupport"],
                          path: "Fuzz/fuzz-markup"),
        .executableTarget(name: "fuzz-import-markup", dependencies: ["DictionaryImport", "DictionaryModel", "FuzzSupport"],
                          path: "Fuzz/fuzz-import-markup"),
        .executableTarget(name: "fuzz-layout", dependencies: ["TerminalText", "FuzzSupport"], path: "Fuzz/fuzz-layout"),
        .executableTarget(name: "fuzz-datafolder", dependencies: ["DictionaryModel", "DictionaryIndex", "PageFormatting", "FuzzSupport"],
                          path: "Fuzz/fuzz-datafolder"),
        .executableTarget(name: "fuzz-input", dependencies: ["CursesTerminal", "BrowserCore", "FuzzSupport"], path: "Fuzz/fuzz-input"),
        .executableTarget(name: "fuzz-selection", dependencies: ["BrowserCore", "TerminalText", "TestSupport", "FuzzSupport"],
                          path: "Fuzz/fuzz-selection"),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText", "TextFolding", "TestSupport", "CLinux"]),
        .testTarget(name: "DictionaryModelTests", dependencies: ["DictionaryModel", "DictionaryIndex", "TestSupport"]),
        // A child process for the index tests: what must hold in a fresh process. Not a product.
        .testTarget(name: "DictionaryIndexTests", dependencies: ["DictionaryIndex", "DictionaryModel", "SQLiteStore", "TestSupport", "CLinux"]),
        // A child process for the import tests: an import's own peak memory. Not a product.
        .executableTarget(name: "wordlink-memory-probe", dependencies: ["DictionaryImport", "DictionaryModel"], path: "Tests/MemoryProbe"),
        .testTarget(name: "DictionaryImportTests", dependencies: ["DictionaryImport", "DictionaryIndex", "DictionaryModel", "PageFormatting", "TestSupport"]),
        .testTarget(name: "DictionarySearchTests", dependencies: ["DictionarySearch", "DictionaryIndex", "DictionaryModel", "SQLiteStore", "TestSupport"]),
        // A child process for the editing tests (a save under a file size limit, saves killed
        // with SIGKILL): a test process must not fork itself. Not a product.
        .executableTarget(name: "wordlink-save-helper", dependencies: ["DictionaryEditing", "DictionaryModel"], path: "Tests/SaveHelper"),
        .testTarget(name: "DictionaryEditingTests", dependencies: ["DictionaryEditing", "DictionaryModel", "DictionaryIndex", "TestSupport"]),
        .testTarget(name: "PageFormattingTests", dependencies: ["PageFormatting", "DictionaryIndex", "DictionaryModel", "TerminalText", "TestSupport"]),
        // The executable's own code (the `define --format json` document).
        .testTarget(name: "WordlinkCommandsTests", dependencies: ["WordlinkCommands", "BrowsingHistory", "BrowserCore", "DictionaryEditing", "PageFormatting", "DictionaryIndex", "DictionaryModel", "TerminalText", "TestSupport"]),
        .testTarget(name: "BrowserCoreTests", dependencies: ["BrowserCore", "PageFormatting", "DictionaryIndex", "TestSupport"]),
        .testTarget(name: "BrowsingHistoryTests", dependencies: ["BrowsingHistory", "TestSupport"]),
        .testTarget(name: "MorphologyTests", dependencies: ["Morphology", "DictionaryIndex", "DictionaryModel", "PageFormatting", "BrowserCore", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "StudyCardsTests", dependencies: ["StudyCards", "PageFormatting", "DictionaryIndex", "DictionaryModel", "TestSupport"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "CNcursesw", "BrowserCore", "TerminalText"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], exclude: ["Fixtures"]),
        // The importers on the real Debian packages: slow, so `make unit` leaves them out.
        .testTarget(name: "IntegrationTests", dependencies: ["DictionaryImport", "DictionaryIndex", "DictionaryModel", "DictionarySearch", "Morphology",
                                                         "TestSupport"]),
    ]
)
