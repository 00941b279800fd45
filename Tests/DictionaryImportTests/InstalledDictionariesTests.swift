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

    /// `wordlink import SOURCE…` finds dictd and WordNet too (spec/cli.md): a dictd `.index`
    /// or its `.dict[.dz]` named, a WordNet folder, a folder holding several kinds; `--format`
    /// keeps one kind; what is none of them is refused, naming every kind.
    @Test func sourcesNameEveryKind() throws {
        let root = ImportScratch.folder("sources")
        defer { ImportScratch.remove(root) }
        for folder in ["mixed/wn", "mixed/dsl"] { ImportScratch.makeFolder(root + "/" + folder) }
        ImportScratch.write("dog\tA\tE\n", to: root + "/mixed/Word-List.index")
        ImportScratch.write("dog\n", to: root + "/mixed/Word-List.dict.dz")
        ImportScratch.write("x", to: root + "/mixed/wn/index.noun")
        ImportScratch.write("x", to: root + "/mixed/wn/data.noun")
        ImportScratch.write("#NAME \"a\"\nword\n\tdef\n", to: root + "/mixed/dsl/word-list.dsl")
        ImportScratch.write("just text", to: root + "/notes.txt")

        for named in ["/mixed/Word-List.index", "/mixed/Word-List.dict.dz"] {
            let found = try InstalledDictionaries.find(sources: [root + named])
            #expect(found.map(\.id) == ["word-list"] && found.map(\.formatName) == ["dictd"], "\(named)")
            #expect(found.first?.files == [root + "/mixed/Word-List.index", root + "/mixed/Word-List.dict.dz"])
        }
        let wordnet = try InstalledDictionaries.find(sources: [root + "/mixed/wn"])
        #expect(wordnet.map(\.id) == ["wordnet"] && wordnet.map(\.formatName) == ["wordnet"])
        // A folder of every kind, named twice with a file of it: each dictionary once.
        let all = try InstalledDictionaries.find(sources: [root + "/mixed", root + "/mixed/Word-List.index"])
        #expect(all.map(\.formatName) == ["dsl", "dictd", "wordnet"], "\(all.map(\.path))")
        // Two sources of one name (a dictd `word-list` and a DSL `word-list`): one folder each,
        // since the imports of one command may run at once.
        let named = try InstalledDictionaries.find(sources: [root + "/mixed/Word-List.index", root + "/mixed/dsl"])
        #expect(named.map(\.id) == ["word-list", "word-list-2"])
        #expect(try InstalledDictionaries.find(sources: [root + "/mixed"], format: "dictd").map(\.path) == [root + "/mixed/Word-List.index"])
        #expect(try InstalledDictionaries.find(sources: [root + "/mixed"], format: "wordnet").map(\.path) == [root + "/mixed/wn"])

        #expect { try InstalledDictionaries.find(sources: [root + "/notes.txt"]) } throws: { error in
            let message = (error as? DictionaryModelError)?.message ?? ""
            return message.contains("notes.txt") && message.contains("StarDict") && message.contains("dictd: an .index")
                && message.contains("WordNet: a folder")
        }
        #expect { try InstalledDictionaries.find(sources: [root + "/mixed/dsl"], format: "dictd") } throws: { error in
            let message = (error as? DictionaryModelError)?.message ?? ""
            return message.contains("no dictionary") && message.contains("dictd") && !message.contains("StarDict")
        }
        #expect(throws: DictionaryModelError.self) { try InstalledDictionaries.find(sources: [root + "/missing.index"]) }
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
        // The importer's revision: nothing added for the first, so older imports still match.
        let files = [root + "/a", root + "/gone"]
        #expect(SourceFingerprint.of(files, importerRevision: 1) == SourceFingerprint.of(files))
        #expect(SourceFingerprint.of(files, importerRevision: 2) == SourceFingerprint.of(files) + "|importer 2")
        #expect(SourceFingerprint.files(of: SourceFingerprint.of(files, importerRevision: 2)) == SourceFingerprint.of(files))
        #expect(SourceFingerprint.files(of: SourceFingerprint.of(files)) == SourceFingerprint.of(files))
        // dictd's revision: 5 for Ding's and the Jargon File's styles, 4 for the plain, FOLDOC and FreeDict styles, 3 for the others.
        let plain = InstalledDictionaries.Found(kind: .dictd(index: root + "/a.index", dict: root + "/gone"), id: "a", path: root + "/a", files: files)
        #expect(plain.fingerprint == SourceFingerprint.of(files) + "|importer 4")
        let freedict = InstalledDictionaries.Found(kind: .dictd(index: root + "/freedict-eng-fra.index", dict: root + "/gone"),
                                                   id: "freedict-eng-fra", path: root + "/a", files: files)
        #expect(freedict.fingerprint == SourceFingerprint.of(files) + "|importer 4")
        let gcide = InstalledDictionaries.Found(kind: .dictd(index: root + "/gcide.index", dict: root + "/gone"), id: "gcide", path: root + "/a", files: files)
        #expect(gcide.fingerprint == SourceFingerprint.of(files) + "|importer 3")
        let jargon = InstalledDictionaries.Found(kind: .dictd(index: root + "/jargon.index", dict: root + "/gone"), id: "jargon", path: root + "/a", files: files)
        #expect(jargon.fingerprint == SourceFingerprint.of(files) + "|importer 5")
        let ding = InstalledDictionaries.Found(kind: .dictd(index: root + "/german-english.index", dict: root + "/gone"), id: "german-english", path: root + "/a", files: files)
        #expect(ding.fingerprint == SourceFingerprint.of(files) + "|importer 5")
        let wordnet = InstalledDictionaries.Found(kind: .wordnet(folder: root), id: "wordnet", path: root, files: files)
        #expect(wordnet.fingerprint == SourceFingerprint.of(files))
        // StarDict's 2 (homograph numbers), the other formats' first.
        let stardict = InstalledDictionaries.Found(kind: .format(ImportSources.Found(path: root + "/x.ifo", format: StarDictImporter.self)),
                                                   id: "x", path: root + "/x.ifo", files: files)
        #expect(stardict.fingerprint == SourceFingerprint.of(files) + "|importer 2")
        let xdxf = InstalledDictionaries.Found(kind: .format(ImportSources.Found(path: root + "/x.xdxf", format: XDXFImporter.self)),
                                               id: "x", path: root + "/x.xdxf", files: files)
        #expect(xdxf.fingerprint == SourceFingerprint.of(files))
    }
}
