import Foundation
import Testing
import DictionaryIndex
import DictionaryModel
@testable import DictionarySearch

/// A save brings the search index up to date the way the browser calls it
/// (`IndexedLookup.refresh()`, then `LibrarySearch.refresh(folder:)`): only the changed file is
/// indexed again, the texts it still has are kept, and links elsewhere are re-resolved only when
/// the change can move them; the result is the index a build from nothing makes.
@Suite struct SearchUpdateTests {
    static let linked = [
        "a.json": #"[{"id": "a", "headword": "alpha", "senses": [{"definition": "see [[beta]], [[gamma]] and [[delta]]"}]}, "#
            + #"{"id": "a2", "headword": "alpha", "forms": ["first"], "senses": [{"definition": "the [[b#one|first]] one"}]}]"#,
        "b.json": #"{"id": "b", "headword": "beta", "senses": [{"id": "one", "definition": "after [[alpha]], before [[gamma]]"}]}"#,
        "c.json": #"{"id": "c", "headword": "gamma", "forms": ["third"], "senses": [{"definition": "a letter, like [[first]]"}]}"#,
        "d.json": #"{"id": "d", "headword": "epsilon", "senses": [{"definition": "not [[delta]] but [[beta]]"}]}"#,
    ]

    /// Every row of the index as text, file paths and entry ids in place of row numbers, sorted:
    /// two indexes of the same files give the same rows.
    static func rows(_ index: SearchIndex) throws -> [String] {
        var rows: [String] = []
        for (table, columns, sql) in [
            ("link", 8, """
                SELECT f.path, l.target, l.raw, l.key, l.anchor, e.id, l.sense, l.text FROM links l
                JOIN files f ON f.id = l.file JOIN entries e ON e.rowid = l.source
                """),
            ("sense", 7, "SELECT f.path, s.entry, s.headword, s.sense, s.key, d.hash, d.uses FROM senses s JOIN files f ON f.id = s.file JOIN docs d ON d.id = s.doc"),
            ("entry", 3, "SELECT f.path, e.id, e.keys FROM entries e JOIN files f ON f.id = e.file"),
            ("doc", 3, "SELECT d.hash, d.uses, fts.body FROM docs d JOIN fts ON fts.rowid = d.id"),
            ("file", 3, "SELECT path, size, hash FROM files"),
        ] {
            let statement = try index.database.prepare(sql)
            while try statement.step() {
                var row = [table]
                for column in 0..<columns { row.append(statement.text(Int32(column)) ?? "∅") }
                rows.append(row.joined(separator: "|"))
            }
        }
        return rows.sorted()
    }

    /// The search index of `folder` built from nothing, in a cache of its own.
    static func builtAnew(_ folder: SearchFolder) throws -> SearchIndex {
        let cache = folder.root + "/fresh-cache-\(UUID().uuidString)"
        let dictionary = try IndexStore.open(folder: folder.folder, cacheDirectory: cache)
        let index = SearchIndex.open(folder: folder.folder, lookup: dictionary.lookup, cacheDirectory: cache)
        #expect(index.status == .built)
        return index
    }

    /// The files' texts and their full-text rows, by hash: `id` is the row number.
    static func texts(_ index: SearchIndex) throws -> [Int64: Int64] {
        var texts: [Int64: Int64] = [:]
        let statement = try index.database.prepare("SELECT hash, id FROM docs")
        while try statement.step() { texts[statement.integer(0)] = statement.integer(1) }
        return texts
    }

