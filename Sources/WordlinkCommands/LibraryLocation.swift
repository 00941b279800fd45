#if canImport(Glibc)
import Glibc
#endif

import DictionaryModel
import DictionaryIndex
import Morphology

/// Which dictionaries a command opens, and why: every `--data DIR` in order; else the
/// folders of `$WORDLINK_DATA` (separated by `:`); else every dictionary folder in the
/// library (`$XDG_DATA_HOME/wordlink`, default `~/.local/share/wordlink`), by title; else the
/// dictionary that ships with the program. `-d ID` then keeps only the dictionaries with
/// those ids.
struct LibraryLocation: Equatable {
    /// The data folders, in library order (empty when none could be found).
    var folders: [String]
    /// Where the choice came from, for `--help` and error messages.
    var origin: String

    /// Chooses the folders. The library folder's dictionaries are ordered by title (read from
    /// each `dictionary.json`). The shipped dictionary is the repository's `Data/` when the
    /// executable lies inside a checkout, else `../share/wordlink/Data` next to an installed
    /// executable. The environment, the executable's path and the config file are asked for
    /// only when the choice needs them (`--data` needs none: no `realpath`, no config file read
    /// on the way to `define`'s page).
    static func choose(options: LibraryOptions, environment getEnvironment: @autoclosure () -> [String: String],
                       executablePath: @autoclosure () -> String?,
                       config getConfig: @autoclosure () -> ConfigFile = ConfigFile()) -> LibraryLocation {
        if !options.data.isEmpty {
            return LibraryLocation(folders: options.data, origin: options.data.count == 1 ? "from --data" : "from --data, in that order")
        }
        let environment = getEnvironment()
        if let variable = environment["WORDLINK_DATA"], !variable.isEmpty {
            return LibraryLocation(folders: variable.split(separator: ":").map(String.init), origin: "from $WORDLINK_DATA")
        }
        if let library = libraryFolder(environment: environment) {
            let all = dictionaryFoldersWithInfo(in: library)
            let config = getConfig()
            var found = config.libraryOrder.isEmpty && config.libraryOff.isEmpty ? all.map(\.path) : config.ordered(all.map { ($0.path, $0.info?.id) })
            // Monolingual dictionaries first, then bilingual ones, then those of no stated
            // language; in the first two, those of the reader's language first; each part in
            // the order above (a stable sort).
            let reader = config.libraryLanguage.map { ($0, "library.language") } ?? readerLanguage(environment: environment)
                ?? commonestLanguage(of: all.compactMap(\.info)).map { ($0, "the language of most of its monolingual dictionaries") }
            let rank = Dictionary(all.map { ($0.path, Self.rank($0.info, reader: reader?.code)) }, uniquingKeysWith: { a, _ in a })
            found = found.enumerated().sorted { a, b in
                let ra = rank[a.element] ?? 4, rb = rank[b.element] ?? 4
                return ra != rb ? ra < rb : a.offset < b.offset
            }.map(\.element)
            let groups = Set(rank.values.map { $0 / 2 })
            // The reader's language counts where a group holds dictionaries of it and others.
            let readerCounts = groups.contains { g in rank.values.contains(g * 2) && rank.values.contains(g * 2 + 1) }
            let order = (config.libraryOrder.isEmpty ? "by title" : "in the config file's order, then by title")
                + (groups.count > 1 ? ", monolingual dictionaries first, then bilingual ones" : "")
                + (readerCounts ? reader.map { ", those in \($0.code) first (\($0.source))" } ?? "" : "")
            if !found.isEmpty { return LibraryLocation(folders: found, origin: "the library in \(library), \(order)") }
        }
        if let shipped = shippedFolder(executablePath: executablePath()) {
            return LibraryLocation(folders: [shipped.path], origin: shipped.origin)
        }
        return LibraryLocation(folders: [], origin: "none found: no --data, no $WORDLINK_DATA, no dictionary in the library, and no Data folder next to the program")
    }

    /// Where a dictionary stands in the library's default order: 0 monolingual in the reader's
    /// language, 1 monolingual in another, 2 a pair from or into the reader's language, 3
    /// another pair, 4 no stated language (`DictionaryInfo.languageGroup`).
    static func rank(_ info: DictionaryInfo?, reader: String?) -> Int {
        guard let info else { return 4 }
        let group = info.languageGroup
        guard group < 2 else { return 4 }
        let languages = [info.language, info.targetLanguage].compactMap { $0.flatMap(languageCode) }
        return group * 2 + (reader.map(languages.contains) ?? true ? 0 : 1)
    }

