import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport
import DictionaryIndex

/// The WordNet importer on `Fixtures/wordnet-mini`: a few synsets in the real file formats.
@Suite struct ImportWordNetTests {
    /// Imports the fixture into a new folder and loads the result.
    static func imported() throws -> (summary: ImportSummary, folder: DataFolder, lookup: Lookup, path: String) {
        let path = ImportScratch.folder("wordnet")
        let summary = try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: path + "/wn").run()
        let folder = try DataFolder.load(from: path + "/wn")
        return (summary, folder, Lookup(folder: folder), path)
    }

    /// Examples as `text — source`.
    static func examples(_ sense: Sense) -> [String] {
        sense.examples.map { $0.text.source + ($0.source.map { " — " + $0 } ?? "") }
    }

    @Test func writesOneEntryPerLemmaAndPartOfSpeechAndEveryLinkResolves() throws {
        let (summary, folder, lookup, path) = try Self.imported()
        defer { ImportScratch.remove(path) }
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.entries.map(\.id) == [
            "canid~n", "canine~n", "canis familiaris~n", "dog~n", "domestic dog~n", "entity~n", "goose~n", "puppy~n",
            "chase~v", "dog~v", "go~v", "bad~a", "bang-up~a", "good~a", "goodish~a", "well~r",
        ])
        #expect(summary.entryCount == 16)
        #expect(summary.fileCount == 1)
        #expect(summary.unresolvedLinkCount == 0)
        #expect(summary.linkCount == 41)  // counted by hand from the fixture
        #expect(folder.unresolvedLinks(lookup: lookup) == [])
    }

    @Test func dictionaryJSONNamesTheSourceRulesAndLabels() throws {
        let (_, folder, _, path) = try Self.imported()
        defer { ImportScratch.remove(path) }
        let info = folder.info
        #expect(info.id == "wordnet")
        #expect(info.title == "WordNet 3.0")
        #expect(info.sourceVersion == "3.0")
        #expect(info.start == "entity~n")
        #expect(info.language == "en")
        #expect(info.lookupRules.contains(LookupRule(suffix: "ies", replace: "y", pos: "noun")))
        #expect(info.lookupRules.count == 20)
        #expect(info.label(forRelationType: "hypernym") == "Hypernyms")
        let json = try JSONParser.parse(Array(ImportScratch.read(path + "/wn/dictionary.json")!.utf8))
        #expect(json["source"]?["importer"]?.stringValue == "wordlink import wordnet")
    }

    @Test func licenceHeaderIsCopiedWithoutLineNumbers() throws {
        let (_, _, _, path) = try Self.imported()
        defer { ImportScratch.remove(path) }
        #expect(ImportScratch.read(path + "/wn/LICENSE") == """
            This is not WordNet: a handful of lines written by hand for wordlink's tests, in
            the format of the WordNet database files (wndb(5)), with a header like theirs.

            The format is that of WordNet 3.0 Copyright 2006 by Princeton University.
            These lines may be used for any purpose, without fee.


            """)
    }

    @Test func dogNounFieldByField() throws {
        let (_, _, lookup, path) = try Self.imported()
        defer { ImportScratch.remove(path) }
        let dog = try #require(lookup.entry(withID: "dog~n"))
        #expect(dog.headword == "dog")
        #expect(dog.pos == "noun")
        #expect(dog.forms == [])
        #expect(dog.senses.map(\.id) == ["00003000", "00003500"])
        let first = dog.senses[0]
        // Brackets in a gloss are escaped, so they show as written.
        #expect(first.definition?.source == "a member of the genus Canis \\[one of many\\]")
        #expect(first.definition?.plainText == "a member of the genus Canis [one of many]")
        #expect(Self.examples(first) == ["the dog barked all night", "a dog's life — Proverb"])
        #expect(first.relations.map(\.type) == ["synonym", "hypernym", "hyponym", "part-meronym", "derivation"])
        #expect(ImportScratch.links("synonym", in: first) == ["domestic dog~n#00003000|domestic dog", "canis familiaris~n#00003000|Canis familiaris"])
        #expect(ImportScratch.links("hypernym", in: first) == ["canine~n#00002000|canine"])
        #expect(ImportScratch.links("hyponym", in: first) == ["puppy~n#00004000|puppy"])
        #expect(ImportScratch.links("part-meronym", in: first) == ["entity~n#00001740|entity"])
        // The verb is the page's own word: its link says which sense it is.
        #expect(ImportScratch.links("derivation", in: first) == ["dog~v#00005000|dog (verb 1)"])
        let second = dog.senses[1]
        #expect(second.definition?.source == "informal term for a man")
        #expect(Self.examples(second) == ["you lucky dog"])
        #expect(ImportScratch.links("hypernym", in: second) == ["entity~n#00001740|entity"])
    }

    @Test func headwordKeepsTheCaseOfTheSynsetAndLexicalPointersBelongToTheirWord() throws {
        let (_, _, lookup, path) = try Self.imported()
        defer { ImportScratch.remove(path) }
        let canis = try #require(lookup.entry(withID: "canis familiaris~n"))
        #expect(canis.headword == "Canis familiaris")
        // The derivation `+ … 0101` is from word 1 (dog) only.
        #expect(canis.senses[0].relations.map(\.type) == ["synonym", "hypernym", "hyponym", "part-meronym"])
        let chase = try #require(lookup.entry(withID: "chase~v"))
        #expect(chase.senses[0].relations.map(\.type) == ["synonym", "hypernym"])
        let dogVerb = try #require(lookup.entry(withID: "dog~v"))
        #expect(ImportScratch.links("derivation", in: dogVerb.senses[0]) == ["dog~n#00003000|dog (noun 1)"])
        #expect(ImportScratch.links("hypernym", in: dogVerb.senses[0]) == ["go~v#00005500|go"])
        #expect(Self.examples(dogVerb.senses[0]) == ["The policeman dogged the thief"])
    }

    @Test func adjectiveSatellitesAntonymsAndPertainyms() throws {
        let (_, _, lookup, path) = try Self.imported()
        defer { ImportScratch.remove(path) }
        let good = try #require(lookup.entry(withID: "good~a"))
        #expect(good.pos == "adjective")
        #expect(ImportScratch.links("antonym", in: good.senses[0]) == ["bad~a#00007500|bad"])
        #expect(ImportScratch.links("similar", in: good.senses[0]) == ["bang-up~a#00007200|bang-up"])
        // `goodish(a)`: the syntactic marker is not part of the word; `s` is read as `a`.
        let goodish = try #require(lookup.entry(withID: "goodish~a"))
        #expect(goodish.headword == "goodish")
        #expect(ImportScratch.links("synonym", in: goodish.senses[0]) == ["bang-up~a#00007200|bang-up"])
        #expect(ImportScratch.links("similar", in: goodish.senses[0]) == ["good~a#00007000|good"])
        let well = try #require(lookup.entry(withID: "well~r"))
        #expect(well.pos == "adverb")
        #expect(ImportScratch.links("derived-from-adjective", in: well.senses[0]) == ["good~a#00007000|good"])
    }

    @Test func irregularFormsAndSuffixRulesFindTheirEntries() throws {
        let (_, _, lookup, path) = try Self.imported()
        defer { ImportScratch.remove(path) }
        #expect(lookup.entry(withID: "go~v")?.forms == [Form("went")])
        #expect(lookup.entry(withID: "good~a")?.forms == [Form("best"), Form("better")])
        #expect(lookup.entry(withID: "well~r")?.forms == [Form("best"), Form("better")])
        #expect(lookup.entry(withID: "goose~n")?.forms == [Form("geese")])
        func ids(_ query: String) -> [String] { lookup.lookUp(query).entryNumbers.map { lookup.entries[$0].id } }
        #expect(ids("went") == ["go~v"])
        #expect(ids("better") == ["good~a", "well~r"])
        #expect(ids("dogs") == ["dog~n", "dog~v"])
        #expect(ids("chases") == ["chase~v"])
        // Morphy's rules do not undouble consonants (`dogged` → `dogg`); WordNet lists such
        // forms in verb.exc, which this fixture does not.
        #expect(ids("dogged") == [])
        #expect(ids("puppies") == ["puppy~n"])
        #expect(ids("Domestic  Dog") == ["domestic dog~n"])
    }

    @Test(arguments: [
        ("plain definition", "plain definition", [String]()),
        ("def; more def", "def; more def", []),
        ("def; \"one\"; \"two\"", "def", ["one", "two"]),
        ("\"only an example\"", "", ["only an example"]),
        ("def; \"quoted\" - Mark Twain", "def", ["quoted — Mark Twain"]),
    ])
    func glossIsSplitIntoDefinitionAndExamples(gloss: String, definition: String, examples: [String]) {
        let split = WordNetImporter.splitGloss(Substring(gloss))
        #expect(split.definition == definition)
        #expect(split.examples.map { $0.text + ($0.source.map { " — " + $0 } ?? "") } == examples)
    }

    @Test func reimportReplacesItsOwnFolderAndRefusesOthers() throws {
        let (_, _, _, path) = try Self.imported()
        defer { ImportScratch.remove(path) }
        // Its own earlier import: replaced.
        let again = try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: path + "/wn").run()
        #expect(again.entryCount == 16)
        // A hand-written folder.
        #expect(throws: DictionaryModelError.folderNotImport(path: Fixtures.path("sample"), importer: "wordlink import wordnet",
                                                             reason: "its dictionary.json was not written by an importer")) {
            try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: Fixtures.path("sample")).run()
        }
        // A folder with other files.
        ImportScratch.write("keep me", to: path + "/notes.txt")
        #expect(throws: DictionaryModelError.folderNotImport(path: path, importer: "wordlink import wordnet",
                                                             reason: "it is not empty and has no dictionary.json written by an importer")) {
            try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: path).run()
        }
        #expect(ImportScratch.read(path + "/notes.txt") == "keep me")
    }

    @Test func missingSourceIsReportedBeforeAnythingIsWritten() throws {
        let path = ImportScratch.folder("wordnet")
        defer { ImportScratch.remove(path) }
        #expect(throws: DictionaryModelError.unreadable(path: path + "/data.noun", reason: "No such file or directory")) {
            try WordNetImporter(from: path, to: path + "/out").run()
        }
        #expect(ImportScratch.read(path + "/out/dictionary.json") == nil)
    }

    @Test func progressIsReportedUpToTheTotal() throws {
        let path = ImportScratch.folder("wordnet")
        defer { ImportScratch.remove(path) }
        final class Steps: @unchecked Sendable { var list: [ProgressStep] = [] }
        let steps = Steps()
        _ = try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: path + "/wn", progress: { steps.list.append($0) }).run()
        #expect(steps.list.first == ProgressStep(phase: "reading WordNet", completed: 1, total: 12))
        #expect(steps.list.contains(ProgressStep(phase: "writing entries", completed: 16, total: 16)))
        #expect(steps.list.last == ProgressStep(phase: "checking links", completed: 1, total: 1))
    }
}
