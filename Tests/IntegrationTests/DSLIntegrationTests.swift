import Testing
import TestSupport
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
@testable import DictionaryImport
import DictionaryIndex

/// The DSL importer on the real Debian package `goldendict-wordnet` (in the Makefile's
/// APT_PACKAGES): WordNet 3.0 as a 17 MB `.dsl.dz` in UTF-8 with a BOM and its `_abrv.dsl`
/// in UTF-16LE. Runs only where the package is installed.
@Suite(.serialized) struct DSLIntegrationTests {
    static let wordnet = "/usr/share/goldendict-wordnet/goldendict-wordnet.dsl.dz"
    static var hasWordNet: Bool { access(wordnet, R_OK) == 0 }

    @Test(.enabled(if: hasWordNet, "needs the Debian package goldendict-wordnet (make test installs it)"))
    func goldendictWordNetKeepsEveryCardAndEveryLink() throws {
        let path = ImportScratch.folder("goldendict-wordnet")
        defer { ImportScratch.remove(path) }
        let found = try InstalledDictionaries.find(sources: ["/usr/share/goldendict-wordnet"])
        #expect(found.map(\.path) == [Self.wordnet])
        guard case .format(let dsl)? = found.first?.kind else { Issue.record("not found as DSL: \(found.map(\.formatName))"); return }
        let summary = try ImportSources.run(dsl, to: path + "/out", id: "goldendict-wordnet", cacheDirectory: path + "/cache")
        // 148,730 cards and the abbreviations' entry; every headword finds its card.
        #expect(summary.entryCount == 148_731)
        #expect(summary.problems == [])
        #expect(summary.findableSourceKeyCount == summary.sourceKeyCount)
        #expect(summary.sourceCounts.first == ImportCount("cards", 148_730))
        #expect(summary.sourceCounts.last == ImportCount("abbreviations", 30))

        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.info.title == "WordNet 3.0 (En-En)")
        #expect(folder.info.language == "en")
        let lookup = Lookup(folder: folder)
        let author = try #require(lookup.lookUp("author").entryNumbers.map { lookup.entries[$0] }.first)
        let markup = try #require(author.senses.first?.definition)
        // Its line of instance hyponyms holds 897 links, from Aiken to Stefan Zweig: all kept.
        let lines = markup.source.split(separator: "\n")
        let hyponyms = try #require(lines.first { $0.contains("[[Conrad Aiken]]") })
        let links = Markup(String(hyponyms)).runs.compactMap(\.link).map(\.target)
        #expect(links.count == 897)
        #expect(links.first == "Aiken" && links.last == "Stefan Zweig")
        // `[p]Hyponyms[/p]` links to the meaning the abbreviations file gives.
        #expect(markup.source.contains("[[(abbreviations)#"))
        let abbreviations = try #require(folder.entries.first { $0.id == AbbreviationTable.entryID })
        #expect(abbreviations.senses.count == 30)
        #expect(abbreviations.senses.contains { $0.definition?.source.hasPrefix("'''Syn''' — Synonyms") == true })
        // `\[` escapes come through as brackets; examples are emphasis.
        let bracket = try #require(lookup.lookUp("bracket").entryNumbers.map { lookup.entries[$0] }.first)
        #expect(bracket.senses.first?.definition?.plainText.contains("(\\[ or \\])") == false)
        #expect(bracket.senses.first?.definition?.plainText.contains("([ or ])") == true)
        let tween = try #require(lookup.lookUp("'tween").entryNumbers.map { lookup.entries[$0] }.first)
        #expect(tween.senses.first?.definition?.source.contains("''two houses with a tree between''") == true)
    }
}
