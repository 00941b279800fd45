import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport

/// Where `import --installed` looks and what it finds there, on fixture folders only (never
/// the real /usr/share or home), and the source fingerprint that says a source is unchanged.
@Suite struct InstalledDictionariesTests {
    @Test func searchesDebiansPlacesTheReadersAndTheOverride() {
        let share = ImportScratch.folder("share")
        defer { ImportScratch.remove(share) }
        for folder in ["goldendict-wordnet", "goldendict-other", "doc", "dictd"] { ImportScratch.makeFolder(share + "/" + folder) }
        ImportScratch.write("x", to: share + "/goldendict-wordnet/goldendict-wordnet.dsl.dz")
        ImportScratch.write("x", to: share + "/goldendict-other/other.dsl")
        ImportScratch.write("x", to: share + "/doc/readme.txt")
        ImportScratch.write("x", to: share + "/dictd/a.dsl")
        let paths = InstalledDictionaries.searchPaths(environment: ["HOME": "/home/me", "STARDICT_DATA_DIR": "/opt/sd"], share: share)
        #expect(paths == [share + "/dictd", share + "/stardict/dic", share + "/goldendict-other", share + "/goldendict-wordnet",
                          share + "/wordnet", "/home/me/.stardict/dic", "/opt/sd/dic"])
        #expect(InstalledDictionaries.searchPaths(environment: ["HOME": "/home/me", "WORDLINK_INSTALLED_PATHS": "/a:/b"], share: share) == ["/a", "/b"])
    }

    @Test func findsEveryKindOnceWithUniqueIDs() {
        let root = ImportScratch.folder("installed")
        defer { ImportScratch.remove(root) }
        for folder in ["dictd", "wn/dict", "dsl"] { ImportScratch.makeFolder(root + "/" + folder) }
        ImportScratch.write("dog\tA\tE\n", to: root + "/dictd/Word-List.index")
        ImportScratch.write("dog\n", to: root + "/dictd/Word-List.dict")
        ImportScratch.write("no data\tA\tB\n", to: root + "/dictd/lonely.index")
        ImportScratch.write("x", to: root + "/wn/dict/index.noun")
        ImportScratch.write("x", to: root + "/wn/dict/data.noun")
        ImportScratch.write("#NAME \"a\"\nword\n\tdef\n", to: root + "/dsl/word-list.dsl")
        ImportScratch.write("#NAME \"a\"\nabbr\n\tdef\n", to: root + "/dsl/word-list_abrv.dsl")
        let found = InstalledDictionaries.find(in: [root + "/dsl", root + "/dictd", root + "/wn", root + "/dsl", root + "/missing"])
        #expect(found.map(\.id) == ["word-list", "word-list-2", "wordnet"])
        #expect(found.map(\.path) == [root + "/dsl/word-list.dsl", root + "/dictd/Word-List.index", root + "/wn/dict"])
        #expect(found[0].files == [root + "/dsl/word-list.dsl", root + "/dsl/word-list_abrv.dsl"])
        #expect(found[1].files == [root + "/dictd/Word-List.index", root + "/dictd/Word-List.dict"])
        #expect(found[2].files == [root + "/wn/dict/data.noun", root + "/wn/dict/index.noun"])
    }

    @Test func theFingerprintChangesWithSizeOrTimeAndNamesMissingFiles() {
        let root = ImportScratch.folder("fingerprint")
        defer { ImportScratch.remove(root) }
        ImportScratch.write("one", to: root + "/a")
        let first = SourceFingerprint.of([root + "/a", root + "/gone"])
        #expect(first.hasPrefix(root + "/a 3 "))
        #expect(first.hasSuffix("|" + root + "/gone missing"))
        #expect(SourceFingerprint.of([root + "/gone", root + "/a"]) == first)
        ImportScratch.write("two!", to: root + "/a")
        #expect(SourceFingerprint.of([root + "/a", root + "/gone"]) != first)
        #expect(SourceFingerprint.recorded(in: root) == nil)
        ImportScratch.write("{\"source\": {\"fingerprint\": \"x 1 2.3\"}}", to: root + "/dictionary.json")
        #expect(SourceFingerprint.recorded(in: root) == "x 1 2.3")
    }
}
