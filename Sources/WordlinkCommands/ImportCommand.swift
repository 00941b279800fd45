import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
import DictionaryImport
import DictionaryIndex
import DictionarySearch

/// The options of `wordlink import`.
enum ImportOptions: Equatable {
    /// `wordlink import wordnet [--from DIR] [--to DIR]`.
    case wordnet(from: String?, to: String?)
    /// `wordlink import dictd --index FILE --dict FILE [--to DIR] [--style S]`.
    case dictd(index: String, dict: String, to: String?, style: String?, license: String?)
    /// `wordlink import SOURCE… [--to DIR] [--id ID] [--format NAME]`: dictionaries recognised
    /// from their content (StarDict), files or folders searched recursively.
    case sources(paths: [String], to: String?, id: String?, format: String?)
    /// `wordlink import --installed [--dry-run]`: every dictionary installed where Debian and
    /// the usual readers put them.
    case installed(dryRun: Bool)

    /// The folder of the library an import writes to without `--to`: named after the source
    /// (`wordnet`; a dictd index's name without `.index`, such as `gcide`).
    var defaultFolderName: String {
        switch self {
        case .wordnet: return "wordnet"
        case .installed: return "installed"
        case .sources(let paths, _, let id, _): return id ?? paths.first.map(ImportSources.dictionaryID) ?? "dictionary"
        case .dictd(let index, _, _, _, _):
            var name = index.split(separator: "/").last.map(String.init) ?? index
            if name.hasSuffix(".index") { name.removeLast(6) }
            return name.isEmpty ? "dictd" : name
        }
    }
}

extension Arguments {
    /// `import wordnet …` and `import dictd …`; `import --help` and `import KIND --help`.
    static func parseImport(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var rest = arguments
        guard let kind = rest.first, kind == "wordnet" || kind == "dictd" else {
            return try parseImportSources(arguments)
        }
        rest.removeFirst()
        let command = "import " + kind
        var values: [String: String] = [:]
        let allowed: Set<String> = kind == "wordnet" ? ["--from", "--to"] : ["--index", "--dict", "--to", "--style", "--license"]
        var scanner = OptionScanner(rest, command: command, takesLibrary: false)
        while let item = try scanner.next() {
            switch item {
            case .option(let name, _, let inline) where allowed.contains(name):
                let value = try scanner.value(for: name, inline: inline)
                if value.isEmpty { throw .invalidValue(option: name, value: value, expected: "a path", command: command) }
                values[name] = value
            case .option(_, let argument, _): throw scanner.unknown(argument)
            case .operand(let argument): throw scanner.unexpected(argument)
            }
        }
        if scanner.wantsHelp { return .help(topic: command, library: LibraryOptions()) }
        let to = values["--to"]
        if kind == "wordnet" { return .importDictionary(.wordnet(from: values["--from"], to: to)) }
        guard let index = values["--index"] else { throw .missingArgument("dictd index file (--index FILE.index)", command: command) }
        guard let dict = values["--dict"] else { throw .missingArgument("dictd data file (--dict FILE.dict.dz)", command: command) }
        if let style = values["--style"], DictdImporter.Style(rawValue: style) == nil {
            throw .invalidValue(option: "--style", value: style, expected: "foldoc, jargon, gcide, freedict, ding or plain", command: command)
        }
        return .importDictionary(.dictd(index: index, dict: dict, to: to, style: values["--style"], license: values["--license"]))
    }
}

