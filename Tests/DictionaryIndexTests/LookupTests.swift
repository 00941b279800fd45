import Testing
import DictionaryModel
import DictionaryIndex
import TestSupport

@Suite struct LookupTests {
    let lookup: Lookup

    init() throws {
        lookup = try Fixtures.sample().lookup
    }

    func ids(_ query: String) -> [String] {
        lookup.lookUp(query).entryNumbers.map { lookup.entries[$0].id }
    }

    @Test(arguments: [
        ("dog~n", ["dog~n"]),                  // exact id
        ("café", ["café"]),                    // id equal to a headword
        ("dog", ["dog~n"]),                    // headword
        ("DOG", ["dog~n"]),                    // case folded
        ("  dog \t", ["dog~n"]),               // trimmed
        ("ｄｏｇ", ["dog~n"]),                  // NFKC: full-width letters
        ("cafe\u{301}", ["café"]),             // NFKC: composed accent
        ("CAFÉ", ["café"]),
        ("wolf", ["wolf~n"]),                  // headword written "Wolf"
        ("went", ["go~v"]),                    // form as a string…
        ("doggies", ["dog~n"]),                // …and as an object
        ("bank", ["bank~n", "bank~v"]),        // homographs together, in load order
        ("ponies", ["pony~n"]),                // rule ies → y, pos noun
        ("rivers", ["river~n"]),               // rule s → ""
        ("banks", ["bank~n", "bank~v"]),       // a rule without pos keeps homographs
        ("banking", ["bank~v"]),               // rule ing → "", pos verb: not the noun
        ("wolfing", []),                       // rule ing with pos verb: wolf is a noun
        ("s", []),                             // a rule never leaves an empty key
        ("Dog~n", []),                         // ids are case-sensitive
        ("cafe", []),                          // a missing accent is a suggestion, not a match
    ])
    func looksUp(_ query: String, _ expected: [String]) {
        #expect(ids(query) == expected)
    }

    /// WordNet's morphy shows the base word beside a headword that is itself an inflection:
    /// a query gives what it names directly, then every entry a rule leads to.
    static let morphy: Lookup = {
        func entry(_ id: String, _ headword: String, _ pos: String, forms: [String] = []) -> Entry {
            Entry(id: id, headword: headword, pos: pos, forms: forms.map { Form($0) }, senses: [Sense(definition: Markup("a sense of \(headword)"))])
        }
        let rules = [LookupRule(suffix: "s", replace: "", pos: "noun"), LookupRule(suffix: "ies", replace: "y", pos: "noun"),
                     LookupRule(suffix: "s", replace: "", pos: "verb"), LookupRule(suffix: "ies", replace: "y", pos: "verb"),
                     LookupRule(suffix: "es", replace: "e", pos: "verb"), LookupRule(suffix: "ing", replace: "", pos: "verb"),
                     LookupRule(suffix: "ing", replace: "e", pos: "verb")]
        return Lookup(entries: [
            entry("attending~n", "attending", "noun"), entry("attend~v", "attend", "verb"),
            entry("fly~n", "fly", "noun", forms: ["flies"]), entry("fly~v", "fly", "verb"),
            entry("going~n", "going", "noun"), entry("go~v", "go", "verb", forms: ["went", "gone"]),
            entry("leaf~n", "leaf", "noun", forms: ["leaves"]), entry("leave~n", "leave", "noun"), entry("leave~v", "leave", "verb"),
            entry("flies~n", "flies", "noun"),
        ], rules: rules)
    }()

    @Test(arguments: [
        ("attending", ["attending~n", "attend~v"]),          // the noun, then the verb attend
        ("flies", ["flies~n", "fly~n", "fly~v"]),            // headword, form, then the rule's verb
        ("going", ["going~n", "go~v"]),
        ("leaves", ["leaf~n", "leave~n", "leave~v"]),        // a form, then both homographs of leave
        ("went", ["go~v"]),
        ("attend~v", ["attend~v"]),                          // an exact id names its entry alone
    ])
    func aQueryUnionsWhatItNamesWithWhatRulesLeadTo(_ query: String, _ expected: [String]) {
        let lookup = Self.morphy
        let found = lookup.lookUp(query)
        #expect(found.entryNumbers.map { lookup.entries[$0].id } == expected)
    }

