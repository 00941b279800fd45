import DictionaryModel
import SQLiteStore

/// The `dictionary.json` of the folders the index has met, decoded, with the size and time of
/// the file it was read from: every command reads the `dictionary.json` of every dictionary of
/// the library, and a row is read for less than its JSON is parsed (most of a FreeDict
/// database's is a description of five kilobytes). A row stands only while its file keeps
/// that size and time (`IndexStore.loadInfos`).
extension LibraryIndex {
    /// A folder's `dictionary.json` as the index keeps it.
    public struct StoredInfo: Sendable {
        public var fingerprint: FileFingerprint
        public var info: DictionaryInfo

        public init(fingerprint: FileFingerprint, info: DictionaryInfo) {
            self.fingerprint = fingerprint
            self.info = info
        }
    }

    /// The infos the index keeps for `folders` (as given, not resolved), by folder; a folder it
    /// keeps none for, or that it cannot read, is missing.
    public func storedInfos(of folders: some Sequence<String>) -> [String: StoredInfo] {
        let wanted = Set(folders)
        guard !wanted.isEmpty else { return [:] }
        return (try? reading { () throws(SQLiteError) -> [String: StoredInfo] in
            let rows = try statement("""
                SELECT folder, size, seconds, nanoseconds, id, title, description, language, target_language, license,
                       source_name, source_version, importer, start, rules, relation_types FROM infos
                """)
            defer { rows.reset() }
            var found: [String: StoredInfo] = [:]
            while try rows.step() {
                guard let folder = rows.text(0), wanted.contains(folder) else { continue }
                var info = DictionaryInfo(id: rows.text(4) ?? "", title: rows.text(5) ?? "", description: rows.text(6),
                                          language: rows.text(7), targetLanguage: rows.text(8), license: rows.text(9),
                                          sourceName: rows.text(10), sourceVersion: rows.text(11), start: rows.text(13))
                info.importer = rows.text(12)
                guard let rules = Self.rules(from: rows.text(14)), let types = Self.relationTypes(from: rows.text(15)) else { continue }
                info.lookupRules = rules
                info.relationTypes = types
                let fingerprint = FileFingerprint(size: UInt64(rows.integer(1)), modificationSeconds: rows.integer(2),
                                                  modificationNanoseconds: rows.integer(3), contentHash: 0)
                found[folder] = StoredInfo(fingerprint: fingerprint, info: info)
            }
            return found
        }) ?? [:]
    }

    /// Keeps `infos` by folder, in one transaction, when the write lock is free at once (a
    /// command never waits for an import to note them; the next one tries again).
    public func keep(infos: [String: StoredInfo]) {
        guard !infos.isEmpty else { return }
        try? locked { () throws(SQLiteError) in
            let insert = try statement("""
                INSERT OR REPLACE INTO infos(folder, size, seconds, nanoseconds, id, title, description, language, target_language,
                    license, source_name, source_version, importer, start, rules, relation_types)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            try database.writingIfFree { () throws(SQLiteError) in
                for (folder, stored) in infos {
                    let info = stored.info, fingerprint = stored.fingerprint
                    insert.reset()
                    insert.bind(text: folder, at: 1)
                    insert.bind(integer: Int64(bitPattern: fingerprint.size), at: 2)
                    insert.bind(integer: fingerprint.modificationSeconds, at: 3)
                    insert.bind(integer: fingerprint.modificationNanoseconds, at: 4)
                    for (place, text) in [info.id, info.title, info.description, info.language, info.targetLanguage, info.license,
                                          info.sourceName, info.sourceVersion, info.importer, info.start,
                                          Self.text(of: info.lookupRules), Self.text(of: info.relationTypes)].enumerated() {
                        insert.bind(text: text, at: Int32(place + 5))
                    }
                    try insert.run()
                }
            }
        }
    }

    /// The rules as their fields, each written as its UTF-8 length, `:` and its bytes (`-` for
    /// a missing part of speech): read back by bytes, where a JSON array of them cost as much to
    /// parse as the file they came from. Nil when there are none.
    static func text(of rules: [LookupRule]) -> String? {
        guard !rules.isEmpty else { return nil }
        return rules.map { field($0.suffix) + field($0.replace) + ($0.pos.map(field) ?? "-") }.joined()
    }

    /// The relation types as their names and labels, written as `text(of:)` writes rules.
    static func text(of types: [String: RelationType]) -> String? {
        guard !types.isEmpty else { return nil }
        return types.sorted { $0.key < $1.key }.map { field($0.key) + ($0.value.label.map(field) ?? "-") }.joined()
    }

    /// What `text(of:)` made of rules; nil when it cannot be read.
    static func rules(from text: String?) -> [LookupRule]? {
        guard let text else { return [] }
        guard let fields = fields(of: text), fields.count % 3 == 0 else { return nil }
        var rules: [LookupRule] = []
        for i in stride(from: 0, to: fields.count, by: 3) {
            guard let suffix = fields[i], let replace = fields[i + 1] else { return nil }
            rules.append(LookupRule(suffix: suffix, replace: replace, pos: fields[i + 2]))
        }
        return rules
    }

    /// What `text(of:)` made of relation types; nil when it cannot be read.
    static func relationTypes(from text: String?) -> [String: RelationType]? {
        guard let text else { return [:] }
        guard let fields = fields(of: text), fields.count % 2 == 0 else { return nil }
        var types: [String: RelationType] = [:]
        for i in stride(from: 0, to: fields.count, by: 2) {
            guard let name = fields[i] else { return nil }
            types[name] = RelationType(label: fields[i + 1])
        }
        return types
    }

    /// `value` as its UTF-8 length, `:` and itself.
    private static func field(_ value: String) -> String {
        "\(value.utf8.count):" + value
    }

    /// The fields `field` wrote one after another (nil for a `-`); nil when `text` is not such.
    private static func fields(of text: String) -> [String?]? {
        let bytes = Array(text.utf8)
        var fields: [String?] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "-") {
                fields.append(nil)
                i += 1
                continue
            }
            var length = 0
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9"), length < 1 << 40 {
                length = length * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                i += 1
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":"), bytes.count - (i + 1) >= length else { return nil }
            fields.append(String(decoding: bytes[(i + 1)..<(i + 1 + length)], as: UTF8.self))
            i += 1 + length
        }
        return fields
    }
}