extension Arguments {
    /// `import SOURCE… [--to DIR] [--id ID] [--format NAME]`.
    static func parseImportSources(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var scanner = OptionScanner(arguments, command: "import", takesLibrary: false)
        var values: [String: String] = [:]
        var paths: [String] = []
        var flags: Set<String> = []
        while let item = try scanner.next() {
            switch item {
            case .option(let name, let argument, let inline) where name == "--installed" || name == "--dry-run":
                try scanner.noValue(argument, inline: inline)
                flags.insert(name)
            case .option(let name, _, let inline) where ["--to", "--id", "--format"].contains(name):
                let value = try scanner.value(for: name, inline: inline)
                if value.isEmpty { throw .invalidValue(option: name, value: value, expected: name == "--to" ? "a path" : "a name", command: "import") }
                values[name] = value
            case .option(_, let argument, _): throw scanner.unknown(argument)
            case .operand(let argument): paths.append(argument)
            }
        }
        if scanner.wantsHelp { return .help(topic: "import", library: LibraryOptions()) }
        if flags.contains("--installed") {
            if let path = paths.first { throw .unexpectedArgument(path, command: "import --installed") }
            if let option = ["--to", "--id", "--format"].first(where: { values[$0] != nil }) {
                throw .unknownOption(option, command: "import --installed")
            }
            return .importDictionary(.installed(dryRun: flags.contains("--dry-run")))
        }
        if flags.contains("--dry-run") { throw .unknownOption("--dry-run", command: "import") }
        guard !paths.isEmpty else {
            throw .missingArgument("dictionary to import (a file or folder)", command: "import")
        }
        if let format = values["--format"], !InstalledDictionaries.formatNames.contains(format) {
            throw .invalidValue(option: "--format", value: format, expected: InstalledDictionaries.formatNames.joined(separator: ", "), command: "import")
        }
        if let id = values["--id"], ImportSources.dictionaryID(for: id + ".x") != id {
            throw .invalidValue(option: "--id", value: id, expected: "lower-case letters, digits and single dashes", command: "import")
        }
        return .importDictionary(.sources(paths: paths, to: values["--to"], id: values["--id"], format: values["--format"]))
    }
}

/// `wordlink import`: converts a real dictionary into a data folder.
enum ImportCommand {
    /// Runs the import, with a progress line on standard error when it is a terminal, and
    /// prints what was written. Exit status 1 when the source or the destination is unusable.
    static func run(_ options: ImportOptions) -> Int32 {
        if case .sources(let paths, let to, let id, let format) = options {
            return runSources(paths, to: to, id: id, format: format)
        }
        if case .installed(let dryRun) = options { return runInstalled(dryRun: dryRun) }
        let line = ProgressLine()
        let progress: (ProgressStep) -> Void = { line.update($0) }
        let summary: ImportSummary
        let explicit: String?
        switch options {
        case .wordnet(_, let to), .dictd(_, _, let to, _, _), .sources(_, let to, _, _): explicit = to
        case .installed: explicit = nil
        }
        guard let destination = explicit ?? LibraryLocation.libraryFolder(environment: LibraryLocation.processEnvironment())
                .map({ $0 + "/" + options.defaultFolderName }) else {
            Terminal.error("no library folder to import into: neither $XDG_DATA_HOME nor $HOME is set; pass --to DIR.")
            return 1
        }
        if explicit == nil, let slash = destination.lastIndex(of: "/") {
            do throws(DictionaryModelError) { try makeDirectories(String(destination[..<slash])) } catch {
                Terminal.error(error.message + "; pass --to DIR.")
                return 1
            }
        }
        do {
            switch options {
            case .wordnet(let from, _):
                summary = try WordNetImporter(from: from ?? WordNetImporter.defaultSourceFolder, to: destination, progress: progress).run()
            case .dictd(let index, let dict, _, let style, let license):
                var importer = DictdImporter(index: index, dict: dict, to: destination, progress: progress)
                if let style { importer.style = DictdImporter.Style(rawValue: style) ?? .plain }
                importer.licenseFile = license
                summary = try importer.run()
            case .sources, .installed: return 2
            }
        } catch {
            line.clear()
            var hint = ""
            if case .wordnet(nil, _) = options, case .unreadable = error {
                hint = " Install WordNet with 'apt-get install wordnet-base', or pass --from DIR."
            }
            Terminal.error(error.message + "." + hint)
            return 1
        }
        prepare(destination, progress: progress)
        line.clear()
        Terminal.write(report(summary, destination: destination, inLibrary: explicit == nil))
        return 0
    }

