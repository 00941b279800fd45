import Foundation
import Testing
@testable import DictionaryIndex
import DictionaryModel
import SQLiteStore
@testable import DictionarySearch

/// A save brings the library index's texts and links up to date the way the browser calls it
/// (`IndexedLookup.refresh()`): only the changed file is read again, the texts it still has
/// keep their rows, and the result answers as an index built from nothing does.
@Suite struct SearchUpdateTests {
    static let linked = [
        "a.json": #"[{"id": "a", "headword": "alpha", "senses": [{"definition": "see [[beta]], [[gamma]] and [[delta]]"}]}, "#
            + #"{"id": "a2", "headword": "alpha", "forms": ["first"], "senses": [{"definition": "the [[b#one|first]] one"}]}]"#,
        "b.json": #"{"id": "b", "headword": "beta", "senses": [{"id": "one", "definition": "after [[alpha]], before [[gamma]]"}]}"#,
        "c.json": #"{"id": "c", "headword": "gamma", "forms": ["third"], "senses": [{"definition": "a letter, like [[first]]"}]}"#,
        "d.json": #"{"id": "d", "headword": "epsilon", "senses": [{"definition": "not [[delta]] but [[beta]]"}]}"#,
    ]

    /// Every text, sense, link, entry, key, word and suggestion bucket row of the dictionary as text, with file paths and entry ids
    /// for row numbers, sorted: two indexes of the same files give the same rows.
    static func rows(_ lookup: IndexedLookup) throws -> [String] {
        let index = lookup.index, dictionary = lookup.dictionary
        return try index.reading { () throws(SQLiteError) -> [String] in
            var rows: [String] = []
            for (table, columns, sql) in [
                ("link", 8, """
                    SELECT f.path, e.entry_id, e.position, l.key, l.target, l.anchor, l.sense, l.text FROM links l
                    JOIN entries e ON e.id = l.id >> 32 JOIN files f ON f.id = e.file WHERE e.dictionary = ?
                    """),
                ("sense", 6, """
                    SELECT f.path, e.entry_id, e.position, s.sense, t.hash, t.uses FROM senses s JOIN texts t ON t.id = s.text
                    JOIN entries e ON e.id = s.id >> 32 JOIN files f ON f.id = e.file WHERE e.dictionary = ?
                    """),
                ("text", 3, "SELECT t.hash, t.uses, fts.body FROM texts t JOIN fts ON fts.rowid = t.id WHERE t.dictionary = ?"),
                ("word", 4, "SELECT key, display, is_headword, scalars FROM words WHERE dictionary = ?"),
                ("entry", 4, "SELECT f.path, e.entry_id, e.position, e.duplicate FROM entries e JOIN files f ON f.id = e.file WHERE e.dictionary = ?"),
                ("key", 4, "SELECT k.key, k.kind, k.display, e.entry_id FROM keys k JOIN entries e ON e.id = k.entry WHERE k.dictionary = ?"),
                // Each file's link keys: those of its links, once each.
                ("linkkey", 2, "SELECT f.path, k.key FROM link_keys k JOIN files f ON f.id = k.file WHERE f.dictionary = ?"),
                // A suggestion bucket written again from itself holds what one written anew does, in the same order.
                ("bucket", 3, "SELECT folded_length, hex(signatures), hex(keys) FROM word_buckets WHERE dictionary = ?"),
            ] {
                let statement = try index.database.prepare(sql)
                statement.bind(dictionary)
                while try statement.step() {
                    var row = [table]
                    for column in 0..<columns { row.append(statement.text(Int32(column)) ?? "∅") }
                    rows.append(row.joined(separator: "|"))
                }
            }
            // No full-text row is left without its text, nor a text without its row; no file's
            // link key without the file, nor a link without its file's key.
            let orphans = try index.database.integer("""
                SELECT (SELECT count(*) FROM fts WHERE rowid NOT IN (SELECT id FROM texts))
                     + (SELECT count(*) FROM texts WHERE id NOT IN (SELECT rowid FROM fts))
                + (SELECT count(*) FROM link_keys WHERE file NOT IN (SELECT id FROM files))
                + (SELECT count(*) FROM links l WHERE NOT EXISTS (SELECT 1 FROM link_keys k WHERE k.file = l.file AND k.key = l.key))
                """)
            rows.append("orphans|\(orphans ?? -1)")
            return rows.sorted()
        }
    }

