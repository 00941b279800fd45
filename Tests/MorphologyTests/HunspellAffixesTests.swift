import DictionaryIndex
import DictionaryModel
import Morphology
import Testing

/// `HunspellAffixes`: the base words an analysis could give, read from the `.aff` and `.dic`
/// without opening the dictionary, always a superset of what Hunspell's analyses give.
@Suite struct HunspellAffixesTests {
    static let fixture = HunspellAffixes(affix: HunspellTests.folder + "/xx.aff", dictionary: HunspellTests.folder + "/xx.dic")

    @Test func theRulesLeadBackToTheirRoots() throws {
        let rules = try #require(Self.fixture)
        let chevaux = try #require(rules.possibleBases(of: "chevaux"))
        #expect(chevaux.contains("cheval"))
        #expect(chevaux.contains("chevaux"))
        #expect(try #require(rules.possibleBases(of: "mangeaient")).contains("manger"))
        #expect(try #require(rules.possibleBases(of: "Maisons")).contains("maison"))
        #expect(try #require(rules.possibleBases(of: "日本s")).contains("日本"))
        // A rule's condition is met at the root's end (`eaient` comes off roots in `ger`).
        #expect(try #require(rules.possibleBases(of: "chanteaient")).contains("chanter") == false)
        #expect(try #require(rules.possibleBases(of: "zebras")) == ["zebras", "zebra"])
        #expect(rules.possibleBases(of: "  ") == [])
    }

    /// What the rules cannot follow is left to Hunspell: a hyphen (analysed in parts), a
    /// dictionary whose stems hide in aliases, an encoding Hunspell's wrapper does not read.
    @Test func whatCannotBeFollowedIsNil() throws {
        #expect(try #require(Self.fixture).possibleBases(of: "porte-fenêtres") == nil)
        let dic = Array("1\nword\n".utf8)
        #expect(HunspellAffixes(affixFile: Array("SET UTF-8\nAM 1\nAM st:x po:y\n".utf8), dictionaryFile: dic) == nil)
        #expect(HunspellAffixes(affixFile: Array("SET KOI8-R\n".utf8), dictionaryFile: dic) == nil)
        #expect(HunspellAffixes(affixFile: Array("SFX A Y 1\nSFX A 0 s . st:x\n".utf8), dictionaryFile: dic) == nil)
        #expect(HunspellAffixes(affix: "/nonexistent/xx.aff", dictionary: "/nonexistent/xx.dic") == nil)
    }

    /// A root the `.dic` gives a stem of its own leads to that stem, alone or ending a compound;
    /// conversions and ignored characters are followed; ISO 8859-1 files are read as such.
    @Test func namedStemsConversionsAndLatin1() throws {
        let affix = "SET ISO8859-1\nICONV 1\nICONV \u{B4} '\nIGNORE \u{AD}\nPFX L Y 1\nPFX L 0 l' .\nSFX S Y 1\nSFX S 0 s [^s]\nSFX E Y 1\nSFX E 0 es [sx]\n"
        let latin1 = affix.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        let dic = "2\nclownesse/S po:nom st:clown\ncaf\u{E9}/S\n".unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        let rules = try #require(HunspellAffixes(affixFile: latin1, dictionaryFile: dic))
        let clownesses = try #require(rules.possibleBases(of: "clownesses"))
        #expect(clownesses.isSuperset(of: ["clownesse", "clown"]))
        #expect(try #require(rules.possibleBases(of: "superclownesses")).contains("superclown"))
        #expect(try #require(rules.possibleBases(of: "l\u{B4}homme")).contains("homme"))
        #expect(try #require(rules.possibleBases(of: "caf\u{E9}s")).contains("caf\u{E9}"))
        #expect(try #require(rules.possibleBases(of: "ca\u{AD}fés")).contains("café"))
        // A condition is met in any letter case, since the root's is not known: `[^s]` admits
        // `S`, so `buss` may be `BUS` + s; `[sx]` admits nothing else.
        #expect(try #require(rules.possibleBases(of: "buss")).contains("bus"))
        #expect(try #require(rules.possibleBases(of: "bus")).contains("bu"))
        #expect(try #require(rules.possibleBases(of: "foxes")).contains("fox"))
        #expect(try #require(rules.possibleBases(of: "fooes")).contains("foo") == false)
    }

    static let system = HunspellMorphology(dictionaries: .system(environment: [:]))
    static let languages = ["fr", "de", "en"]

    /// On the real dictionaries (`make test` installs hunspell-fr, -de-de, -en-us): for words
    /// made from every 300th root with the endings and elisions these languages use, every
    /// base word Hunspell's analysis gives is among the candidates, so that a lookup that skips
    /// the analysis when no candidate names an entry loses nothing.
    @Test(.enabled(if: languages.allSatisfy { system.dictionaries.files(for: $0) != nil },
                   "needs hunspell-fr, hunspell-de-de and hunspell-en-us (make test installs them)"),
          arguments: languages)
    func everyBaseHunspellGivesIsACandidate(language: String) throws {
        let files = try #require(Self.system.dictionaries.files(for: language))
        let rules = try #require(Self.system.affixRules(for: language))
        let roots = try readFile(files.dictionary, shownAs: files.dictionary)
            .split(separator: UInt8(ascii: "\n")).dropFirst().enumerated().filter { $0.offset % 300 == 0 }
            .map { String(decoding: $0.element.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: " ") }, as: UTF8.self) }
        let endings = ["", "s", "e", "es", "en", "er", "n", "nt", "ent", "aient", "ions", "ait", "ée", "ées", "ing", "ed", "ly", "ness", "ern", "em", "es", "ste"]
        var words = Set<String>()
        for root in roots where !root.isEmpty {
            for ending in endings { words.insert(root + ending) }
            words.formUnion(["l'" + root, "d\u{2019}" + root, root.uppercased(), "ge" + root + "t", String(root.dropLast(2)) + "aux", String(root.dropLast(2)) + "ies", String(root.dropLast()) + "ä" + "ngen"])
        }
        words.formUnion(["chevaux", "yeux", "l'homme", "l\u{2019}homme", "aimerions", "mangeaient", "clownesses", "Häuser", "Hunde", "Kinder",
                         "STRASSE", "Straßen", "Haustüren", "dogs", "went", "22nd", "children", "Dog", "DOGS"])
        var analysed = 0
        for word in words.sorted() {
            let bases = (Self.system.analyses(of: word, language: language) ?? []).map { LookupKey.normalise($0.base) }
            guard !bases.isEmpty else { continue }
            analysed += 1
            guard let possible = rules.possibleBases(of: word) else { continue }
            let keys = Set(possible.map(LookupKey.normalise))
            for base in bases where !keys.contains(base) {
                Issue.record("\(language): \(word) → \(base), not among its \(keys.count) candidates")
            }
        }
        #expect(analysed > 300, "only \(analysed) of \(words.count) words had an analysis")
    }
}