    /// The library ready for the next command: the dictionary's rows in the library index
    /// (lookup, search and links), made now (with progress), not by the first command after the
    /// import; and the dictionaries whose folders are gone taken out of it, whatever their size
    /// (a command takes out only small ones).
    static func prepare(_ destination: String, progress: @escaping (ProgressStep) -> Void) {
        let cache = IndexStore.defaultCacheDirectory()
        _ = try? IndexStore.open(folder: destination, cacheDirectory: cache, progress: progress)
        IndexStore.libraryIndex(in: cache).removeVanishedFolders(progress: progress)
    }

    /// `import SOURCE…`: every dictionary the sources name or hold, each into the library
    /// folder of its id (or `--to`, `--id` for a single one). A source that is no dictionary
    /// or a dictionary that fails is reported and the others are still imported; exit 1 when
    /// any failed.
    static func runSources(_ paths: [String], to: String?, id: String?, format: String?) -> Int32 {
        let found: [InstalledDictionaries.Found]
        do throws(DictionaryModelError) { found = try InstalledDictionaries.find(sources: paths, format: format) } catch {
            Terminal.error(error.message + ".")
            return 1
        }
        if found.count > 1, to != nil || id != nil {
            Terminal.error("--to and --id name one dictionary, and the sources hold \(found.count); import them one at a time, or leave --to and --id out.")
            return 1
        }
        let library = LibraryLocation.libraryFolder(environment: LibraryLocation.processEnvironment())
        if to == nil && library == nil {
            Terminal.error("no library folder to import into: neither $XDG_DATA_HOME nor $HOME is set; pass --to DIR.")
            return 1
        }
        // Two at a time (`ImportQueue`), each report in the order the dictionaries were found.
        let line = SharedProgressLine()
        let results = ImportQueue.run(count: found.count, work: { number -> (report: String, error: String?) in
            var named = found[number]
            named.id = id ?? named.id
            let destination = to ?? (library ?? "") + "/" + named.id
            do throws(DictionaryModelError) {
                if to == nil, let slash = destination.lastIndex(of: "/") { try makeDirectories(String(destination[..<slash])) }
                let summary = try importFound(named, to: destination, progress: { line.update($0) })
                prepare(destination, progress: { line.update($0) })
                return (report(summary, destination: destination, inLibrary: to == nil), nil)
            } catch {
                return ("", error.message + ".")
            }
        }, report: { number, result in
            line.clear()
            if number > 0 { Terminal.write("\n") }
            if found.count > 1 { Terminal.write("\(found[number].path):\n") }
            Terminal.write(result.report)
            if let error = result.error { Terminal.error(error) }
        })
        return results.contains { $0.error != nil } ? 1 : 0
    }

    /// What the import wrote, in two or three lines.
    static func report(_ summary: ImportSummary, destination: String, inLibrary: Bool = false) -> String {
        let count = CheckCommand.count
        var text = "Wrote \(count(summary.entryCount, "entry", "entries")) in \(count(summary.fileCount, "file", "files")) to \(destination).\n"
        text += "\(count(summary.linkCount, "link", "links")), \(summary.unresolvedLinkCount) unresolved"
        if !summary.unresolvedExamples.isEmpty { text += " (" + summary.unresolvedExamples.prefix(5).joined(separator: ", ") + ")" }
        text += ".\n"
        if summary.unlinkedReferenceCount > 0 {
            text += "\(count(summary.unlinkedReferenceCount, "cross-reference names", "cross-references name")) no entry; kept as plain text.\n"
        }
        if summary.sourceKeyCount > 0 {
            text += "\(summary.findableSourceKeyCount) of \(count(summary.sourceKeyCount, "index key", "index keys")) find their record's entry"
            // An empty key (FreeDict eng-deu's index has seven) is named, not printed as nothing.
            let shown = summary.unfindableKeyExamples.prefix(5).map { $0.isEmpty ? "an empty key" : $0 }
            let more = summary.sourceKeyCount - summary.findableSourceKeyCount > shown.count
            text += shown.isEmpty ? ".\n" : " (not: " + shown.joined(separator: ", ") + (more ? ", …" : "") + ").\n"
        }
        if summary.unreadRecordCount + summary.strayLineCount + summary.leftoverMarkCount > 0 {
            text += "Not placed: \(count(summary.unreadRecordCount, "record", "records")) without a header (kept as text), "
            text += "\(count(summary.strayLineCount, "line", "lines")) of another record (left out), "
            text += "\(count(summary.leftoverMarkCount, "mark", "marks")) of notation left as written.\n"
        }
        if !summary.sourceCounts.isEmpty {
            text += "Read: " + summary.sourceCounts.map { "\($0.count) \($0.name)" }.joined(separator: ", ") + ".\n"
        }
        if summary.problems.isEmpty, !summary.sourceCounts.isEmpty {
            text += "Nothing of the source was left out.\n"
        }
        for problem in summary.problems {
            text += "Not placed: \(problem.count) \(problem.description)"
            if !problem.examples.isEmpty { text += ", such as " + problem.examples.joined(separator: "; ") }
            text += ".\n"
        }
        if let told = summary.languageFromText {
            text += "Language: \(told.name) (\(told.tag)), which the source does not name, told from its text "
            text += "(\(told.name)'s commonest words make \(Int((told.share * 100).rounded())) % of it).\n"
        }
        for item in summary.cleaned {
            text += "Cleaned: \(item.count) \(item.description)"
            if !item.examples.isEmpty { text += ", such as " + item.examples.joined(separator: "; ") }
            text += ".\n"
        }
        if inLibrary { return text + "It is in the library: 'wordlink' opens it with the others; 'wordlink dictionaries' lists them.\n" }
        return text + "Browse it with: wordlink --data \(destination)\n"
    }
}

