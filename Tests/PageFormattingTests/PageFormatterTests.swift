import Testing
import TerminalText
import DictionaryModel
@testable import PageFormatting
import DictionaryIndex
import TestSupport
import PageFormatting

@Suite struct PageFormatterTests {
    let folder: DataFolder
    let lookup: Lookup
    let formatter: PageFormatter

    init() throws {
        (folder, lookup) = try Fixtures.sample()
        formatter = PageFormatter(lookup: lookup, info: folder.info)
    }

    /// Lays `text` out at `width`, draws it into a grid, and returns the grid's lines with
    /// `|` marking each row's end.
    func screen(_ text: StyledText, width: Int) -> String {
        let layoutManager = LayoutManager(text: text, width: width)
        var grid = CellGrid(columns: width, rows: layoutManager.numberOfRows)
        grid.draw(layoutManager, in: CellRect(column: 0, row: 0, columns: width, rows: layoutManager.numberOfRows))
        return grid.lines.map { $0 + "|" }.joined(separator: "\n")
    }

    func page(_ query: String) -> StyledText {
        formatter.page(forEntryNumbers: lookup.lookUp(query).entryNumbers)
    }

    @Test func entryPageAtWidth60() {
        #expect(screen(page("dog"), width: 60) == """
            dog  noun  /dɔɡ/  (common)|
            forms: dogs, doggies (plural, informal)|
            |
             1. a domesticated carnivorous mammal, kept as a pet or for|
                hunting; related to the wolf|
                  the dog barked all night|
                  le chien aboie — Phrasebook|
                      the dog barks|
                Synonyms: domestic dog, Canis familiaris|
             2. (informal) a person regarded as unpleasant, see a bank|
                and the web|
            |
            Not to be confused with a dgo.|
            |
            Broader: canine|
            |
            Etymology: From Old English docga.|
            |
            """)
    }

    /// Forms in a row with the same tags share one note; a change of tags starts another.
    @Test func formsWithTheSameTagsShareOneNote() {
        let entry = Entry(id: "go", headword: "go", forms: [Form("went", tags: ["past"]), Form("gone", tags: ["past participle"]),
                                                            Form("goes", tags: ["present"]), Form("going", tags: ["present"]),
                                                            Form("Gehen", tags: ["in the text"]), Form("ir", tags: ["in the text"]), Form("goeth")],
                          senses: [Sense(definition: "to move")])
        let lookup = Lookup(entries: [entry])
        let formatter = PageFormatter(lookup: lookup, info: DictionaryInfo(id: "t", title: "T"))
        let row = screen(formatter.page(forEntryNumbers: [0]), width: 120).split(separator: "\n")[1]
        #expect(row.hasPrefix("forms: went (past), gone (past participle), goes, going (present), Gehen, ir (in the text), goeth|"))
    }

    /// A form that is whole words of the headword (a key of the source's index, as Ding's
    /// `haus` of `Haus der Begegnung`) is not listed; part of a word is a form like any other.
    @Test func formsThatAreWordsOfTheHeadwordAreNotListed() {
        let entry = Entry(id: "h", headword: "Haus der Begegnung", forms: [Form("haus"), Form("DER BEGEGNUNG"), Form("aus"), Form("Hausboot")],
                          senses: [Sense(definition: "community centre")])
        let formatter = PageFormatter(lookup: Lookup(entries: [entry]), info: DictionaryInfo(id: "t", title: "T"))
        let rows = screen(formatter.page(forEntryNumbers: [0]), width: 60).split(separator: "\n")
        #expect(rows[1].hasPrefix("forms: aus, Hausboot|"), "\(rows)")
        let only = Entry(id: "k", headword: "Haus", forms: [Form("haus")], senses: [Sense(definition: "house")])
        let plain = PageFormatter(lookup: Lookup(entries: [only]), info: DictionaryInfo(id: "t", title: "T"))
        #expect(!screen(plain.page(forEntryNumbers: [0]), width: 60).contains("forms:"))
        #expect(PageFormatter.headword("犬の家 🐕\u{200D}🦺 e\u{301}tude", shows: "E\u{301}TUDE"))
        #expect(PageFormatter.headword("Café au lait", shows: "café"))
        #expect(!PageFormatter.headword("Cafés", shows: "café"))
        #expect(!PageFormatter.headword("x2y", shows: "2"))
        #expect(!PageFormatter.headword("dog", shows: ""))
        // Nor is the headword with a homograph number (XMLittre's index words); other numbers are.
        let garde = Entry(id: "g", headword: "GARDE", forms: [Form("GARDE.2"), Form("GARDE.1.1"), Form("犬.2"), Form("GARDE 2"), Form("3.14")],
                          senses: [Sense(definition: "action de garder")])
        let numbered = PageFormatter(lookup: Lookup(entries: [garde]), info: DictionaryInfo(id: "t", title: "T"))
        #expect(screen(numbered.page(forEntryNumbers: [0]), width: 60).split(separator: "\n")[1].hasPrefix("forms: 犬.2, GARDE 2, 3.14|"))
    }

    /// A form the entry's text mentions (tagged `in the text`) that one of its examples shows
    /// whole, or has the letters of (`dict`'s key `hast du bier im hausda`), is not listed
    /// (Ding's phrases, examples of their term); a form with other tags, or one that no
    /// example shows, is.
    @Test func mentionsThatAnExampleShowsAreNotListed() {
        let mention = [Form.mentionTag]
        let entry = Entry(id: "h", headword: "Haus", forms: [Form("Häuser", tags: ["plural"]), Form("ein Haus bauen", tags: mention),
                                                            Form("im haus bleiben", tags: mention), Form("frei Haus", tags: mention),
                                                            Form("der 犬 e\u{301}", tags: mention), Form("bauen"),
                                                            Form("hast du bier im hausda", tags: mention), Form("du bier", tags: mention)],
                          senses: [Sense(glosses: ["house"], examples: [Example("ein Haus bauen", translation: "to build a house"),
                                                                        Example("im Haus bleiben (allein)"), Example("Häuser und 犬 🐕\u{200D}🦺 der 犬 E\u{301}"),
                                                                        Example("Hast du Bier im Haus/da?")])])
        let formatter = PageFormatter(lookup: Lookup(entries: [entry]), info: DictionaryInfo(id: "t", title: "T"))
        let rows = screen(formatter.page(forEntryNumbers: [0]), width: 60).split(separator: "\n")
        #expect(rows[1].hasPrefix("forms: Häuser (plural), frei Haus (in the text), bauen|"), "\(rows)")
    }

    /// Where each sense starts, entry by entry and depth first: the text there is the sense's
    /// number, so a link to `bank#2b` can open the page at "b. its staff".
    @Test func anchoredPageSaysWhereEachSenseStarts() throws {
        let numbers = lookup.lookUp("bank").entryNumbers
        let (text, starts) = formatter.anchoredPage(forEntryNumbers: numbers)
        #expect(text == page("bank"))
        #expect(starts.map(\.count) == [4, 1])
        let bytes = Array(text.string.utf8)
        func line(at offset: Int) -> String {
            String(decoding: bytes[offset...].prefix { $0 != 0x0A }, as: UTF8.self)
        }
        #expect(starts[0].map(line) == [" 1. sloping land beside a body of water, as of a river", " 2. a financial institution that accepts deposits",
                                        "a. the building where such an institution works", "b. its staff, as a body"])
        // The verb's only sense has no number.
        #expect(starts[1].map(line) == ["tip laterally, as an aircraft does when it turns"])
        let all = NumberedSense.all(lookup.entry(at: numbers[0]).senses)
        #expect(all.map(\.path) == ["1", "2", "2a", "2b"])
    }

    @Test func homographsAtWidth40WithSubSenses() {
        #expect(screen(page("bank"), width: 40) == """
            bank  noun  /bæŋk/|
            |
             1. sloping land beside a body of water,|
                as of a river|
                  they pulled the canoe up on the|
                    bank — WordNet|
             2. a financial institution that accepts|
                deposits|
                a. the building where such an|
                   institution works|
                b. its staff, as a body|
            |
            bank  verb|
            |
                tip laterally, as an aircraft does|
                when it turns|
            |
            """)
    }

    @Test func indexPage() {
        #expect(screen(formatter.indexPage(), width: 60) == """
            Fixture Dictionary|
            |
            A small dictionary for the tests.|
            |
            7 headwords:|
            bank, café, dog, go, pony, river, Wolf|
            |
            """)
        let links = formatter.indexPage().wordLinks.map { "\($0.link.target)→\($0.link.destination ?? "-")" }
        // One entry: the link targets its id; homographs: the headword, which shows them all.
        #expect(links == ["bank→bank", "café→café", "dog~n→dog~n", "go~v→go~v", "pony~n→pony~n", "river~n→river~n", "wolf~n→wolf~n"])
    }

    @Test func hostileTextIsShownAsPlaceholders() throws {
        let broken = try Fixtures.load("broken")
        let lookup = Lookup(folder: broken)
        let formatter = PageFormatter(lookup: lookup, info: broken.info)
        let text = formatter.page(for: try #require(lookup.entry(withID: "hostile")))
        #expect(screen(text, width: 60) == """
            esc^[[31m red, c1 <U+0085>, nul ^@, bidi|
              <U+202E>evil<U+202C>|
            |
                esc^[[31m red, c1 <U+0085>, nul ^@, bidi|
                <U+202E>evil<U+202C>|
            |
            """)
    }

    /// Sense markers as the data numbers them: an entry's only sense has none (unless its id
    /// is `1`), top-level senses with the ids `a`, `b` are lettered, sub-senses of a lone
    /// sense are lettered under its text.
    @Test func senseMarkersFollowTheData() {
        let lettered = Entry(id: "lapwing", headword: "lapwing", senses: [
            Sense(id: "a", definition: Markup("a plover of Europe")), Sense(id: "b", definition: Markup("a plover of Asia")),
        ])
        #expect(screen(formatter.page(for: lettered), width: 30) == """
            lapwing|
            |
             a. a plover of Europe|
             b. a plover of Asia|
            |
            """)
        let numbered = Entry(id: "x", headword: "x", senses: [Sense(id: "1", definition: Markup("numbered by its source"))])
        #expect(screen(formatter.page(for: numbered), width: 30) == """
            x|
            |
             1. numbered by its source|
            |
            """)
        let lone = Entry(id: "apse", headword: "apse", senses: [
            Sense(definition: Markup("a part of a church that projects"), examples: [Example(Markup("the apse"))],
                  senses: [Sense(definition: Markup("its seats")), Sense(definition: Markup("its throne"))]),
        ])
        #expect(screen(formatter.page(for: lone), width: 30) == """
            apse|
            |
                a part of a church that|
                projects|
                  the apse|
                a. its seats|
                b. its throne|
            |
            """)
        // Letters that do not run a, b, c… in order are numbered by place.
        let other = Entry(id: "y", headword: "y", senses: [Sense(id: "b", definition: Markup("one")), Sense(id: "a", definition: Markup("two"))])
        #expect(PageFormatter.markers(of: other.senses, depth: 0) == ["1", "2"])
    }

    @Test func linksCarryStateDestinationAndOrdinal() {
        let links = page("dog").wordLinks.map(\.link)
        #expect(links.map(\.description) == [
            "link(wolf#1,resolved)", "link(domestic dog#2,unresolved)", "link(Canis familiaris#3,unresolved)",
            "link(bank#4,resolved)", "link(https://example.org/dog#5,external)", "link(dgo#6,unresolved)",
            "link(canine#7,unresolved)",
        ])
        #expect(links[0].destination == "wolf~n")
        #expect(links[3].destination == "bank")       // two homographs: the query shows both
        #expect(links[3].sense == "river")
        #expect(links[4].destination == nil)
    }

    @Test func twoLinksToOneTargetStayDistinct() {
        let lookup = Lookup(entries: [Entry(id: "a", headword: "a", senses: [Sense(definition: "[[a]] [[a]]")])])
        let text = PageFormatter(lookup: lookup, info: DictionaryInfo(id: "t", title: "T")).page(for: lookup.entries[0])
        let links = text.wordLinks
        #expect(links.count == 2)
        #expect(links.map(\.link.ordinal) == [1, 2])
        #expect(text.substring(links[0].range) == "a")
    }

    @Test func stylesAndRoles() {
        func attributes(of piece: String, in text: StyledText = page("dog")) -> TextAttributes {
            let bytes = Array(text.string.utf8), needle = Array(piece.utf8)
            let offset = (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }!
            return text.attributes(at: offset).attributes
        }
        #expect(attributes(of: "dog  ").colorRole == .headword)
        #expect(attributes(of: "dog  ").isStrong)
        #expect(attributes(of: "noun").colorRole == .partOfSpeech)
        #expect(attributes(of: "/dɔɡ/").colorRole == .pronunciation)
        #expect(attributes(of: "(common)").colorRole == .label)
        #expect(attributes(of: " 1.").colorRole == .senseNumber)
        #expect(attributes(of: "the dog barked").colorRole == .example)
        #expect(attributes(of: "dog barked").isEmphasized)
        #expect(attributes(of: "— Phrasebook").colorRole == .source)
        #expect(attributes(of: "unpleasant").isStrong)
        #expect(attributes(of: "Synonyms:").colorRole == .relationLabel)
        #expect(attributes(of: "Not to be").colorRole == .note)
        #expect(attributes(of: " 1.").paragraphStyle == .hanging(4))
        #expect(attributes(of: "a. the", in: page("bank")).paragraphStyle == .hanging(3, indent: 4))
    }
}

/// A field larger than a page shows is cut, with a note; the data is not changed.
@Suite struct LongFieldTests {
    @Test func aHugeDefinitionIsShownCutWithANote() throws {
        let definition = String(repeating: "word [[dog]] ", count: 120_000) + "THE END"
        let entry = try Entry(json: .object(["id": "x", "headword": "x", "senses": [.object(["definition": .string(definition)])]]))
        let dog = try Entry(json: .object(["id": "dog", "headword": "dog", "senses": []]))
        let lookup = Lookup(entries: [entry, dog])
        let page = PageFormatter(lookup: lookup, info: DictionaryInfo(id: "t", title: "T")).page(for: entry)
        #expect(page.utf8Count < 1_100_000)
        #expect(!page.string.contains("THE END"))
        #expect(page.string.contains("the rest of this field is not shown: it is 1.5 MB, and a page shows at most 1 MB of one field"))
        #expect(page.wordLinks.allSatisfy { $0.link.state == .resolved })
        #expect(entry.senses[0].definition?.source.hasSuffix("THE END") == true, "the entry itself keeps the whole field")
    }
}