    @Test func directAndRuleEntriesAreToldApart() {
        let lookup = Self.morphy
        #expect(lookup.lookUp("attending").directCount == 1)
        #expect(lookup.lookUp("flies").directCount == 2)
        #expect(lookup.lookUp("leaves").directCount == 1)
        #expect(lookup.lookUp("attends").directCount == 0)
        #expect(lookup.lookUp("attending").match == .headwordOrForm)
        #expect(lookup.lookUp("attends").match == .rule(LookupRule(suffix: "s", replace: "", pos: "verb")))
    }

    /// A link whose target names an entry directly goes to that entry alone.
    @Test func aLinkTargetThatNamesAnEntryGoesThereAlone() {
        let lookup = Self.morphy
        #expect(lookup.lookUp(linkTarget: "attending").entryNumbers.map { lookup.entries[$0].id } == ["attending~n"])
        #expect(lookup.resolve(target: "attending").entryIDs == ["attending~n"])
        #expect(lookup.resolve(target: "attends").entryIDs == ["attend~v"])
        #expect(lookup.resolve(target: "flies").entryIDs == ["flies~n", "fly~n"])
    }

    /// The shipped dictionary's two bats: `bats` is a form of one of them; the rule leads to both.
    @Test func bothBatsForBats() throws {
        let shipped = Lookup(folder: try DataFolder.load(from: Fixtures.shippedData))
        let ids = { (query: String) in shipped.lookUp(query).entryNumbers.map { shipped.entries[$0].id } }
        #expect(ids("bat").count == 2)
        #expect(ids("bats") == ids("bat"))
    }

    /// A rule with `pos` lands on that part of speech alone or as one part of a combined one
    /// (GCIDE's `noun & verb`), never on a part that only contains its text.
    @Test func ruleLandsOnAPartOfACombinedPartOfSpeech() {
        let noun = LookupRule(suffix: "s", replace: "", pos: "noun")
        #expect(noun.lands(onPartOfSpeech: "noun"))
        #expect(noun.lands(onPartOfSpeech: "adjective & noun"))
        #expect(noun.lands(onPartOfSpeech: "noun & transitive verb"))
        #expect(noun.lands(onPartOfSpeech: "verb & noun & adverb"))
        #expect(!noun.lands(onPartOfSpeech: "verb"))
        #expect(!noun.lands(onPartOfSpeech: "nouns & verb"))
        #expect(!noun.lands(onPartOfSpeech: "pronoun"))
        #expect(!noun.lands(onPartOfSpeech: "noun&verb"))
        #expect(!noun.lands(onPartOfSpeech: "noun &"))
        #expect(!noun.lands(onPartOfSpeech: nil))
        #expect(!noun.lands(onPartOfSpeech: ""))
        #expect(LookupRule(suffix: "s", replace: "").lands(onPartOfSpeech: nil))
        let verb = LookupRule(suffix: "ed", replace: "", pos: "transitive verb")
        #expect(verb.lands(onPartOfSpeech: "intransitive & transitive verb"))
        #expect(!verb.lands(onPartOfSpeech: "transitive & intransitive verb"))
        // Parts of speech in other scripts, with combining marks and emoji.
        let kanji = LookupRule(suffix: "s", replace: "", pos: "名詞")
        #expect(kanji.lands(onPartOfSpeech: "動詞 & 名詞"))
        #expect(!kanji.lands(onPartOfSpeech: "名詞x & 動詞"))
        #expect(LookupRule(suffix: "s", replace: "", pos: "ne\u{301}e").lands(onPartOfSpeech: "🐕‍🦺 & ne\u{301}e"))
        #expect(!LookupRule(suffix: "s", replace: "", pos: "ne").lands(onPartOfSpeech: "ne\u{301} & 🐕‍🦺"))
        // A part compares as the whole does, by canonical equivalence: a precomposed é matches
        // e and a combining accent, alone and as one part of a combined part of speech.
        let precomposed = LookupRule(suffix: "s", replace: "", pos: "n\u{E9}e")
        #expect(precomposed.lands(onPartOfSpeech: "ne\u{301}e"))
        #expect(precomposed.lands(onPartOfSpeech: "verb & ne\u{301}e"))
        #expect(precomposed.lands(onPartOfSpeech: "ne\u{301}e & 名詞"))
        #expect(!precomposed.lands(onPartOfSpeech: "verb & ne\u{301}"))
        // In a lookup: `banks` lands on a combined noun and a plain verb, not on an adverb.
        let lookup = Lookup(entries: [
            Entry(id: "bank", headword: "Bank", pos: "noun & transitive verb"), Entry(id: "bank-v", headword: "Bank", pos: "verb"),
            Entry(id: "bank-adv", headword: "Bank", pos: "adverb"),
        ], rules: [noun, LookupRule(suffix: "s", replace: "", pos: "verb")])
        #expect(lookup.lookUp("banks").entryNumbers.map { lookup.entries[$0].id } == ["bank", "bank-v"])
    }

