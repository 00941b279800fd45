import Synchronization
import Testing
import TerminalText
import DictionaryModel
import DictionaryIndex
import TestSupport
@testable import PageFormatting

/// A page of several entries asks `Linked from` once, for all of them, and lists what it
/// is given: at most `rowLimit` rows, the last a link to all of them with the total the source
/// counted. (That an item linking to two entries of a page is listed once is the source's
/// work: `LibrarySearch.backlinks(to:)`, tested in DictionarySearchTests.)
@Suite struct LinkedFromRowsTests {
    @Test func aPageAsksOnceForAllItsEntries() throws {
        let (sample, lookup) = try Fixtures.sample()
        let library = Library([(sample.info, "a", lookup as any EntryLookup, 0), (sample.info, "b", lookup as any EntryLookup, 0)])
        let items = [LinkedFromItem(member: 0, entryID: "犬~n", headword: "犬 ones", pos: "名詞", sense: "1"),
                     LinkedFromItem(member: 1, entryID: "e\u{301}t~n", headword: "e\u{301}t twos", sense: nil),
                     LinkedFromItem(member: 0, entryID: "👩‍👩‍👧~n", headword: "👩‍👩‍👧 threes", sense: "1")]
        let asked = Mutex<[[String]]>([])
        let source: LinkedFromSource = { targets, limit in
            asked.withLock { $0.append(targets.map { "\($0.member):\($0.id)" } + ["limit \(limit)"]) }
            return (items, 20)
        }
        let pages = LibraryPages(library: library, linkedFrom: source)
        let numbers = lookup.lookUp("bank").entryNumbers
        #expect(numbers.count == 2)
        let text = pages.page([LibraryPages.Section(member: 0, entryNumbers: numbers)]).text.string
        let ids = numbers.map { "0:" + lookup.id(ofEntryAt: $0) }
        #expect(asked.withLock { $0 } == [ids + ["limit \(LinkedFromSection.rowLimit + 1)"]])
        let section = try #require(text.range(of: LinkedFromSection.heading)).upperBound
        let rows = text[section...].split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(rows.count == 4, "\(rows)")
        #expect(rows[0].contains("犬 ones") && rows[1].contains("e\u{301}t twos") && rows[2].contains("👩‍👩‍👧 threes"))
        // The part of speech the source gives, none where it gives none.
        #expect(rows[0].contains("犬 ones 名詞, sense 1") && rows[1].contains("e\u{301}t twos · "), "\(rows)")
        #expect(rows.last?.contains("all 20 that link here") == true, "\(rows)")
    }
}
