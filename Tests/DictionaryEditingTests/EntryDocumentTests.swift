import Foundation
import Testing
@testable import DictionaryEditing
import DictionaryModel

/// Entries of many shapes, as JSON, for round trips.
enum DocumentFixtures {
    static let dog = #"""
    {"id": "dog", "headword": "dog", "pos": "noun",
     "pronunciations": [{"text": "/dɔɡ/", "system": "ipa"}, "dawg"],
     "etymology": "From Old English ''docga''.",
     "senses": [
       {"id": "animal", "definition": "a member of the genus [[Canis]]",
        "examples": ["the dog barked all night", {"text": "le chien", "translation": "the dog", "source": "FR"}],
        "notes": ["a note on this sense"],
        "senses": [{"definition": "a sub-sense", "senses": [{"definition": "deeper"}]}, {"definition": "another"}],
        "relations": [{"type": "synonym", "links": ["hound"]}]},
       {"definition": "a second sense", "labels": ["informal"]}
     ],
     "notes": ["a note on the whole entry"]}
    """#

    static let international = #"""
    {"id": "犬", "headword": "犬", "pos": "名詞",
     "senses": [
       {"definition": "いぬ — 👩‍👩‍👧‍👦 family 🇯🇵 flag 👍🏽 thumbs, e\u0301 combining",
        "examples": [{"text": "犬が吠える", "translation": "the dog barks 🐕"}]},
       {"definition": "escapes: \\[[not a link\\]], a pipe \\| and ''emphasis'' and '''strong''' [[Canis#1|the genus]]"}
     ]}
    """#

    static let multiline = #"""
    {"id": "multi", "headword": "multi",
     "etymology": "line one\nline two",
     "senses": [{"definition": "first line\nsecond line", "examples": [{"text": "ex one\nex two", "translation": "tr one\ntr two"}],
                 "notes": ["note one\nnote two"]}],
     "notes": ["entry note\nits second line"]}
    """#

    static let bare = #"""
    {"id": "bare", "headword": "bare", "senses": [{"glosses": ["only a gloss"]}]}
    """#

    static let all = [dog, international, multiline, bare]
}

@Suite struct EntryDocumentTests {
    @Test func theTextOfAnEntryIsTheEditorsGrammar() throws {
        let document = EntryDocument(entry: try JSONParser.parse(DocumentFixtures.dog))
        #expect(document.text == """
            dog
            pos: noun
            pron: /dɔɡ/ (ipa)
            pron: dawg
            etym: From Old English ''docga''.
            1. a member of the genus [[Canis]]
               ex: the dog barked all night
               ex: le chien
               tr: the dog
               note: a note on this sense
               1.1. a sub-sense
                  1.1.1. deeper
               1.2. another
            2. a second sense
            note: a note on the whole entry
            """)
    }

    @Test(arguments: DocumentFixtures.all.indices)
    func documentsRoundTripThroughTheirText(_ index: Int) throws {
        let document = EntryDocument(entry: try JSONParser.parse(DocumentFixtures.all[index]))
        let parsed = try EntryDocument.parse(document.text)
        #expect(parsed == document)
        #expect(parsed.text == document.text)
    }

    @Test func internationalTextIsKeptExactly() throws {
        let document = try EntryDocument.parse(EntryDocument(entry: try JSONParser.parse(DocumentFixtures.international)).text)
        #expect(document.headword == "犬")
        #expect(document.senses[0].definition == "いぬ — 👩‍👩‍👧‍👦 family 🇯🇵 flag 👍🏽 thumbs, e\u{301} combining")
        #expect(document.senses[0].examples == [EntryDocument.DocumentExample("犬が吠える", translation: "the dog barks 🐕")])
        #expect(document.senses[1].definition.hasPrefix("escapes: \\[[not a link\\]], a pipe \\|"))
    }

    @Test func parsingReadsEveryKindOfLine() throws {
        let document = try EntryDocument.parse("""
            cat
            pron: /kæt/
            pos: noun
              1. a small [[feline]]
                 ex: the cat sat
                 tr: le chat
                 note: sense note
              continued note
                1.1. a kitten
            \t   ex:  two spaces kept
            2. second