    /// The reader's language from the locale, as `LC_ALL`, then `LC_MESSAGES`, then `LANG`
    /// give it (`fr_FR.UTF-8` is `fr`), with the variable it came from; nil for `C`, `POSIX`
    /// or none.
    static func readerLanguage(environment: [String: String]) -> (code: String, source: String)? {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            // The first variable set decides, as it does for the messages of every program.
            return languageCode(value).map { ($0, "from $" + variable) }
        }
        return nil
    }

    /// A language code as dictionaries name them, from a code or a locale: `en`, `en_GB.UTF-8`,
    /// `pt-BR`, `ast@euro` give `en`, `en`, `pt`, `ast`; nil for `C`, `POSIX` and what is not
    /// two or three letters.
    static func languageCode(_ text: String) -> String? {
        let code = Library.primaryLanguage(text)
        guard (2...3).contains(code.count), code.allSatisfy({ $0 >= "a" && $0 <= "z" }) else { return nil }
        return code
    }

    /// The language most of `infos`' monolingual dictionaries define in, when one leads.
    static func commonestLanguage(of infos: [DictionaryInfo]) -> String? {
        var counts: [String: Int] = [:]
        for info in infos where info.languageGroup == 0 {
            if let code = info.language.flatMap(languageCode) { counts[code, default: 0] += 1 }
        }
        let sorted = counts.sorted { $0.value > $1.value }
        guard let first = sorted.first, sorted.count == 1 || sorted[1].value < first.value else { return nil }
        return first.key
    }

    /// The library folder: `$XDG_DATA_HOME/wordlink`, else `~/.local/share/wordlink`.
    static func libraryFolder(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/wordlink" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/share/wordlink" }
        return nil
    }

    /// The folders directly in `library` that hold a `dictionary.json`, ordered by title
    /// (then by folder name); a dictionary.json that cannot be read sorts by its folder's name.
    static func dictionaryFolders(in library: String) -> [String] {
        dictionaryFoldersWithInfo(in: library).map(\.path)
    }

    /// `dictionaryFolders(in:)` with each folder's `dictionary.json` (nil when it cannot be read).
    static func dictionaryFoldersWithInfo(in library: String) -> [(path: String, info: DictionaryInfo?)] {
        guard let names = try? listDirectory(library) else { return [] }
        let folders = names.sorted().filter { !$0.hasPrefix(".") }.map { (name: $0, path: library + "/" + $0) }
        // The first look at the library index, which may bring it up to this version: say so.
        let progress = ProgressLine()
        defer { progress.clear() }
        let infos = IndexStore.loadInfos(ofFolders: folders.map(\.path), cacheDirectory: IndexStore.defaultCacheDirectory(),
                                         progress: progress.update)
        var found: [(title: String, path: String, info: DictionaryInfo?)] = []
        for (name, path) in folders {
            // A folder is a dictionary when it holds a `dictionary.json` (a broken one too).
            guard let info = infos[path] else { continue }
            // Lowercased once, not at every comparison.
            found.append(((info?.title ?? name).lowercased(), path, info))
        }
        return found.sorted { a, b in a.title != b.title ? a.title < b.title : a.path < b.path }.map { ($0.path, $0.info) }
    }

    /// The folder's `dictionary.json`, nil when it is missing or broken.
    static func info(ofFolder path: String) -> DictionaryInfo? {
        IndexStore.info(ofFolder: path)
    }

    static func shippedFolder(executablePath: String?) -> (path: String, origin: String)? {
        guard let executablePath else { return nil }
        var folder = parent(executablePath)
        while !folder.isEmpty && folder != "/" {
            if exists(folder + "/Package.swift"), exists(folder + "/Data/dictionary.json") {
                return (folder + "/Data", "the repository's Data folder (the library is empty)")
            }
            folder = parent(folder)
        }
        let installed = parent(parent(executablePath)) + "/share/wordlink/Data"
        if exists(installed + "/dictionary.json") { return (installed, "the installed dictionary (the library is empty)") }
        return nil
    }

    /// The folders for this process. (No Foundation here: `define` starts up faster without.)
    static func choose(options: LibraryOptions) -> LibraryLocation {
        choose(options: options, environment: processEnvironment(), executablePath: executablePath(), config: ConfigCommand.current())
    }

    static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["WORDLINK_DATA", "XDG_DATA_HOME", "HOME", "LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
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
        fileExists(path)
    }

    /// Lines for `--help`: `Dictionaries: /x/Data (from --data)`, one folder a line when several.
    var helpLine: String {
        switch folders.count {
        case 0: return "Dictionaries: \(origin)"
        case 1: return "Dictionaries: \(folders[0]) (\(origin))"
        default: return "Dictionaries (\(origin)):\n" + folders.map { "  " + $0 }.joined(separator: "\n")
        }
    }
}