/// The `--help` texts of `wordlink import`.
enum ImportHelp {
    static func text(topic: String) -> String {
        switch topic {
        case "import wordnet": return wordnet
        case "import dictd": return dictd
        default: return sources + "\n" + wordnet + "\n" + dictd
        }
    }

    static let sources = """
        Usage: wordlink import SOURCE... [--to DIR] [--id ID] [--format stardict|dsl|xdxf|wiktionary|dictd|wordnet]
               wordlink import --installed [--dry-run]

        Converts each dictionary that SOURCE is or holds into a data folder. SOURCE is a
        dictionary's file or a folder, searched recursively; the format is recognised
        from the content, not the name. Formats:
          stardict  StarDict: NAME.ifo with NAME.idx or .idx.gz, NAME.dict or .dict.dz,
                    and NAME.syn when there is one (32- or 64-bit offsets); every entry
                    type: plain text, Pango markup, HTML, XDXF, MediaWiki, phonetics
                    (as pronunciations), resource lists and pictures or sounds (named,
                    such as [image: a.png]). bword:// links and <kref> become word
                    links. Index words of one record are one entry with forms; synonyms
                    (.syn) are forms too. Headwords keep their case: lookups fold it
                    (fréquent finds FRÉQUENT, ENTE), and Littré's 'WORD, ENDING' also
                    gives the word and the form the ending makes (FRÉQUENTE).
          dsl       Lingvo DSL: NAME.dsl or NAME.dsl.dz in UTF-8 or UTF-16 (with or
                    without a byte order mark), with NAME_abrv.dsl beside it when there
                    is one. One entry per card: its first headword, the others and the
                    keys of (optional) parts as forms; {unsorted} parts are shown, not
                    looked up. The whole card is its text: [m1]-[m9] indent, [b] is
                    bold, [i] [u] [ex] italic, <<word>> and [ref] are word links (every
                    one kept, however many a line holds), [url] external links,
                    [s]file[/s] named ([sound: a.wav]), ~ the headword; [p]
                    abbreviations link to their meaning in NAME_abrv.dsl; {{comments}}
                    are dropped. #NAME is the title, #INDEX_LANGUAGE and
                    #CONTENTS_LANGUAGE the languages.
          xdxf      XDXF: NAME.xdxf, also gzip or dictzip (.xdxf.dz), visual or logical.
                    One entry per <ar>: its <k>s the headword and forms (<opt> parts
                    make keys with and without them), the rest its text: nested <def>s
                    indented, <kref> word links, <iref> external links, <ex> italic
                    with <ex_tran> after <ex_orig>, <tr> in brackets, <etm> on a line,
                    <rref> named; <abbr> links to its meaning in <abbreviations>.
                    lang_from and lang_to are the languages.
          wiktionary
                    Wiktionary as kaikki.org extracts it: JSON Lines, NAME.jsonl or
                    NAME.jsonl.gz, one word, language and part of speech a line. One
                    entry a line (id word~pos): glosses (sub-senses under the gloss
                    they repeat), tags as labels, examples with their translations,
                    IPA, etymology, forms (not the inflection tables' pseudo-forms);
                    sense links and form_of or alt_of are word links; a redirect is an
                    entry that links to its target. A file of several languages names
                    each entry's language; lang_code is the language, glosses are
                    English. Read a line at a time: a file of 2 GB imports in 110 MB.
          dictd     dictd: NAME.index with NAME.dict.dz or NAME.dict (either file may
                    be named), as 'wordlink import dictd' below converts it.
          wordnet   a WordNet database: a folder with index.noun and data.noun (such
                    as /usr/share/wordnet), as 'wordlink import wordnet' below.

        The dictionary's id is its file name, lower-cased, with every run of other
        characters than a-z and 0-9 made one '-' (XMLittre.ifo → xmlittre), and
        -2, -3... added to a name that an earlier dictionary of the command has; its
        language is taken from the source where it says (DSL's headers, XDXF's
        lang_from), else from its name (eng-fra, XMLittre).

        --installed imports every dictionary installed in /usr/share/dictd,
        /usr/share/stardict/dic, the /usr/share folders of DSL packages (such as
        /usr/share/goldendict-wordnet), /usr/share/wordnet, ~/.stardict/dic and
        $STARDICT_DATA_DIR/dic (WORDLINK_INSTALLED_PATHS, folders separated by ':',
        replaces them), each into the library's folder of its id, and prints a line
        for each: imported, unchanged, or failed with the reason. A dictionary whose
        files have the size and time they had at its last import is unchanged and not
        read again, unless wordlink's importer of its format changed what it makes of
        them since (the line says so). Exit status 1 when any failed; the others are
        still imported.

        Several dictionaries (SOURCE... or --installed) are imported two at a time
        on a machine of two processors or more, and reported in the order found.

        Options:
          --to DIR        the data folder to write (one dictionary only): new, empty, or
                          an earlier import of the same format (which is replaced)
                          (default: the library's folder of the id,
                          ~/.local/share/wordlink/ID)
          --id ID         the dictionary's id (one dictionary only)
          --format NAME   only dictionaries of this format (stardict, dsl, xdxf,
                          wiktionary, dictd or wordnet)
          --installed     every dictionary installed on the system (see above)
          --dry-run       with --installed: only say what would be imported
          -h, --help      this help

        A damaged dictionary (an index cut short, offsets past the end of the data, a
        count that is not the .ifo's, a compressed file cut short, an XDXF file that
        ends before </xdxf>) is refused with exit status 1 and a message naming the
        file; an earlier import is kept as it was. A record that cannot be read is
        left out and counted (a line of a Wiktionary extract that is not JSON too); a
        headword with control characters is cleaned. Prints,
        for each dictionary, what was written, how many of the index's words find their
        entry, and what was read.

        Examples:
          wordlink import /usr/share/stardict/dic
          wordlink import ~/Downloads/XMLittre.ifo --id littre
          wordlink import /usr/share/goldendict-wordnet
          wordlink import /usr/share/dictd/gcide.index /usr/share/wordnet
          wordlink import --installed --dry-run
          wordlink import kaikki.org-dictionary-English.jsonl.gz --id wiktionary-en

        """

