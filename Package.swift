// swift-tools-version:6.0
import PackageDescription

// Linux is the platform (ncursesw, libunistring and glibc from Debian); there is no other.
// The layers, bottom to top; data flows up, events flow down (docs/architecture.md).
//   CNcursesw, CUnistring, CZlib   system C libraries (shims only)
//   TerminalText            attributed text → rows of terminal cells; hit-testing; cell grid
//   DictionaryModel         data folder, lookup, links, entry pages as attributed text, importers
//   BrowserCore             the browser's state machine and views drawing into cell grids
//   CursesTerminal          the only module that imports curses
//   wordlink                the executable: arguments, wiring, printing, exit codes
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
        .target(name: "TerminalText", dependencies: ["CUnistring"]),
        .target(name: "DictionaryModel", dependencies: ["TerminalText", "CUnistring", "CZlib", "CLinux"]),
        .target(name: "BrowserCore", dependencies: ["TerminalText", "DictionaryModel"]),
        .target(name: "CursesTerminal", dependencies: ["CNcursesw", "TerminalText", "BrowserCore"]),
        .executableTarget(
            name: "wordlink",
            dependencies: ["TerminalText", "DictionaryModel", "BrowserCore", "CursesTerminal"]
        ),
        .executableTarget(
            name: "wordlink-bench",
            dependencies: ["TerminalText", "DictionaryModel", "BrowserCore", "TestSupport", "CLinux"],
            path: "Benchmarks/wordlink-bench"
        ),
        .executableTarget(name: "wordlink-floor", path: "Benchmarks/wordlink-floor"),
        .target(name: "TestSupport", dependencies: ["TerminalText", "DictionaryModel", "BrowserCore"], path: "Tests/TestSupport"),
        // Fuzz drivers (Fuzz/, `make fuzz`): libFuzzer's entry point is weak, so they also link
        // and run without it (docs/decisions.md, "Fuzzing").
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "fuzz-json", dependencies: ["DictionaryModel", "FuzzSupport"], path: "Fuzz/fuzz-json"),
        .executableTarget(name: "fuzz-markup", dependencies: ["DictionaryModel", "TerminalText", "FuzzSupport"], path: "Fuzz/fuzz-markup"),
        .executableTarget(name: "fuzz-layout", dependencies: ["TerminalText", "FuzzSupport"], path: "Fuzz/fuzz-layout"),
        .executableTarget(name: "fuzz-datafolder", dependencies: ["DictionaryModel", "FuzzSupport"], path: "Fuzz/fuzz-datafolder"),
        .executableTarget(name: "fuzz-input", dependencies: ["CursesTerminal", "BrowserCore", "FuzzSupport"], path: "Fuzz/fuzz-input"),
        .executableTarget(name: "fuzz-selection", dependencies: ["BrowserCore", "TerminalText", "TestSupport", "FuzzSupport"],
                          path: "Fuzz/fuzz-selection"),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText", "TestSupport", "CLinux"]),
        .testTarget(name: "DictionaryModelTests", dependencies: ["DictionaryModel", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "BrowserCoreTests", dependencies: ["BrowserCore", "TestSupport"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "CNcursesw", "BrowserCore", "TerminalText"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], exclude: ["Fixtures"]),
        // The importers on the real Debian packages: slow, so `make unit` leaves them out.
        .testTarget(name: "IntegrationTests", dependencies: ["DictionaryModel", "TestSupport"]),
    ]
)
