#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// The dictionaries installed where Debian's packages and the usual readers put them, for
/// `wordlink import --installed`: StarDict, DSL and XDXF files (recognised from their content,
/// as `ImportSources` does), dictd databases (`NAME.index` with `NAME.dict.dz` or
/// `NAME.dict`) and WordNet databases (a folder with `index.noun` and `data.noun`).
public enum InstalledDictionaries {
    /// The environment variable that replaces the places searched (a `:`-separated list of
    /// folders): the tests' fixture folders, never the real `/usr/share` or home.
    public static let pathsVariable = "WORDLINK_INSTALLED_PATHS"

    /// One dictionary found.
    public struct Found: Sendable {
        public enum Kind: Sendable {
            case format(ImportSources.Found)
            case dictd(index: String, dict: String)
            case wordnet(folder: String)
        }

        public var kind: Kind
        /// Its id in the library: the file's name made an id (`gcide`, `xmlittre`), `wordnet`.
        public var id: String
        /// The file or folder it was found as, for messages.
        public var path: String
        /// The files its fingerprint covers.
        public var files: [String]

        /// The revision of the importer of its kind, raised when what an import makes of the
        /// same source changes enough that an earlier import should be made again; part of the
        /// fingerprint from 2 on. dictd's:
        /// - 2: FreeDict's grammar and labelled lines, FOLDOC's names and labels, the Hungarian
        ///   letters, titles of records keyed without dashes, the plain style's field lines;
        /// - 3: lines wrapped inside quotation marks and brackets joined without a space;
        /// - 4, the plain style and Ding's: the languages named by the title or told by the text,
        ///   dictd's WordNet's numbered senses, words wrapped after their hyphen joined whole,
        ///   Ding's records read as Ding writes them; the Jargon File's and FOLDOC's: words
        ///   wrapped after their hyphen joined whole, but not in a list of prefixes; FreeDict's:
        ///   WikDict's doubled slashes read as pronunciations, the line under each sense's
        ///   translations its definition, a sense that is a phrase alone defined by it;
        /// - 5, Ding's: its phrases made examples of their terms; the Jargon File's: opening
        ///   brackets with a cross-reference an etymology.
        /// StarDict's 2: homograph numbers left out of headwords (`GARDE.2` a homograph of `GARDE`).
        public var importerRevision: Int {
            switch kind {
            case .format(let found): return found.format.importerRevision
            case .dictd(let index, _):
                switch DictdImporter.guessStyle(indexPath: index) {
                case .ding, .jargon: return 5
                case .plain, .foldoc, .freedict: return 4
                default: return 3
                }
            case .wordnet: return 1
            }
        }

        /// What its import records of its source, and `--installed` compares: the files'
        /// fingerprint, with the importer's revision past the first.
        public var fingerprint: String { SourceFingerprint.of(files, importerRevision: importerRevision) }

        /// Its format's name, as `--format` takes it: `stardict`, `dictd`, `wordnet`.
        public var formatName: String {
            switch kind {
            case .format(let found): return found.format.name
            case .dictd: return "dictd"
            case .wordnet: return "wordnet"
            }
        }
    }

    /// The places searched: `WORDLINK_INSTALLED_PATHS` when set; else `/usr/share/dictd`,
    /// `/usr/share/stardict/dic`, every folder of `/usr/share` that holds a `.dsl` or
    /// `.dsl.dz` file (a DSL package's, such as `/usr/share/goldendict-wordnet`),
    /// `/usr/share/wordnet`, `~/.stardict/dic` and `$STARDICT_DATA_DIR/dic`. `share` stands
    /// for `/usr/share` (the tests give a folder of their own).
    public static func searchPaths(environment: [String: String], share: String = "/usr/share") -> [String] {
        if let paths = environment[pathsVariable] {
            return paths.split(separator: ":").map(String.init)
        }
        var paths = [share + "/dictd", share + "/stardict/dic"]
        for name in ((try? listDirectory(share)) ?? []).sorted() where !name.hasPrefix(".") {
            let folder = share + "/" + name
            guard !["dictd", "stardict", "wordnet"].contains(name), isDirectory(folder),
                  let files = try? listDirectory(folder) else { continue }
            if files.contains(where: { $0.hasSuffix(".dsl") || $0.hasSuffix(".dsl.dz") }) { paths.append(folder) }
        }
        paths.append(share + "/wordnet")
        if let home = environment["HOME"], !home.isEmpty { paths.append(home + "/.stardict/dic") }
        if let data = environment["STARDICT_DATA_DIR"], !data.isEmpty { paths.append(data + "/dic") }
        return paths
    }

    /// Every dictionary in `paths` (folders that do not exist are passed over), each once, in
    /// the order of the paths; ids made unique with `-2`, `-3`….
    public static func find(in paths: [String]) -> [Found] {
        var result: [Found] = []
        var seen: Set<String> = []
        func add(_ found: Found) {
            if seen.insert(found.path).inserted { result.append(found) }
        }
        for path in paths where isDirectory(path) {
            var formats: [ImportSources.Found] = []
            ImportSources.search(path, formats: ImportSources.formats, depth: 0, into: &formats)
            for item in formats {
                add(Found(kind: .format(item), id: ImportSources.dictionaryID(for: item.path), path: item.path,
                          files: item.format.sourceFiles(of: item.path)))
            }
            searchDictdAndWordNet(path, depth: 0, add: add)
        }
        return uniqueIDs(result)
    }

