#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import SQLiteStore
import Synchronization

/// The affix rules and roots of a Hunspell dictionary, kept in the cache folder
/// (`hunspell.sqlite`), so that a lookup can say which base words an analysis of a word could
/// give without opening the dictionary.
///
/// Opening a Hunspell dictionary reads and hashes every word of its `.dic`: for French or
/// German, more than all the rest of `define` (docs/benchmarks.md). A library with French and German
/// dictionaries paid it for `dog`, which none of them names, to learn that Hunspell had
/// nothing. Hunspell finds a base word by taking affixes off the word's ends (a prefix, a
/// suffix, a second suffix), putting back what each rule stripped, and looking the result up
/// among its roots, which must carry one of the rules' flags. `possibleBases(of:)` does the
/// same with a few looks in this store: the rules whose affix ends (or begins) the word, then
/// the candidates that are roots with such a flag, and the stems those roots name. Every
/// condition is met in any letter case (the root's is not known before it is found), and
/// compounds are left out, as the analyses' readings leave them (`HunspellAnalysis`); so the
/// answer is a superset of what an analysis gives, and the tests hold it to that against the
/// real dictionaries.
///
/// Built from the files at the first use after they change (by their size and time), in one
/// transaction; a store that cannot be opened, read or written gives nil, and Hunspell is
/// asked as before.
public final class HunspellRuleStore: @unchecked Sendable {
    public static let fileName = "hunspell.sqlite"
    /// The layout of the file; another is begun again.
    static let version = 2

    /// The cache folder's connection, shared by every language's store (opening the file is
    /// most of a store's cost to a command); used under its lock only.
    private let connection: Connection
    private var database: SQLiteDatabase { connection.database }
    private let file: Int64
    private let inputConversions: [(from: String, to: String)]
    private let outputConversions: [(from: String, to: String)]
    private let ignored: Set<Unicode.Scalar>
    private let complexPrefixes: Bool
    private let longestSuffix: Int
    private let longestPrefix: Int
    private let lock = Mutex(Caches())

    struct Rule {
        var step: Step
        var strip: [Unicode.Scalar]
        var condition: [ConditionElement]
    }

    /// A rule taken off: its flag, the flags it lets follow, and at which end.
    struct Step {
        var flag: String
        var continuation: [String]
        var isSuffix: Bool
    }

    /// What a store keeps for the process; taken inside the connection's lock, or alone for a
    /// known answer.
    private struct Caches {
        var rules: [String: [Rule]] = [:]
        /// The conditions parsed, by their text: thousands of rules share a few hundred.
        var conditions: [String: [ConditionElement]] = [:]
        /// The answers given, by word: the dictionaries of one language ask alike.
        var answers: [String: Set<String>] = [:]
        var findRules: SQLiteStatement?
        var findRoots: SQLiteStatement?
    }

    /// One connection to a cache folder's `hunspell.sqlite`, and the lock every use of it holds.
    final class Connection: @unchecked Sendable {
        let database: SQLiteDatabase
        let lock = Mutex(())
        /// The file opened (device and inode): another file at the path is opened afresh.
        let identity: [UInt64]
        init(database: SQLiteDatabase, identity: [UInt64]) {
            self.database = database
            self.identity = identity
        }

        /// The connection of `path`, opened at the first call of the process, and again when the
        /// file was replaced or removed since (another process began it again).
        static func shared(_ path: String) throws(SQLiteError) -> Connection {
            if let open = opened.withLock({ $0[path] }), open.identity == identity(of: path) { return open }
            let database = try SQLiteDatabase(path: path)
            let connection = Connection(database: database, identity: identity(of: path))
            return opened.withLock { opened in
                if let open = opened[path], open.identity == connection.identity { return open }
                opened[path] = connection
                return connection
            }
        }

        static func identity(of path: String) -> [UInt64] {
            var info = stat()
            guard stat(path, &info) == 0 else { return [] }
            return [UInt64(info.st_dev), UInt64(info.st_ino)]
        }

        /// Forgets the connection of `path` (its file was found damaged and removed).
        static func forget(_ path: String) {
            _ = opened.withLock { $0.removeValue(forKey: path) }
        }

        private static let opened = Mutex<[String: Connection]>([:])
    }