    @Test func matchKinds() {
        #expect(lookup.lookUp("dog~n").match == .id)
        #expect(lookup.lookUp("Dog").match == .headwordOrForm)
        #expect(lookup.lookUp("ponies").match == .rule(LookupRule(suffix: "ies", replace: "y", pos: "noun")))
        #expect(lookup.lookUp("zzz").match == .none)
    }

    @Test func normalisedKeys() {
        #expect(LookupKey.normalise("  Domestic \u{00A0}\t DOG\n") == "domestic dog")
        #expect(LookupKey.normalise("ﬁne") == "fine")               // NFKC ligature
        #expect(LookupKey.normalise("Ⅻ") == "xii")                   // NFKC compatibility numeral
        #expect(LookupKey.accentFolded("crème brûlée") == "creme brulee")
    }

    @Test(arguments: [
        ("dgo", "dog"),         // transposition
        ("rivr", "river"),      // missing letter
        ("rivver", "river"),    // extra letter
        ("pomy", "pony"),       // wrong letter
        ("cafe", "café"),       // missing accent
        ("CAFE", "café"),
        ("wlof", "Wolf"),       // shown as written
    ])
    func suggestsTheNearestHeadwordFirst(_ query: String, _ expected: String) {
        #expect(lookup.suggestions(for: query).first?.text == expected)
    }

    @Test func suggestionsAreRankedAndLimited() {
        #expect(lookup.suggestions(for: "dgo").map(\.text) == ["dog", "go"])
        #expect(lookup.suggestions(for: "gone").isEmpty)       // never the query itself
        #expect(lookup.suggestions(for: "goen").map(\.text) == ["gone"])
        #expect(lookup.suggestions(for: "dg").map(\.text) == ["dog"])
        #expect(lookup.suggestions(for: "xylophone").isEmpty)
        #expect(lookup.suggestions(for: "dgo", limit: 1).map(\.text) == ["dog"])
    }

    @Test func completions() {
        let go = lookup.completions(for: "go")
        #expect(go.map(\.text) == ["go", "gone", "going"])
        #expect(go.map(\.kind) == [.exact, .prefix, .prefix])
        // Keys near it are the suggestions' (the lookup prompt asks for them off the input thread).
        #expect(lookup.completions(for: "dg").isEmpty)
        #expect(lookup.suggestions(for: "dg").map(\.text) == ["dog"])
        #expect(lookup.suggestions(for: "dg").map(\.kind) == [.typo])
        #expect(lookup.completions(for: "Ba").map(\.text) == ["bank"])
        #expect(lookup.completions(for: "do", limit: 2).map(\.text) == ["dog", "dogs"])
        #expect(lookup.completions(for: "").isEmpty)
    }

