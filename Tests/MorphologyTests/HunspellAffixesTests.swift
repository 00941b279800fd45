#if canImport(Glibc)
import Glibc
#endif
import DictionaryIndex
import DictionaryModel
import Morphology
import Testing
import TestSupport

/// `HunspellAffixes` (a dictionary's `.aff` and `.dic` read as data) and `HunspellRuleStore`
/// (what they hold, kept in the cache): the base words an analysis could give, found without
/// opening the dictionary, always a superset of what Hunspell's analyses give.
@Suite struct HunspellAffixesTests {
    /// The store of `affix` and `dic` (the files' texts) in a scratch cache folder.
    static func store(affix: String, dic: String, latin1: Bool = false) throws -> HunspellRuleStore {
        let folder = ImportScratch.folder("hunspell")
        let bytes = { (text: String) in latin1 ? text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } : Array(text.utf8) }
        ImportScratch.write(bytes(affix), to: folder + "/xx.aff")
        ImportScratch.write(bytes(dic), to: folder + "/xx.dic")
        return try #require(HunspellRuleStore.open(affix: folder + "/xx.aff", dictionary: folder + "/xx.dic", cacheDirectory: folder + "/cache"))
    }

    static func fixture() throws -> HunspellRuleStore {
        let folder = ImportScratch.folder("hunspell")
        return try #require(HunspellRuleStore.open(affix: HunspellTests.folder + "/xx.aff", dictionary: HunspellTests.folder + "/xx.dic",
                                                   cacheDirectory: folder))
    }

    @Test func theRulesLeadBackToRootsThatCarryTheirFlags() throws {
        let store = try Self.fixture()
        #expect(store.possibleBases(of: "chevaux") == ["cheval"])
        #expect(store.possibleBases(of: "mangeaient") == ["manger"])
        #expect(store.possibleBases(of: "Maisons") == ["maison"])
        #expect(store.possibleBases(of: "日本s") == ["日本"])
        // `chanter` carries V, but `eaient` comes off only roots in `ger`.
        #expect(store.possibleBases(of: "chanteaient") == [])
        // `cheval` does not carry S, `maison` does not carry X: neither is a base.
        #expect(store.possibleBases(of: "chevals") == [])
        #expect(store.possibleBases(of: "maisaux") == [])
        // Not a root at all.
        #expect(store.possibleBases(of: "zebras") == [])
        // A root is its own base.
        #expect(store.possibleBases(of: "œil") == ["œil"])
        #expect(store.possibleBases(of: "  ") == [])
        // A hyphen is left to Hunspell, which analyses the parts.
        #expect(store.possibleBases(of: "porte-fenêtres") == nil)
    }

    /// Flags written two characters each, as numbers, through `AF` aliases; a second suffix
    /// whose flag the first carries; a prefix; the stems a root names; conversions, `IGNORE`
    /// and a condition met in any letter case.
    @Test func flagsAliasesAndTheRestOfTheFile() throws {
        let long = try Self.store(affix: "SET UTF-8\nFLAG long\nSFX Aa Y 1\nSFX Aa 0 s/Bb .\nSFX Bb Y 1\nSFX Bb 0 x .\n",
                                  dic: "2\nchat/Aa\nchien/Cc\n")
        #expect(long.possibleBases(of: "chats") == ["chat"])
        #expect(long.possibleBases(of: "chatsx") == ["chat"])
        // `x` may follow `s` (Aa's continuation names Bb), not `s` follow `x`.
        #expect(long.possibleBases(of: "chatxs") == [])
        #expect(long.possibleBases(of: "chiens") == [])
        let numeric = try Self.store(affix: "FLAG num\nAF 2\nAF 10,20\nAF 30\nSFX 10 Y 1\nSFX 10 0 en .\nSFX 30 Y 1\nSFX 30 0 er .\n",
                                     dic: "3\nhaus/1\nkind/2\nbaum/30\n")
        #expect(numeric.possibleBases(of: "hausen") == ["haus"])
        #expect(numeric.possibleBases(of: "kinden") == [])
        #expect(numeric.possibleBases(of: "kinder") == ["kind"])
        #expect(numeric.possibleBases(of: "baumer") == ["baum"])
        let french = try Self.store(affix: "SET UTF-8\nICONV 1\nICONV \u{2019} '\nOCONV 1\nOCONV ' \u{2019}\nIGNORE \u{AD}\nPFX L Y 1\nPFX L 0 l' [aeiouh]\n"
                                        + "SFX S Y 1\nSFX S 0 s [^s]\nSFX E Y 1\nSFX E 0 es [sx]\n",
                                    dic: "4\nclownesse/S po:nom st:clown\nhomme/LS\nbus/SE\nfox/E\n")
        #expect(french.possibleBases(of: "clownesses") == ["clownesse", "clown"])
        #expect(french.possibleBases(of: "clownesse") == ["clownesse", "clown"])
        #expect(french.possibleBases(of: "l\u{2019}hommes") == ["homme"])
        #expect(french.possibleBases(of: "L'HOMME") == ["homme"])
        #expect(french.possibleBases(of: "hom\u{AD}mes") == ["homme"])
        // `[^s]` is met in any letter case (the root could be `BUS`), `[sx]` only by s and x.
        #expect(french.possibleBases(of: "buss") == ["bus"])
        #expect(french.possibleBases(of: "buses") == ["bus"])
        #expect(french.possibleBases(of: "foxes") == ["fox"])
        #expect(try Self.store(affix: "SET ISO8859-1\nSFX S Y 1\nSFX S 0 s .\n", dic: "1\ncaf\u{E9}/S\n", latin1: true)
            .possibleBases(of: "caf\u{E9}s") == ["caf\u{E9}"])
    }

    /// A condition's letters, ASCII or not, met in either case; rules that share a condition
    /// each apply with their own strip; roots in CJK, with emoji and combining marks.
    @Test func conditionsInEitherCaseAndShared() throws {
        let store = try Self.store(affix: "SET UTF-8\nSFX A Y 3\nSFX A y ies [^AEIOU]y\nSFX A 0 s [AEIOU]y\nSFX A 0 x [\u{C9}\u{E8}]\n"
                                       + "SFX B Y 2\nSFX B 0 n [Q\u{301}]\nSFX B 0 m [Q\u{301}]\n",
                                   dic: "6\npony/A\nboy/A\nCAF\u{C9}/A\nb\u{E8}/A\nfaq/B\ne\u{301}/B\n")
        #expect(store.possibleBases(of: "ponies") == ["pony"])
        #expect(store.possibleBases(of: "boys") == ["boy"])
        // A set that excludes admits any letter with another case (the root's case is not
        // known): a possible base, which the analysis then settles.
        #expect(store.possibleBases(of: "boies") == ["boy"])
        // Roots are kept, and given, in lowercase.
        #expect(store.possibleBases(of: "CAF\u{C9}x") == ["caf\u{E9}"])
        #expect(store.possibleBases(of: "b\u{E8}x") == ["b\u{E8}"])
        #expect(store.possibleBases(of: "faqn") == ["faq"])
        #expect(store.possibleBases(of: "faqm") == ["faq"])
        #expect(store.possibleBases(of: "e\u{301}m") == ["e\u{301}"])
        #expect(store.possibleBases(of: "faxn") == [])
        let cjk = try Self.store(affix: "SET UTF-8\nSFX C Y 1\nSFX C 0 \u{3005} [\u{65E5}]\n", dic: "2\n\u{65E5}/C\n\u{1F469}\u{200D}\u{1F467}/C\n")
        #expect(cjk.possibleBases(of: "\u{65E5}\u{3005}") == ["\u{65E5}"])
        #expect(cjk.possibleBases(of: "\u{1F469}\u{200D}\u{1F467}\u{3005}") == [])
    }

    /// What cannot be followed is no store, and Hunspell is asked: stems in aliases or rules,
    /// an encoding Hunspell's wrapper does not read, files that are not there.
    @Test func whatCannotBeFollowedIsNoStore() throws {
        let folder = ImportScratch.folder("hunspell")
        for (name, affix) in [("am", "SET UTF-8\nAM 1\nAM st:x po:y\n"), ("koi", "SET KOI8-R\n"), ("rule", "SFX A Y 1\nSFX A 0 s . st:x\n")] {
            ImportScratch.write(affix, to: folder + "/\(name).aff")
            ImportScratch.write("1\nword/A\n", to: folder + "/\(name).dic")
            #expect(HunspellRuleStore.open(affix: folder + "/\(name).aff", dictionary: folder + "/\(name).dic", cacheDirectory: folder) == nil)
        }
        #expect(HunspellRuleStore.open(affix: "/nonexistent/xx.aff", dictionary: "/nonexistent/xx.dic", cacheDirectory: folder) == nil)
        // A cache folder that cannot be made (even by root): no store, and the analyses work as before.
        let unwritable = HunspellMorphology(dictionaries: HunspellDictionaries(folders: [HunspellTests.folder]), cacheDirectory: "/proc/wordlink-cache")
        #expect(unwritable.ruleStore(for: "xx") == nil)
        #expect(unwritable.possibleBases(of: "chevaux", language: "xx") == nil)
        #expect(unwritable.analyses(of: "chevaux", language: "xx")?.map(\.base) == ["cheval"])
    }

    /// The store is made once and read by every later process; made again when the files
    /// change; and a damaged file is begun again, never trusted.
    @Test func madeOnceAgainWhenTheFilesChangeAndNeverTrustedDamaged() throws {
        let folder = ImportScratch.folder("hunspell")
        ImportScratch.write("SFX S Y 1\nSFX S 0 s .\n", to: folder + "/xx.aff")
        ImportScratch.write("1\nchat/S\n", to: folder + "/xx.dic")
        let open = { HunspellRuleStore.open(affix: folder + "/xx.aff", dictionary: folder + "/xx.dic", cacheDirectory: folder + "/cache") }
        #expect(open()?.possibleBases(of: "chats") == ["chat"])
        // Its log is folded into the file once it is made: a later process need not read it.
        var log = stat()
        #expect(stat(folder + "/cache/" + HunspellRuleStore.fileName + "-wal", &log) != 0 || log.st_size == 0)
        #expect(open()?.possibleBases(of: "chiens") == [])
        ImportScratch.write("2\nchat/S\nchien/S\n", to: folder + "/xx.dic")
        #expect(open()?.possibleBases(of: "chiens") == ["chien"])
        // Another program's file put in its place (as a process that begins the store again sees it).
        let store = folder + "/cache/" + HunspellRuleStore.fileName
        ImportScratch.write("this is not a database, but it is long enough to be taken for one's header ............", to: store + ".other")
        #expect(rename(store + ".other", store) == 0)
        for suffix in ["-wal", "-shm"] { unlink(store + suffix) }
        #expect(open() == nil)
        #expect(open()?.possibleBases(of: "chiens") == ["chien"])
    }

    static let system = HunspellMorphology(dictionaries: .system(environment: [:]), cacheDirectory: ImportScratch.folder("hunspell-system"))
    static let languages = ["fr", "de", "en"]

    /// On the real dictionaries (`make test` installs hunspell-fr, -de-de, -en-us): for words
    /// made from every 300th root with the endings and elisions these languages use, every
    /// base word Hunspell's analysis gives is among the store's, so that a lookup that skips
    /// the analysis when none of them names an entry loses nothing.
    @Test(.enabled(if: languages.allSatisfy { system.dictionaries.files(for: $0) != nil },
                   "needs hunspell-fr, hunspell-de-de and hunspell-en-us (make test installs them)"),
          arguments: languages)
    func everyBaseHunspellGivesIsAPossibleBase(language: String) throws {
        let files = try #require(Self.system.dictionaries.files(for: language))
        let store = try #require(Self.system.ruleStore(for: language))
        let roots = try readFile(files.dictionary, shownAs: files.dictionary)
            .split(separator: UInt8(ascii: "\n")).dropFirst().enumerated().filter { $0.offset % 300 == 0 }
            .map { String(decoding: $0.element.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: " ") }, as: UTF8.self) }
        let endings = ["", "s", "e", "es", "en", "er", "n", "nt", "ent", "aient", "ions", "ait", "ée", "ées", "ing", "ed", "ly", "ness", "ern", "em", "ste"]
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
            guard let possible = store.possibleBases(of: word) else { continue }
            let keys = Set(possible.map(LookupKey.normalise))
            for base in bases where !keys.contains(base) {
                Issue.record("\(language): \(word) → \(base), not among its possible bases \(keys.sorted())")
            }
        }
        #expect(analysed > 300, "only \(analysed) of \(words.count) words had an analysis")
    }
}