    private init(connection: Connection, file: Int64, settings: [String: String]) {
        self.connection = connection
        self.file = file
        inputConversions = Self.pairs(settings["ICONV"])
        outputConversions = Self.pairs(settings["OCONV"])
        ignored = Set((settings["IGNORE"] ?? "").unicodeScalars)
        complexPrefixes = settings["COMPLEXPREFIXES"] != nil
        longestSuffix = Int(settings["longest suffix"] ?? "") ?? 0
        longestPrefix = Int(settings["longest prefix"] ?? "") ?? 0
    }

    /// The store of the dictionary `affix` and `dictionary` in `cacheDirectory`, built first when
    /// it holds none of these files as they are now; nil when that cannot be done.
    public static func open(affix: String, dictionary: String, cacheDirectory: String) -> HunspellRuleStore? {
        guard let fingerprint = fingerprint(affix, dictionary), (try? makeDirectories(cacheDirectory)) != nil else { return nil }
        let path = cacheDirectory + "/" + fileName
        do throws(SQLiteError) {
            let connection = try Connection.shared(path)
            return try connection.lock.withLock { _ throws(SQLiteError) -> HunspellRuleStore? in
                try open(connection, affix: affix, dictionary: dictionary, fingerprint: fingerprint)
            }
        } catch {
            // Damaged, or another program's file: begun again at the next use.
            if error.isCorruption || error.code & 0xff == 26 /* SQLITE_NOTADB */ {
                Connection.forget(path)
                unlink(path)
            }
            return nil
        }
    }

    private static func open(_ connection: Connection, affix: String, dictionary: String, fingerprint: String) throws(SQLiteError) -> HunspellRuleStore? {
        let database = connection.database
        if let found = try stored(database, dictionary: dictionary, fingerprint: fingerprint) {
            return HunspellRuleStore(connection: connection, file: found.file, settings: found.settings)
        }
        try database.retryingWhileBusy { () throws(SQLiteError) in try database.execute("PRAGMA journal_mode = WAL") }
        try database.writing { () throws(SQLiteError) in
            // Another layout (an older version's) is begun again; another process may have just done so.
            if try database.integer("PRAGMA user_version") != Int64(version) {
                try database.execute("DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS rules; DROP TABLE IF EXISTS roots; PRAGMA user_version = \(version)")
            }
            try database.execute(schema)
        }
        guard let built = try build(database, affix: affix, dictionary: dictionary, fingerprint: fingerprint) else { return nil }
        // The log folded into the file and emptied: a process never closes its connection, and
        // each later one would otherwise read the whole log again to open the file.
        _ = try? database.query("PRAGMA wal_checkpoint(TRUNCATE)")
        return HunspellRuleStore(connection: connection, file: built.file, settings: built.settings)
    }

    static let schema = """
        CREATE TABLE IF NOT EXISTS files(id INTEGER PRIMARY KEY, dictionary TEXT NOT NULL UNIQUE, fingerprint TEXT NOT NULL, settings TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS rules(file INTEGER NOT NULL, suffix INTEGER NOT NULL, affix TEXT NOT NULL, flag TEXT NOT NULL,
            strip TEXT NOT NULL, condition TEXT NOT NULL, continuation TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS rules_by_affix ON rules(file, suffix, affix);
        CREATE TABLE IF NOT EXISTS roots(file INTEGER NOT NULL, root TEXT NOT NULL, flags TEXT NOT NULL, stems TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS roots_by_root ON roots(file, root);
        """

    /// The row of `dictionary` when its fingerprint is `fingerprint`, and its settings.
    private static func stored(_ database: SQLiteDatabase, dictionary: String, fingerprint: String) throws(SQLiteError) -> (file: Int64, settings: [String: String])? {
        guard try database.integer("PRAGMA user_version") == Int64(version) else { return nil }
        let find = try database.prepare("SELECT id, settings FROM files WHERE dictionary = ? AND fingerprint = ?")
        find.bind(dictionary, fingerprint)
        defer { find.reset() }
        guard try find.step() else { return nil }
        return (find.integer(0), settings(from: find.text(1) ?? ""))
    }

