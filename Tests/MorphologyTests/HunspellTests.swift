import DictionaryIndex
import Morphology
import Testing

/// libhunspell through `Hunspell`, on the hand-written dictionary of `Fixtures/hunspell` (so
/// these tests need no `hunspell-*` package).
@Suite struct HunspellTests {
    static let folder: String = {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures/hunspell"
    }()

    static func fixture() throws -> Hunspell {
        try #require(Hunspell(affix: folder + "/xx.aff", dictionary: folder + "/xx.dic"))
    }

    @Test func stemsAnalysesAndSuggestions() throws {
        let hunspell = try Self.fixture()
        #expect(hunspell.spells("chevaux"))
        #expect(!hunspell.spells("chevals"))
        #expect(hunspell.stems(of: "chevaux") == ["cheval"])
        #expect(hunspell.analyses(of: "chevaux") == [" st:cheval po:nom is:mas is:pl"])
        #expect(hunspell.analyses(of: "mangeaient") == [" st:manger po:v1 po:iimp po:3pl"])
        #expect(hunspell.suggestions(for: "mangeaiont") == ["mangeaient", "manger"])
        #expect(hunspell.stems(of: "zebra").isEmpty)
        #expect(hunspell.analyses(of: "").isEmpty)
        #expect(hunspell.path.hasSuffix("/xx.dic"))
    }

    /// Text beyond ASCII goes in and comes back whole: CJK, a ligature.
    @Test func textBeyondASCII() throws {
        let hunspell = try Self.fixture()
        #expect(hunspell.stems(of: "日本s") == ["日本"])
        #expect(hunspell.spells("œil"))
        // A word longer than Hunspell takes has no analysis (and is not passed to it).
        #expect(hunspell.stems(of: String(repeating: "é", count: 60)).isEmpty)
    }

    @Test func aMissingDictionaryDoesNotOpen() {
        #expect(Hunspell(affix: "/nonexistent/xx.aff", dictionary: "/nonexistent/xx.dic") == nil)
    }

    /// One handle asked from several threads at once gives every thread its answer.
    @Test func severalThreadsAtOnce() async throws {
        let hunspell = try Self.fixture()
        let stems = await withTaskGroup(of: [String].self) { group in
            for i in 0..<8 { group.addTask { hunspell.stems(of: i % 2 == 0 ? "chevaux" : "maisons") } }
            var all: [[String]] = []
            for await stems in group { all.append(stems) }
            return all
        }
        #expect(stems.filter { $0 == ["cheval"] }.count == 4)
        #expect(stems.filter { $0 == ["maison"] }.count == 4)
    }
}
