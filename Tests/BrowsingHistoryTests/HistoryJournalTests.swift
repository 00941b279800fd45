@testable import BrowsingHistory
import Foundation
import Testing
import TestSupport

/// The journal one-shot commands append their visits to: every visit comes into the store
/// whole, in order, once, whatever its text holds and however many write at once.
@Suite struct HistoryJournalTests {
    static func folder() -> String { Subprocess.temporaryPath("journal") }

    static func journal(_ folder: String) -> String { folder + "/" + HistoryJournal.fileName }

    /// Texts with the journal's own separators and escapes in them, CJK, an emoji sequence,
    /// combining marks, a literal `\N`, and absent fields.
    static let hostile: [Visit] = [
        Visit(time: 1_796_147_208.123456, address: StoredAddress(text: "tab\there\nnew line\r\\back"), title: "t\tt", origin: "define"),
        Visit(time: 2, address: StoredAddress(text: "\\N", isLink: true, dictionary: "wordnet", sense: "2.1"), title: nil, origin: "define"),
        Visit(time: 3, address: StoredAddress(text: "辞書 👩‍👩‍👧 e\u{301}te\u{301}", dictionary: nil, sense: nil), title: "", origin: "define"),
    ]

    @Test func appendedVisitsComeIntoTheStoreWhole() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for visit in Self.hostile { try HistoryJournal.append(visit, folder: folder) }
        let store = try HistoryStore(folder: folder)
        #expect(try store.visits() == Self.hostile)
        // Taken once: the journal is empty now, and a second reading adds nothing.
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.journal(folder))).isEmpty)
        #expect(try HistoryStore(folder: folder).visits() == Self.hostile)
    }

    @Test func aVisitRecordedDirectlyComesAfterTheJournals() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(folder: folder)
        try HistoryJournal.append(Visit(time: 10, address: StoredAddress(text: "first"), title: "first", origin: "define"), folder: folder)
        try store.record(Visit(time: 20, address: StoredAddress(text: "second"), title: "second", origin: "browser"))
        #expect(try store.visits().map(\.address.text) == ["first", "second"])
        try HistoryJournal.append(Visit(time: 30, address: StoredAddress(text: "third"), title: nil, origin: "define"), folder: folder)
        #expect(try store.wordCounts().map(\.text) == ["third", "second", "first"])
    }

    /// A crash after the store's commit and before the journal was emptied leaves lines
    /// already taken: the record of the bytes taken keeps them from being taken twice, and
    /// a line appended after them is still taken.
    @Test func linesLeftByACrashAfterTheCommitAreNotTakenTwice() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try HistoryJournal.append(Self.hostile[0], folder: folder)
        try HistoryJournal.append(Self.hostile[1], folder: folder)
        let taken = try Data(contentsOf: URL(fileURLWithPath: Self.journal(folder)))
        let store = try HistoryStore(folder: folder)
        #expect(try store.visits().count == 2)
        try taken.write(to: URL(fileURLWithPath: Self.journal(folder)))
        #expect(try store.visits().count == 2)
        try taken.write(to: URL(fileURLWithPath: Self.journal(folder)))
        try HistoryJournal.append(Self.hostile[2], folder: folder)
        #expect(try store.visits() == Self.hostile)
    }

    /// A line cut short (a crash in the middle of a write) or from a later version is
    /// skipped; the lines around it are taken.
    @Test func aBrokenLineIsSkipped() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try HistoryJournal.append(Self.hostile[0], folder: folder)
        let handle = try #require(FileHandle(forWritingAtPath: Self.journal(folder)))
        handle.seekToEndOfFile()
        handle.write(Data("v9\tsomething\telse\nv1\t12\tcut sh".utf8))
        try handle.close()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.journal(folder)))
        bytes.append(0x0A)
        try bytes.write(to: URL(fileURLWithPath: Self.journal(folder)))
        try HistoryJournal.append(Self.hostile[2], folder: folder)
        #expect(try HistoryStore(folder: folder).visits() == [Self.hostile[0], Self.hostile[2]])
    }

    /// Writers at once, each line one write under the shared lock: none lost, none torn.
    @Test func concurrentAppendsAreAllTaken() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for i in 0..<50 {
                        let text = "writer \(writer) visit \(i) " + String(repeating: "x", count: 200)
                        try HistoryJournal.append(Visit(time: Double(i), address: StoredAddress(text: text), title: text, origin: "define"),
                                                  folder: folder)
                    }
                }
            }
            try await group.waitForAll()
        }
        let visits = try HistoryStore(folder: folder).visits()
        #expect(visits.count == 400)
        #expect(Set(visits.map(\.address.text)).count == 400)
        #expect(visits.allSatisfy { $0.title == $0.address.text })
    }

    @Test func clearingTheHistoryForgetsTheJournalToo() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(folder: folder)
        try HistoryJournal.append(Self.hostile[0], folder: folder)
        try store.clearHistory()
        #expect(try store.visits().isEmpty)
    }
}
