import Testing
import DictionaryModel
import TestSupport
@testable import DictionaryImport

/// FreeDict's text read byte by byte: translations split at the commas outside brackets, a
/// body split into its lines; CJK, emoji sequences and combining marks kept whole.
@Suite struct FreeDictTextTests {
    @Test func translationsSplitAtCommasOutsideBrackets() {
        #expect(DictdConverter.splitTranslations("犬, 🐕\u{200D}🦺 (a, b), [x, y] e\u{301}tude ,  , chien"[...])
                == ["犬", "🐕\u{200D}🦺 (a, b)", "[x, y] e\u{301}tude", "chien"])
        #expect(DictdConverter.splitTranslations("(unclosed, still one"[...]) == ["(unclosed, still one"])
        #expect(DictdConverter.splitTranslations(") closes nothing, two"[...]) == [") closes nothing", "two"])
        #expect(DictdConverter.splitTranslations(""[...]) == [])
    }

    /// FreeDict's grammar after a translation (`<masc, neut>`, eng-deu's genders) is one piece
    /// of it, and is shown as emphasis without its brackets; a `<` that opens no grammar group
    /// splits and shows as before.
    @Test func grammarGroupsStayWithTheirTranslationAndLoseTheirBrackets() {
        #expect(DictdConverter.splitTranslations("Abfallkataster <masc, neut>, Hund <masc>, 犬 <n, pl>"[...])
                == ["Abfallkataster <masc, neut>", "Hund <masc>", "犬 <n, pl>"])
        #expect(DictdConverter.splitTranslations("a < b, c <, d>"[...]) == ["a < b", "c <", "d>"])
        var converter = DictdConverter(style: .freedict, keys: ["dog": 0])
        #expect(converter.freedictGloss("Hund <masc>") == "Hund ''masc''")
        #expect(converter.freedictGloss("Abfallkataster <masc, neut> [agr.]") == "Abfallkataster ''masc, neut''" + Markup.escaping(" [agr.]"))
        #expect(converter.freedictGloss("e\u{301}tude <fem> 🐕\u{200D}🦺 {dog} <pl>")
                == "e\u{301}tude ''fem'' 🐕\u{200D}🦺 [[dog]] ''pl''")
        #expect(converter.freedictGloss("x < y, <> <1> <masc") == Markup.escaping("x < y, <> <1> <masc"))
        #expect(converter.freedictGloss("rock 'n' roll <n>") == Markup.escaping("rock 'n' roll ") + "''n''")
    }

    /// Hungarian's ő and ű, written ô and û by a source converted from Latin-2 as Latin-1,
    /// restored byte for byte beside CJK, emoji sequences and combining marks.
    @Test func hungarianStandInsBecomeTheLettersTheyStandFor() {
        #expect(DictdConverter.hungarianLetters("nézôtér, ÔSZ, tûz ÛR 犬 🐕\u{200D}🦺 e\u{301}"[...]) == "nézőtér, ŐSZ, tűz ŰR 犬 🐕\u{200D}🦺 e\u{301}")
        #expect(DictdConverter.hungarianLetters("ház, kő, é á ó ö ú ü"[...]) == nil)
        #expect(DictdConverter.hungarianLetters(""[...]) == nil)
    }

    @Test func aBodyIsSplitIntoItsLines() {
        let body = "\n1. 犬\r\n\n2. 🐕\u{200D}🦺 e\u{301}\nlast"[...]
        #expect(DictdConverter.lines(of: body) == ["1. 犬\r", "2. 🐕\u{200D}🦺 e\u{301}", "last"])
        #expect(DictdConverter.lines(of: "\n\n"[...]) == [])
        #expect(DictdConverter.lines(of: "one"[...]) == ["one"])
    }

    /// A record's header line, found by its bytes: the headword alone for an import's first
    /// pass, and with its pronunciations and grammar for the entry; a line ended by CR LF,
    /// leading blank lines, and headwords in every script.
    @Test func aHeaderLineGivesItsHeadwordThenItsParts() throws {
        let header = try #require(DictdConverter.freedictHeader("\n\n犬 🐕\u{200D}🦺 e\u{301} /inu/ <n, masc>\r\n1. dog\n"[...],
                                                                indexHeadwords: []))
        #expect(header.headword == "犬 🐕\u{200D}🦺 e\u{301}")
        #expect(header.pronunciations.map(\.text) == ["/inu/"])
        #expect(header.grammar == ["n", "masc"])
        #expect(header.body == "\n1. dog\n")
        let texts = ["run /rʌn/ <v>\n1. fonctionner", "... ago /ɐɡˈəʊ/\nil y a", "e\u{301}te\u{301} <n>\r\nsummer",
                     "🇫🇷 flag\nle drapeau", "nothing here\nat all", "\r\n"]
        for text in texts {
            let line = DictdConverter.freedictHeaderLine(text[...], indexHeadwords: ["🇫🇷 flag"])
            #expect(line?.headword == DictdConverter.freedictHeader(text[...], indexHeadwords: ["🇫🇷 flag"])?.headword, "\(text)")
        }
        #expect(DictdConverter.freedictHeaderLine("🇫🇷 flag\nle drapeau"[...], indexHeadwords: ["🇫🇷 flag"])?.headword == "🇫🇷 flag")
        #expect(DictdConverter.freedictHeaderLine("nothing here\nat all"[...], indexHeadwords: ["other"]) == nil)
    }

    /// What the trim gave when it searched the set a character at a time, as it still does for other sets.
    private static func trimmedByCharacters(_ text: String, _ set: String) -> String {
        var result = text[...]
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return String(result)
    }

    @Test func anASCIISetIsTrimmedByWholeCharactersAsBefore() {
        let texts = ["  犬 ", "\t🐕\u{200D}🦺\t", " \u{301}e ", "e\u{301} ", " e\u{301}", "\u{0600} ", " \u{0600}1 ",
                     "\r\nx\r\n", "\rx\r", " \r\n", "\n\r", "", " ", "   ", "x", " x y ", "🇫🇷 ", " 🇫🇷", "/ˈɑː/ ",
                     "\u{FEFF} x \u{FEFF}", " , x ;, ", "{}", "\t\r\n"]
        let sets = [" ", " \t", " \t\r", " \t\n", " \t\u{FEFF}", " ,;", " .-{}", "\r\n", "\r"]
        for text in texts {
            for set in sets {
                #expect(String(text.trimmingCharacters(in: set)) == Self.trimmedByCharacters(text, set), "\(Array(text.unicodeScalars)) in \(Array(set.unicodeScalars))")
            }
        }
        // A substring's own bounds, not its base's.
        let base = "ab  犬  cd"
        let middle = base[base.index(base.startIndex, offsetBy: 2)..<base.index(base.endIndex, offsetBy: -2)]
        #expect(middle.trimmingCharacters(in: " ") == "犬")
    }

    @Test func aPatternIsFoundAsCharactersByItsBytes() {
        let line = "e\u{301} /\u{301}x/ 犬 /dɔɡ/ <n>"[...]
        // `/` with a combining mark is not a `/`: the first ` /` is the one before `dɔɡ`.
        let found = line.firstIndex(ofASCII: " /")
        #expect(found.map { String(line[$0...]) } == " /dɔɡ/ <n>")
        #expect(line.firstIndex(ofASCII: " <").map { String(line[$0...]) } == " <n>")
        #expect(line.firstIndex(ofASCII: " [") == nil)
        #expect("🐕\u{200D}🦺"[...].firstIndex(ofASCII: "/") == nil)
        // A space after a prepended mark is one character with it; a space after a letter is not.
        let prepended = "\u{0600} /x/ b /y/"[...]
        #expect(prepended.firstIndex(ofASCII: " /").map { String(prepended[$0...]) } == " /y/")
        let after = "犬 /y/"[...]
        #expect(after.firstIndex(ofASCII: " /").map { String(after[$0...]) } == " /y/")
    }

    /// Records made of FreeDict's pieces at random (numbers, doubled slashes, brackets and
    /// parentheses left open, CJK, emoji sequences, combining marks, control characters), read
    /// as a database made from WikDict and as any other: never a crash, and every sense kept
    /// within what the record holds.
    @Test func randomRecordsNeverCrashTheConverter() {
        let pieces = ["1.", " 2.", "3. ", "12.", "I.", "IV. ", "<n>", "<pronoun>", "<", ">", "/", "//", "///", "/dɒɡ/", "//dɑɡ//",
                      "(", ")", "(obsolete)", "((a)", "[", "]", "[ctx]", "{", "}", "{dog}", "\"", "\" - ", " - ", "-", ",", ";", ":",
                      "Synonyms:", "Note:", "see:", " ", "  ", "\t", "\n", "\n", "\n", "\r\n", "犬", "🐕\u{200D}🦺", "e\u{301}",
                      "\u{301}", "/\u{301}", "\u{85}", "\u{96}", "koira", "animal", "a", "é"]
        var generator = SeededGenerator(seed: 31)
        for round in 0..<3000 {
            var text = round % 3 == 0 ? "dog " : ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) { text += pieces.randomElement(using: &generator)! }
            for describes in [false, true] {
                var converter = DictdConverter(style: .freedict, keys: ["dog": 0])
                converter.describesSenses = describes
                let entry = converter.freedictEntry(text: text[...], indexHeadwords: ["dog"])
                func count(_ senses: [Sense]) -> Int { senses.reduce(senses.count) { $0 + count($1.senses) } }
                #expect(count(entry.senses) <= text.count + 1, "\(text.debugDescription)")
            }
        }
    }

    @Test func pronunciationsAreReadAsCharacters() {
        let (found, rest) = DictdConverter.pronunciations("/dɔɡ/, /dɑɡ/ <n>"[...])
        #expect(found.map(\.text) == ["/dɔɡ/", "/dɑɡ/"])
        #expect(rest == "<n>")
        // Sixty characters at most between the slashes, however many bytes they take.
        let long = "/" + String(repeating: "犬", count: 59) + "/ x"
        #expect(DictdConverter.pronunciations(long[...]).0.count == 1)
        let tooLong = "/" + String(repeating: "e", count: 61) + "/ x"
        #expect(DictdConverter.pronunciations(tooLong[...]).0.isEmpty)
        // A `{` or a line feed inside ends the search (as characters: CR LF is one, not a line feed).
        #expect(DictdConverter.pronunciations("/a{b/"[...]).0.isEmpty)
        #expect(DictdConverter.pronunciations("/a\nb/"[...]).0.isEmpty)
        #expect(DictdConverter.pronunciations("/a\r\nb/"[...]).0.count == 1)
        // WikDict's doubled slashes: each pair one pronunciation, written with single ones.
        let (doubled, after) = DictdConverter.pronunciations("//dɑɡ// //ˈæb.sə.ˌl(j)uːt.lɪ// //犬🐕\u{200D}🦺e\u{301}// <n>"[...])
        #expect(doubled.map(\.text) == ["/dɑɡ/", "/ˈæb.sə.ˌl(j)uːt.lɪ/", "/犬🐕\u{200D}🦺e\u{301}/"])
        #expect(after == "<n>")
        #expect(DictdConverter.pronunciations("// <n>"[...]).1 == "<n>")
        #expect(DictdConverter.pronunciations("//a/ b"[...]).0.isEmpty)
        #expect(DictdConverter.pronunciations("/// x"[...]).0.isEmpty)
        #expect(DictdConverter.pronunciations("//a// /b/ x"[...]).0.map(\.text) == ["/a/", "/b/"])
    }
}