            note: entry note
            """)
        #expect(document.headword == "cat")
        #expect(document.pos == "noun")
        #expect(document.pronunciations == [Pronunciation("/kæt/")])
        #expect(document.senses.count == 2)
        #expect(document.senses[0] == EntryDocument.DocumentSense(
            number: [1], definition: "a small [[feline]]", examples: [.init("the cat sat", translation: "le chat")],
            notes: ["sense note\n  continued note"],
            senses: [.init(number: [1, 1], definition: "a kitten", examples: [.init(" two spaces kept")])]))
        #expect(document.senses[1] == .init(number: [2], definition: "second"))
        #expect(document.notes == ["entry note"])
    }

    @Test func windowsLineEndsReadTheSame() throws {
        let text = "cat 🐈\npos: noun\n1. a [[feline]]\n   ex: e\u{301}\n   tr: t\nmore\nnote: n"
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try EntryDocument.parse(crlf) == EntryDocument.parse(text))
        #expect(EntryDocument.classifyLines(crlf).map(\.field) == EntryDocument.classifyLines(text).map(\.field))
    }

    @Test func aNumberNamesTheOriginalSenseOnce() throws {
        let document = try EntryDocument.parse("w\n2. was second\n1. was first\n2. a new one\n7. also new")
        #expect(document.senses.map(\.number) == [[2], [1], nil, [7]])
    }

    @Test func aSubSenseWithoutItsParentIsTakenLeniently() throws {
        let document = try EntryDocument.parse("w\n1.1. orphan\n1. top\n1.2.3. skips a level")
        #expect(document.senses.map(\.number) == [[1, 1], [1]])
        #expect(document.senses[1].senses.map(\.number) == [[1, 2, 3]])
    }

    @Test(arguments: [
        ("", "line 1: the headword is empty; write it on the first line"),
        ("   \n1. a", "line 1: the headword is empty; write it on the first line"),
        ("w\n   ex: too early", "line 2: an example (ex:) must follow a numbered sense"),
        ("w\npos: n\n\nex: too early", "line 4: an example (ex:) must follow a numbered sense"),
        ("w\n1. a\n   tr: no example", "line 3: a translation (tr:) must follow an example (ex:) that has none"),
        ("w\n1. a\n   ex: e\n   tr: one\n   tr: two", "line 5: a translation (tr:) must follow an example (ex:) that has none"),
        ("w\nmore headword", "line 2: the headword takes one line; start a field with pos:, pron:, etym:, note: or a sense number such as 1."),
    ])
    func parseErrorsNameTheirLine(_ text: String, _ message: String) {
        #expect(throws: EntryDocumentError.self) { try EntryDocument.parse(text) }
        do {
            _ = try EntryDocument.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aNewEntrysTextPutsTheCaretOnTheFirstDefinition() throws {
        let (text, caret) = EntryDocument.newEntryText(headword: "🐕‍🦺 dog")
        #expect(text == "🐕‍🦺 dog\n1. ")
        #expect(caret == text.utf8.count)
        let document = try EntryDocument.parse(text)
        #expect(document.headword == "🐕‍🦺 dog")
        #expect(document.senses == [.init(number: [1], definition: "")])
    }

    @Test func aSenseWithoutANumberIsWrittenWithAFreeOne() {
        let document = EntryDocument(headword: "w", senses: [
            .init(number: nil, definition: "new"), .init(number: [1], definition: "old first"),
            .init(number: [2], definition: "old second", senses: [.init(definition: "new child")]),
        ])
        #expect(document.text == "w\n3. new\n1. old first\n2. old second\n   2.1. new child")
    }
}
