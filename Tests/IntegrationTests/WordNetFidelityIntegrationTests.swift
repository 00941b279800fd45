import Foundation
import Testing
import TestSupport
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
@testable import DictionaryImport
import DictionaryIndex

/// The WordNet import of the real Debian package (`wordnet-base`) measured against WordNet
/// itself: every pointer kind its own relation type, no relation list that a reader cannot
/// tell apart without following its links, the source read whole, and a sample of
/// `wn WORD -over` overviews (`wn` is the Debian package `wordnet`, which the Makefile
/// installs) matched sense by sense: order, tag counts, synonyms and glosses.
@Suite(.serialized) struct WordNetFidelityIntegrationTests {
    /// Words whose overviews are compared with `wn`'s: the issue's (run, kill, dog, set,
    /// Einstein, water, Canis, a football word) and some of every part of speech.
    static let sample = ["dog", "run", "kill", "set", "Einstein", "water", "Canis", "touchdown", "fumble", "good",
                         "quickly", "galore", "abridged", "bank", "go", "heavy", "atomic", "snore", "France", "slang"]

    /// What the import wrote, counted over every entry.
    struct Census {
        var types: [String: Int] = [:]
        var senses = 0, withFrequency = 0, withFrames = 0, withLabels = 0
        /// Relation lists with a link whose shown text is the page's own headword, bare.
        var bareOwnWord = 0
        /// Relation lists in which two links show the same text.
        var sameTextTwice = 0
        /// Senses whose gloss opens with `(domain)` and that also list that domain.
        var domainTwice = 0
        var entries: [String: Entry] = [:]
    }

    /// Walks every entry's JSON (decoding only the entries of `ids`: decoding all 155,287
    /// in a debug build doubles the test's time).
    static func census(of folder: String, keeping ids: Set<String>) throws -> Census {
        var census = Census()
        for name in try listDirectory(folder + "/entries").sorted() {
            let bytes = try readFile(folder + "/entries/" + name, shownAs: name)
            for value in try JSONParser.parse(bytes).arrayValue ?? [] {
                if let id = value["id"]?.stringValue, ids.contains(id) { census.entries[id] = try Entry(json: value) }
                let headword = value["headword"]?.stringValue?.lowercased() ?? ""
                for sense in value["senses"]?.arrayValue ?? [] {
                    census.senses += 1
                    if sense["frequency"] != nil { census.withFrequency += 1 }
                    if sense["frames"] != nil { census.withFrames += 1 }
                    if sense["labels"] != nil { census.withLabels += 1 }
                    let definition = Markup(sense["definition"]?.stringValue ?? "").plainText
                    let domain = definition.hasPrefix("(") ? definition.dropFirst().prefix { $0 != ")" }.lowercased() : nil
                    for relation in sense["relations"]?.arrayValue ?? [] {
                        let type = relation["type"]?.stringValue ?? ""
                        let links = relation["links"]?.arrayValue ?? []
                        census.types[type, default: 0] += links.count
                        let texts = links.map { $0["text"]?.stringValue ?? $0["target"]?.stringValue ?? "" }
                        if texts.contains(where: { $0.lowercased() == headword }) { census.bareOwnWord += 1 }
                        if Set(texts).count < texts.count { census.sameTextTwice += 1 }
                        if let domain, type.hasPrefix("domain-"), !type.hasPrefix("domain-member"),
                           texts.contains(where: { $0.lowercased() == domain }) { census.domainTwice += 1 }
                    }
                }
            }
        }
        return census
    }

    @Test func wordnetBaseImportsEveryPointerKindReadablyAndAsWnShowsIt() throws {
        try #require(access("/usr/share/wordnet/data.noun", R_OK) == 0,
                     "/usr/share/wordnet is missing: install the Debian package wordnet-base (make deps does)")
        let path = ImportScratch.folder("wordnet-fidelity-real")
        defer { ImportScratch.remove(path) }
        var importer = WordNetImporter(to: path + "/wn")
        importer.cacheDirectory = path + "/cache"
        let summary = try importer.run()
        #expect(summary.unresolvedLinkCount == 0)

        // The source read whole: WordNet 3.0's synsets and lemmas, every pointer placed.
        for (name, count) in [("synsets in data.noun", 82_115), ("lemmas in index.noun", 117_798), ("synsets in data.verb", 13_767),
                              ("lemmas in index.verb", 11_529), ("synsets in data.adj", 18_156), ("lemmas in index.adj", 21_479),
                              ("synsets in data.adv", 3_621), ("lemmas in index.adv", 4_481), ("tag counts in cntlist.rev", 37_387),
                              ("pointers", 377_592), ("verb frames", 21_649)] {
            #expect(summary.sourceCounts.contains(ImportCount(name, count)), "\(name)")
        }
        // Debian's cntlist.rev (2006) has counts for 1,992 sense keys that no sense of its
        // data files has (`acknowledge%2:31:00::`); nothing else is left out.
        #expect(summary.problems.map(\.description) == ["cntlist.rev tag counts whose sense key names no sense"])
        #expect(summary.problems.first?.count == 1_992)

