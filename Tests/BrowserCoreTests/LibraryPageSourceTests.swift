import BrowserCore
import DictionaryModel
import DictionaryIndex
import TerminalText
import TestSupport
import Testing
import PageFormatting

/// Pages over several dictionaries: each dictionary's entries under its heading, the title
/// naming who answered, a link into another dictionary that says so and opens there.
@Suite struct LibraryPageSourceTests {
    /// The page source of the fixture dictionaries `names`, with the `titles` given.
    static func source(_ names: [String], titles: [String: String] = [:]) throws -> DictionaryPageSource {
        DictionaryPageSource(library: try Library(names.map { name in
            var folder = try Fixtures.load(name)
            if let title = titles[name] { folder.info.title = title }
            return (folder.info, Fixtures.path(name), Lookup(folder: folder) as any EntryLookup, 0)
        }))
    }

    static func page(_ lookup: PageLookup) throws -> Page {
        guard case .found(let page) = lookup else { throw LookupFailed() }
        return page
    }

    struct LookupFailed: Error {}

    @Test func eachDictionarysEntriesStandUnderItsHeadingInLibraryOrder() throws {
        let source = try Self.source(["sample", "second"])
        let page = try Self.page(source.page(forQuery: "dog"))
        let lines = page.text.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let sample = try #require(lines.firstIndex(of: "Fixture Dictionary"))
        let second = try #require(lines.firstIndex(of: "A Second Dictionary"))
        let noun = try #require(lines.firstIndex { $0.hasPrefix("dog  noun") })
        let verb = try #require(lines.firstIndex { $0.hasPrefix("dog  verb") })
        #expect(sample < noun && noun < second && second < verb)
        #expect(page.title == "dog (2 entries) · Fixture Dictionary, A Second Dictionary")
        // The headings are styled as headings, not as text of an entry, and the page knows where they are.
        #expect(page.sections.map(\.dictionary) == ["fixture-sample", "second"])
        #expect(page.sections.map { page.text.substring($0.heading) } == ["Fixture Dictionary\n", "A Second Dictionary\n"])
        #expect(page.text.attributes(at: page.sections[0].heading.lowerBound).attributes.colorRole == .dictionaryHeading)
        // The navigator comes first: a link to each section.
        #expect(lines[0] == "Fixture Dictionary 1 · A Second Dictionary 1")
        #expect(page.text.attributes(at: 0).attributes.wordLink?.state == .anchor)
        #expect(page.word == "dog")
    }

