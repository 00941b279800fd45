import CSQLite
import DictionaryIndex

/// A query's terms as the search index's tokenizer makes them (FTS5's `unicode61` with
/// `remove_diacritics 2`: case and accents folded, split at what is not a letter or digit),
/// made in this process by that very tokenizer, so that a `TermTable` (the terms the index
/// made the same way) can say whether a query can match a dictionary without its database.
enum SearchTokens {
    private static let lock = Lock()
    /// An in-memory connection, only to reach FTS5's tokenizer; opened at the first use.
    nonisolated(unsafe) private static var connection: OpaquePointer?

    /// The tokens of each of `query`'s terms (each token's bytes, in order); nil when the
    /// tokenizer cannot be had.
    static func tokens(of query: SearchQuery) -> [[[UInt8]]]? {
        var result: [[[UInt8]]] = []
        for term in query.terms {
            guard let tokens = tokens(of: term.words.joined(separator: " ")) else { return nil }
            result.append(tokens)
        }
        return result
    }

    /// The tokens of `text`; nil when the tokenizer cannot be had.
    static func tokens(of text: String) -> [[UInt8]]? {
        guard !text.isEmpty else { return [] }
        return lock.locked { () -> [[UInt8]]? in
            if connection == nil {
                var db: OpaquePointer?
                guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
                    sqlite3_close(db)
                    return nil
                }
                connection = db
            }
            var text = text
            return text.withUTF8 { utf8 -> [[UInt8]]? in
                // Folding can lengthen a token (a ligature, a character whose lowercase is longer).
                let capacity = 4 * utf8.count + 64
                var out = [CChar](repeating: 0, count: capacity)
                let count = utf8.withMemoryRebound(to: CChar.self) { text in
                    CSQLite_indexTokens(connection, text.baseAddress, Int32(text.count), &out, Int32(capacity))
                }
                guard count >= 0 else { return nil }
                var tokens: [[UInt8]] = []
                var start = 0
                for i in out.indices where out[i] == 0 && tokens.count < Int(count) {
                    tokens.append(out[start..<i].map { UInt8(bitPattern: $0) })
                    start = i + 1
                }
                return tokens
            }
        }
    }
}
