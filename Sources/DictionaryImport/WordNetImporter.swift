import DictionaryModel
import DictionaryIndex

/// Imports Princeton WordNet's database files (`index.*`, `data.*`, `*.exc`, as Debian's
/// `wordnet-base` installs them in `/usr/share/wordnet`; see wndb(5)) as a data folder.
///
/// One entry per lemma and part of speech, id `lemma~pos` (pos `n`, `v`, `a`, `r`; lemma
/// with underscores as spaces), its senses in the index's order (most frequent first), each
/// anchored by its synset offset, so that a pointer to synset 02084071 of `dog` is the
/// link `dog~n#02084071`. A gloss is split into a definition and quoted examples. The
/// synset's other words become `synonym` links and its pointers typed relation links, every
/// one to an exact id and sense. Irregular forms from the `.exc` files become forms; the
/// morphological suffix rules of WordNet's morphy become `lookupRules`.
public struct WordNetImporter {
    /// The marker in `dictionary.json` of a folder this importer wrote.
    public static let importerName = "wordlink import wordnet"
    /// Where Debian's `wordnet-base` puts the database.
    public static let defaultSourceFolder = "/usr/share/wordnet"

    public var sourceFolder: String
    public var destination: String
    public var entriesPerFile: Int
    /// Called as the import goes on; never from another thread.
    public var progress: (ProgressStep) -> Void
    /// More members of `dictionary.json`'s `source` (the source's fingerprint, `SourceFingerprint`).
    public var provenance: [(String, String)] = []
    /// The cache folder whose library index the import brings up to date: the user's
    /// (`$XDG_CACHE_HOME/wordlink`) unless set; nil keeps the index in memory.
    public var cacheDirectory: String? = IndexStore.defaultCacheDirectory()

    public init(from sourceFolder: String = WordNetImporter.defaultSourceFolder, to destination: String,
                entriesPerFile: Int = ImportWriter.defaultEntriesPerFile, progress: @escaping (ProgressStep) -> Void = { _ in }) {
        self.sourceFolder = sourceFolder
        self.destination = destination
        self.entriesPerFile = entriesPerFile
        self.progress = progress
    }

    /// The parts of speech in the order they are written: WordNet's file name, the letter
    /// of ids, and the entry's `pos`.
    static let parts: [(file: String, letter: String, name: String)] = [
        ("noun", "n", "noun"), ("verb", "v", "verb"), ("adj", "a", "adjective"), ("adv", "r", "adverb"),
    ]

    /// WordNet's morphy detachment rules (morph.c), by part of speech.
    static let lookupRules: [LookupRule] = [
        ("s", "", "noun"), ("ses", "s", "noun"), ("xes", "x", "noun"), ("zes", "z", "noun"), ("ches", "ch", "noun"),
        ("shes", "sh", "noun"), ("men", "man", "noun"), ("ies", "y", "noun"),
        ("s", "", "verb"), ("ies", "y", "verb"), ("es", "e", "verb"), ("es", "", "verb"), ("ed", "e", "verb"),
        ("ed", "", "verb"), ("ing", "e", "verb"), ("ing", "", "verb"),
        ("er", "", "adjective"), ("est", "", "adjective"), ("er", "e", "adjective"), ("est", "e", "adjective"),
    ].map { LookupRule(suffix: $0.0, replace: $0.1, pos: $0.2) }

    /// A synset of a data file. A class: making entries looks a synset up for every pointer
    /// (960,000 times), and a copy of a struct of six arrays cost six retains and releases
    /// each time.
    final class Synset {
        let offset: Substring
        /// `n`, `v`, `a`, `s` (an adjective satellite) or `r`, as the data file writes it.
        let type: UInt8
        /// The number of its lexicographer file (lexnames(5)).
        let lexFile: Int
        /// Its words as written (case kept, underscores, adjective markers removed).
        var words: [Substring] = []
        /// Each word's lex_id, which tells its senses apart in sense keys.
        var lexIDs: [Int] = []
        /// Each word's adjective marker (`p`, `a`, `ip`), or empty; no array at all when no
        /// word of the synset has one (most of them).
        var markers: [Substring] = []
        var pointers: [Pointer] = []
        var frames: [Frame] = []
        var gloss: Substring = ""