    static let wordnet = """
        Usage: wordlink import wordnet [--from DIR] [--to DIR]

        Converts Princeton WordNet (index.*, data.*, cntlist.rev and *.exc files) into a
        data folder: one entry per lemma and part of speech (id "lemma~n", ~v, ~a, ~r),
        senses in WordNet's order with their tag counts, definitions, examples, verb
        frames and adjective position markers, synonyms and every kind of pointer as a
        relation of its own, named as wn names it (hypernyms, instance of, member of,
        has substance, topic…), irregular forms from the .exc files, WordNet's suffix
        rules for lookup, and its licence.

        Options:
          --from DIR      the WordNet database (default: /usr/share/wordnet, from the
                          Debian package wordnet-base)
          --to DIR        the data folder to write: new, empty, or an earlier WordNet
                          import (which is replaced); any other folder is refused
                          (default: the library's wordnet folder,
                          $XDG_DATA_HOME/wordlink/wordnet or ~/.local/share/wordlink/wordnet)
          -h, --help      this help

        Prints how many entries and links were written, how many links lead nowhere,
        what was read (synsets, lemmas, pointers, frames, tag counts) and what could not
        be placed (lines not read, pointers of an unknown kind…), each with examples; a
        progress line goes to standard error when it is a terminal. An import into the
        library is opened by 'wordlink' with the library's other dictionaries.

        """