    /// `found` with `-2`, `-3`… added to each id an earlier one has: each dictionary goes to a
    /// folder of its own (and the imports of one command may run at once).
    static func uniqueIDs(_ found: [Found]) -> [Found] {
        var ids: Set<String> = []
        return found.map { item in
            var item = item
            let base = item.id
            var number = 2
            while ids.contains(item.id) {
                item.id = "\(base)-\(number)"
                number += 1
            }
            ids.insert(item.id)
            return item
        }
    }

    /// The names `--format` takes: the formats `ImportSources` recognises, `dictd` and `wordnet`.
    public static var formatNames: [String] { ImportSources.formatNames + ["dictd", "wordnet"] }

    /// The dictionaries `paths` name, for `wordlink import SOURCE…`, in the order given, each
    /// once: a dictionary's file (a dictd `.index`, or its `.dict` or `.dict.dz`, among them) or
    /// a folder, searched as `find(in:)` searches (a WordNet database folder among them); only
    /// `format`'s (a name of `formatNames`) when it is given; ids made unique as `find(in:)`
    /// makes them.
    /// - Throws: `.refused` for a path that is no dictionary and holds none; `.unreadable`
    ///   for one that does not exist.
    public static func find(sources paths: [String], format: String? = nil) throws(DictionaryModelError) -> [Found] {
        let formats = format.map { name in ImportSources.formats.filter { $0.name == name } } ?? ImportSources.formats
        let wanted = { (found: Found) in format == nil || found.formatName == format }
        var result: [Found] = []
        var seen: Set<String> = []
        for path in paths {
            var found: [Found] = []
            if isDirectory(path) {
                found = find(in: [path]).filter(wanted)
                if found.isEmpty {
                    throw .refused(path: path, reason: "no dictionary that wordlink can import was found in it (\(names(formats, format: format)))")
                }
            } else if let dictd = dictdFiles(of: path), format == nil || format == "dictd" {
                found = [dictd]
            } else if format == "dictd" || format == "wordnet" {
                guard fileExists(path) else { throw .unreadable(path: path, reason: "no such file or folder") }
                throw .refused(path: path, reason: "not a dictionary that wordlink can import (\(names(formats, format: format)))")
            } else {
                do throws(DictionaryModelError) {
                    let item = try ImportSources.found(file: path, format: format)
                    found = [Found(kind: .format(item), id: ImportSources.dictionaryID(for: item.path), path: item.path,
                                   files: item.format.sourceFiles(of: item.path))]
                } catch .refused(let path, _) {
                    throw .refused(path: path, reason: "not a dictionary that wordlink can import (\(names(formats, format: format)))")
                }
            }
            for item in found where seen.insert(item.path).inserted { result.append(item) }
        }
        return uniqueIDs(result)
    }

    /// What `find(sources:)` looks for, said for a message.
    static func names(_ formats: [any DictionaryFormat.Type], format: String?) -> String {
        var names = format == "dictd" || format == "wordnet" ? [] : [ImportSources.names(formats)]
        if format == nil || format == "dictd" { names.append("dictd: an .index with its .dict or .dict.dz") }
        if format == nil || format == "wordnet" { names.append("WordNet: a folder with index.noun and data.noun") }
        return names.joined(separator: "; ")
    }

    /// The dictd database that `path` is a file of: its `.index` with the `.dict.dz` (or
    /// `.dict`) beside it, given either.
    static func dictdFiles(of path: String) -> Found? {
        var base = path
        for suffix in [".index", ".dict.dz", ".dict"] where path.hasSuffix(suffix) {
            base = String(path.dropLast(suffix.count))
            break
        }
        guard base != path, fileExists(base + ".index"), let dict = [base + ".dict.dz", base + ".dict"].first(where: fileExists) else {
            return nil
        }
        let name = String(base[(base.lastIndex(of: "/").map { base.index(after: $0) } ?? base.startIndex)...])
        return Found(kind: .dictd(index: base + ".index", dict: dict), id: ImportSources.dictionaryID(for: name + ".x"),
                     path: base + ".index", files: [base + ".index", dict])
    }

    static func searchDictdAndWordNet(_ folder: String, depth: Int, add: (Found) -> Void) {
        guard depth < 8, let names = try? listDirectory(folder) else { return }
        let sorted = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let set = Set(names)
        if set.contains("index.noun") && set.contains("data.noun") {
            let files = sorted.filter { !$0.hasPrefix(".") }.map { folder + "/" + $0 }.filter { !isDirectory($0) }
            add(Found(kind: .wordnet(folder: folder), id: "wordnet", path: folder, files: files))
        }
        for name in sorted where !name.hasPrefix(".") {
            let path = folder + "/" + name
            if name.hasSuffix(".index") {
                if let dictd = dictdFiles(of: path) { add(dictd) }
            } else if isDirectory(path) {
                searchDictdAndWordNet(path, depth: depth + 1, add: add)
            }
        }
    }
}
