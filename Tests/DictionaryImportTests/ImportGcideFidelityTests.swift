import Testing
import TestSupport
import TerminalText
import DictionaryModel
@testable import DictionaryImport
import DictionaryIndex
import PageFormatting

/// GCIDE's records as `dict-gcide` 0.48 lays them out (the records are copied from the
/// package, a few of them cut short), with an index in dictd's own order: one key a line,
/// sorted by key, several records of one key in the order the package lists them (which is
/// not the order of the data: `Dazzle` v. i., n., v. t.).
@Suite struct ImportGcideFidelityTests {
    struct Imported {
        var summary: ImportSummary
        var folder: DataFolder
        var lookup: Lookup
        var path: String

        func entry(_ id: String) throws -> Entry { try #require(lookup.entry(withID: id)) }
        func ids(_ query: String) -> [String] { lookup.lookUp(query).entryNumbers.map { lookup.entries[$0].id } }
        func attribution(_ source: JSONValue?) -> [String?]? { source?["attribution"]?.arrayValue?.map(\.stringValue) }
    }

    static func importRecords() throws -> Imported {
        let path = ImportScratch.folder("gcide-fidelity")
        var data: [UInt8] = []
        var places: [(Int, Int)] = []
        for record in records {
            places.append((data.count, record.utf8.count))
            data += Array(record.utf8)
        }
        let index = Self.index.map { "\($0.0)\t\(DictdImporter.encodeBase64(places[$0.1].0))\t\(DictdImporter.encodeBase64(places[$0.1].1))\n" }
        ImportScratch.write(index.joined(), to: path + "/gcide.index")
        ImportScratch.write(Dictzip.compress(data, chunkLength: 200), to: path + "/gcide.dict.dz")
        let summary = try DictdImporter(index: path + "/gcide.index", dict: path + "/gcide.dict.dz", to: path + "/out").run()
        let folder = try DataFolder.load(from: path + "/out")
        return Imported(summary: summary, folder: folder, lookup: Lookup(folder: folder), path: path)
    }

    @Test func homographsInTheOrderOfTheData() throws {
        let gcide = try Self.importRecords()
        defer { ImportScratch.remove(gcide.path) }
        #expect(gcide.folder.diagnostics.map(\.description) == [])
        #expect(gcide.ids("dazzle") == ["Dazzle~1", "Dazzle~2", "Dazzle~3"])
        #expect(try ["Dazzle~1", "Dazzle~2", "Dazzle~3"].map { try gcide.entry($0).pos } == ["transitive verb", "intransitive verb", "noun"])
        // The entries stand in the data's order too, not in the index's.
        #expect(gcide.folder.entries.prefix(4).map(\.id) == ["Dazzle~1", "Dazzle~2", "Dazzle~3", "Happy"])
    }

