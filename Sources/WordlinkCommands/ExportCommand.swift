import BrowsingHistory
import DictionaryIndex
import DictionaryEditing
import DictionaryModel
import StudyCards
#if canImport(Glibc)
import Glibc
#endif

/// The options of `wordlink export anki|csv [--from history|bookmarks] [--since DATE] [-o FILE]`.
struct ExportOptions: Equatable {
    var format: CardFormat
    var source: StudySource = .history
    /// `--since`: the start of that day (UTC), seconds since 1970.
    var since: Double?
    /// `-o FILE`; nil: standard output.
    var output: String?
    var library = LibraryOptions()
}

/// `wordlink export`: study cards of the words looked up (or bookmarked), with their
/// definitions from the open dictionaries (StudyCards does the making and the formats).
enum ExportCommand {
    /// Runs the command and returns the exit status: 1 when there is nothing to export or the
    /// file cannot be written.
    static func run(_ options: ExportOptions) -> Int32 {
        guard let store = HistoryMemory.openStore() else { return 1 }
        let words: [StudyWord]
        do throws(HistoryStoreError) {
            words = try studyWords(store, from: options.source, since: options.since)
        } catch {
            Terminal.error(error.description)
            return 1
        }
        let opened: [IndexedDictionary]
        do throws(LibraryLocation.OpenFailure) { opened = try LibraryLocation.open(options.library, purpose: "export from") } catch {
            return error.status
        }
        let cards = StudyCardMaker(library: Library(opened), personalNotes: PersonalNotes.shown())
            .cards(for: words, byLookups: options.source == .history)
        guard !cards.isEmpty else {
            let since = options.since.map { " since " + CardDate.day($0) } ?? ""
            let what = switch (options.source, words.isEmpty) {
            case (.history, true): "no word was looked up and found\(since)"
            case (.bookmarks, true): "there is no bookmark\(since)"
            case (.history, false): "no word looked up\(since) is in the open dictionaries"
            case (.bookmarks, false): "no bookmark\(since) is in the open dictionaries"
            }
            Terminal.error("nothing to export: \(what); nothing was written.")
            return 1
        }
        let document = options.format.document(cards, from: options.source)
        guard let path = options.output, path != "-" else {
            Terminal.write(document: document)
            return 0
        }
        do throws(DictionaryModelError) {
            try replaceFile(path, with: document)
        } catch {
            Terminal.error(error.description)
            return 1
        }
        Terminal.error("wrote \(cards.count == 1 ? "1 card" : "\(cards.count) cards") to \(path).")
        return 0
    }

    /// The words of `source` at or after `since`: the history's found pages, most looked up
    /// first; or the bookmarks, newest first, each with how often the history found it.
    static func studyWords(_ store: HistoryStore, from source: StudySource, since: Double?) throws(HistoryStoreError) -> [StudyWord] {
        switch source {
        case .history:
            return try store.foundWords(since: since).map {
                StudyWord(text: $0.address.text, isLink: $0.address.isLink, dictionary: $0.address.dictionary, lookups: $0.count, time: $0.lastTime)
            }
        case .bookmarks:
            var counts: [StoredAddress: Int] = [:]
            for word in try store.foundWords() { counts[word.address.sameWord, default: 0] += word.count }
            return try store.bookmarks().filter { $0.time >= (since ?? -.greatestFiniteMagnitude) }.map { bookmark in
                let address = bookmark.address
                return StudyWord(text: address.text, isLink: address.isLink, dictionary: address.dictionary,
                                 lookups: max(1, counts[address.sameWord] ?? 0), time: bookmark.time)
            }
        }
    }
}

extension Arguments {
    /// `wordlink export anki|csv [--from history|bookmarks] [--since YYYY-MM-DD] [-o FILE]` and the library's options.
    static func parseExport(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var scanner = OptionScanner(arguments, command: "export")
        var format: CardFormat?
        var options = ExportOptions(format: .anki)
        while let item = try scanner.next() {
            switch item {
            case .option("--from", _, let inline):
                let text = try scanner.value(for: "--from", inline: inline)
                guard let source = StudySource(rawValue: text) else {
                    throw .invalidValue(option: "--from", value: text, expected: "history or bookmarks", command: "export")
                }
                options.source = source
            case .option("--since", _, let inline):
                let text = try scanner.value(for: "--since", inline: inline)
                guard let start = CardDate.start(of: text) else {
                    throw .invalidValue(option: "--since", value: text, expected: "a date as YYYY-MM-DD", command: "export")
                }
                options.since = start
            case .option("-o", _, let inline), .option("--output", _, let inline):
                let path = try scanner.value(for: "--output", inline: inline)
                guard !path.isEmpty else { throw .invalidValue(option: "--output", value: path, expected: "a file name", command: "export") }
                options.output = path
            case .option(_, let argument, _): throw scanner.unknown(argument)
            case .operand(let argument):
                guard format == nil else { throw scanner.unexpected(argument) }
                guard let chosen = CardFormat(rawValue: argument) else {
                    throw .invalidValue(option: "export", value: argument, expected: "anki or csv", command: nil)
                }
                format = chosen
            }
        }
        options.library = scanner.library
        if scanner.wantsHelp { return .help(topic: "export", library: options.library) }
        guard let format else { throw .missingArgument("format (anki or csv)", command: "export") }
        options.format = format
        return .export(options)
    }
}
