import DictionaryModel
import DictionaryIndex
import DictionarySearch
import PageFormatting
import BrowserCore

/// The options of `wordlink search`.
struct SearchOptions: Equatable {
    var query: String
    var json = false
    var limit = 20
    var library = LibraryOptions()
}

/// `wordlink search QUERY`: full-text search over the senses of every open dictionary.
enum SearchCommand {
    static func run(_ options: SearchOptions) -> Int32 {
        LibraryLocation.printAnswer(options.library, purpose: "search") { library in answer(options, library: library) }
    }

    /// What `search` prints, worked out before anything is printed.
    static func answer(_ options: SearchOptions, library: Library) -> CommandAnswer {
        let search = LibrarySearch(library: library)
        let query = SearchQuery(options.query)
        let results: [SearchResult]
        do throws(SearchIndexError) {
            // Only the JSON shows the scores of the senses of the entry the query names.
            results = try search.search(query, limit: options.limit, scoringNamed: options.json)
        } catch {
            return .error(error.message + "; run the search again: a damaged index is built anew.", status: 1)
        }
        guard !results.isEmpty else {
            let titles = CommandAnswer.dictionaries(titled: library.members.map(\.info.title))
            return .error("nothing in \(titles) matches \"\(options.query)\"; try fewer words, or a prefix such as word*.", status: 1)
        }
        if options.json {
            let json = document(query: options.query, results: results).serialized + "\n"
            return CommandAnswer { Terminal.write(json: json); return 0 }
        }
        let plain = text(results, library: library)
        return CommandAnswer { Terminal.write(plain); return 0 }
    }

    /// `headword, sense N (Dictionary)`, the snippet indented under it, and the other
    /// headwords of a shared text.
    static func text(_ results: [SearchResult], library: Library) -> String {
        var text = ""
        for result in results {
            text += result.place.headword
            if let sense = result.place.sense { text += ", sense " + sense }
            if library.isShared { text += " (" + LibraryPages.name(of: library.members[result.member]) + ")" }
            text += "  [" + result.place.entryID + "]\n"
            text += "  " + result.snippet.bracketed + "\n"
            if !result.others.isEmpty { text += "  also under: " + result.others.map(\.headword).joined(separator: ", ") + "\n" }
        }
        return text
    }

    /// `{"query", "results": [{"dictionary", "entryId", "headword", "sense", "snippet", "score", "alsoUnder"}]}`.
    static func document(query: String, results: [SearchResult]) -> JSONValue {
        .object(["query": .string(query), "results": JSONValue(.array(results.map { result in
            .object([
                "dictionary": .string(result.dictionary), "entryId": .string(result.place.entryID),
                "headword": .string(result.place.headword), "sense": .string(result.place.sense),
                "snippet": .string(result.snippet.bracketed),
                "score": JSONValue(.number((result.score * 1000).rounded() / 1000)),
                "alsoUnder": JSONValue(.array(result.others.map { place in
                    .object(["entryId": .string(place.entryID), "headword": .string(place.headword), "sense": .string(place.sense)])
                })),
            ])
        }))])
    }
}

extension Arguments {
    /// `search QUERY… [--format text|json] [--limit N]`: the words of the query may be given
    /// as one argument or several.
    static func parseSearch(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var scanner = OptionScanner(arguments, command: "search")
        var options = SearchOptions(query: "")
        var words: [String] = []
        while let item = try scanner.next() {
            switch item {
            case .option("--format", _, let inline):
                options.json = try parseFormat(try scanner.value(for: "--format", inline: inline), command: "search")
            case .option("--limit", _, let inline):
                let text = try scanner.value(for: "--limit", inline: inline)
                guard let limit = Int(text), limit >= 1, limit <= 10_000 else {
                    throw .invalidValue(option: "--limit", value: text, expected: "a number of results from 1 to 10000", command: "search")
                }
                options.limit = limit
            case .option(_, let argument, _): throw scanner.unknown(argument)
            case .operand(let argument): words.append(argument)
            }
        }
        options.library = scanner.library
        if scanner.wantsHelp { return .help(topic: "search", library: options.library) }
        guard !words.isEmpty else { throw .missingArgument("query", command: "search") }
        options.query = words.joined(separator: " ")
        guard !SearchQuery(options.query).isEmpty else { throw .emptyQuery(command: "search") }
        return .search(options)
    }

    /// `text` or `json`.
    static func parseFormat(_ text: String, command: String) throws(ArgumentError) -> Bool {
        guard text == "text" || text == "json" else {
            throw .invalidValue(option: "--format", value: text, expected: "text or json", command: command)
        }
        return text == "json"
    }
}

extension LibrarySearch {
    /// The `Linked from` sections of pages, answered from the search index.
    var linkedFrom: LinkedFromSource {
        { [self] targets, limit in
            let found = linkingEntries(to: targets, limit: limit)
            return (found.items.map { LinkedFromItem(member: $0.member, entryID: $0.entryID, headword: $0.headword, pos: $0.pos, sense: $0.sense) }, found.total)
        }
    }
}

extension LibrarySearch {
    /// The browser's `s` prompt, answered from the search index; nil for an empty query, a
    /// cancelled search, or an index that cannot answer.
    var browserSearch: SearchSource {
        { [self] text, limit, isCancelled in
            let query = SearchQuery(text)
            // The page shows no score: the named senses are not scored.
            guard !query.isEmpty, let results = try? search(query, limit: limit, scoringNamed: false, isCancelled: isCancelled) else {
                return query.isEmpty ? nil : []
            }
            return results.map { result in
                SearchResultItem(member: result.member, entryID: result.place.entryID, headword: result.place.headword, sense: result.place.sense,
                                 snippet: result.snippet.text, marks: result.snippet.marks,
                                 others: result.others.map { ($0.entryID, $0.headword) })
            }
        }
    }
}