    @Test func versesKeepTheirLinesAndProseIsJoined() throws {
        let gcide = try Self.importRecords()
        defer { ImportScratch.remove(gcide.path) }
        let transitive = try gcide.entry("Dazzle~1")
        #expect(transitive.senses[0].examples.map(\.text.source) == [
            "Those heavenly shapes\nWill dazzle now the earthly, with their blaze\nInsufferably bright.",
            "An unreflected light did never yet\nDazzle the vision feminine.",
        ])
        #expect(transitive.senses[0].examples.map(\.source) == ["Milton.", "Sir H. Taylor."])
        let intransitive = try gcide.entry("Dazzle~2")
        #expect(intransitive.senses[1].examples.map(\.text.source) == [
            "An overlight maketh the eyes dazzle.", "I dare not trust these eyes;\nThey dance in mists, and dazzle with surprise.",
        ])
        #expect(intransitive.senses[1].examples.map(\.source) == ["Bacon.", "Dryden."])
        // Prose that wraps at Webster's column 64 is one line.
        let happy = try gcide.entry("Happy")
        #expect(happy.senses[0].examples.map(\.text.source) == ["Chymists have been more happy in finding experiments than the causes of them."])
    }

    @Test func sensesAreNumberedAndLetteredAsTheSourceDoes() throws {
        let gcide = try Self.importRecords()
        defer { ImportScratch.remove(gcide.path) }
        // A lone unnumbered sense has no number, lettered senses keep their letters.
        let noun = try gcide.entry("Dazzle~3")
        #expect(noun.senses.map(\.id) == [nil])
        #expect(noun.senses.map(\.definition?.source) == ["A light of dazzling brilliancy."])
        let siskin = try gcide.entry("Siskin")
        #expect(siskin.senses.map(\.id) == ["a", "b"])
        let apse = try gcide.entry("Apse")
        #expect(apse.senses.map(\.id) == ["1", "2"])
        #expect(apse.senses[0].labels == ["Arch."])
        #expect(apse.senses[0].definition == nil)
        #expect(apse.senses[0].senses.map(\.id) == ["a", "b"])
        // The page shows them so.
        let formatter = PageFormatter(lookup: gcide.lookup, info: gcide.folder.info)
        let lines = formatter.page(forEntryNumbers: gcide.lookup.lookUp("Siskin").entryNumbers).string.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix(" a. ") || $0.hasPrefix(" b. ") || $0.hasPrefix(" 1. ") }.map { String($0.prefix(7)) } == [" a. A s", " b. The"])
        let page = formatter.page(forEntryNumbers: [gcide.lookup.entryNumber(forID: "Dazzle~3")!]).string
        #expect(page == "Dazzle  noun  Daz″zle\n\nA light of dazzling brilliancy.\n")
    }

    @Test func theHeaderGivesFormsNotTheEtymology() throws {
        let gcide = try Self.importRecords()
        defer { ImportScratch.remove(gcide.path) }
        let happy = try gcide.entry("Happy")
        #expect(happy.pos == "adjective")
        #expect(happy.forms == [Form("Happier", tags: ["comparative"]), Form("Happiest", tags: ["superlative"]), Form("Happy family")])
        #expect(happy.etymology?.source == "From ''Hap'' chance.")
        #expect(happy.pronunciations == [Pronunciation("Hap″py"), Pronunciation("(hăp″py̆)")])
        let apse = try gcide.entry("Apse")
        #expect(apse.forms == [Form("Apses", tags: ["plural"]), Form("apsis"), Form("absis")])
        #expect(apse.etymology?.source == "See ''Apsis''.")
        #expect(apse.senses[0].senses[0].definition?.source.hasPrefix("A projecting part of a building") == true)
        // Two headwords over two lines, and the etymology after them.
        let status = try gcide.entry("Status in quo")
        #expect(status.headword == "Status in quo")
        #expect(status.forms == [Form("Status quo")])
        #expect(status.etymology?.source == "L., state in which.")
        #expect(status.senses.map(\.definition?.source) == ["The state in which anything is already. The form status quo is in most common use."])
        #expect(gcide.ids("status quo") == ["Status in quo"])
    }

    @Test func runOnsAreFormsAndTheirNotationIsGone() throws {
        let gcide = try Self.importRecords()
        defer { ImportScratch.remove(gcide.path) }
        let jejune = try gcide.entry("Jejune")
        #expect(jejune.forms == [Form("Jejunely", tags: ["adverb"]), Form("Jejuneness", tags: ["noun"])])
        #expect(jejune.senses[3].definition?.source == "Lacking nutritional value. - ''Jejunely'', adv. — ''Jejuneness'', n. —Bacon.")
        #expect(gcide.ids("jejunely") == ["Jejune"])
        // A run-on without braces: its syllable and accent marks are gone from the text.
        let afflicting = try gcide.entry("Afflicting")
        #expect(afflicting.forms == [Form("Afflictingly", tags: ["adverb"])])
        #expect(afflicting.senses.map(\.definition?.source) == ["Grievously painful; distressing; afflictive; as, an afflicting event. — Afflictingly, adv."])
        #expect(gcide.ids("afflictingly") == ["Afflicting"])
        #expect(gcide.summary.leftoverMarkCount == 0)
    }

    /// Forms are what names the entry; then each word the record mentions that would find
    /// nothing else (a species, a phrase's other names), tagged `in the text`, so that every
    /// key of dictd's index finds something, as it does in `dict`.
    @Test func formsAreWhatNamesTheEntryThenWhatItMentionsThatNamesNothingElse() throws {
        let gcide = try Self.importRecords()
        defer { ImportScratch.remove(gcide.path) }
        let mention = Form.mentionTag
        // `also called` inside parentheses names the trumpet flower, not the family: a mention.
        #expect(try gcide.entry("Bignoniaceous").forms == [Form("trumpet creeper", tags: [mention]), Form("trumpet flower", tags: [mention]),
                                                           Form("trumpet vine", tags: [mention])])
        #expect(gcide.ids("trumpet vine") == ["Bignoniaceous"])
        // A phrase's other names are the phrase's; phrases the record defines are its forms,
        // also when they have a record of their own.
        let dog = try gcide.entry("Dog")
        #expect(dog.forms == [Form("Dog salmon"), Form("Dog Star"), Form("Canis familiaris", tags: [mention]), Form("gorbuscha", tags: [mention]),
                              Form("holia", tags: [mention]), Form("hone", tags: [mention])])
        #expect(gcide.ids("holia") == ["Dog"])
        #expect(gcide.ids("Dog Star") == ["Dog Star~1", "Dog"])
        // Each sense's own `called also`, then the species it names.
        #expect(try gcide.entry("Siskin").forms == [Form("Siskin green"), Form("aberdevine"), Form("pine siskin"),
                                                    Form("Carduelis spinus", tags: [mention]), Form("Spinus pinus", tags: [mention]),
                                                    Form("Spinus spinus", tags: [mention])])
    }

    /// A mention that finds an entry already, as it stands or by GCIDE's rules (`poodle`,
    /// `poodles`), is not made a form of the record that mentions it: it finds its own entry.
    @Test func aMentionThatFindsAnEntryStaysOut() {
        let records = [DictdImporter.Record(headwords: ["Dog", "poodle", "poodles", "Canis familiaris", "00-database-info"], offset: 0, length: 1),
                       DictdImporter.Record(headwords: ["Poodle"], offset: 1, length: 1)]
        var drafts = [DictdImporter.Draft(id: "Dog", headword: "Dog", forms: [Form("Dog Star")]),
                      DictdImporter.Draft(id: "Poodle", headword: "Poodle", forms: [])]
        var keys: [String: Int] = [:]
        for (number, draft) in drafts.enumerated() {
            for text in [draft.headword] + draft.forms.map(\.text) { keys[LookupKey.normalise(text)] = number }
        }
        DictdImporter.addMentionsThatNameNothing(records, &drafts, keys: keys)
        #expect(drafts[0].forms == [Form("Dog Star"), Form("Canis familiaris", tags: [Form.mentionTag])])
        #expect(drafts[1].forms == [])
    }

    @Test func provenanceIsKeptForEachSense() throws {
        let gcide = try Self.importRecords()
        defer { ImportScratch.remove(gcide.path) }
        let jejune = try gcide.entry("Jejune")
        #expect(jejune.senses.map { gcide.attribution($0.source) } == [["1913 Webster"], nil, ["PJC"], ["PJC", "1913 Webster"]])
        #expect(gcide.attribution(jejune.source) == ["1913 Webster", "PJC"])
        let apse = try gcide.entry("Apse")
        #expect(apse.senses[0].senses.map { gcide.attribution($0.source) } == [nil, ["1913 Webster"]])
        let ten = try gcide.entry("10")
        #expect(ten.senses.map { gcide.attribution($0.source) } == [["WordNet 1.5", "PJC"]])
    }

    @Test func wordNetSynonymsAreRelations() throws {
        let gcide = try Self.importRecords()
        defer { ImportScratch.remove(gcide.path) }
        let ten = try gcide.entry("10")
        #expect(ten.senses[0].notes == [])
        #expect(ten.senses[0].relations.map { "\($0.type): " + $0.links.map(\.target).joined(separator: ", ") } == ["synonym: ten, x"])
        #expect(gcide.folder.info.label(forRelationType: "synonym") == "Synonyms")
        #expect(gcide.summary.unresolvedLinkCount == 0)
    }

    @Test func englishInflectionsAreLookupRules() throws {
        let gcide = try Self.importRecords()
        defer { ImportScratch.remove(gcide.path) }
        #expect(gcide.folder.info.lookupRules == DictdConverter.gcideLookupRules)
        #expect(gcide.ids("dazzles") == ["Dazzle~3", "Dazzle~1", "Dazzle~2"])
        #expect(gcide.ids("dogs") == ["Dog"])
        // Jejune is an adjective: it compares; Dazzle is no adjective.
        #expect(gcide.ids("jejuner") == ["Jejune"])
        #expect(gcide.ids("dazzler") == [])
        // The spelling changes, on entries of each part of speech.
        let lookup = Lookup(entries: [
            Entry(id: "happy", headword: "Happy", pos: "adjective"), Entry(id: "stop", headword: "Stop", pos: "transitive verb"),
            Entry(id: "dog", headword: "Dog", pos: "noun"), Entry(id: "bank", headword: "Bank", pos: "noun"),
            Entry(id: "bank-v", headword: "Bank", pos: "intransitive verb"), Entry(id: "abandon", headword: "Abandon", pos: "transitive verb"),
            Entry(id: "big", headword: "Big", pos: "adjective"), Entry(id: "large", headword: "Large", pos: "adjective"),
        ], rules: DictdConverter.gcideLookupRules)
        func ids(_ query: String) -> [String] { lookup.lookUp(query).entryNumbers.map { lookup.entries[$0].id } }
        #expect(ids("happier") == ["happy"])
        #expect(ids("happiest") == ["happy"])
        #expect(ids("stopped") == ["stop"])
        #expect(ids("stopping") == ["stop"])
        #expect(ids("dogs") == ["dog"])
        #expect(ids("banks") == ["bank", "bank-v"])
        #expect(ids("abandons") == ["abandon"])
        #expect(ids("bigger") == ["big"])
        #expect(ids("largest") == ["large"])
        // A rule lands only on its part of speech: no verb `dog` here to have been `dogged`.
        #expect(ids("dogged") == [])
    }

    /// 4,540 of the package's records end with the keys of the record after them.
    @Test func theNextRecordsKeysAreLeftOutAndCounted() {
        let record = GcideRecord(#"""
            hr \hr\ n. [abbreviation]
               An abbreviation for {hour}, the period of time equal to
               1/24th of a day.

               Syn: hour, 60 minutes.
                    [WordNet 1.5] HSV-1
                    HS1

            """#)
        #expect(record.body.map(\.text).last == "[WordNet 1.5]")
        #expect(record.strayLineCount == 2)
        #expect(record.wordNetSynonyms == ["hour", "60 minutes"])
        // A last paragraph after the bracket is the record's own.
        let own = GcideRecord(#"""
            Arpeggio \Ar*peg"gio\, n.
               1. A chord played in succession.
                  [1913 Webster]
               2. A second sense

            """#)
        #expect(own.strayLineCount == 0)
        #expect(own.body.map(\.text).last == "2. A second sense")
    }

    @Test func theSummaryCountsIndexKeysAndWhatItCouldNotPlace() throws {
        let gcide = try Self.importRecords()
        defer { ImportScratch.remove(gcide.path) }
        #expect(gcide.summary.sourceKeyCount == Self.index.count)
        // Every key finds its record: the species names and the names of phrases as mentions.
        #expect(gcide.summary.findableSourceKeyCount == Self.index.count)
        #expect(gcide.summary.unfindableKeyExamples == [])
        #expect(gcide.summary.unreadRecordCount == 0)
        #expect(gcide.summary.strayLineCount == 0)
        #expect(gcide.summary.leftoverMarkCount == 0)
    }
}