        init(offset: Substring, type: UInt8, lexFile: Int) {
            self.offset = offset
            self.type = type
            self.lexFile = lexFile
        }

        /// The marker of word `index` (from 0), or empty.
        func marker(_ index: Int) -> Substring { index < markers.count ? markers[index] : "" }

        /// The letter of its part of speech, `a` for satellites too.
        var part: UInt8 { type == UInt8(ascii: "s") ? UInt8(ascii: "a") : type }
    }

    struct Pointer {
        var symbol: Substring
        var offset: Substring
        /// The target's part of speech letter (`s` read as `a`).
        var part: UInt8
        /// 1-based word numbers in the source and target synsets; 0 for the whole synset.
        var source: Int
        var target: Int
    }

    /// A verb frame of a synset: its number in `verbFrames` from 1, for one word or (0) all.
    struct Frame {
        var number: Int
        var word: Int
    }

    /// Everything read from the source, for making entries.
    struct Source {
        var synsets: [UInt8: [Substring: Synset]] = [:]
        /// Each lemma's synsets in sense order, by part of speech letter.
        var senses: [UInt8: [Substring: [Substring]]] = [:]
        /// Tag counts by sense key (`dog%1:05:00::` → 42), from `cntlist.rev`.
        var counts: [Substring: Int] = [:]
        /// Whether the source has a `cntlist.rev`.
        var hasCounts = false
        /// The verb example sentences of `sents.vrb` and `sentidx.vrb` (WordNetImporter+Sentences.swift).
        var sentences = Sentences()
    }