        // wn's overviews first: they name the entries to compare (`abridged` shows the verb
        // `abridge` too, as morphy finds it).
        let overviews = try #require(Self.wnOverviews(), "/usr/bin/wn is missing: install the Debian package wordnet (make deps does)")
        let keep = Set(["canis~n", "water~n", "einstein~n", "run~v", "kill~v", "galore~a"] + overviews.map(\.id)
            + Self.sentenceVerbs.map { $0 + "~v" })
        let census = try Self.census(of: path + "/wn", keeping: keep)
        #expect(census.types.count == 28)
        #expect(Set(census.types.keys) == Set(WordNetImporter.pointerKinds.map(\.type)))
        // Links, not pointers: a pointer of a synset stands on the page of each of its words.
        #expect(census.types["member-meronym"] == 28_412)
        #expect(census.types["substance-holonym"] == 1_557)
        #expect(census.types["instance-hypernym"] == 17_687)
        #expect(census.senses == 206_941)
        #expect(census.withFrequency == 35_478)
        #expect(census.withFrames == 25_047)
        #expect(census.withLabels == 1_055)
        // Before: 18,616 lists named their page's own word bare and 12,734 showed one text
        // twice; 3,553 senses named their domain in the gloss and again as a relation.
        #expect(census.bareOwnWord == 0)
        #expect(census.sameTextTwice == 0)
        #expect(census.domainTwice == 0)

