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

    /// Relation types by pointer symbol (wndb(5)), in the order relations are shown.
    static let relationOrder: [(type: String, symbols: [String], label: String)] = [
        ("synonym", [], "Synonyms"),
        ("antonym", ["!"], "Antonyms"),
        ("hypernym", ["@", "@i"], "Broader"),
        ("hyponym", ["~", "~i"], "Narrower"),
        ("holonym", ["#m", "#s", "#p"], "Part of"),
        ("meronym", ["%m", "%s", "%p"], "Parts"),
        ("similar", ["&"], "Similar"),
        ("see-also", ["^"], "See also"),
        ("derivation", ["+"], "Derived forms"),
        ("attribute", ["="], "Attributes"),
        ("entailment", ["*"], "Entails"),
        ("cause", [">"], "Causes"),
        ("verb-group", ["$"], "Verb group"),
        ("participle", ["<"], "Participle of"),
        ("pertainym", ["\\"], "Pertains to"),
        ("domain", [";c", ";r", ";u"], "Domain"),
        ("domain-member", ["-c", "-r", "-u"], "Domain members"),
    ]

    /// WordNet's morphy detachment rules (morph.c), by part of speech.
    static let lookupRules: [LookupRule] = [
        ("s", "", "noun"), ("ses", "s", "noun"), ("xes", "x", "noun"), ("zes", "z", "noun"), ("ches", "ch", "noun"),
        ("shes", "sh", "noun"), ("men", "man", "noun"), ("ies", "y", "noun"),
        ("s", "", "verb"), ("ies", "y", "verb"), ("es", "e", "verb"), ("es", "", "verb"), ("ed", "e", "verb"),
        ("ed", "", "verb"), ("ing", "e", "verb"), ("ing", "", "verb"),
        ("er", "", "adjective"), ("est", "", "adjective"), ("er", "e", "adjective"), ("est", "e", "adjective"),
    ].map { LookupRule(suffix: $0.0, replace: $0.1, pos: $0.2) }

    /// A synset of a data file.
    struct Synset {
        /// Its words as written (case kept, underscores, adjective markers removed).
        var words: [Substring]
        var pointers: [Pointer]
        var gloss: Substring
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

    /// Runs the import.
    /// - Throws: `.unreadable` or `.invalidSource` for the source files, `.folderNotImport`
    ///   or `.unwritable` for the destination.
    public func run() throws(DictionaryModelError) -> ImportSummary {
        // Read everything first, so that a missing or broken source leaves the destination alone.
        var synsets: [UInt8: [Substring: Synset]] = [:]
        var indexes: [UInt8: [(lemma: Substring, offsets: [Substring])]] = [:]
        var exceptions: [UInt8: [Substring: [Substring]]] = [:]
        var license = ""
        let total = WordNetImporter.parts.count * 3
        var step = 0
        for part in WordNetImporter.parts {
            let letter = part.letter.utf8.first!
            let dataText = try readText("data." + part.file)
            if part.file == "noun" { license = WordNetImporter.license(fromHeaderOf: dataText) }
            synsets[letter] = try parseData(dataText, file: "data." + part.file)
            step += 1
            progress(ProgressStep(phase: "reading WordNet", completed: step, total: total))
            indexes[letter] = try parseIndex(try readText("index." + part.file), file: "index." + part.file)
            step += 1
            progress(ProgressStep(phase: "reading WordNet", completed: step, total: total))
            let excPath = sourceFolder + "/" + part.file + ".exc"
            exceptions[letter] = fileExists(excPath) ? WordNetImporter.parseExceptions(try readText(part.file + ".exc")) : [:]
            step += 1
            progress(ProgressStep(phase: "reading WordNet", completed: step, total: total))
        }

        var writer = try ImportWriter(folder: destination, importer: WordNetImporter.importerName, entriesPerFile: entriesPerFile)
        let entryTotal = indexes.values.reduce(0) { $0 + $1.count }
        var typeOfSymbol: [Substring: Int] = [:]
        for (i, relation) in WordNetImporter.relationOrder.enumerated() {
            for symbol in relation.symbols { typeOfSymbol[Substring(symbol)] = i }
        }
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
        for part in WordNetImporter.parts {
            let letter = part.letter.utf8.first!
            let data = synsets[letter] ?? [:]
            let forms = formsOfBase[letter] ?? [:]
            for (lemma, offsets) in indexes[letter] ?? [] {
                let entry = try makeEntry(lemma: lemma, offsets: offsets, part: part, data: data, allSynsets: synsets,
                                          forms: forms[lemma] ?? [], typeOfSymbol: typeOfSymbol)
                try writer.add(entry)
                written += 1
                if written % 5000 == 0 || written == entryTotal {
                    progress(ProgressStep(phase: "writing entries", completed: written, total: entryTotal))
                }
            }
        }
        let version = WordNetImporter.version(inLicense: license)
        var relationTypes: [String: RelationType] = [:]
        for relation in WordNetImporter.relationOrder { relationTypes[relation.type] = RelationType(label: relation.label) }
        let info = DictionaryInfo(
            id: "wordnet", title: "WordNet" + (version.map { " " + $0 } ?? ""),
            description: "Princeton WordNet, a lexical database of English: nouns, verbs, adjectives and adverbs grouped into sets of synonyms, each with a gloss, linked by meaning (broader, narrower, part of, opposite) and by form. Imported from \(sourceFolder).",
            language: "en", license: "WordNet License (see LICENSE)", sourceName: "Princeton WordNet", sourceVersion: version,
            start: writer.skeletons.contains { $0.id == "entity~n" } ? "entity~n" : nil,
            lookupRules: WordNetImporter.lookupRules, relationTypes: relationTypes)
        progress(ProgressStep(phase: "checking links", completed: 0, total: 1))
        let summary = try writer.finish(info: info, source: [("files", sourceFolder)], license: license.isEmpty ? nil : license)
        progress(ProgressStep(phase: "checking links", completed: 1, total: 1))
        return summary
    }

    func readText(_ name: String) throws(DictionaryModelError) -> String {
        let bytes = try readFile(sourceFolder + "/" + name, shownAs: sourceFolder + "/" + name)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The entry of `lemma` (as the index writes it: lower case, underscores).
    func makeEntry(lemma: Substring, offsets: [Substring], part: (file: String, letter: String, name: String),
                   data: [Substring: Synset], allSynsets: [UInt8: [Substring: Synset]], forms: [Substring],
                   typeOfSymbol: [Substring: Int]) throws(DictionaryModelError) -> Entry {
        var headword: Substring?
        var senses: [Sense] = []
        for offset in offsets {
            guard let synset = data[offset] else {
                throw .invalidSource(path: sourceFolder + "/index." + part.file, line: 0,
                                     reason: "\"\(lemma)\" names synset \(offset), which data.\(part.file) does not have")
            }
            // The word of this lemma in the synset, case as written (`Canis_familiaris`).
            let own = synset.words.firstIndex { WordNetImporter.lowercased($0) == lemma }
            if headword == nil, let own { headword = synset.words[own] }
            var groups = [[RelationLink]](repeating: [], count: WordNetImporter.relationOrder.count)
            for (i, word) in synset.words.enumerated() where i != own {
                groups[0].append(link(word: word, letter: part.letter, offset: offset))
            }
            for pointer in synset.pointers {
                guard let type = typeOfSymbol[pointer.symbol] else { continue }
                // A lexical pointer belongs to one word of the synset only.
                if pointer.source > 0 && pointer.source - 1 != own { continue }
                guard let target = allSynsets[pointer.part]?[pointer.offset] else {
                    throw .invalidSource(path: sourceFolder + "/data." + part.file, line: 0,
                                         reason: "synset \(offset) points to synset \(pointer.offset), which does not exist")
                }
                let index = pointer.target > 0 ? pointer.target - 1 : 0
                guard index < target.words.count else { continue }
                let made = link(word: target.words[index], letter: String(UnicodeScalar(pointer.part)), offset: pointer.offset)
                if !groups[type].contains(made) { groups[type].append(made) }
            }
            var relations: [Relation] = []
            for (i, links) in groups.enumerated() where !links.isEmpty {
                relations.append(Relation(type: WordNetImporter.relationOrder[i].type, links: links))
            }
            let (definition, examples) = WordNetImporter.splitGloss(synset.gloss)
            senses.append(Sense(id: String(offset), definition: Markup(Markup.escaping(definition)),
                                examples: examples.map { Example(Markup(Markup.escaping($0.text)), source: $0.source) },
                                relations: relations))
        }
        let shownLemma = WordNetImporter.spaced(lemma)
        return Entry(id: shownLemma + "~" + part.letter, headword: headword.map(WordNetImporter.spaced) ?? shownLemma,
                     pos: part.name, forms: forms.map { Form(WordNetImporter.spaced($0)) }, senses: senses)
    }

    func link(word: Substring, letter: String, offset: Substring) -> RelationLink {
        let text = WordNetImporter.spaced(word)
        return RelationLink(target: WordNetImporter.spaced(WordNetImporter.lowercased(word)) + "~" + letter, sense: String(offset), text: text)
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