    /// Past four dictionaries, the title names the first three and how many more answered
    /// (the navigator names them all); four are named.
    @Test func theTitleNamesThreeOfManyDictionaries() throws {
        func source(copies: Int) throws -> DictionaryPageSource {
            var members = [try Fixtures.load("sample")].map { ($0.info, Fixtures.path("sample"), Lookup(folder: $0) as any EntryLookup, 0) }
            for n in 1...copies {
                var folder = try Fixtures.load("second")
                folder.info.id = "d\(n)"
                folder.info.title = "D\(n) 犬 🐕\u{200D}🦺"
                members.append((folder.info, Fixtures.path("second") + "/\(n)", Lookup(folder: folder) as any EntryLookup, 0))
            }
            return DictionaryPageSource(library: Library(members))
        }
        let many = try Self.page(source(copies: 6).page(forQuery: "dog"))
        #expect(many.title == "dog (7 entries) · Fixture Dictionary, D1 犬 🐕\u{200D}🦺, D2 犬 🐕\u{200D}🦺 and 4 more")
        let lines = many.text.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("Fixture Dictionary 1 · D1 犬 🐕\u{200D}🦺 1 ·"))
        #expect(many.sections.count == 7)
        let four = try Self.page(source(copies: 3).page(forQuery: "dog"))
        #expect(four.title == "dog (4 entries) · Fixture Dictionary, D1 犬 🐕\u{200D}🦺, D2 犬 🐕\u{200D}🦺, D3 犬 🐕\u{200D}🦺")
    }

    /// A title wider than 30 columns is named by its id in the navigator, the title bar and
    /// the lookup prompt's candidates (GCIDE's title alone filled the row of `dog` on a library
    /// of 39); the heading gives it whole.
    @Test func longTitlesAreNamedByTheirIDsInTheNavigatorTitleAndPrompt() throws {
        let long = "A Second Dictionary of Every Word, Revised 犬 🐕\u{200D}🦺"
        let source = try Self.source(["sample", "second"], titles: ["second": long])
        #expect(try #require(source.completions(for: "dog", limit: 5).first).detail == "Fixture Dictionary: noun; second: verb")
        let page = try Self.page(source.page(forQuery: "dog"))
        #expect(page.title == "dog (2 entries) · Fixture Dictionary, second")
        let lines = page.text.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Fixture Dictionary 1 · second 1")
        #expect(page.sections.map { page.text.substring($0.heading) } == ["Fixture Dictionary\n", long + "\n"])
        #expect(page.sections.map(\.title) == ["Fixture Dictionary", long])
    }

    /// A word written as a link to one of its senses (`bank~n#2`, `bank#river`), as `define`
    /// takes it, opens the page of the word at that sense, from the command line and the lookup
    /// prompt, where it is a candidate of its own; a sense no entry has opens the word's page.
    @Test func aWordAndOneOfItsSensesOpensThePageThere() throws {
        let source = try Self.source(["sample", "second"])
        let whole = try Self.page(source.page(forQuery: "bank"))
        let second = try Self.page(source.page(forQuery: "bank~n#2"))
        #expect(second.address.sense == "2" && second.address.text == "bank~n")
        #expect(second.startCharacter > 0)
        let river = try Self.page(source.page(forQuery: "Bank#river"))
        #expect(river.address.sense == "river" && river.startCharacter > 0 && river.startCharacter < second.startCharacter)
        let missing = try Self.page(source.page(forQuery: "bank#9"))
        #expect(missing.startCharacter == 0)
        #expect(missing.note == "No entry of “bank” has a sense “9”: the page opens at its top.")
        #expect(second.note == nil && river.note == nil && whole.note == nil)
        // The browser says it when the page opens, from the command line as from a link.
        #expect(Browser(source: source, size: CellSize(columns: 60, rows: 10), page: missing).message == missing.note)
        #expect(whole.startCharacter == 0)
        for missing in ["#2", "bank#", "nothing#2", "#"] {
            guard case .notFound = source.page(forQuery: missing) else { Issue.record("\(missing) opened a page"); continue }
        }
        #expect(source.completions(for: "bank~n#2", limit: 5).first == Completion(text: "bank~n#2", detail: "sense 2 of bank", address: "bank~n#2"))
        #expect(source.completions(for: "bank#river", limit: 5).first?.detail == "sense river of bank")
        #expect(source.completions(for: "bank#9", limit: 5).first?.text != "bank#9")
        #expect(source.completions(for: "犬#1", limit: 5).isEmpty || source.completions(for: "犬#1", limit: 5).first?.text != "犬#1")
    }

    @Test func aPageOfOneDictionaryHasNoHeading() throws {
        let source = try Self.source(["sample"])
        let page = try Self.page(source.page(forQuery: "dog"))
        #expect(page.text.string.hasPrefix("dog  noun"))
        #expect(page.title == "dog")
    }

    @Test func aLinkIntoAnotherDictionarySaysSoAndOpensThere() throws {
        let source = try Self.source(["sample", "second"])
        let page = try Self.page(source.page(forQuery: "puppy"))
        let links = page.text.wordLinks.map(\.link)
        let pony = try #require(links.first { $0.target == "pony" })
        #expect(pony.leadsElsewhere)
        #expect(pony.dictionary == "fixture-sample")
        #expect(source.summary(of: pony)?.contains("in Fixture Dictionary") == true)
        let opened = try Self.page(source.page(for: pony))
        #expect(opened.text.string.hasPrefix("Fixture Dictionary\n\npony"))
        #expect(opened.address.dictionary == "fixture-sample")
        // Its own dog stays in its own dictionary: the verb, not the sample's noun.
        let dog = try #require(links.first { $0.target == "dog" })
        #expect(!dog.leadsElsewhere)
        let ownDog = try Self.page(source.page(for: dog))
        #expect(ownDog.text.string.hasPrefix("A Second Dictionary\n\ndog  verb"))
        #expect(source.summary(of: dog)?.contains(" in ") == false)
        // Going back to the link's page asks for the same address again.
        let again = try Self.page(source.page(at: ownDog.address))
        #expect(again.text.string == ownDog.text.string)
    }

    /// Several dictionaries open on the library's page: each a link to its index page, with
    /// its id, languages and entries; one dictionary opens on its own index, as before.
    @Test func aLibraryOpensOnAPageOfItsDictionaries() throws {
        let source = try Self.source(["sample", "second"], titles: ["second": "A Second Dictionary 犬 🐕\u{200D}🦺 e\u{301}"])
        let start = source.startPage()
        #expect(start.title == "Your library: 2 dictionaries")
        #expect(start.address.isStart)
        let lines = start.text.string.split(separator: "\n").map(String.init)
        #expect(lines.first == "Your library: 2 dictionaries")
        #expect(lines.contains { $0.hasPrefix("Fixture Dictionary  fixture-sample") && $0.hasSuffix(" entries") })
        #expect(lines.contains { $0.hasPrefix("A Second Dictionary 犬 🐕\u{200D}🦺 e\u{301}  second · en · ") })
        let links = start.text.wordLinks.map(\.link)
        #expect(links.count == 2)
        let second = try #require(links.last)
        #expect(source.summary(of: second) == "the index of A Second Dictionary 犬 🐕\u{200D}🦺 e\u{301}")
        let index = try Self.page(source.page(for: second))
        #expect(index.title == "A Second Dictionary 犬 🐕\u{200D}🦺 e\u{301}")
        #expect(index.text.string.hasPrefix("A Second Dictionary 犬 🐕\u{200D}🦺 e\u{301}\n"))
        #expect(index.text.string.contains("headword"))
        // Going back asks for the same address again; an index of no open dictionary is no page.
        #expect(try Self.page(source.page(at: index.address)).text.string == index.text.string)
        var gone = index.address
        gone.text = LibraryPages.indexAddressPrefix + "nothing-here"
        guard case .notFound = source.page(at: gone) else { Issue.record("an index of no dictionary opened"); return }
        // One dictionary: its own index page, under its title.
        let one = try Self.source(["second"]).startPage()
        #expect(one.title == "A Second Dictionary")
        #expect(one.text.string.hasPrefix("A Second Dictionary\n"))
    }

    @Test func completionNamesTheDictionariesOfEachCandidate() throws {
        let source = try Self.source(["sample", "second"])
        let dog = try #require(source.completions(for: "dog", limit: 5).first)
        #expect(dog.text == "dog")
        #expect(dog.detail.contains("Fixture Dictionary: noun"))
        #expect(dog.detail.contains("A Second Dictionary: verb"))
    }
}