    /// Runs the import.
    /// - Throws: `.unreadable` or `.invalidSource` for the source files, `.folderNotImport`
    ///   or `.unwritable` for the destination.
    public func run() throws(DictionaryModelError) -> ImportSummary {
        // Read everything first, so that a missing or broken source leaves the destination alone.
        var source = Source()
        var tally = Tally()
        var indexes: [UInt8: [IndexLine]] = [:]
        var exceptions: [UInt8: [Substring: [Substring]]] = [:]
        var license = ""
        let total = WordNetImporter.parts.count * 3
        var step = 0
        for part in WordNetImporter.parts {
            let letter = part.letter.utf8.first!
            let dataText = try readText("data." + part.file)
            try WordNetImporter.checkEnd(dataText, path: sourceFolder + "/data." + part.file)
            if part.file == "noun" { license = WordNetImporter.license(fromHeaderOf: dataText) }
            let synsets = parseData(dataText, file: "data." + part.file, tally: &tally)
            if synsets.isEmpty { throw .invalidSource(path: sourceFolder + "/data." + part.file, line: 0, reason: "it holds no synset") }
            source.synsets[letter] = synsets
            tally.count("synsets in data." + part.file, synsets.count)
            step += 1
            progress(ProgressStep(phase: "reading WordNet", completed: step, total: total))
            let indexText = try readText("index." + part.file)
            try WordNetImporter.checkEnd(indexText, path: sourceFolder + "/index." + part.file)
            let index = parseIndex(indexText, file: "index." + part.file, tally: &tally)
            if index.isEmpty { throw .invalidSource(path: sourceFolder + "/index." + part.file, line: 0, reason: "it holds no lemma") }
            try WordNetImporter.checkOffsets(index, synsets: synsets, indexFile: "index." + part.file,
                                             dataPath: sourceFolder + "/data." + part.file)
            indexes[letter] = index
            var senses: [Substring: [Substring]] = [:]
            for line in index { senses[line.lemma] = line.offsets }
            source.senses[letter] = senses
            tally.count("lemmas in index." + part.file, index.count)
            step += 1
            progress(ProgressStep(phase: "reading WordNet", completed: step, total: total))
            let excPath = sourceFolder + "/" + part.file + ".exc"
            exceptions[letter] = fileExists(excPath) ? WordNetImporter.parseExceptions(try readText(part.file + ".exc")) : [:]
            step += 1
            progress(ProgressStep(phase: "reading WordNet", completed: step, total: total))
        }
        if fileExists(sourceFolder + "/cntlist.rev") {
            source.counts = WordNetImporter.parseCounts(try readText("cntlist.rev"), tally: &tally)
            source.hasCounts = true
        }
        tally.count("tag counts in cntlist.rev", source.counts.count)
        // Both files or neither: the index's numbers mean nothing without the sentences.
        if fileExists(sourceFolder + "/sents.vrb"), fileExists(sourceFolder + "/sentidx.vrb") {
            source.sentences.texts = WordNetImporter.parseSentenceTexts(try readText("sents.vrb"), tally: &tally)
            source.sentences.numbers = WordNetImporter.parseSentenceIndex(try readText("sentidx.vrb"), tally: &tally)
        }
        tally.count("verb example sentences in sents.vrb", source.sentences.texts.count)
        WordNetImporter.checkPointers(&source, tally: &tally)

        var writer = try ImportWriter(folder: destination, importer: WordNetImporter.importerName, entriesPerFile: entriesPerFile)
        let entryTotal = indexes.values.reduce(0) { $0 + $1.count }
        // Forms from the exception lists, by base form: `go` ← `went`, `gone`.
        var formsOfBase: [UInt8: [Substring: [Substring]]] = [:]
        for (letter, list) in exceptions {
            var byBase: [Substring: [Substring]] = [:]
            for (inflected, bases) in list {
                for base in bases where base != inflected { byBase[base, default: []].append(inflected) }
            }
            for key in byBase.keys { byBase[key]!.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
            formsOfBase[letter] = byBase
        }

        var written = 0
        var hasEntity = false
        var placement = Placement()
        for part in WordNetImporter.parts {
            let letter = part.letter.utf8.first!
            let forms = formsOfBase[letter] ?? [:]
            for line in indexes[letter] ?? [] {
                let entry = makeEntry(line, part: part, source: source, forms: forms[line.lemma] ?? [],
                                      placement: &placement, tally: &tally)
                try writer.add(entry)
                if entry.id == "entity~n" { hasEntity = true }
                written += 1
                if written % 5000 == 0 || written == entryTotal {
                    progress(ProgressStep(phase: "writing entries", completed: written, total: entryTotal))
                }
            }
        }
        let unmatched = source.counts.keys.filter { !placement.matchedKeys.contains($0) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for key in unmatched { tally.note(.unmatchedCount, String(key)) }
        let version = WordNetImporter.version(inLicense: license)
        let info = DictionaryInfo(
            id: "wordnet", title: "WordNet" + (version.map { " " + $0 } ?? ""),
            description: "Princeton WordNet, a lexical database of English: nouns, verbs, adjectives and adverbs grouped into sets of synonyms, each with a gloss, linked by meaning (hypernyms, hyponyms, parts and members, opposites) and by form. Imported from \(sourceFolder).",
            language: "en", license: "WordNet License (see LICENSE)", sourceName: "Princeton WordNet", sourceVersion: version,
            start: hasEntity ? "entity~n" : nil,
            lookupRules: WordNetImporter.lookupRules, relationTypes: WordNetImporter.relationTypes)
        var summary = try writer.finish(info: info, source: [("files", sourceFolder)] + provenance, license: license.isEmpty ? nil : license,
                                        cacheDirectory: cacheDirectory, progress: progress)
        summary.sourceCounts = tally.read + placement.counts
        summary.problems = tally.problems
        return summary
    }

    func readText(_ name: String) throws(DictionaryModelError) -> String {
        let bytes = try readFile(sourceFolder + "/" + name, shownAs: sourceFolder + "/" + name)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func spaced(_ word: Substring) -> String {
        word.utf8.contains(UInt8(ascii: "_")) ? String(word).replacingUnderscores() : String(word)
    }

    static func lowercased(_ word: Substring) -> Substring {
        for byte in word.utf8 where (byte >= 0x41 && byte <= 0x5A) || byte >= 0x80 { return Substring(word.lowercased()) }
        return word
    }
}

extension String {
    func replacingUnderscores() -> String {
        String(decoding: utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
}
