import Testing
@testable import DictionaryImport

/// The language of a dictionary's definitions, told from its commonest small words when its
/// source names none (texts written for the tests).
@Suite struct TextLanguageTests {
    static func told(_ text: String, times: Int = 12) -> String? {
        var counter = TextLanguage()
        for _ in 0..<times { counter.add(text) }
        return counter.language?.tag
    }

    @Test(arguments: [
        ("en", "The dog is a domestic animal of the family Canidae, kept by people for work and as a pet; it is related to the wolf, from which it descends."),
        ("de", "Der Hund ist ein Haustier aus der Familie der Hunde und wird vom Menschen als Begleiter gehalten; er ist mit dem Wolf verwandt, von dem er abstammt, und lebt nicht allein."),
        ("fr", "Le chien est un animal domestique de la famille des canidés, qui vit avec les hommes dans les maisons et pour la chasse; il ne descend pas du renard mais du loup."),
        ("es", "El perro es un animal doméstico de la familia de los cánidos, que vive con las personas por su compañía y para el trabajo, como lo hacía el lobo del que desciende."),
        ("it", "Il cane è un animale domestico della famiglia dei canidi, che vive con gli uomini per la compagnia e il lavoro; non si distingue molto dal lupo da cui discende."),
        ("nl", "De hond is een huisdier uit de familie van de hondachtigen, dat met de mens samenleeft voor gezelschap en werk; het is niet zo anders dan de wolf waar hij van afstamt."),
        ("pt", "O cão é um animal doméstico da família dos canídeos, que vive com as pessoas para companhia e trabalho; não é muito diferente do lobo, do qual descende, e vive em casas."),
    ])
    func proseTellsItsLanguage(tag: String, text: String) {
        #expect(Self.told(text) == tag)
    }

    @Test func glossariesListsAndShortTextsTellNothing() {
        // A bilingual glossary: words of both languages, little prose.
        #expect(Self.told("house; home; dwelling Haus n; Heim n; Wohnung f dog Hund m; Köter m the house das Haus", times: 30) == nil)
        // Acronyms' expansions.
        #expect(Self.told("American Bankers Association Apple Bulletin Board System Average Access Time Department of Defense USA Automatic Bit Access Test System Advanced Business Application Programming", times: 30) == nil)
        // English, but under 200 words.
        #expect(Self.told("The dog is a domestic animal of the family Canidae.", times: 10) == nil)
        // Other scripts, emoji and combining marks: words counted, none of a list.
        #expect(Self.told("犬は家畜である。 🐕‍🦺 собака — домашнее животное e\u{301}clat", times: 40) == nil)
    }

    @Test func wordsAreRunsOfLettersWithTheirMarksAndCaseFoldedInASCII() {
        var counter = TextLanguage()
        counter.add("THE Of, and—to e\u{301}tude 犬 🐕‍🦺 naïve x2y")
        // THE, Of, and, to, étude (one word with its mark), 犬, naïve, x, y.
        #expect(counter.wordCount == 9)
        // A word of one list only counts: `de` and `la` are in several.
        var shared = TextLanguage()
        for _ in 0..<100 { shared.add("de la en de la en") }
        #expect(shared.wordCount == 600 && shared.language == nil)
    }

    @Test func countingStopsAtEnough() {
        var counter = TextLanguage()
        let line = String(repeating: "the dog and the cat ", count: 1000)
        while !counter.isSatisfied { counter.add(line) }
        #expect(counter.wordCount >= TextLanguage.enough && counter.wordCount < TextLanguage.enough + 5000)
        counter.add(line)
        #expect(counter.wordCount < TextLanguage.enough + 5000)
        #expect(counter.language?.tag == "en")
    }
}
