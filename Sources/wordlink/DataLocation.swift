#if canImport(Glibc)
import Glibc
#endif

import DictionaryModel
import DictionaryIndex

/// Which data folder a command uses, and why: `--data`, else `$WORDLINK_DATA`, else the
/// dictionary that ships with the program.
struct DataLocation: Equatable {
    /// The folder, or nil when none could be found.
    var path: String?
    /// Where the choice came from, for `--help` and error messages.
    var origin: String

    /// Chooses the folder. The shipped dictionary is the repository's `Data/` when the
    /// executable lies inside a checkout (found by walking up from the executable to a folder
    /// with `Package.swift` and `Data/dictionary.json`), else `../share/wordlink/Data` next to
    /// an installed executable.
    static func choose(option: String?, environment: [String: String], executablePath: String?) -> DataLocation {
        if let option { return DataLocation(path: option, origin: "from --data") }
        if let variable = environment["WORDLINK_DATA"], !variable.isEmpty {
            return DataLocation(path: variable, origin: "from $WORDLINK_DATA")
        }
        if let executablePath {
            var folder = parent(executablePath)
            while !folder.isEmpty && folder != "/" {
                if exists(folder + "/Package.swift"), exists(folder + "/Data/dictionary.json") {
                    return DataLocation(path: folder + "/Data", origin: "the repository's Data folder")
                }
                folder = parent(folder)
            }
            let installed = parent(parent(executablePath)) + "/share/wordlink/Data"
            if exists(installed + "/dictionary.json") {
                return DataLocation(path: installed, origin: "the installed dictionary")
            }
        }
        return DataLocation(path: nil, origin: "none found: no --data, no $WORDLINK_DATA, and no Data folder next to the program")
    }

    /// The folder for this process. (No Foundation here: `define` starts up faster without.)
    static func choose(option: String?) -> DataLocation {
        var environment: [String: String] = [:]
        if let value = getenv("WORDLINK_DATA") { environment["WORDLINK_DATA"] = String(cString: value) }
        return choose(option: option, environment: environment, executablePath: executablePath())
    }

    /// The running executable's path, links resolved.
    static func executablePath() -> String? {
        for candidate in ["/proc/self/exe", CommandLine.arguments.first ?? ""] where !candidate.isEmpty {
            if let resolved = realpath(candidate, nil) {
                defer { free(resolved) }
                return String(cString: resolved)
            }
        }
        return nil
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// One line for `--help`: `Data folder: /x/Data (from --data)`.
    var helpLine: String {
        if let path { return "Data folder: \(path) (\(origin))" }
        return "Data folder: \(origin)"
    }
}

extension DataLocation {
    /// The chosen folder opened through its index (only the entries a page shows are read
    /// and decoded), or nil after saying on standard error what is wrong; `purpose` ends the
    /// sentence "no data folder to …".
    static func openIndexed(option: String?, purpose: String) -> IndexedDictionary? {
        let location = choose(option: option)
        guard let path = location.path else {
            Terminal.error("no data folder to \(purpose) (\(location.origin)); pass --data DIR or set WORDLINK_DATA.")
            return nil
        }
        // The first use of a large folder builds its index (seconds for WordNet): say so.
        let progress = ProgressLine()
        do {
            defer { progress.clear() }
            return try IndexStore.open(folder: path, cacheDirectory: IndexStore.defaultCacheDirectory(), progress: progress.update)
        } catch {
            Terminal.error("\(error.message); pass --data DIR with a folder holding dictionary.json and entries/.")
            return nil
        }
    }
}
