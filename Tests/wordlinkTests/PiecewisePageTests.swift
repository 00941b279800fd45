import Testing
import TestSupport
import TerminalText
import DictionaryModel
import DictionaryIndex
import PageFormatting
import BrowserCore
@testable import wordlink

/// `define` makes its page in pieces, one an entry and one for `Linked from`, laid out at once
/// on several threads; the rows printed must be the rows of the whole page laid out at once.
@Suite struct PiecewisePageTests {
    /// Every entry of `lookup`, by a linking entry of each member with hostile text.
    static let linkedFrom: LinkedFromSource = { member, id, limit in
        let items = [LinkedFromItem(member: 0, entryID: "dog~n", headword: "dog \u{1B}[31m", sense: "1"),
                     LinkedFromItem(member: member, entryID: id + "-back", headword: "漢字 e\u{301} 👨‍👩‍👧", sense: nil)]
        return (Array(items.prefix(limit)), id.utf8.count % 3 == 0 ? 12 : 2)
    }

    /// Two dictionaries: the sample, and one of CJK, combining marks, emoji and a wrapping link.
    static func library() throws -> Library {
        let (sample, sampleLookup) = try Fixtures.sample()
        var wide = RenderedPageTests.wideFolder()
        wide.info = DictionaryInfo(id: "wide", title: "Wide 字典 👍🏽")
        return Library([(sample.info, Fixtures.path("sample"), sampleLookup as any EntryLookup, 0),
                        (wide.info, "wide", Lookup(folder: wide) as any EntryLookup, 0)])
    }

    static func sections(_ library: Library, _ query: String) -> [LibraryPages.Section] {
        library.members.indices.compactMap { member in
            let numbers = library.members[member].lookup.lookUp(query).entryNumbers
            return numbers.isEmpty ? nil : LibraryPages.Section(member: member, entryNumbers: numbers)
        }
    }

