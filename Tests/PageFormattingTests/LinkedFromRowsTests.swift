import Testing
import TerminalText
import DictionaryModel
import DictionaryIndex
import TestSupport
@testable import PageFormatting

/// A page of several entries asks `Linked from` of each; a linking entry and sense found for
/// two of them is listed once, and items that differ in any part (dictionary, id, headword,
/// sense, or no sense) each have their row.
@Suite struct LinkedFromRowsTests {
    @Test func anItemFoundForTwoEntriesIsListedOnce() throws {
        let (sample, lookup) = try Fixtures.sample()
        let library = Library([(sample.info, "a", lookup as any EntryLookup, 0), (sample.info, "b", lookup as any EntryLookup, 0)])
        let shared = [LinkedFromItem(member: 0, entryID: "犬~n", headword: "犬 ones", sense: "1"),
                      LinkedFromItem(member: 1, entryID: "e\u{301}t~n", headword: "e\u{301}t twos", sense: nil)]
        let own = [LinkedFromItem(member: 0, entryID: "犬~n", headword: "犬 ones", sense: "2"),
                   LinkedFromItem(member: 0, entryID: "犬~n", headword: "犬 ones", sense: nil),
                   LinkedFromItem(member: 1, entryID: "犬~n", headword: "犬 ones", sense: "1"),
                   LinkedFromItem(member: 0, entryID: "👩‍👩‍👧~n", headword: "👩‍👩‍👧 threes", sense: "1")]
        let source: LinkedFromSource = { _, id, _ in
            // Every entry of the page is linked from the shared items; the first also from its own.
            let items = id == "bank~n" ? shared + own : shared
            return (items, items.count)
        }
        let pages = LibraryPages(library: library, linkedFrom: source)
        let numbers = lookup.lookUp("bank").entryNumbers
        #expect(numbers.count == 2)
        let text = pages.page([LibraryPages.Section(member: 0, entryNumbers: numbers)]).text.string
        let section = try #require(text.range(of: LinkedFromSection.heading)).upperBound
        let rows = text[section...].split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        // 6 distinct items, listed once each, then the link to all (the totals add up: 6 + 2).
        #expect(rows.count == 7, "\(rows)")
        #expect(rows.filter { $0.contains("e\u{301}t twos") }.count == 1)
        #expect(rows.filter { $0.contains("犬 ones") }.count == 4)
        #expect(rows.filter { $0.contains("👩‍👩‍👧 threes") }.count == 1)
        #expect(rows.last?.contains("all 8 that link here") == true, "\(rows)")
    }
}
