import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport
import DictionaryIndex

/// The WordNet importer against `wn` on `Fixtures/wordnet-fidelity`: synsets after WordNet
/// 3.0's in the layout of its database files, with real byte offsets, sorted indexes and a
/// `cntlist.rev`, so that `WNSEARCHDIR=… wn dog -over` reads the folder too (written by
/// `Fixtures/make-wordnet-fidelity.py`). Every pointer symbol of WordNet 3.0 stands in it.
@Suite(.serialized) struct ImportWordNetFidelityTests {
    final class Imported: @unchecked Sendable {
        let summary: ImportSummary
        let folder: DataFolder
        let lookup: Lookup

        init() throws {
            let path = ImportScratch.folder("wordnet-fidelity")
            defer { ImportScratch.remove(path) }
            summary = try WordNetImporter(from: Fixtures.path("wordnet-fidelity"), to: path + "/wn").run()
            folder = try DataFolder.load(from: path + "/wn")
            lookup = Lookup(folder: folder)
        }

        func sense(_ id: String, _ number: Int) throws -> Sense {
            let entry = try #require(lookup.entry(withID: id), "no entry \(id)")
            return try #require(entry.senses.count >= number ? entry.senses[number - 1] : nil, "\(id) has no sense \(number)")
        }
    }

    static let imported = Result { try Imported() }

    static func get() throws -> Imported { try imported.get() }

    @Test func importsCleanlyWithEveryLinkResolved() throws {
        let imported = try Self.get()
        #expect(imported.folder.diagnostics.map(\.description) == [])
        #expect(imported.summary.entryCount == 79)
        #expect(imported.summary.unresolvedLinkCount == 0)
        #expect(imported.folder.unresolvedLinks(lookup: imported.lookup) == [])
    }