extension LibraryLocation {
    /// The chosen folders opened through their indexes and narrowed by `-d`, or nil after
    /// saying on standard error what is wrong (exit status in `failure`: 1 for data, 2 for a
    /// `-d` that names no dictionary); `purpose` ends the sentence "no data folder to …".
    /// `chosen`: the folders when the caller has chosen them already.
    static func openLibrary(_ options: LibraryOptions, purpose: String,
                            chosen: LibraryLocation? = nil) -> Result<[IndexedDictionary], OpenFailure> {
        let location = chosen ?? choose(options: options)
        guard !location.folders.isEmpty else {
            Terminal.error("no data folder to \(purpose) (\(location.origin)); pass --data DIR or set WORDLINK_DATA.")
            return .failure(OpenFailure(status: 1))
        }
        var folders = location.folders
        if let group = options.group {
            let config = ConfigCommand.current()
            guard let ids = config.groups.first(where: { $0.name == group })?.ids else {
                Terminal.error(unknownGroupMessage(group, config: config))
                return .failure(OpenFailure(status: 2))
            }
            // The group's dictionaries that are open, in library order.
            folders = folders.filter { folder in info(ofFolder: folder).map { ids.contains($0.id) } ?? false }
            guard !folders.isEmpty else {
                Terminal.error("none of the dictionaries of the group \"\(group)\" (\(ids.joined(separator: ", "))) is open (\(location.origin)).")
                return .failure(OpenFailure(status: 1))
            }
        }
        if !options.dictionaries.isEmpty {
            let infos = folders.map { (folder: $0, id: info(ofFolder: $0)?.id) }
            let known = infos.compactMap(\.id)
            for wanted in options.dictionaries where !known.contains(wanted) {
                Terminal.error("no open dictionary has the id \"\(wanted)\"; the ids are: \(known.isEmpty ? "none" : known.joined(separator: ", ")).")
                return .failure(OpenFailure(status: 2))
            }
            folders = infos.filter { $0.id.map(options.dictionaries.contains) ?? false }.map(\.folder)
        }
        // The first use of a large folder builds its index, which takes a while: say so.
        let progress = ProgressLine()
        defer { progress.clear() }
        var opened: [IndexedDictionary] = []
        for result in IndexStore.open(folders: folders, cacheDirectory: IndexStore.defaultCacheDirectory(), progress: progress.update) {
            switch result {
            case .success(let dictionary): opened.append(dictionary)
            case .failure(let error):
                progress.clear()
                Terminal.error("\(error.message); pass --data DIR with a folder holding dictionary.json and entries/.")
                return .failure(OpenFailure(status: 1))
            }
        }
        // Said once: a cache that could not be trusted was made again.
        if !opened.isEmpty, let damage = IndexStore.libraryIndex(in: IndexStore.defaultCacheDirectory()).damageFound {
            progress.clear()
            Terminal.error("note: the library index was made again from the dictionaries' folders: the file was damaged or not this version's (\(damage)).")
        }
        // Said once: the commands still work, each folder indexed in memory as it opens.
        if let reason = opened.lazy.compactMap(\.memoryReason).first {
            progress.clear()
            Terminal.error("note: the library index is kept in memory for this run, so every start indexes the dictionaries again (\(reason)).")
        }
        return .success(opened)
    }

    /// What is said of a `-g NAME` that names no group of the config file.
    static func unknownGroupMessage(_ group: String, config: ConfigFile) -> String {
        let known = config.groups.map(\.name)
        return "no group \"\(group)\" in the config file; "
            + (known.isEmpty ? "define one as group.NAME = ID ID... ('wordlink config --path' gives the file)."
                             : "the groups are: \(known.joined(separator: ", ")).")
    }

    /// Runs a command that prints one answer (`define`, `search`, `links-to`): `work` on the
    /// library opened (its index brought up to date with the files first), then printed.
    /// Returns the exit status. `beforeOpening` is given the folders before they are opened.
    static func printAnswer(_ options: LibraryOptions, purpose: String, beforeOpening: ([String]) -> Void = { _ in },
                            _ work: (Library) -> CommandAnswer) -> Int32 {
        let location = choose(options: options)
        beforeOpening(location.folders)
        let opened: [IndexedDictionary]
        do throws(OpenFailure) { opened = try openLibrary(options, purpose: purpose, chosen: location).get() } catch { return error.status }
        // The answer is worked out in one read of the index (printed after it).
        let library = Library(opened)
        return library.readingThroughout { work(library) }.print()
    }

    /// `openLibrary` for a command: the dictionaries, or the failure (already said) to return the exit status of.
    static func open(_ options: LibraryOptions, purpose: String) throws(OpenFailure) -> [IndexedDictionary] {
        try openLibrary(options, purpose: purpose).get()
    }

    /// Why the library did not open: already said on standard error.
    struct OpenFailure: Error {
        var status: Int32
    }
}

extension Library {
    /// The library of opened dictionaries, in their order.
    init(_ opened: [IndexedDictionary]) {
        self.init(opened.map { ($0.info, $0.path, $0.lookup as any EntryLookup, $0.problemCount) })
        // Hunspell's, for the languages of dictionaries without lookup rules; each opened at
        // the first query of its language that needs it.
        morphology = HunspellMorphology.process
    }
}

extension HunspellMorphology {
    /// The process's one Hunspell morphology: `DICPATH`'s folders, then /usr/share/hunspell.
    static let process: HunspellMorphology = {
        var environment: [String: String] = [:]
        if let value = getenv("DICPATH") { environment["DICPATH"] = String(cString: value) }
        return HunspellMorphology(dictionaries: .system(environment: environment), cacheDirectory: IndexStore.defaultCacheDirectory())
    }()
}
