#if canImport(Glibc)
import Glibc
#endif
import DictionaryIndex
import DictionaryModel

/// Recognises the dictionaries of the formats in `formats` from their content: a file
/// named by `wordlink import SOURCE`, or each file of a folder searched recursively.
public enum ImportSources {
    /// The formats `wordlink import SOURCE` recognises. (WordNet and dictd keep their own
    /// commands, `import wordnet` and `import dictd`.)
    public static let formats: [any DictionaryFormat.Type] = [StarDictImporter.self, DSLImporter.self, XDXFImporter.self, WiktionaryImporter.self]

    /// The names of `formats`, as `--format` takes them.
    public static var formatNames: [String] {
        var names: [String] = []
        for format in formats { names.append(format.name) }
        return names
    }

    /// A dictionary found: its main file and its format.
    public struct Found: Sendable {
        public var path: String
        public var format: any DictionaryFormat.Type
    }

    /// The dictionary that the file `path` is: recognised from its content, or the main file
    /// beside it that it belongs to (a StarDict `.dict` gives its `.ifo`); only `format`'s when
    /// it is given (`stardict`). Folders are searched by `InstalledDictionaries.find(sources:)`.
    /// - Throws: `.refused` for a file that is no dictionary; `.unreadable` for one that does
    ///   not exist.
    public static func found(file path: String, format: String? = nil) throws(DictionaryModelError) -> Found {
        let formats = format.map { name in ImportSources.formats.filter { $0.name == name } } ?? ImportSources.formats
        guard fileExists(path) else { throw .unreadable(path: path, reason: "no such file or folder") }
        if let made = recognise(path, formats: formats) { return made }
        if let main = formats.lazy.compactMap({ format in format.mainFile(besides: path).map { Found(path: $0, format: format) } }).first,
           recognise(main.path, formats: [main.format]) != nil {
            return main
        }
        throw .refused(path: path, reason: "not a dictionary that wordlink can import (\(names(formats)))")
    }

    static func names(_ formats: [any DictionaryFormat.Type]) -> String {
        formats.map { format in
            switch format.name {
            case "stardict": return "StarDict: an .ifo with its .idx and .dict"
            case "dsl": return "Lingvo DSL: a .dsl or .dsl.dz"
            case "xdxf": return "XDXF: an .xdxf, also compressed"
            case "wiktionary": return "Wiktionary: kaikki.org's .jsonl or .jsonl.gz"
            default: return format.name
            }
        }.joined(separator: "; ")
    }

    /// The format of the file at `path`, judged by its first 4 kB.
    static func recognise(_ path: String, formats: [any DictionaryFormat.Type]) -> Found? {
        guard let head = try? head(of: path) else { return nil }
        for format in formats where format.recognises(path: path, head: head) { return Found(path: path, format: format) }
        return nil
    }

    /// Every dictionary under `folder`, hidden files skipped, at most 16 folders deep.
    static func search(_ folder: String, formats: [any DictionaryFormat.Type], depth: Int, into found: inout [Found]) {
        guard depth < 16, let names = try? listDirectory(folder) else { return }
        for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if isDirectory(path) {
                search(path, formats: formats, depth: depth + 1, into: &found)
            } else if let made = recognise(path, formats: formats) {
                found.append(made)
            }
        }
    }

    /// Up to the first 4,096 bytes of a regular file.
    static func head(of path: String) throws(DictionaryModelError) -> [UInt8] {
        let (fd, _) = try openRegularFile(path, shownAs: path)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 4096) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// The id of a dictionary from its main file's name: lower-cased, every run of
    /// characters outside `[a-z0-9]` made one `-`, trimmed of them (`XMLittre.ifo` →
    /// `xmlittre`, `goldendict-wordnet.dsl.dz` → `goldendict-wordnet`); `dictionary` when
    /// nothing is left.
    public static func dictionaryID(for path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".dz", ".gz"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        var id = ""
        var pendingDash = false
        for scalar in name.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if pendingDash && !id.isEmpty { id += "-" }
                pendingDash = false
                id.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return id.isEmpty ? "dictionary" : id
    }

    /// Imports the dictionary `found` into `destination` under `id`, bringing the library index
    /// in `cacheDirectory` up to date (the user's unless given; nil keeps it in memory).
    public static func run(_ found: Found, to destination: String, id: String,
                           cacheDirectory: String? = IndexStore.defaultCacheDirectory(),
                           progress: @escaping (ProgressStep) -> Void = { _ in }) throws(DictionaryModelError) -> ImportSummary {
        try run(found.format, path: found.path, to: destination, id: id, cacheDirectory: cacheDirectory, progress: progress)
    }

    static func run<Format: DictionaryFormat>(_ format: Format.Type, path: String, to destination: String, id: String,
                                              cacheDirectory: String?,
                                              progress: @escaping (ProgressStep) -> Void) throws(DictionaryModelError) -> ImportSummary {
        var importer = FormatImport(try Format(path: path), to: destination, id: id, progress: progress)
        // The importer's revision with the files, as `--installed` compares it: without it, every
        // `--installed` after a revision past the first imported the dictionary again.
        importer.provenance = [("fingerprint", SourceFingerprint.of(Format.sourceFiles(of: path), importerRevision: Format.importerRevision))]
        importer.cacheDirectory = cacheDirectory
        return try importer.run()
    }

    /// The importer's mark (`source.importer`) of a format's imports.
    public static func importerName(of format: any DictionaryFormat.Type) -> String {
        "wordlink import " + format.name
    }
}
