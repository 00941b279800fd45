import BrowsingHistory
import DictionaryModel
import TerminalText

/// `wordlink history [--format text|json|csv] [--clear]`: what was looked up, from the
/// history store of the state folder.
enum HistoryCommand {
    enum Format: String, Equatable, CaseIterable {
        case text, json, csv
    }

    /// Runs the command and returns the exit status.
    static func run(format: Format, clear: Bool) -> Int32 {
        guard let store = HistoryMemory.openStore() else { return 1 }
        do {
            if clear {
                try store.clearHistory()
                Terminal.error("forgot every lookup in \(store.path) (bookmarks and the last session are kept).")
                return 0
            }
            let counts = try store.wordCounts()
            switch format {
            case .text: Terminal.write(text(counts))
            case .csv: Terminal.write(csv(counts))
            case .json: Terminal.write(json: json(counts, visits: try store.visits()).serialized + "\n")
            }
            return 0
        } catch {
            Terminal.error(error.description)
            return 1
        }
    }

    /// One line a word, most recent first: the word, how often, when last, what it found.
    static func text(_ counts: [WordCount]) -> String {
        guard !counts.isEmpty else { return "Nothing looked up yet.\n" }
        // Display columns, so that words in wide characters line up too.
        let width = min(30, counts.map { CellWidth.of($0.text) }.max() ?? 0)
        return counts.map { word in
            let pad = String(repeating: " ", count: max(1, width + 2 - CellWidth.of(word.text)))
            let times = word.count == 1 ? "once" : "\(word.count) times"
            let found = word.lastTitle.map { "found: " + $0 } ?? "not found"
            return word.text + pad + HistoryFormat.minute(word.lastTime) + "  " + times.padding(9) + "  " + found + "\n"
        }.joined()
    }

    /// RFC 4180 quoting, a header, then one row a word; lines end in LF (the output writer
    /// shows a carriage return as a placeholder).
    static func csv(_ counts: [WordCount]) -> String {
        func field(_ text: String) -> String {
            text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
                ? "\"" + text.replacingAll("\"", with: "\"\"") + "\"" : text
        }
        var lines = ["word,count,first,last,found,title"]
        for word in counts {
            lines.append([field(word.text), "\(word.count)", HistoryFormat.iso(word.firstTime), HistoryFormat.iso(word.lastTime),
                          word.isFound ? "true" : "false", field(word.lastTitle ?? "")].joined(separator: ","))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `{"words": [...], "visits": [...]}`: each word's counts, and every visit oldest first.
    static func json(_ counts: [WordCount], visits: [Visit]) -> JSONValue {
        func string(_ text: String?) -> JSONValue { JSONValue(text.map { .string($0) } ?? .null) }
        func object(_ members: [(String, JSONValue)]) -> JSONValue {
            JSONValue(.object(members.map { JSONValue.Member(key: $0.0, value: $0.1) }))
        }
        let words = counts.map { word in
            object([("word", string(word.text)), ("count", JSONValue(.number(Double(word.count)))),
                    ("first", string(HistoryFormat.iso(word.firstTime))), ("last", string(HistoryFormat.iso(word.lastTime))),
                    ("found", JSONValue(.bool(word.isFound))), ("title", string(word.lastTitle))])
        }
        let events = visits.map { visit in
            object([("time", string(HistoryFormat.iso(visit.time))), ("query", string(visit.address.text)),
                    ("kind", string(visit.address.isLink ? "link" : "query")), ("dictionary", string(visit.address.dictionary)),
                    ("sense", string(visit.address.sense)), ("found", JSONValue(.bool(visit.isFound))),
                    ("title", string(visit.title)), ("origin", string(visit.origin))])
        }
        return object([("words", JSONValue(.array(words))), ("visits", JSONValue(.array(events)))])
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }

    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