        // The issue's pages, relation by relation.
        let canis = try #require(census.entries["canis~n"])
        #expect(canis.senses[0].relations.first { $0.type == "member-meronym" }?.links.map(\.shownText) == ["dog", "wolf", "jackal"])
        let water = try #require(census.entries["water~n"])
        #expect(water.senses[0].relations.first { $0.type == "substance-meronym" }?.links.map(\.shownText) == ["hydrogen", "oxygen"])
        #expect(water.senses[0].relations.first { $0.type == "substance-holonym" }?.links.prefix(2).map(\.shownText) == ["tear", "perspiration"])
        let einstein = try #require(census.entries["einstein~n"])
        #expect(einstein.senses[0].relations.first { $0.type == "instance-hypernym" }?.links.map(\.shownText) == ["physicist"])
        #expect(einstein.senses[0].relations.contains { $0.type == "hypernym" } == false)
        let run = try #require(census.entries["run~v"])
        let derived = run.senses.flatMap { $0.relations.filter { $0.type == "derivation" }.flatMap(\.links) }
        #expect(!derived.contains { $0.shownText == "run" })
        #expect(derived.contains { $0.shownText == "run (noun 1)" })
        let kill = try #require(census.entries["kill~v"])
        #expect(kill.senses[0].relations.first { $0.type == "derivation" }?.links.map(\.shownText)
            == ["killable", "kill (noun 1)", "killer (noun 1)", "killer (noun 2)", "killing (noun 1)", "killing (noun 2)"])
        // sentidx.vrb has a sentence for kill's first sense: wn -framv shows it, not the frames.
        #expect(kill.senses[0].frames == ["They want to kill the prisoners"])
        #expect(kill.senses[1].frames == ["Somebody ----s something"])
        #expect(summary.sourceCounts.contains(ImportCount("verb example sentences in sents.vrb", 170)))
        // Every sentence of every key of sentidx.vrb placed, counted here from the files.
        let texts = Set(try String(contentsOfFile: "/usr/share/wordnet/sents.vrb", encoding: .utf8).split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map(String.init) })
        let pairs = try String(contentsOfFile: "/usr/share/wordnet/sentidx.vrb", encoding: .utf8).split(separator: "\n")
            .flatMap { line in line.split(separator: " ").dropFirst().flatMap { $0.split(separator: ",") }.filter { texts.contains(String($0)) } }
        #expect(pairs.count > 3_000)
        #expect(summary.sourceCounts.contains(ImportCount("verb example sentences placed", pairs.count)),
                "\(summary.sourceCounts.filter { $0.name.contains("sentences") })")
        #expect(census.entries["galore~a"]?.senses.map(\.labels) == [["postnominal"], ["postnominal"]])

        try Self.compare(overviews, with: census.entries)
        try Self.compareSentences(with: census.entries)
    }

    /// Verbs whose `wn VERB -framv` is compared with the import: with sentences for some
    /// senses and frames for others, a multiword verb, and one of many senses.
    static let sentenceVerbs = ["abide", "abash", "run", "kill", "eat", "give", "put up", "snore"]

    /// `wn VERB -framv`, sense by sense: the `EX:` sentences (the verb put in) or the `*>`
    /// and `=>` frames, as the import's frames of each sense.
    static func compareSentences(with entries: [String: Entry]) throws {
        for verb in sentenceVerbs {
            let out = Subprocess.temporaryPath("wn-framv")
            defer { unlink(out) }
            let text = Subprocess.run(["/usr/bin/wn", verb, "-framv"], outputFile: out, errorFile: nil).output
            var senses: [[String]] = []
            for line in text.split(separator: "\n") {
                if line.hasPrefix("Sense ") { senses.append([]); continue }
                let trimmed = line.drop { $0 == " " }
                // EX: a sentence; *> a frame of the whole synset, => one of this word's.
                for marker in ["EX:", "*>", "=>"] where trimmed.hasPrefix(marker) && !senses.isEmpty {
                    var shown = String(trimmed.dropFirst(marker.count))
                    while shown.first == " " { shown.removeFirst() }
                    while shown.last == " " { shown.removeLast() }
                    senses[senses.count - 1].append(shown)
                }
            }
            let entry = try #require(entries[verb + "~v"], "no \(verb)~v")
            #expect(senses.count == entry.senses.count, "\(verb): wn shows \(senses.count) senses")
            for (i, (shown, sense)) in zip(senses, entry.senses).enumerated() {
                #expect(sense.frames == shown, "\(verb) sense \(i + 1)")
            }
            #expect(senses.contains { !$0.isEmpty }, "\(verb): wn -framv showed nothing")
        }
    }

    /// `wn WORD -over` of every word of the sample; nil when `wn` is missing.
    static func wnOverviews() -> [WnOverview.Block]? {
        guard access("/usr/bin/wn", X_OK) == 0 else { return nil }
        return sample.flatMap { word in
            let out = Subprocess.temporaryPath("wn-over")
            defer { unlink(out) }
            return WnOverview.parse(Subprocess.run(["/usr/bin/wn", word, "-over"], outputFile: out, errorFile: nil).output)
        }
    }

    /// wn's overviews beside the imported entries: the same senses in the same order, each
    /// with wn's tag count (or none), its synset's other words as synonyms and its gloss.
    static func compare(_ overviews: [WnOverview.Block], with entries: [String: Entry]) throws {
        var compared = 0
        for block in overviews {
            let entry = try #require(entries[block.id], "wn has \(block.pos) \(block.lemma); the import has no \(block.id)")
            #expect(entry.senses.count == block.senses.count, "\(block.id): senses")
            for (i, (sense, wn)) in zip(entry.senses, block.senses).enumerated() {
                let place = "\(block.id) sense \(i + 1)"
                #expect(sense.frequency == wn.count, "\(place): tag count")
                let own = entry.headword.lowercased()
                let synonyms = sense.relations.first { $0.type == "synonym" }?.links.map(\.shownText) ?? []
                #expect(synonyms == wn.words.filter { $0.lowercased() != own }, "\(place): synonyms")
                let definition = sense.definition?.plainText ?? ""
                #expect(wn.gloss.hasPrefix(definition), "\(place): gloss \(wn.gloss) vs \(definition)")
                compared += 1
            }
        }
        #expect(compared > 150)
    }
}

/// `wn WORD -over` as data: per part of speech, its senses with count, words and gloss.
enum WnOverview {
    struct Block {
        var pos: String
        var letter: String
        var lemma: String
        var senses: [(count: Int?, words: [String], gloss: String)] = []
        /// The entry id the import gives this lemma and part of speech.
        var id: String { lemma.replacing("_", with: " ") + "~" + letter }
    }

    static func parse(_ text: String) -> [Block] {
        var blocks: [Block] = []
        let letters = ["noun": "n", "verb": "v", "adj": "a", "adv": "r"]
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Overview of ") {
                let words = line.split(separator: " ")
                let pos = String(words[2])
                blocks.append(Block(pos: pos, letter: letters[pos] ?? "?", lemma: words[3...].joined(separator: " ").lowercased()))
                continue
            }
            // `1. (42) dog, domestic dog, Canis familiaris -- (a member of …)`
            guard !blocks.isEmpty, let dot = line.firstIndex(of: "."), Int(line[..<dot]) != nil,
                  let dashes = line.firstRange(of: " -- (") else { continue }
            var head = line[line.index(dot, offsetBy: 2)..<dashes.lowerBound]
            var count: Int?
            if head.hasPrefix("("), let close = head.firstIndex(of: ")"), let n = Int(head.dropFirst().prefix { $0 != ")" }) {
                count = n
                head = head[head.index(after: close)...].drop { $0 == " " }
            }
            let words = head.split(separator: ", ").map(String.init)
            let gloss = String(line[dashes.upperBound...].dropLast())
            blocks[blocks.count - 1].senses.append((count, words, gloss))
        }
        return blocks
    }
}