    /// Reads the two files and writes their rules and roots in one transaction (again checking
    /// whether another process has just done so); nil when the `.aff` cannot be followed.
    private static func build(_ database: SQLiteDatabase, affix: String, dictionary: String, fingerprint: String) throws(SQLiteError) -> (file: Int64, settings: [String: String])? {
        guard let affixBytes = try? readFile(affix, shownAs: affix), let dictionaryBytes = try? readFile(dictionary, shownAs: dictionary),
              let parsed = HunspellAffixes(affixFile: affixBytes) else { return nil }
        return try database.writing { () throws(SQLiteError) -> (file: Int64, settings: [String: String])? in
            if let found = try stored(database, dictionary: dictionary, fingerprint: fingerprint) { return found }
            // An older version of the same files: its rows go.
            for table in ["rules", "roots"] {
                try database.prepare("DELETE FROM \(table) WHERE file IN (SELECT id FROM files WHERE dictionary = ?)").bind(dictionary).run()
            }
            try database.prepare("DELETE FROM files WHERE dictionary = ?").bind(dictionary).run()
            var settings: [String: String] = [:]
            settings["ICONV"] = parsed.inputConversions.map { $0.from + "\u{1F}" + $0.to }.joined(separator: "\u{1E}")
            settings["OCONV"] = parsed.outputConversions.map { $0.from + "\u{1F}" + $0.to }.joined(separator: "\u{1E}")
            if !parsed.ignored.isEmpty { settings["IGNORE"] = parsed.ignored }
            if parsed.complexPrefixes { settings["COMPLEXPREFIXES"] = "1" }
            settings["longest suffix"] = String(parsed.rules.filter(\.isSuffix).map { $0.affix.unicodeScalars.count }.max() ?? 0)
            settings["longest prefix"] = String(parsed.rules.filter { !$0.isSuffix }.map { $0.affix.unicodeScalars.count }.max() ?? 0)
            let text = settings.sorted { $0.key < $1.key }.map { $0.key + "\u{1D}" + $0.value }.joined(separator: "\u{1C}")
            try database.prepare("INSERT INTO files(dictionary, fingerprint, settings) VALUES (?, ?, ?)").bind(dictionary, fingerprint, text).run()
            let file = database.lastInsertedRow
            let insertRule = try database.prepare("INSERT INTO rules(file, suffix, affix, flag, strip, condition, continuation) VALUES (?, ?, ?, ?, ?, ?, ?)")
            for rule in Set(parsed.rules) {
                try insertRule.bind(file, rule.isSuffix ? 1 : 0, rule.affix, rule.flag, rule.strip, rule.condition,
                                    rule.continuation.joined(separator: "\u{1F}")).run()
            }
            let insertRoot = try database.prepare("INSERT INTO roots(file, root, flags, stems) VALUES (?, ?, ?, ?)")
            var failure: SQLiteError?
            parsed.forEachRoot(ofDictionary: dictionaryBytes) { root, flags, stems in
                guard failure == nil, !root.isEmpty else { return }
                do throws(SQLiteError) {
                    try insertRoot.bind(file, root, flags.joined(separator: "\u{1F}"), stems.joined(separator: "\u{1F}")).run()
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            return (file, settings)
        }
    }

    // MARK: The candidates

    /// One way back from a word towards a root: what is left, and the rules taken off, outermost first.
    private struct Candidate {
        var scalars: [Unicode.Scalar]
        var steps: [Step]

        /// Whether a root with `flags` could have come to the word this way: it carries the flag of
        /// one of the rules, and of two suffixes (or prefixes) the inner one lets the outer follow
        /// (its continuation names the outer one's flag: Hunspell's twofold affixes). Looser than
        /// Hunspell, which also asks which of the flags the root carries: a superset.
        func admits(_ flags: Set<Substring>) -> Bool {
            guard !steps.isEmpty else { return true }
            guard steps.contains(where: { flags.contains(Substring($0.flag)) }) else { return false }
            for isSuffix in [true, false] {
                let same = steps.filter { $0.isSuffix == isSuffix }
                if same.count == 2, !same[1].continuation.contains(same[0].flag) { return false }
            }
            return true
        }
    }

    /// Every word an analysis of `word` could name as its base (as the stems Hunspell gives,
    /// lowercased); nil when this cannot be said without asking Hunspell (a hyphen: Hunspell
    /// analyses the parts; or the store could not be read).
    public func possibleBases(of word: String) -> Set<String>? {
        if let known = lock.withLock({ $0.answers[word] }) { return known }
        let trimmed = String(word.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !trimmed.isEmpty else { return [] }
        if trimmed.contains("-") { return nil }
        var variants: Set<String> = [trimmed.lowercased()]
        var withoutDots = trimmed
        while withoutDots.hasSuffix(".") { withoutDots.removeLast() }
        if !withoutDots.isEmpty { variants.insert(withoutDots.lowercased()) }
        for variant in variants { variants.insert(Self.converted(variant, inputConversions)) }
        return connection.lock.withLock { _ in lock.withLock { caches in
            do throws(SQLiteError) {
                let answer = try database.reading { () throws(SQLiteError) -> Set<String> in
                    try candidateBases(of: variants, caches: &caches)
                }
                if caches.answers.count > 1000 { caches.answers.removeAll() }
                caches.answers[word] = answer
                return answer
            } catch {
                return nil
            }
        } }
    }

    private func candidateBases(of variants: Set<String>, caches: inout Caches) throws(SQLiteError) -> Set<String> {
        var candidates: [Candidate] = []
        for variant in variants {
            let scalars = Array(variant.unicodeScalars.filter { !ignored.contains($0) })
            var starts = [Candidate(scalars: scalars, steps: [])]
            var prefixed = try stripping(starts[0], suffix: false, caches: &caches)
            if complexPrefixes {
                for once in prefixed { prefixed += try stripping(once, suffix: false, caches: &caches) }
            }
            starts += prefixed
            for start in starts {
                candidates.append(start)
                for once in try stripping(start, suffix: true, caches: &caches) {
                    candidates.append(once)
                    candidates += try stripping(once, suffix: true, caches: &caches)
                }
            }
        }
        return try bases(of: candidates, caches: &caches)
    }

    /// The candidates that are roots with one of their chain's flags (any root, for the word
    /// itself), and the stems they name; `OCONV` followed.
    private func bases(of candidates: [Candidate], caches: inout Caches) throws(SQLiteError) -> Set<String> {
        if caches.findRoots == nil { caches.findRoots = try database.prepare("SELECT flags, stems FROM roots WHERE file = ? AND root = ?") }
        guard let find = caches.findRoots else { return [] }
        var flagsOf: [String: [(flags: Set<Substring>, stems: String)]] = [:]
        var bases = Set<String>()
        for candidate in candidates where !candidate.scalars.isEmpty {
            let text = Self.text(candidate.scalars)
            let rows: [(flags: Set<Substring>, stems: String)]
            if let known = flagsOf[text] {
                rows = known
            } else {
                var found: [(flags: Set<Substring>, stems: String)] = []
                find.bind(file, text)
                while try find.step() {
                    found.append((Set((find.text(0) ?? "").split(separator: "\u{1F}")), find.text(1) ?? ""))
                }
                find.reset()
                flagsOf[text] = found
                rows = found
            }
            for row in rows where candidate.admits(row.flags) {
                bases.insert(text)
                for stem in row.stems.split(separator: "\u{1F}") { bases.insert(String(stem)) }
            }
        }
        for base in bases { bases.insert(Self.converted(base, outputConversions)) }
        return bases
    }

    /// What the rules leave of `candidate` with an affix taken off its end (`suffix`) or start:
    /// the strip put back, the condition met at the root's end or start.
    private func stripping(_ candidate: Candidate, suffix: Bool, caches: inout Caches) throws(SQLiteError) -> [Candidate] {
        let word = candidate.scalars
        var found: [Candidate] = []
        // A second affix at the same end comes off only where it lets the one outside it follow.
        let outer = candidate.steps.last { $0.isSuffix == suffix }
        for length in 0...min(word.count, suffix ? longestSuffix : longestPrefix) {
            let affix = suffix ? word[(word.count - length)...] : word[..<length]
            let kept = suffix ? word[..<(word.count - length)] : word[length...]
            for rule in try rules(suffix: suffix, affix: Self.text(affix), caches: &caches)
                where outer.map({ rule.step.continuation.contains($0.flag) }) ?? true {
                let root = suffix ? Array(kept) + rule.strip : rule.strip + kept
                guard !root.isEmpty, root.count >= rule.condition.count else { continue }
                let edge = suffix ? Array(root.suffix(rule.condition.count)) : Array(root.prefix(rule.condition.count))
                guard zip(edge, rule.condition).allSatisfy({ $1.admits($0) }) else { continue }
                found.append(Candidate(scalars: root, steps: candidate.steps + [rule.step]))
            }
        }
        return found
    }

    /// The rules whose affix is `affix`, read once a process.
    private func rules(suffix: Bool, affix: String, caches: inout Caches) throws(SQLiteError) -> [Rule] {
        let key = (suffix ? "s" : "p") + affix
        if let known = caches.rules[key] { return known }
        if caches.findRules == nil { caches.findRules = try database.prepare("SELECT flag, strip, condition, continuation FROM rules WHERE file = ? AND suffix = ? AND affix = ?") }
        guard let find = caches.findRules else { return [] }
        find.bind(file, suffix ? 1 : 0, affix)
        var rules: [Rule] = []
        while try find.step() {
            let continuation = (find.text(3) ?? "").split(separator: "\u{1F}").map(String.init)
            let text = find.text(2) ?? "."
            let condition = caches.conditions[text] ?? ConditionElement.parse(text)
            caches.conditions[text] = condition
            rules.append(Rule(step: Step(flag: find.text(0) ?? "", continuation: continuation, isSuffix: suffix),
                              strip: Array((find.text(1) ?? "").unicodeScalars), condition: condition))
        }
        find.reset()
        caches.rules[key] = rules
        return rules
    }

    // MARK: Helpers

    /// The string of `scalars`, made from their UTF-8 (a `String.UnicodeScalarView` built from
    /// an array slice appended them one by one through generic code: a tenth of a `define`).
    static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.underestimatedCount * 2)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The files' sizes and times of change, and the affix file's path: a new version of the
    /// package gives another.
    static func fingerprint(_ affix: String, _ dictionary: String) -> String? {
        var parts: [String] = [affix]
        for path in [affix, dictionary] {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            parts.append("\(info.st_size):\(info.st_mtim.tv_sec):\(info.st_mtim.tv_nsec)")
        }
        return parts.joined(separator: " ")
    }

    static func settings(from text: String) -> [String: String] {
        var settings: [String: String] = [:]
        for line in text.split(separator: "\u{1C}") {
            let parts = line.split(separator: "\u{1D}", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { settings[String(parts[0])] = String(parts[1]) }
        }
        return settings
    }

    static func pairs(_ text: String?) -> [(from: String, to: String)] {
        (text ?? "").split(separator: "\u{1E}").compactMap { pair in
            let parts = pair.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    /// `text` with each conversion's text replaced by its replacement.
    static func converted(_ text: String, _ conversions: [(from: String, to: String)]) -> String {
        var result = text
        // A conversion whose first byte the text lacks cannot apply (most are of a character
        // an ASCII word has not: `’`, `ﬁ`).
        for (from, to) in conversions where from.utf8.first.map(result.utf8.contains) ?? false && result.contains(from) {
            result = result.replacing(from, with: to)
        }
        return result
    }
}

/// One position of an affix rule's condition (`[^sxz]`, `.`, `e`), met in any letter case
/// (the root's case is not known before it is found): a set holds its characters' other cases
/// too, and a set that excludes admits any letter that has another case.
enum ConditionElement: Sendable {
    case any
    case scalars(Set<Unicode.Scalar>, negated: Bool)

    func admits(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .any: return true
        case let .scalars(set, negated):
            guard negated else { return set.contains(scalar) }
            return !set.contains(scalar) || scalar.properties.changesWhenCaseMapped
        }
    }

    /// A rule's condition, one element a character: `[^sxz]`, `[aeiou]y`, `.`.
    static func parse(_ condition: String) -> [ConditionElement] {
        var elements: [ConditionElement] = []
        var scalars = condition.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case ".": elements.append(.any)
            case "[":
                var set = Set<Unicode.Scalar>()
                var negated = false
                var first = true
                while let inner = scalars.next(), inner != "]" {
                    if first, inner == "^" { negated = true } else { set.insert(inner) }
                    first = false
                }
                elements.append(.scalars(negated ? set : withCases(set), negated: negated))
            default: elements.append(.scalars(withCases([scalar]), negated: false))
            }
        }
        return elements
    }

    /// `set` with each character's lowercase and uppercase (each where that is one character).
    static func withCases(_ set: Set<Unicode.Scalar>) -> Set<Unicode.Scalar> {
        var all = set
        for scalar in set {
            // An ASCII letter's other case is 32 away; other ASCII has none.
            if scalar.isASCII {
                let value = scalar.value
                if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) { all.insert(Unicode.Scalar(UInt8(value ^ 0x20))) }
                continue
            }
            for mapped in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] where mapped.unicodeScalars.count == 1 {
                all.formUnion(mapped.unicodeScalars)
            }
        }
        return all
    }
}