    static let dictd = """
        Usage: wordlink import dictd --index FILE.index --dict FILE.dict[.dz] [--to DIR]
                                     [--style jargon|foldoc|gcide|freedict|ding|plain]
                                     [--license FILE]

        Converts a dictd dictionary (as the Debian packages dict-jargon, dict-foldoc,
        dict-gcide and dict-freedict-* install in /usr/share/dictd) into a data folder:
        one entry per record, {cross-references} as word links when they name a
        headword or form, and the rest as each style reads it. The 00-database-*
        records give the title, the description and NOTICE.

        Styles (default: the one the file name starts with, else plain):
          jargon    the Jargon File: /pronunciation/ and part of speech under the
                    headword, [labels], numbered senses
          foldoc    FOLDOC: <labels>, /pronunciation/, numbered senses (each with
                    its own <labels>); the other names a record lists before its
                    labels (ADT) as its forms
          gcide     GCIDE (Webster 1913): headwords with syllables and accents, the
                    respelt pronunciation, part of speech, inflections and plurals,
                    etymology, numbered senses and (a) sub-senses with their
                    quotations as examples, notes, synonyms, phrases; [a^]-style
                    escapes as the characters they stand for; [1913 Webster]
                    source marks kept in each entry's source, not in its text
          freedict  FreeDict's bilingual dictionaries: word /pronunciation/ <pos>,
                    then translations, one sense per line, each a list of glosses
                    (a gender such as <masc> in italics); "Synonyms:", "see:"
                    and "Antonym:" lines as the sense's linked relations, "Note:"
                    lines as its notes; in those made from WikDict, the line
                    under each sense's translations is its definition
          ding      TU Chemnitz's Ding (dict-de-en: german-english, english-german):
                    the term with the rest of its phrase (Haus der Begegnung), its
                    {grammar} as the part of speech, [labels], and one sense whose
                    glosses are the translations ({n} in italics); the phrases after
                    a term that use it (ein Haus bauen) as its examples
          plain     anything else: a /pronunciation/ on the headword line, then
                    paragraphs of prose; numbered paragraphs are not split; short
                    "Label: value" lines a paragraph begins with (Symbol: Fe) keep
                    their own lines

        Options:
          --index FILE    the dictd index (headword, base64 offset and length)
          --dict FILE     the data: dictzip (.dict.dz), gzip, or plain text
          --to DIR        the data folder to write: new, empty, or an earlier dictd
                          import (which is replaced); any other folder is refused
                          (default: a folder of the library named after the index,
                          such as ~/.local/share/wordlink/gcide)
          --style S       how the records are written (see above)
          --license FILE  the licence to copy to LICENSE (default: the Debian package's
                          copyright file, /usr/share/doc/dict-NAME/copyright)
          -h, --help      this help

        Examples:
          wordlink import dictd --index /usr/share/dictd/gcide.index \\
            --dict /usr/share/dictd/gcide.dict.dz
          wordlink import dictd --index /usr/share/dictd/freedict-eng-fra.index \\
            --dict /usr/share/dictd/freedict-eng-fra.dict.dz \\
            --to ~/.local/share/wordlink/eng-fra

        """
}
