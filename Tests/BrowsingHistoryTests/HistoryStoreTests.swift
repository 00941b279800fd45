import BrowsingHistory
import Foundation
import Testing
import TestSupport

/// The store on its own: what is written is read back, whole; a damaged file is set aside.
@Suite struct HistoryStoreTests {
    /// A fresh state folder, removed by the caller.
    static func folder() -> String { Subprocess.temporaryPath("history") }

    @Test func visitsAndCountsComeBack() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(folder: folder)
        #expect(store.setAsidePath == nil)
        try store.record(Visit(time: 100, address: StoredAddress(text: "dog"), title: "dog", origin: "define"))
        try store.record(Visit(time: 200, address: StoredAddress(text: "dgo"), title: nil, origin: "browser"))
        let link = StoredAddress(text: "river~n", isLink: true, dictionary: "sample", sense: "2")
        try store.record(Visit(time: 300, address: link, title: "river", origin: "browser"))
        try store.record(Visit(time: 400, address: StoredAddress(text: "dog"), title: "dog", origin: "browser"))
        let visits = try HistoryStore(folder: folder).visits()
        #expect(visits.map(\.address.text) == ["dog", "dgo", "river~n", "dog"])
        #expect(visits[2].address == link)
        #expect(visits[1].isFound == false)
        let counts = try store.wordCounts()
        #expect(counts == [
            WordCount(text: "dog", count: 2, firstTime: 100, lastTime: 400, lastTitle: "dog"),
            WordCount(text: "river~n", count: 1, firstTime: 300, lastTime: 300, lastTitle: "river"),
            WordCount(text: "dgo", count: 1, firstTime: 200, lastTime: 200, lastTitle: nil),
        ])
        #expect(try store.visits(limit: 1).map(\.time) == [400])
        try store.clearHistory()
        #expect(try store.visits().isEmpty)
    }

    /// What study cards are made of: found pages only, each once, most often first, since a time.
    @Test func foundWordsAreCountedMostOftenFirst() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(folder: folder)
        let link = StoredAddress(text: "river~n", isLink: true, dictionary: "sample", sense: "2")
        let visits: [(Double, StoredAddress, String?)] = [
            (100, StoredAddress(text: "dog"), "dog"), (150, StoredAddress(text: "日本"), "日本"), (200, StoredAddress(text: "dgo"), nil),
            (300, link, "river"), (400, StoredAddress(text: "dog"), "dog"), (450, StoredAddress(text: "\u{1}history"), "History"),
            (500, StoredAddress(text: "dog"), nil), (600, link, "river"), (700, StoredAddress(text: "river~n"), "river"),
        ]
        for (time, address, title) in visits { try store.record(Visit(time: time, address: address, title: title, origin: "browser")) }
        #expect(try store.foundWords() == [
            FoundWord(address: link, count: 2, lastTime: 600),
            FoundWord(address: StoredAddress(text: "dog"), count: 2, lastTime: 400),
            FoundWord(address: StoredAddress(text: "river~n"), count: 1, lastTime: 700),
            FoundWord(address: StoredAddress(text: "日本"), count: 1, lastTime: 150),
        ])
        // Once each since 400: the most recent first.
        #expect(try store.foundWords(since: 400).map(\.address) == [StoredAddress(text: "river~n"), link, StoredAddress(text: "dog")])
        #expect(try store.foundWords(since: 401).map(\.count) == [1, 1])
        #expect(try store.foundWords(since: 701).isEmpty)
    }

    /// A word looked up in several cases is one word in the history and on a study card,
    /// written as it was looked up most often: the lookup prompt opens GCIDE's `Dog` for a
    /// typed `dog`, and the history listed both, and the export made two cards. On a card a
    /// link's destination is an id, whose case counts; among the words looked up it is a word
    /// like any other. Canonically equal spellings are one word too.
    @Test func oneWordInSeveralCasesIsOneWord() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(folder: folder)
        let visits: [(Double, StoredAddress, String?)] = [
            (100, StoredAddress(text: "dog"), "dog"), (200, StoredAddress(text: "Dog"), "Dog"), (300, StoredAddress(text: "dog"), "dog"),
            (400, StoredAddress(text: "DOG"), nil),
            (500, StoredAddress(text: "Bank~n", isLink: true, dictionary: "gcide"), "Bank"),
            (600, StoredAddress(text: "bank~n", isLink: true, dictionary: "gcide"), "bank"),
            (700, StoredAddress(text: "ÉCOLE"), "école"), (800, StoredAddress(text: "e\u{301}cole"), "école"), (850, StoredAddress(text: "\u{E9}cole"), "école"),
            (900, StoredAddress(text: "日本"), "日本"), (950, StoredAddress(text: "🐕\u{200D}🦺"), "🐕\u{200D}🦺"),
        ]
        for (time, address, title) in visits { try store.record(Visit(time: time, address: address, title: title, origin: "browser")) }
        let counts = try store.wordCounts()
        #expect(counts == [
            WordCount(text: "🐕\u{200D}🦺", count: 1, firstTime: 950, lastTime: 950, lastTitle: "🐕\u{200D}🦺"),
            WordCount(text: "日本", count: 1, firstTime: 900, lastTime: 900, lastTitle: "日本"),
            WordCount(text: "école", count: 3, firstTime: 700, lastTime: 850, lastTitle: "école"),
            WordCount(text: "bank~n", count: 2, firstTime: 500, lastTime: 600, lastTitle: "bank"),
            WordCount(text: "dog", count: 4, firstTime: 100, lastTime: 400, lastTitle: nil),
        ], "\(counts)")
        // Three spellings of école, once each (capitals; e with a combining acute; é): written as
        // the latest.
        #expect(Array(counts[2].text.unicodeScalars) == Array("\u{E9}cole".unicodeScalars))
        let found = try store.foundWords()
        // Study cards: found pages only (the DOG that found nothing is not one), most often first.
        #expect(found.map(\.address.text) == ["école", "dog", "🐕\u{200D}🦺", "日本", "bank~n", "Bank~n"], "\(found)")
        #expect(found.map(\.count) == [3, 3, 1, 1, 1, 1])
        #expect(found.map(\.lastTime).prefix(2) == [850, 300])
    }

    @Test func bookmarksToggle() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(folder: folder)
        let dog = StoredAddress(text: "dog")
        let sense = StoredAddress(text: "bank~n", isLink: true, dictionary: "sample", sense: "1")
        try store.setBookmark(dog, title: "dog", isOn: true, time: 1)
        try store.setBookmark(sense, title: "bank", isOn: true, time: 2)
        try store.setBookmark(dog, title: "dog", isOn: true, time: 3)
        #expect(try store.bookmarks() == [Bookmark(address: dog, title: "dog", time: 3), Bookmark(address: sense, title: "bank", time: 2)])
        try store.setBookmark(dog, title: "dog", isOn: false)
        #expect(try store.bookmarks().map(\.address) == [sense])
    }

    @Test func aSessionIsReplacedWhole() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(folder: folder)
        #expect(try store.loadSession() == nil)
        func place(_ text: String, _ top: Int) -> SessionPlace {
            SessionPlace(address: StoredAddress(text: text), title: text, topCharacter: top, topText: "text of \(text)", focusedLink: top % 2 == 0 ? nil : 1)
        }
        let first = Session(current: place("dog", 10), back: [place("", 0), place("cat", 3)], forward: [place("bank", 7)])
        try store.saveSession(first)
        #expect(try HistoryStore(folder: folder).loadSession() == first)
        let second = Session(current: place("river", 0))
        try store.saveSession(second)
        #expect(try store.loadSession() == second)
    }

    @Test func theSessionKeepsItsEntryAnchor() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(folder: folder)
        let current = SessionPlace(address: StoredAddress(text: "bank"), title: "bank (2 entries)", topCharacter: 900, topText: "to rely",
                                   focusedLink: nil, entryDictionary: "sample", entryID: "bank~v", entryOffset: 12)
        try store.saveSession(Session(current: current))
        #expect(try HistoryStore(folder: folder).loadSession()?.current == current)
    }

    /// A store written before the session held its entry anchor opens, gains the columns, and keeps its session.
    /// The group of dictionaries chosen in the browser comes back with the session; a store
    /// made before groups were kept (the upgrade below) gains its column.
    @Test func theSessionKeepsItsGroup() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(folder: folder)
        let place = SessionPlace(address: StoredAddress(text: "hello"), title: "hello", topCharacter: 0, topText: "", focusedLink: nil)
        try store.saveSession(Session(current: place, back: [place], group: "日本語 ✓"))
        #expect(try HistoryStore(folder: folder).loadSession()?.group == "日本語 ✓")
        try store.saveSession(Session(current: place))
        #expect(try store.loadSession()?.group == nil)
    }

    @Test func aStoreFromBeforeTheAnchorIsUpgraded() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/history.sqlite"
        let script = """
            CREATE TABLE session(stack INTEGER NOT NULL, position INTEGER NOT NULL, text TEXT NOT NULL,
                is_link INTEGER NOT NULL, dictionary TEXT, sense TEXT, title TEXT NOT NULL, top_character INTEGER NOT NULL,
                top_text TEXT NOT NULL, focused_link INTEGER, PRIMARY KEY(stack, position));
            INSERT INTO session VALUES (1, 0, 'dog', 0, NULL, NULL, 'dog', 40, 'a domesticated', NULL);
            """
        let result = Subprocess.run(["sqlite3", path, script], outputFile: Subprocess.temporaryPath("sqlite-out"))
        try #require(result.status == 0, "sqlite3: \(result.output)")
        let session = try #require(try HistoryStore(folder: folder).loadSession())
        #expect(session.current.address.text == "dog")
        #expect(session.current.topCharacter == 40)
        #expect(session.current.entryID == nil)
        #expect(session.group == nil)
    }

    /// A file of garbage where the store should be: moved aside (kept, for a person to look
    /// at), a new store begun, nothing thrown.
    @Test(arguments: ["not a database at all, just some text that is long enough to look like a header" as String,
                      String(repeating: "\u{0}", count: 4096)])
    func aDamagedStoreIsSetAside(content: String) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + HistoryStore.fileName
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        let store = try HistoryStore(folder: folder)
        let aside = try #require(store.setAsidePath)
        #expect(aside.hasPrefix(path + ".corrupt-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == Data(content.utf8))
        try store.record(Visit(time: 1, address: StoredAddress(text: "dog"), title: "dog", origin: "define"))
        #expect(try store.visits().count == 1)
        #expect(try HistoryStore(folder: folder).setAsidePath == nil)
    }

    /// A real store with its pages overwritten in the middle.
    @Test func aStoreWithDamagedPagesIsSetAside() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let store = try HistoryStore(folder: folder)
            for i in 0..<2000 { try store.record(Visit(time: Double(i), address: StoredAddress(text: "word \(i)"), title: "w", origin: "define")) }
        }
        let path = folder + "/" + HistoryStore.fileName
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 8192)
        handle.write(Data(repeating: 0xA5, count: 16384))
        try handle.close()
        let reopened = try HistoryStore(folder: folder)
        #expect(reopened.setAsidePath != nil)
        #expect(try reopened.visits().isEmpty)
    }

    /// Two connections writing at once from two threads each commit every record.
    @Test func twoWritersAtOnceLoseNothing() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try HistoryStore(folder: folder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let store = try HistoryStore(folder: folder)
                    for i in 0..<200 {
                        try store.record(Visit(time: Double(i), address: StoredAddress(text: "w\(writer)"), title: "w", origin: "test"))
                    }
                }
            }
            try await group.waitForAll()
        }
        let counts = try HistoryStore(folder: folder).wordCounts()
        #expect(Set(counts.map(\.count)) == [200])
        #expect(counts.count == 2)
    }

    @Test func theStateFolderFollowsXDG() {
        #expect(HistoryStore.folder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/wordlink")
        #expect(HistoryStore.folder(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/wordlink")
        #expect(HistoryStore.folder(environment: [:]) == nil)
    }
}
