import BrowsingHistory
import Foundation
import Testing
@testable import WordlinkCommands

/// What the browser's history page is made of (`HistoryMemory.historySummary`), from a store
/// written by hand.
@Suite struct HistorySummaryTests {
    func memory() throws -> (HistoryMemory, String) { try HistoryMemory.scratch("summary") }

    /// The history page's "Most recent": a page opened at a sense or in one dictionary says so,
    /// and one word looked up in several cases is listed once.
    @Test func recentPagesSayTheirSenseAndDictionary() throws {
        let (memory, folder) = try memory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(folder: folder)
        let visits: [(StoredAddress, String?)] = [
            (StoredAddress(text: "Dog"), "Dog (3 entries)"), (StoredAddress(text: "dog"), "Dog (3 entries)"),
            (StoredAddress(text: "dog~n", isLink: true, dictionary: "wordnet", sense: "2"), "dog"),
            (StoredAddress(text: "犬", dictionary: "freedict-eng-jpn"), "犬"),
            (StoredAddress(text: "bank", dictionary: "gcide"), "Bank · gcide"),
            (StoredAddress(text: "zzz"), nil),
        ]
        for (i, (address, title)) in visits.enumerated() {
            try store.record(Visit(time: Double(100 + i), address: address, title: title, origin: "browser"))
        }
        let recent = memory.historySummary().recent.map(\.title)
        #expect(recent == ["Bank · gcide", "犬 · freedict-eng-jpn", "dog, sense 2 · wordnet", "Dog (3 entries)"], "\(recent)")
    }
}

extension HistoryMemory {
    /// A memory over a new store in a temporary state folder of its own, and the folder (the
    /// caller removes it).
    static func scratch(_ name: String) throws -> (HistoryMemory, String) {
        let folder = NSTemporaryDirectory() + "wordlink-\(name)-\(UUID().uuidString)"
        return (HistoryMemory(store: try HistoryStore(folder: folder)), folder)
    }
}
