import DictionaryIndex
import Morphology
import Testing

@Suite struct HunspellAnalysisTests {
    @Test(arguments: [
        (" st:cheval po:nom is:mas is:pl", "cheval", "masculine plural"),
        (" st:manger po:v1_it_x__a po:iimp po:3pl", "manger", "imperfect, 3rd person plural"),
        (" st:beau po:nom po:adj is:fem is:pl", "beau", "feminine plural"),
        (" st:haus fl:p", "haus", nil),
        (" st:leave fl:S", "leave", nil),
    ] as [(String, String, String?)])
    func anAnalysisIsABaseWordAndAForm(analysis: String, base: String, form: String?) {
        #expect(HunspellAnalysis.readings(analyses: [analysis], stems: []) == [WordAnalysis(base: base, form: form)])
    }

    /// German gives the stem three times (`häuser`, `haus`, `Haus`): each base word once, the
    /// stems the analyses do not name after them.
    @Test func eachBaseWordOnce() {
        let readings = HunspellAnalysis.readings(analyses: [" st:häuser fl:k", " st:haus fl:p", " st:Haus fl:p", " st:Haus fl:p"],
                                                 stems: ["häuser", "haus", "Haus", "Häusle"])
        #expect(readings.map(\.base) == ["häuser", "haus", "Haus", "Häusle"])
        #expect(readings.allSatisfy { $0.form == nil })
        #expect(HunspellAnalysis.readings(analyses: ["po:nom", "", " st:"], stems: []).isEmpty)
    }

    /// A compound's analysis names its parts, and libhunspell's stems of one are pieces of it
    /// (`Einbrecherbanden` → `brecherb`): no base word comes of either; the other analyses of the
    /// same word still give theirs (`VORBEILEBEN` → `vorbeileben`, not `bei`).
    @Test func aCompoundsPartsAreNoBaseWord() {
        #expect(HunspellAnalysis.readings(analyses: [" pa:brech st:brech fl:k pa:erb st:erb fl:k pa:anden"], stems: ["brecherb"]).isEmpty)
        #expect(HunspellAnalysis.readings(analyses: [" pa:0 st:0"], stems: ["0"]).isEmpty)
        #expect(HunspellAnalysis.readings(analyses: [" st:vorbeileben", " pa:bei st:bei fl:k pa:leben"], stems: ["vorbeileben", "bei"])
                == [WordAnalysis(base: "vorbeileben")])
    }

    @Test func aNoteSaysWhichFormLedWhere() {
        #expect(MorphologyNote(query: "chevaux", base: "cheval", form: "masculine plural").text == "chevaux: masculine plural of cheval")
        #expect(MorphologyNote(query: "Häuser", base: "Haus", form: nil).text == "Häuser: a form of Haus")
    }
}