    /// Every pointer symbol of WordNet 3.0 (wndb(5)) as a relation type of its own, link by
    /// link: target entry, sense anchor (the target synset's offset) and shown text.
    @Test(arguments: [
        ("!", "heavy~a", 1, "antonym", ["light~a#00000556|light"]),
        ("@", "dog~n", 1, "hypernym", ["canine~n#00000557|canine"]),
        ("@i", "einstein~n", 1, "instance-hypernym", ["physicist~n#00002569|physicist"]),
        ("~", "canine~n", 1, "hyponym", ["dog~n#00000728|dog", "wolf~n#00001465|wolf", "jackal~n#00001586|jackal"]),
        ("~i", "physicist~n", 1, "instance-hyponym", ["einstein~n#00002674|Einstein"]),
        ("#m", "dog~n", 1, "member-holonym", ["canis~n#00001276|Canis"]),
        ("#s", "water~n", 1, "substance-holonym", ["tear~n#00002150|tear", "perspiration~n#00002286|perspiration"]),
        ("#p", "flag~n", 1, "part-holonym", ["dog~n#00000728|dog"]),
        ("%m", "canis~n", 1, "member-meronym", ["dog~n#00000728|dog", "wolf~n#00001465|wolf", "jackal~n#00001586|jackal"]),
        ("%s", "water~n", 1, "substance-meronym", ["hydrogen~n#00002390|hydrogen", "oxygen~n#00002481|oxygen"]),
        ("%p", "dog~n", 1, "part-meronym", ["flag~n#00001706|flag"]),
        ("=", "weight~n", 1, "attribute", ["heavy~a#00000335|heavy", "light~a#00000556|light"]),
        ("+", "atom~n", 1, "derivation", ["atomic~a#00000985|atomic"]),
        (";c", "touchdown~n", 1, "domain-topic", ["american football~n#00002979|American football"]),
        ("-c", "american football~n", 1, "domain-member-topic", ["run~n#00003641|run", "touchdown~n#00003276|touchdown"]),
        (";r", "apache dance~n", 1, "domain-region", ["france~n#00003833|France"]),
        ("-r", "france~n", 1, "domain-member-region", ["apache dance~n#00003933|apache dance"]),
        (";u", "dough~n", 1, "domain-usage", ["slang~n#00004030|slang"]),
        ("-u", "slang~n", 1, "domain-member-usage", ["dough~n#00004143|dough"]),
        ("*", "snore~v", 1, "entailment", ["sleep~v#00001598|sleep"]),
        (">", "kill~v", 1, "cause", ["die~v#00001398|die"]),
        ("^", "kill~v", 1, "also-see", ["kill off~v#00001223|kill off"]),
        ("$", "kill~v", 1, "verb-group", ["kill~v#00001153|kill (verb 2)"]),
        ("&", "weighty~a", 1, "similar", ["heavy~a#00000335|heavy"]),
        ("<", "abridged~a", 1, "participle", ["abridge~v#00001658|abridge"]),
        ("\\ (adjective)", "atomic~a", 1, "pertainym", ["atom~n#00004335|atom"]),
        ("\\ (adverb)", "quickly~r", 1, "derived-from-adjective", ["quick~a#00001246|quick"]),
    ])
    func everyPointerSymbolIsARelationTypeOfItsOwn(symbol: String, entry: String, sense: Int, type: String, links: [String]) throws {
        let imported = try Self.get()
        let found = try imported.sense(entry, sense)
        #expect(ImportScratch.links(type, in: found) == links, "pointer \(symbol)")
        // Only that type holds the links: no other relation of the sense names them.
        for relation in found.relations where relation.type != type {
            #expect(relation.links.allSatisfy { link in !links.contains { $0.hasPrefix(link.target + "#" + (link.sense ?? "") + "|") } },
                    "pointer \(symbol): also in \(relation.type)")
        }
    }

    @Test func relationTypesAreLabelledAsWnNamesThem() throws {
        let info = try Self.get().folder.info
        #expect(info.relationTypes.count == 28)
        let labels = ["member-holonym": "Member of", "member-meronym": "Has member", "substance-holonym": "Substance of",
                      "substance-meronym": "Has substance", "part-holonym": "Part of", "part-meronym": "Has part",
                      "instance-hypernym": "Instance of", "instance-hyponym": "Has instance", "hypernym": "Hypernyms",
                      "domain-topic": "Topic", "domain-region": "Region", "domain-usage": "Usage",
                      "domain-member-topic": "Topic terms", "cause": "Cause to", "pertainym": "Pertains to noun",
                      "derived-from-adjective": "Derived from adjective", "participle": "Participle of verb"]
        for (type, label) in labels { #expect(info.label(forRelationType: type) == label, "\(type)") }
        // Canis's members are members, not parts; water's substances are substances.
        let canis = try Self.get().sense("canis~n", 1)
        #expect(canis.relations.map(\.type) == ["synonym", "hypernym", "member-meronym"])
        let water = try Self.get().sense("water~n", 1)
        #expect(water.relations.map(\.type) == ["synonym", "hypernym", "substance-holonym", "substance-meronym", "derivation"])
    }

    /// `run` noun → `run` verb, `kill` → two senses of `killer`: each link says which sense.
    @Test func linksToTheOwnWordOrToOneWordTwiceNameTheirSense() throws {
        let imported = try Self.get()
        #expect(ImportScratch.links("derivation", in: try imported.sense("run~n", 2)) == [
            "run~v#00000464|run (verb 1)", "run~v#00000654|run (verb 2)",
        ])
        #expect(ImportScratch.links("verb-group", in: try imported.sense("run~v", 1)) == ["run~v#00000654|run (verb 2)"])
        #expect(ImportScratch.links("derivation", in: try imported.sense("run~v", 1)) == [
            "run~n#00003444|run (noun 1)", "run~n#00003641|run (noun 2)",
        ])
        // `killer` twice, in sense order; `kill` (the noun) is the page's own word.
        #expect(ImportScratch.links("derivation", in: try imported.sense("kill~v", 1)) == [
            "killer~n#00004422|killer (noun 1)", "killer~n#00004534|killer (noun 2)", "kill~n#00004622|kill (noun 1)",
        ])
        // Another word, once: no label.
        #expect(ImportScratch.links("derivation", in: try imported.sense("killer~n", 1)) == ["kill~v#00000907|kill"])
        #expect(imported.summary.sourceCounts.contains(ImportCount("relation links labelled with their sense", 18)))
    }

    /// `wn -over`'s "(42)": the index's tagged senses, each with its count from cntlist.rev.
    @Test func senseFrequencyCountsAreTheIndexesTaggedSensesCounts() throws {
        let imported = try Self.get()
        #expect(try imported.sense("dog~n", 1).frequency == 42)
        #expect(try imported.sense("dog~n", 2).frequency == nil)  // past the index's tagged senses
        #expect(try imported.sense("run~v", 1).frequency == 41)
        #expect(try imported.sense("run~v", 2).frequency == 0)  // tagged, but no line in cntlist.rev: wn shows (0)
        #expect(try imported.sense("weighty~a", 1).frequency == 4)  // a satellite's key names its head: weighty%5:00:00:heavy:00
        #expect(try imported.sense("killer~n", 1).frequency == 3)
        #expect(try imported.sense("killer~n", 2).frequency == 2)
        #expect(try imported.sense("einstein~n", 1).frequency == nil)
        // The line for a sense this WordNet lacks is counted, not silently dropped.
        #expect(imported.summary.problems == [
            ImportProblem("cntlist.rev tag counts whose sense key names no sense", count: 1, examples: ["dog%1:05:07::"]),
        ])
    }

    @Test func verbFramesBelongToTheirSynsetOrToTheirOneWord() throws {
        let imported = try Self.get()
        #expect(try imported.sense("kill~v", 1).frames == ["Somebody ----s something", "Somebody ----s somebody", "Something ----s somebody"])
        #expect(try imported.sense("kill~v", 2).frames == ["Something ----s"])
        // Frame 7 of `die`'s synset is for its word 2, `decease`, alone.
        #expect(try imported.sense("die~v", 1).frames == ["Something ----s", "Somebody ----s"])
        #expect(try imported.sense("decease~v", 1).frames == ["Something ----s", "Somebody ----s", "Somebody ----s Adjective"])
        #expect(try imported.sense("dog~n", 1).frames == [])
    }

    @Test(arguments: [("galore~a", "postnominal"), ("afraid~a", "predicate"), ("former~a", "prenominal")])
    func adjectivePositionMarkersAreSenseLabels(entry: String, label: String) throws {
        let imported = try Self.get()
        let sense = try imported.sense(entry, 1)
        #expect(sense.labels == [label])
        #expect(imported.lookup.entry(withID: entry)?.headword == String(entry.dropLast(2)))
    }

    /// `(American football) a play …` names its domain: the name becomes the link, and the
    /// page does not show it again as a relation.
    @Test func aDomainTheGlossNamesIsLinkedThereAndNotRepeated() throws {
        let imported = try Self.get()
        let run = try imported.sense("run~n", 2)
        #expect(run.definition?.source
            == "([[american football~n#00002979|American football]]) a play in which a player attempts to carry the ball through or past the opposing team")
        #expect(run.definition?.plainText.hasPrefix("(American football) a play") == true)
        #expect(run.relations.map(\.type) == ["derivation"])
        // A gloss that does not open with the domain keeps it as a relation.
        #expect(try imported.sense("touchdown~n", 1).relations.map(\.type) == ["hypernym", "domain-topic"])
        #expect(imported.summary.sourceCounts.contains(ImportCount("domains linked from their gloss", 1)))
    }

    @Test func summaryCountsWhatWasRead() throws {
        let counts = try Self.get().summary.sourceCounts
        #expect(counts.prefix(12) == [
            ImportCount("synsets in data.noun", 34), ImportCount("lemmas in index.noun", 50),
            ImportCount("synsets in data.verb", 13), ImportCount("lemmas in index.verb", 16),
            ImportCount("synsets in data.adj", 11), ImportCount("lemmas in index.adj", 11),
            ImportCount("synsets in data.adv", 1), ImportCount("lemmas in index.adv", 2),
            ImportCount("tag counts in cntlist.rev", 11), ImportCount("verb example sentences in sents.vrb", 0),
            ImportCount("pointers", 105), ImportCount("verb frames", 20),
        ])
    }

    /// A release in another layout: lines that do not read, a pointer symbol WordNet 3.0
    /// lacks, pointers to nothing, a frame number past the 35, an unknown marker. The import
    /// still writes what it can read and says, in numbers, what it left out.
    @Test func whatCannotBePlacedIsCountedWithExamples() throws {
        let path = ImportScratch.folder("wordnet-changed")
        defer { ImportScratch.remove(path) }
        for name in ["data.noun", "data.verb", "data.adj", "data.adv", "index.noun", "index.verb", "index.adj", "index.adv", "cntlist.rev"] {
            var text = try #require(ImportScratch.read(Fixtures.path("wordnet-fidelity") + "/" + name))
            switch name {
            case "data.noun":
                text = text.replacing("~ 00001126 n 0000 #m", with: "?x 00001126 n 0000 #m")
                text += "99999999 05 n 01 broken\n"
                text += "09999999 05 n 01 ghost 0 001 @ 00000111 n 0000 | points at nothing\n"
            case "data.verb":
                text = text.replacing("01 + 22 00 | compete", with: "01 + 77 00 | compete")
            case "data.adj":
                text = text.replacing("former(a)", with: "former(x)")
            case "index.noun":
                text += "ghost n 1 1 @ 1 0 09999999\nphantom n 1 0 1 0 08888888\nnot an index line\n"
            default: break
            }
            ImportScratch.write(text, to: path + "/" + name)
        }
        let summary = try WordNetImporter(from: path, to: path + "/wn").run()
        #expect(summary.unresolvedLinkCount == 0)
        #expect(summary.problems == [
            ImportProblem("lines not read (left out)", count: 2,
                          examples: ["data.noun:41: expected a synset line", "index.noun:59: expected an index line"]),
            ImportProblem("pointers of an unknown kind (left out)", count: 1, examples: ["?x in data.noun:9"]),
            ImportProblem("index senses naming a synset data.* lacks (left out)", count: 1, examples: ["phantom 08888888 in index.noun"]),
            ImportProblem("pointers to a synset that does not exist (left out)", count: 1, examples: ["09999999 @ 00000111 in data.noun"]),
            ImportProblem("verb frames of an unknown number (left out)", count: 1, examples: ["00000654 frame 77 in data.verb"]),
            ImportProblem("adjective markers of an unknown kind (ignored)", count: 1, examples: ["(x) in 00000911 in data.adj"]),
            ImportProblem("cntlist.rev tag counts whose sense key names no sense", count: 1, examples: ["dog%1:05:07::"]),
        ])
        let folder = try DataFolder.load(from: path + "/wn")
        let lookup = Lookup(folder: folder)
        #expect(lookup.entry(withID: "ghost~n")?.senses.first?.relations == [])
        #expect(lookup.entry(withID: "phantom~n")?.senses == [])
        #expect(lookup.entry(withID: "dog~n")?.senses.first?.relations.map(\.type) == ["synonym", "hypernym", "member-holonym", "part-meronym", "derivation"])
    }

    /// The new sense fields survive the writer and the reader.
    @Test func frequencyAndFramesRoundTripThroughTheWriter() throws {
        let sense = Sense(id: "1", definition: Markup("go"), frequency: 7, frames: ["Somebody ----s", "It ----s that CLAUSE"])
        var text = ""
        sense.json.write(to: &text)
        #expect(text == #"{"id":"1","definition":"go","frequency":7,"frames":["Somebody ----s","It ----s that CLAUSE"]}"#)
        let read = try Sense(json: JSONParser.parse(Array(text.utf8)))
        #expect(read.frequency == 7)
        #expect(read.frames == sense.frames)
        #expect(read.definition?.source == "go")
        #expect(try Sense(json: JSONParser.parse(Array(#"{"frequency": null}"#.utf8))).frequency == nil)
        for bad in [#"{"frequency": -1}"#, #"{"frequency": 1.5}"#, #"{"frequency": "3"}"#, #"{"frames": "x"}"#] {
            #expect(throws: DictionaryModelError.self, "\(bad)") { try Sense(json: JSONParser.parse(Array(bad.utf8))) }
        }
    }
}
