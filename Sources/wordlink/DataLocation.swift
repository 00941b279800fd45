import Foundation

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
            var folder = (executablePath as NSString).deletingLastPathComponent
            while !folder.isEmpty && folder != "/" {
                let manager = FileManager.default
                if manager.fileExists(atPath: folder + "/Package.swift"), manager.fileExists(atPath: folder + "/Data/dictionary.json") {
                    return DataLocation(path: folder + "/Data", origin: "the repository's Data folder")
                }
                folder = (folder as NSString).deletingLastPathComponent
            }
            let installed = (((executablePath as NSString).deletingLastPathComponent as NSString)
                .deletingLastPathComponent as NSString).appendingPathComponent("share/wordlink/Data")
            if FileManager.default.fileExists(atPath: installed + "/dictionary.json") {
                return DataLocation(path: installed, origin: "the installed dictionary")
            }
        }
        return DataLocation(path: nil, origin: "none found: no --data, no $WORDLINK_DATA, and no Data folder next to the program")
    }

    /// The folder for this process.
    static func choose(option: String?) -> DataLocation {
        choose(option: option, environment: ProcessInfo.processInfo.environment, executablePath: executablePath())
    }

    /// The running executable's path, links resolved.
    static func executablePath() -> String? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return (CommandLine.arguments.first.map { ($0 as NSString).resolvingSymlinksInPath })
    }

    /// One line for `--help`: `Data folder: /x/Data (from --data)`.
    var helpLine: String {
        if let path { return "Data folder: \(path) (\(origin))" }
        return "Data folder: \(origin)"
    }
}