    /// The folder opened anew, in a cache of its own (built from nothing).
    static func builtAnew(_ folder: SearchFolder) throws -> (lookup: IndexedLookup, search: LibrarySearch) {
        let dictionary = try IndexStore.open(folder: folder.folder, cacheDirectory: folder.root + "/fresh-cache-\(UUID().uuidString)")
        #expect(dictionary.indexStatus == .built)
        let library = Library([(dictionary.info, folder.folder, dictionary.lookup as any EntryLookup, 0)])
        return (dictionary.lookup, LibrarySearch(library: library))
    }

    /// What links to each entry, as `links-to` lists it.
    static func backlinks(_ search: LibrarySearch, ids: [String]) throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        for id in ids {
            found[id] = try search.backlinks(toEntryWithID: id, member: 0).links.map { $0.entryID + "#" + ($0.sense ?? "") + ":" + $0.text }
        }
        return found
    }

    static let ids = ["a", "a2", "b", "c", "d", "delta", "e"]

    /// The texts' rows, by hash: the row id of each.
    static func texts(_ lookup: IndexedLookup) throws -> [Int64: Int64] {
        try lookup.index.reading { () throws(SQLiteError) -> [Int64: Int64] in
            var texts: [Int64: Int64] = [:]
            let statement = try lookup.index.database.prepare("SELECT hash, id FROM texts WHERE dictionary = ?")
            statement.bind(lookup.dictionary)
            while try statement.step() { texts[statement.integer(0)] = statement.integer(1) }
            return texts
        }
    }

    /// A save changes a definition: every other text keeps its row, search finds the new words
    /// and not the old, and the rows are those a build from nothing makes.
    @Test func aSavedDefinitionIsTheOnlyTextIndexedAgain() throws {
        let folder = try SearchFolder(files: Self.linked)
        defer { folder.remove() }
        let (library, search, _) = try folder.open()
        let lookup = try #require(library.members[0].lookup as? IndexedLookup)
        let before = try Self.texts(lookup)
        try folder.write(#"{"id": "b", "headword": "beta", "senses": [{"id": "one", "definition": "after [[alpha]], a zymurgy"}]}"#, to: "b.json")
        #expect(lookup.refresh())
        #expect(try search.search(SearchQuery("zymurgy"), limit: 5).map(\.place.entryID) == ["b"])
        #expect(try search.search(SearchQuery("before"), limit: 5).isEmpty)
        let after = try Self.texts(lookup)
        #expect(after.count == before.count)
        #expect(Set(after.keys).subtracting(before.keys).count == 1)
        for (hash, row) in before where after[hash] != nil { #expect(after[hash] == row) }
        #expect(try search.backlinks(toEntryWithID: "a", member: 0).links.map(\.entryID) == ["b"])
        #expect(try Self.rows(lookup) == Self.rows(Self.builtAnew(folder).lookup))
    }

    /// A file of many entries written again while another is kept: its keys are touched in the
    /// order the file has them (here from z to a), and each suggestion bucket, written again
    /// from itself, holds every key once, in byte order, as a bucket built anew does (a bucket
    /// merged with keys in the order they were touched held them twice).
    @Test func bucketsWrittenAgainFromThemselvesHoldEachKeyOnce() throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyz"), endings = ["", "é", "犬"]
        let words: [String] = (0..<60).map { (i: Int) -> String in
            String(letters[i % 26]) + String(letters[(i / 26) % 26]) + endings[i % 3]
        }
        func many(_ definition: String) -> String {
            "[" + words.reversed().map { #"{"id": "\#($0)", "headword": "\#($0)", "senses": [{"definition": "\#(definition)"}]}"# }
                .joined(separator: ",\n") + "]"
        }
        let folder = try SearchFolder(files: ["keep.json": #"{"id": "kept", "headword": "kept", "senses": [{"definition": "stays"}]}"#,
                                              "many.json": many("first")])
        defer { folder.remove() }
        let (library, _, _) = try folder.open()
        let lookup = try #require(library.members[0].lookup as? IndexedLookup)
        try folder.write(many("second"), to: "many.json")
        #expect(lookup.refresh())
        let fresh = try Self.builtAnew(folder)
        #expect(try Self.rows(lookup) == Self.rows(fresh.lookup))
        #expect(lookup.suggestions(for: "ab", limit: 5).map(\.key) == fresh.lookup.suggestions(for: "ab", limit: 5).map(\.key))
    }

    /// Edits that move links (a headword renamed, an entry added that links named, a file
    /// removed, an id moved between files, entries reordered, a form added, a sense added with
    /// text in several scripts) and one that moves none: after each, the rows and every entry's
    /// backlinks are those of an index built from nothing.
    @Test func afterEachEditTheIndexAnswersAsABuildDoes() throws {
        let folder = try SearchFolder(files: Self.linked)
        defer { folder.remove() }
        let (library, search, _) = try folder.open()
        let lookup = try #require(library.members[0].lookup as? IndexedLookup)
        let edits: [(String, String?)] = [
            ("c.json", #"{"id": "c", "headword": "gamma", "forms": ["third"], "senses": [{"definition": "a letter, unlike [[first]]"}]}"#),
            ("b.json", #"{"id": "b", "headword": "bet", "senses": [{"id": "two", "definition": "after [[alpha]], before [[gamma]]"}]}"#),
            ("e.json", #"{"id": "delta", "headword": "delta", "senses": [{"definition": "a river mouth, [[third]]"}]}"#),
            ("a.json", #"[{"id": "a2", "headword": "alpha", "forms": ["first"], "senses": [{"definition": "the [[b#one|first]] one"}]}, "#
                + #"{"id": "a", "headword": "alpha", "senses": [{"definition": "see [[beta]], [[gamma]] and [[delta]]"}]}]"#),
            ("c.json", #"{"id": "c", "headword": "gamma", "forms": ["third", "beta"], "senses": [{"definition": "a letter"}]}"#),
            ("a.json", #"[{"id": "a", "headword": "alpha", "senses": [{"definition": "see [[beta]], [[gamma]] and [[delta]]"}, "#
                + #"{"definition": "or [[epsilon]], 字典 👩\u200D👩\u200D👧 e\u0301 [[gamma]]"}]}]"#),
            ("d.json", nil),
            ("f.json", #"{"id": "a2", "headword": "alpha", "forms": ["first"], "senses": [{"definition": "moved"}]}"#),
            // An id a second time (after c.json in load order: a duplicate, whose keys stand for nothing).
            ("g.json", #"{"id": "c", "headword": "gammoid", "forms": ["γάμμα"], "senses": [{"definition": "a second c"}]}"#),
        ]
        for (name, text) in edits {
            if let text { try folder.write(text, to: name) } else { try FileManager.default.removeItem(atPath: folder.folder + "/entries/" + name) }
            #expect(lookup.refresh(), "after \(name)")
            let fresh = try Self.builtAnew(folder)
            #expect(try Self.rows(lookup) == Self.rows(fresh.lookup), "after \(name)")
            #expect(try Self.backlinks(search, ids: Self.ids) == Self.backlinks(fresh.search, ids: Self.ids), "after \(name)")
        }
        // Every file written again (a re-import): the dictionary's rows are taken out at once
        // and written as a new one's, and answer as a build does.
        let entries = folder.folder + "/entries"
        for name in try FileManager.default.contentsOfDirectory(atPath: entries).sorted() {
            let text = try String(contentsOfFile: entries + "/" + name, encoding: .utf8)
            try folder.write(text.replacingOccurrences(of: "\"definition\": \"", with: "\"definition\": \"again, "), to: name)
        }
        #expect(lookup.refresh())
        let fresh = try Self.builtAnew(folder)
        #expect(try Self.rows(lookup) == Self.rows(fresh.lookup), "after every file")
        #expect(try Self.backlinks(search, ids: Self.ids) == Self.backlinks(fresh.search, ids: Self.ids), "after every file")
        // Each sense's new text is found (a's two, and the second c's as well as the first's).
        let found = try search.search(SearchQuery("again"), limit: 20)
        #expect(found.count == 7 && Set(found.map(\.place.entryID)) == ["a", "a2", "b", "c", "delta"], "\(found.map(\.place.entryID))")
        #expect(try search.search(SearchQuery("字典"), limit: 5).map(\.place.entryID) == ["a"])
        // [[beta]] and [[third]] lead to c by its forms now (b is "bet"), [[gamma]] by its headword.
        #expect(try search.backlinks(toEntryWithID: "c", member: 0).links.map { $0.entryID + ":" + $0.text } == ["a:beta", "a:gamma", "a:gamma", "b:gamma", "delta:third"])
    }
}