    /// A save changes a definition: the file is the only one indexed again, every other text
    /// keeps its row, search finds the new words and not the old, and the index is the one a
    /// build from nothing makes.
    @Test func aSavedDefinitionIsTheOnlyTextIndexedAgain() throws {
        let folder = try SearchFolder(files: Self.linked)
        defer { folder.remove() }
        let (library, search) = try folder.open()
        let lookup = try #require(library.members[0].lookup as? IndexedLookup)
        let before = try Self.texts(search.indexes[0])
        try folder.write(#"{"id": "b", "headword": "beta", "senses": [{"id": "one", "definition": "after [[alpha]], a zymurgy"}]}"#, to: "b.json")
        lookup.refresh()
        search.refresh(folder: folder.folder)
        #expect(search.indexes[0].status == .updated(files: ["entries/b.json"]))
        #expect(try search.search(SearchQuery("zymurgy"), limit: 5).map(\.place.entryID) == ["b"])
        #expect(try search.search(SearchQuery("before"), limit: 5).isEmpty)
        let after = try Self.texts(search.indexes[0])
        #expect(after.count == before.count)
        #expect(Set(after.keys).subtracting(before.keys).count == 1)
        for (hash, row) in before where after[hash] != nil { #expect(after[hash] == row) }
        #expect(try search.backlinks(toEntryWithID: "a", member: 0).links.map(\.entryID) == ["b"])
        #expect(try Self.rows(search.indexes[0]) == Self.rows(Self.builtAnew(folder)))
    }

    /// Edits that move links elsewhere (a headword renamed, an entry added that links named, a
    /// file removed, an id moved between files, entries reordered, a form added) and one that
    /// moves none: after each, the updated index is the one a build from nothing makes.
    @Test func afterEachEditTheIndexIsTheOneABuildMakes() throws {
        let folder = try SearchFolder(files: Self.linked)
        defer { folder.remove() }
        let (library, search) = try folder.open()
        let lookup = try #require(library.members[0].lookup as? IndexedLookup)
        let edits: [(String, String?)] = [
            ("c.json", #"{"id": "c", "headword": "gamma", "forms": ["third"], "senses": [{"definition": "a letter, unlike [[first]]"}]}"#),
            ("b.json", #"{"id": "b", "headword": "bet", "senses": [{"id": "two", "definition": "after [[alpha]], before [[gamma]]"}]}"#),
            ("e.json", #"{"id": "delta", "headword": "delta", "senses": [{"definition": "a river mouth, [[third]]"}]}"#),
            ("a.json", #"[{"id": "a2", "headword": "alpha", "forms": ["first"], "senses": [{"definition": "the [[b#one|first]] one"}]}, "#
                + #"{"id": "a", "headword": "alpha", "senses": [{"definition": "see [[beta]], [[gamma]] and [[delta]]"}]}]"#),
            ("c.json", #"{"id": "c", "headword": "gamma", "forms": ["third", "beta"], "senses": [{"definition": "a letter"}]}"#),
            ("d.json", nil),
            ("a.json", #"{"id": "a", "headword": "alpha", "senses": [{"definition": "see [[beta]], [[gamma]] and [[delta]]"}]}"#),
            ("f.json", #"{"id": "a2", "headword": "alpha", "forms": ["first"], "senses": [{"definition": "moved"}]}"#),
        ]
        for (name, text) in edits {
            if let text { try folder.write(text, to: name) } else { try FileManager.default.removeItem(atPath: folder.folder + "/entries/" + name) }
            lookup.refresh()
            search.refresh(folder: folder.folder)
            guard case .updated = search.indexes[0].status else {
                Issue.record("\(name): \(search.indexes[0].status)")
                continue
            }
            #expect(try Self.rows(search.indexes[0]) == Self.rows(Self.builtAnew(folder)), "after \(name)")
        }
    }

    /// The senses and links of an index in the order it reads them (`ORDER BY rowid`, the
    /// order of places and backlinks), with entry ids and file paths for row numbers.
    static func orderedRows(_ index: SearchIndex) throws -> [String] {
        var rows: [String] = []
        for sql in [
            "SELECT f.path, s.entry, s.sense, d.hash FROM senses s JOIN files f ON f.id = s.file JOIN docs d ON d.id = s.doc ORDER BY s.rowid",
            "SELECT f.path, l.entry, l.sense, coalesce(l.target, '∅') || ' ' || coalesce(l.raw, '') FROM links l JOIN files f ON f.id = l.file ORDER BY l.rowid",
        ] {
            let statement = try index.database.prepare(sql)
            while try statement.step() { rows.append((0..<4).map { statement.text(Int32($0)) ?? "∅" }.joined(separator: "|")) }
        }
        return rows
    }

    /// The id of the row of `files` that holds `path`: kept when the file is brought up to date
    /// entry by entry, a new one when it is indexed again whole.
    static func fileRow(_ index: SearchIndex, _ path: String) throws -> Int64? {
        let statement = try index.database.prepare("SELECT id FROM files WHERE path = ?")
        statement.bind(path)
        return try statement.step() ? statement.integer(0) : nil
    }

    /// Saves that add a sense with links, take one away, change what a link names (so that links
    /// elsewhere resolve again, one of them to two homographs) and put more links in a sense:
    /// each brings only the saved entry up to date, in its file's own rows, and the index then
    /// reads senses and links in the order a build from nothing does (a sense added to an
    /// entry used to send its whole file to be indexed again: 61 ms of a WordNet save).
    @Test func aSenseAddedOrRemovedRewritesOnlyItsEntryInABuildsOrder() throws {
        let folder = try SearchFolder(files: Self.linked)
        defer { folder.remove() }
        let (library, search) = try folder.open()
        let lookup = try #require(library.members[0].lookup as? IndexedLookup)
        let fileRow = try Self.fileRow(search.indexes[0], "entries/a.json")
        let edits: [(String, String)] = [
            ("a.json", #"[{"id": "a", "headword": "alpha", "senses": [{"definition": "see [[beta]], [[gamma]] and [[delta]]"}, "#
                + #"{"definition": "or [[epsilon]], 字典 👩\u200D👩\u200D👧 e\u0301"}]}, "#
                + #"{"id": "a2", "headword": "alpha", "forms": ["first"], "senses": [{"definition": "the [[b#one|first]] one"}]}]"#),
            ("a.json", #"[{"id": "a", "headword": "alpha", "senses": [{"definition": "or [[epsilon]], [[beta]] and [[gamma]]"}]}, "#
                + #"{"id": "a2", "headword": "alpha", "forms": ["first"], "senses": [{"definition": "the [[b#one|first]] one"}, {"definition": "[[third]]"}]}]"#),
            ("d.json", #"{"id": "d", "headword": "epsilon", "forms": ["gamma"], "senses": [{"definition": "not [[delta]] but [[beta]]"}]}"#),
            ("a.json", #"[{"id": "a", "headword": "alpha", "senses": [{"definition": "[[gamma]] [[gamma]] [[alpha]] [[zeta]]"}]}, "#
                + #"{"id": "a2", "headword": "alpha", "forms": ["first"], "senses": [{"definition": "the [[b#one|first]] one"}, {"definition": "[[third]]"}]}]"#),
        ]
        for (name, text) in edits {
            try folder.write(text, to: name)
            lookup.refresh()
            search.refresh(folder: folder.folder)
            #expect(search.indexes[0].status == .updated(files: ["entries/" + name]))
            let fresh = try Self.builtAnew(folder)
            #expect(try Self.rows(search.indexes[0]) == Self.rows(fresh), "after \(name)")
            #expect(try Self.orderedRows(search.indexes[0]) == Self.orderedRows(fresh), "after \(name)")
        }
        #expect(try Self.fileRow(search.indexes[0], "entries/a.json") == fileRow)
        // "gamma" names two entries now (c, and d by its form): the links written again have both.
        let toD = try search.backlinks(toEntryWithID: "d", member: 0).links.map(\.entryID)
        #expect(toD == ["a", "a", "b"])
        #expect(try search.search(SearchQuery("zeta"), limit: 5).map(\.place.entryID) == ["a"])
    }

    @Test(arguments: [
        ([String](), [String](), [String]()),
        (["a\nalpha", "b\nbeta"], ["a\nalpha", "b\nbeta"], []),
        (["a\nalpha"], ["a\nalfa"], ["a", "alpha", "alfa"]),
        (["a\nalpha"], ["a\nalpha", "c\ngamma"], ["c", "gamma"]),
        (["a\nalpha", "b\nbeta"], ["b\nbeta", "a\nalpha"], ["a", "alpha", "b", "beta"]),
        (["a\nalpha", "a\nalpha"], ["a\nalpha"], ["a", "alpha"]),
    ])
    func changedKeysAreThoseOfEntriesThatCameWentOrMoved(_ old: [String], _ new: [String], _ expected: [String]) {
        #expect(SearchIndexWriter.changedKeys(old: old, new: new) == Set(expected))
    }
}