    /// The piecewise rows and styled rows of `sections`, checked against the whole page's.
    func check(_ pages: LibraryPages, _ sections: [LibraryPages.Section], sense: String? = nil, width: Int) {
        let whole = RenderedPage(text: pages.page(sections, openedAt: sense).text, width: width, library: pages.library)
        let lines = DefineCommand.piecewise(pages, sections, openedAt: sense, width: width) { $0.lines }
        #expect(lines.count <= pages.pieceCount(sections))
        #expect(lines.allSatisfy { !$0.isEmpty }, "an empty piece has no rows")
        #expect(DefineCommand.text(lines: lines.flatMap { $0 }) == DefineCommand.output(whole, format: .text, query: "", entries: []),
                "width \(width)")
        let style = ANSIStyle(theme: Theme.choose(preferred: .dark, environment: [:], terminalHasColors: true))
        let styled = DefineCommand.piecewise(pages, sections, openedAt: sense, width: width) { DefineCommand.ansiOutput($0, style: style) }
        var joined = StyledOutput()
        for piece in styled { joined.append(piece) }
        #expect(joined.pieces == DefineCommand.ansiOutput(whole, style: style).pieces, "width \(width)")
    }

    @Test(arguments: [7, 20, 33, 80])
    func piecesMakeTheWholePage(width: Int) throws {
        let library = try Self.library()
        var pages = LibraryPages(library: library, linkedFrom: Self.linkedFrom)
        // One dictionary answering, then both (headings, a blank line between sections).
        check(pages, Self.sections(library, "bank"), width: width)
        check(pages, Self.sections(library, "bank"), sense: "2", width: width)
        let both = Self.sections(library, "dog") + [LibraryPages.Section(member: 1, entryNumbers: [0, 1])]
        #expect(both.count == 2)
        check(pages, both, width: width)
        // Without the Linked from section, and with sources shown.
        pages.showsSources = true
        check(pages, both, width: width)
        check(LibraryPages(library: library), both, width: width)
        // A library of one dictionary: no headings.
        let (sample, lookup) = try Fixtures.sample()
        let single = Library(single: lookup, info: sample.info)
        check(LibraryPages(library: single, linkedFrom: Self.linkedFrom), Self.sections(single, "bank"), width: width)
    }

    @Test func aPageWithNoLinkedFromIsItsEntries() throws {
        let library = try Self.library()
        let sections = Self.sections(library, "bank")
        let entries = sections.reduce(0) { $0 + $1.entryNumbers.count }
        #expect(entries == 2)
        #expect(LibraryPages(library: library).pieceCount(sections) == entries)
        #expect(LibraryPages(library: library, linkedFrom: Self.linkedFrom).pieceCount(sections) == entries + 1)
        #expect(LibraryPages(library: library, linkedFrom: Self.linkedFrom).pieceCount([]) == 0)
        // Nothing links here: the last piece is empty, and the page is its entries.
        let none: LinkedFromSource = { _, _, _ in ([], 0) }
        let pages = LibraryPages(library: library, linkedFrom: none)
        #expect(pages.piece(entries, of: sections).string.isEmpty)
        check(pages, sections, width: 40)
        #expect(DefineCommand.piecewise(pages, sections, openedAt: nil, width: 40) { $0.lines }.count == entries)
    }

    @Test func piecesAreMadeLinkedFromFirstThenLargestEntryFirst() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let lookup = try scratch.open().lookup
        let folder = try DataFolder.load(from: scratch.folder)
        let library = Library(single: lookup, info: folder.info)
        let numbers = Array(lookup.entryNumbers.prefix(6))
        let sections = [LibraryPages.Section(member: 0, entryNumbers: numbers)]
        let sizes = numbers.map { lookup.byteCount(ofEntryAt: $0) }
        #expect(sizes.allSatisfy { $0 > 0 })
        #expect(Set(sizes).count > 1, "entries of different sizes")
        let order = LibraryPages(library: library, linkedFrom: Self.linkedFrom).pieceOrder(sections)
        #expect(order.first == numbers.count)
        #expect(Set(order) == Set(0...numbers.count))
        let entryOrder = Array(order.dropFirst())
        // Largest first; equal sizes keep page order.
        for (a, b) in zip(entryOrder, entryOrder.dropFirst()) {
            #expect(sizes[a] > sizes[b] || (sizes[a] == sizes[b] && a < b))
        }
        #expect(LibraryPages(library: library).pieceOrder(sections) == entryOrder)
        // Split when no entry is half of them or more.
        let pages = LibraryPages(library: library, linkedFrom: Self.linkedFrom)
        let total = sizes.reduce(0, +), largest = try #require(sizes.max())
        #expect(pages.splitsEvenly(sections) == (2 * largest < total))
        // Entry numbers are the index's own: sizes by number.
        let size = Dictionary(uniqueKeysWithValues: zip(numbers, sizes))
        let big = numbers[try #require(sizes.firstIndex(of: largest))]
        let others = numbers.filter { $0 != big }
        #expect(pages.splitsEvenly([LibraryPages.Section(member: 0, entryNumbers: others)]) == (2 * others.map { size[$0]! }.max()! < total - largest))
        #expect(!pages.splitsEvenly([LibraryPages.Section(member: 0, entryNumbers: [big])]), "one entry")
        #expect(!pages.splitsEvenly([]))
        var lopsided = [big]
        for other in others where 2 * (lopsided.dropFirst().map { size[$0]! }.reduce(0, +) + size[other]!) < largest { lopsided.append(other) }
        #expect(lopsided.count > 1, "the sample has small entries beside its largest")
        #expect(!pages.splitsEvenly([LibraryPages.Section(member: 0, entryNumbers: lopsided)]), "one large entry, small ones")
        let even = numbers.filter { 4 * size[$0]! < total }
        #expect(even.count > 2 && 2 * even.map({ size[$0]! }).max()! < even.map({ size[$0]! }).reduce(0, +), "entries of like sizes")
        #expect(pages.splitsEvenly([LibraryPages.Section(member: 0, entryNumbers: even)]))
        // What define prints is the whole page's rows either way.
        for chosen in [sections, [LibraryPages.Section(member: 0, entryNumbers: [big])]] {
            let whole = RenderedPage(text: pages.page(chosen).text, width: 50, library: library)
            #expect(DefineCommand.text(lines: DefineCommand.rendered(pages, chosen, openedAt: nil, width: 50) { $0.lines }.flatMap { $0 })
                    == DefineCommand.output(whole, format: .text, query: "", entries: []))
        }
        // In-memory dictionaries know no sizes: never split.
        #expect(!LibraryPages(library: try Self.library()).splitsEvenly(Self.sections(try Self.library(), "bank")))
        // In-memory dictionaries know no sizes: page order.
        let memory = try Self.library()
        #expect(LibraryPages(library: memory).pieceOrder(Self.sections(memory, "bank")) == [0, 1])
        check(LibraryPages(library: library, linkedFrom: Self.linkedFrom), sections, width: 50)
    }

    /// `define`'s text format does not resolve links (`LibraryPages.resolvesLinks`): its rows are
    /// the rows of the page whose links are resolved, for every entry of three dictionaries
    /// (CJK, combining marks, emoji, unresolved links, links into another dictionary, to a
    /// sense, to a URL, folded relations), opened whole and at a sense, at widths that wrap
    /// links across rows.
    @Test(arguments: [7, 33, 80])
    func rowsAreTheSameWithoutResolvingLinks(width: Int) throws {
        let base = try Self.library()
        let crossing = DataFolder.load(dictionary: nil, entryFiles: [SourceFile(path: "entries/c.json", text: """
            [{"id": "cross", "headword": "cross", "senses": [
               {"definition": "a [[dog]] (another dictionary's), a [[bank#2|river bank]], [[漢字]], [[https://example.org/x|a page]] and [[zzz-nowhere]]"},
               {"definition": "see [[cross#2]] and [[cross]]"}]}]
            """)])
        let library = Library(base.members.map { ($0.info, $0.folder, $0.lookup, 0) }
                              + [(DictionaryInfo(id: "cross", title: "Cross"), "cross", Lookup(folder: crossing) as any EntryLookup, 0)])
        let resolved = LibraryPages(library: library, linkedFrom: Self.linkedFrom)
        var plain = resolved
        plain.resolvesLinks = false
        #expect(plain.formatters.allSatisfy { !$0.resolvesLinks } && resolved.formatters.allSatisfy(\.resolvesLinks))
        var linksSeen = 0, elsewhere = 0, external = 0
        for member in library.members.indices {
            for item in library.members[member].lookup.headwords {
                let sections = [LibraryPages.Section(member: member, entryNumbers: item.entryNumbers)]
                for sense in [nil, "1", "2"] as [String?] {
                    let whole = RenderedPage(text: resolved.page(sections, openedAt: sense).text, width: width, library: library)
                    let bare = RenderedPage(text: plain.page(sections, openedAt: sense).text, width: width, library: library)
                    #expect(bare.lines == whole.lines, "\(item.headword) at width \(width)")
                    #expect(DefineCommand.text(lines: DefineCommand.rendered(plain, sections, openedAt: sense, width: width) { $0.lines }
                        .flatMap { $0 }) == DefineCommand.output(whole, format: .text, query: "", entries: []))
                    // The same links in the same places; each keeps its target as written
                    // for destination, looked up by nobody.
                    #expect(bare.links.map(\.range) == whole.links.map(\.range))
                    for (b, w) in zip(bare.links, whole.links) where w.link.state != .external && w.link.destination != w.link.target {
                        #expect(b.link.target == w.link.target)
                        #expect(b.link.destination == b.link.target && b.link.dictionary == nil && !b.link.leadsElsewhere)
                        linksSeen += 1
                    }
                    elsewhere += whole.links.filter(\.link.leadsElsewhere).count
                    #expect(bare.links.allSatisfy { !$0.link.leadsElsewhere })
                    external += zip(bare.links, whole.links).filter { $0.0.link.state == .external && $0.1.link.state == .external }.count
                }
            }
        }
        #expect(linksSeen > 20, "links whose resolved destination is not their target")
        #expect(elsewhere > 0, "a link into another dictionary")
        #expect(external > 0, "a URL stays external")
    }
}