    @Test func indexHeadwordsAreSortedAndGrouped() {
        let headwords = lookup.headwords.map { "\($0.headword):\($0.entryNumbers.count)" }
        #expect(headwords == ["bank:2", "café:1", "dog:1", "go:1", "pony:1", "river:1", "Wolf:1"])
    }
}

@Suite struct LinkResolutionTests {
    let lookup: Lookup

    init() throws {
        lookup = try Fixtures.sample().lookup
    }

    @Test func resolvesToOneEntryOrAQueryForSeveral() {
        let dog = lookup.resolve(target: "Dog")
        #expect(dog == LinkResolution(state: .resolved, entryIDs: ["dog~n"], destination: "dog~n"))
        let bank = lookup.resolve(target: "bank")
        #expect(bank == LinkResolution(state: .resolved, entryIDs: ["bank~n", "bank~v"], destination: "bank"))
        #expect(lookup.resolve(target: "nowhere") == LinkResolution(state: .unresolved))
    }

    @Test(arguments: [
        ("https://example.org/a b", false), ("https://example.org/", true), ("http://x", true),
        ("mailto:someone@example.org", true), ("ftp://x/y", true), ("gemini://x", true),
        ("re: something", false), ("note:", false), ("dog", false), ("1:2", false), ("a:b", false),
        ("漢字:x", false), ("mailto:漢字@例え.jp", true), ("e\u{301}:x", false), ("👩‍👩‍👧", false), ("https://例え.jp/👩‍👩‍👧", true),
    ])
    func externalTargets(_ target: String, _ isExternal: Bool) {
        #expect(Lookup.isExternal(target) == isExternal)
        if isExternal { #expect(lookup.resolve(target: target).state == .external) }
    }

    @Test func senseAnchors() throws {
        let bank = try #require(lookup.entry(withID: "bank~n"))
        #expect(NumberedSense.all(bank.senses).map(\.path) == ["1", "2", "2a", "2b"])
        #expect(NumberedSense.all(bank.senses).map(\.label) == ["1.", "2.", "a.", "b."])
        #expect(bank.sense(anchoredAt: "river")?.path == "1")      // by id
        #expect(bank.sense(anchoredAt: "1")?.sense.id == "river")   // by number, even with an id
        #expect(bank.sense(anchoredAt: "2b")?.sense.definition?.source == "its staff, as a body")
        #expect(bank.sense(anchoredAt: "3") == nil)
        #expect(NumberedSense.marker(4, depth: 2) == "iv")
        #expect(NumberedSense.marker(27, depth: 1) == "aa")
        #expect(lookup.resolve(target: "bank", sense: "river").isMissingSense == false)
        #expect(lookup.resolve(target: "bank~n", sense: "9").isMissingSense == true)
        #expect(lookup.resolve(target: "bank~n", sense: "9").state == .resolved)
    }

    /// The lookup `wordlink check` makes, without texts, links or words in its index, finds and
    /// resolves what the whole one does, and leaves the same warnings.
    @Test func aLookupForFindingOnlyResolvesAsTheWholeOne() throws {
        let (folder, whole) = try Fixtures.sample()
        let finding = Lookup(folder: folder, findingOnly: true)
        var targets: [(String, String?)] = []
        for entry in folder.entries { entry.forEachLink { target, sense, _ in targets.append((target, sense)) } }
        #expect(targets.count >= 9)
        for (target, sense) in targets + [("bank~n", "9"), ("bank", "river"), ("nowhere", nil)] {
            #expect(finding.resolve(target: target, sense: sense) == whole.resolve(target: target, sense: sense))
        }
        for query in ["dog", "Dogs", "bank", "dgo", "ban", "bank~n"] {
            #expect(finding.lookUp(query) == whole.lookUp(query))
        }
        // What it leaves out: the words of the nearest headwords and completion.
        #expect(!whole.suggestions(for: "dgo").isEmpty && finding.suggestions(for: "dgo").isEmpty)
        #expect(!whole.completions(for: "ba").isEmpty && finding.completions(for: "ba").isEmpty)
        #expect(folder.unresolvedLinks(lookup: finding).map(\.diagnostic) == folder.unresolvedLinks(lookup: whole).map(\.diagnostic))
    }

    /// `sense(anchoredAt:)` numbers only the senses on its way; it finds what numbering them all
    /// finds (the first sense with the id, depth first, else the one with the path), for every
    /// path and id of a deep entry and for anchors that read as no path.
    @Test func senseAnchorsFoundWithoutNumberingEverySense() {
        func leaves(_ count: Int, _ prefix: String) -> [Sense] {
            (0..<count).map { Sense(id: $0 % 7 == 3 ? "\(prefix)\($0)" : nil, definition: Markup("\(prefix) \($0)")) }
        }
        var deep = Sense(id: "犬", definition: Markup("deep"), senses: leaves(30, "sub"))   // letters past z: aa, ab, …
        deep.senses[2].senses = leaves(14, "deeper")                                        // roman numerals to xiv
        deep.senses[2].senses[4].senses = [Sense(id: "e\u{301}", definition: Markup("deepest")), Sense(id: "👩‍👩‍👧")]
        let senses = [Sense(id: "sub3", definition: Markup("an id also used below"))] + leaves(3, "top") + [deep]
        let entry = Entry(id: "x", headword: "x", senses: senses)
        let all = NumberedSense.all(senses)
        func everyNumbered(_ anchor: String) -> NumberedSense? {
            all.first { $0.sense.id == anchor } ?? all.first { $0.path == anchor }
        }
        var anchors = all.map(\.path) + all.compactMap(\.sense.id)
        anchors += ["", "0", "01", "6", "5ac", "5A", "5c.", "5c.iiii", "5c.4", "5c.v.2", ".", "5c..i", "5c.v.i.i", "5c.v.iii",
                    "99999999999999999999", "5zzzzzzzzzzzzzzzzz", "5c.\(String(repeating: "m", count: 40))", "犬", "e\u{301}",
                    "\u{E9}", "👩‍👩‍👧", "👩", "sub3", "5ad", "5ae", "5c.!", "5c.i!", "1\u{0}", "5c.v.ii\u{301}"]
        #expect(all.contains { $0.path == "5c.xiv" } && all.contains { $0.path == "5ad" })
        for anchor in anchors {
            #expect(entry.sense(anchoredAt: anchor) == everyNumbered(anchor), "anchor \(anchor)")
        }
        #expect(entry.sense(anchoredAt: "sub3")?.path == "1")      // the first by id, depth first
        #expect(entry.sense(anchoredAt: "5c.v.ii")?.sense.id == "👩‍👩‍👧")
    }

    @Test func unresolvedLinksOfTheFolderWithTheirPlaces() throws {
        let (folder, lookup) = try Fixtures.sample()
        let rendered = folder.unresolvedLinks(lookup: lookup).map(\.diagnostic.description).joined(separator: "\n")
        #expect(rendered == """
            warning: unresolved link "domestic dog" in entry "dog~n"
              --> entries/dog.json:15:51
            warning: unresolved link "Canis familiaris" in entry "dog~n"
              --> entries/dog.json:15:79
            warning: unresolved link "dgo" in entry "dog~n"
              --> entries/dog.json:19:13
            warning: unresolved link "canine" in entry "dog~n"
              --> entries/dog.json:20:48
            """)
    }

    @Test func missingSenseIsAWarning() {
        let folder = DataFolder.load(dictionary: nil, entryFiles: [SourceFile(path: "entries/a.json", text: """
            {"id": "a", "headword": "a", "senses": [{"definition": "see [[a#2]] and [[a#1]]"}]}
            """)])
        let links = folder.unresolvedLinks(lookup: Lookup(folder: folder))
        #expect(links.map(\.diagnostic.description) == [
            "warning: link \"a#2\" in entry \"a\" names a sense that \"a\" does not have\n  --> entries/a.json:1:56",
        ])
    }
}
