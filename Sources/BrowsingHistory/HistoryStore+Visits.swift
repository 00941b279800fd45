import SQLiteStore
/// The history of lookups and visits.
extension HistoryStore {
    /// Records one lookup or visit, committed before it returns (after the journal's, so
    /// that visits stay in the order they happened).
    public func record(_ visit: Visit) throws(HistoryStoreError) {
        try takeJournal()
        try write("write to") { try insert(visit) }
    }

    /// Inserts `visit`, inside a transaction of the caller's.
    func insert(_ visit: Visit) throws {
        try connection.query("INSERT INTO visits(time, text, is_link, dictionary, sense, title, origin) VALUES (?, ?, ?, ?, ?, ?, ?)",
                             [.real(visit.time), .text(visit.address.text), .integer(visit.address.isLink ? 1 : 0),
                              SQLValue(visit.address.dictionary), SQLValue(visit.address.sense), SQLValue(visit.title),
                              .text(visit.origin)])
    }

    /// Every visit, oldest first (at most the newest `limit`), the journal's included.
    public func visits(limit: Int = Int.max) throws(HistoryStoreError) -> [Visit] {
        try takeJournal()
        let rows = try read("read", """
            SELECT time, text, is_link, dictionary, sense, title, origin FROM
              (SELECT * FROM visits ORDER BY id DESC LIMIT ?) ORDER BY id
            """, [.integer(Int64(min(limit, Int(Int64.max))))])
        return rows.map { row in
            Visit(time: row[0].real ?? 0,
                  address: StoredAddress(text: row[1].text ?? "", isLink: row[2].integer == 1, dictionary: row[3].text, sense: row[4].text),
                  title: row[5].text, origin: row[6].text ?? "")
        }
    }

    /// Each word looked up, with how often and when; most recent first. A word looked up in
    /// several cases (`dog`, `Dog`: the lookup prompt opens a candidate as its dictionary writes
    /// it) is one word, as the lookup makes it, written as it was looked up most often; so is a
    /// link's destination in several cases, since these are words, opened again as queries
    /// (`foundWords` keeps a link's id apart: a card is made from it).
    public func wordCounts() throws(HistoryStoreError) -> [WordCount] {
        try takeJournal()
        let rows = try read("read", """
            SELECT text, COUNT(*), MIN(time), MAX(time), MAX(id) FROM visits GROUP BY text ORDER BY MAX(id) DESC
            """)
        var titles: [Int64: String?] = [:]
        for row in try read("read", "SELECT id, title FROM visits WHERE id IN (SELECT MAX(id) FROM visits GROUP BY text)") {
            titles[row[0].integer ?? -1] = row[1].text
        }
        var words = SameWords<String, WordCount>()
        for row in rows {
            let text = row[0].text ?? "", last = row[4].integer ?? -1
            let count = WordCount(text: text, count: Int(row[1].integer ?? 0), firstTime: row[2].real ?? 0,
                                  lastTime: row[3].real ?? 0, lastTitle: titles[last] ?? nil)
            words.add(count, key: text.lowercased(), lastID: last, uses: count.count) { merged, other, otherIsLater in
                merged.count += other.count
                merged.firstTime = min(merged.firstTime, other.firstTime)
                merged.lastTime = max(merged.lastTime, other.lastTime)
                if otherIsLater { merged.lastTitle = other.lastTitle }
            }
        }
        return words.merged(writing: \.text).map(\.value)
    }

    /// Every page that lookups and visits found at or after `since` (seconds since 1970; nil:
    /// all), each once with how often it was found and when last: most often first, then most
    /// recent. Misses are left out, and so are the browser's own pages (their addresses start
    /// with a control character no one can type). A query found in several cases is one word,
    /// as in `wordCounts()`; a link's destination is an id, whose case counts.
    public func foundWords(since: Double? = nil) throws(HistoryStoreError) -> [FoundWord] {
        try takeJournal()
        let rows = try read("read", """
            SELECT text, is_link, dictionary, sense, COUNT(*), MAX(time), MAX(id) FROM visits
            WHERE title IS NOT NULL AND time >= ? AND text <> '' AND unicode(text) >= 32
            GROUP BY text, is_link, dictionary, sense
            """, [.real(since ?? -Double.greatestFiniteMagnitude)])
        var words = SameWords<StoredAddress, FoundWord>()
        for row in rows {
            let address = StoredAddress(text: row[0].text ?? "", isLink: row[1].integer == 1, dictionary: row[2].text, sense: row[3].text)
            let found = FoundWord(address: address, count: Int(row[4].integer ?? 0), lastTime: row[5].real ?? 0)
            words.add(found, key: address.sameWord, lastID: row[6].integer ?? -1, uses: found.count) { merged, other, _ in
                merged.count += other.count
                merged.lastTime = max(merged.lastTime, other.lastTime)
            }
        }
        return words.merged(writing: \.address.text).sorted { ($0.value.count, $0.value.lastTime, $0.lastID) > ($1.value.count, $1.value.lastTime, $1.lastID) }.map(\.value)
    }

    /// Forgets every lookup and visit (bookmarks and the session stay).
    public func clearHistory() throws(HistoryStoreError) {
        try takeJournal()
        try write("clear") { try connection.execute("DELETE FROM visits") }
    }
}

extension StoredAddress {
    /// What this address is the same word as, in the history: a query with its case folded
    /// (`dog`, `Dog` and `DOG` find the same entries), a link's destination as it is (an id,
    /// whose case counts).
    public var sameWord: StoredAddress {
        isLink ? self : StoredAddress(text: text.lowercased(), dictionary: dictionary, sense: sense)
    }
}

/// Rows of the history gathered into words (`add`), each written as the form of it looked
/// up most often, the latest of equals.
struct SameWords<Key: Hashable, Value> {
    private struct Group {
        var value: Value, lastID: Int64
        var form: Value, formUses: Int, formLastID: Int64
    }
    private var groups: [Group] = []
    private var index: [Key: Int] = [:]

    /// Adds `value`, a row whose newest visit is `lastID` and which was visited `uses` times,
    /// to the word `key`: `merge` combines it with the word's (the last argument says whether it
    /// is the newer).
    mutating func add(_ value: Value, key: Key, lastID: Int64, uses: Int, merge: (inout Value, Value, Bool) -> Void) {
        guard let i = index[key] else {
            index[key] = groups.count
            groups.append(Group(value: value, lastID: lastID, form: value, formUses: uses, formLastID: lastID))
            return
        }
        merge(&groups[i].value, value, lastID > groups[i].lastID)
        groups[i].lastID = max(groups[i].lastID, lastID)
        if (uses, lastID) > (groups[i].formUses, groups[i].formLastID) {
            (groups[i].form, groups[i].formUses, groups[i].formLastID) = (value, uses, lastID)
        }
    }

    /// Each word with its newest visit, newest first, its `text` that of its commonest form.
    func merged<Text>(writing text: WritableKeyPath<Value, Text>) -> [(value: Value, lastID: Int64)] {
        groups.map { group in
            var value = group.value
            value[keyPath: text] = group.form[keyPath: text]
            return (value, group.lastID)
        }.sorted { $0.lastID > $1.lastID }
    }
}

/// Bookmarks.
extension HistoryStore {
    /// Every bookmark, newest first.
    public func bookmarks() throws(HistoryStoreError) -> [Bookmark] {
        try read("read", "SELECT text, is_link, dictionary, sense, title, time FROM bookmarks ORDER BY time DESC").map { row in
            Bookmark(address: StoredAddress(text: row[0].text ?? "", isLink: row[1].integer == 1,
                                            dictionary: row[2].text.flatMap { $0.isEmpty ? nil : $0 },
                                            sense: row[3].text.flatMap { $0.isEmpty ? nil : $0 }),
                     title: row[4].text ?? "", time: row[5].real ?? 0)
        }
    }

    private static func key(_ address: StoredAddress) -> [SQLValue] {
        [.text(address.text), .integer(address.isLink ? 1 : 0), .text(address.dictionary ?? ""), .text(address.sense ?? "")]
    }

    /// Adds (or, with `isOn` false, removes) the bookmark of a page.
    public func setBookmark(_ address: StoredAddress, title: String, isOn: Bool, time: Double = HistoryStore.now()) throws(HistoryStoreError) {
        try write("write to") {
            if isOn {
                try connection.query("INSERT OR REPLACE INTO bookmarks(text, is_link, dictionary, sense, title, time) VALUES (?, ?, ?, ?, ?, ?)",
                                     Self.key(address) + [.text(title), .real(time)])
            } else {
                try connection.query("DELETE FROM bookmarks WHERE text = ? AND is_link = ? AND dictionary = ? AND sense = ?", Self.key(address))
            }
        }
    }
}

/// The last session.
extension HistoryStore {
    /// Replaces the saved session with `session`, whole.
    public func saveSession(_ session: Session) throws(HistoryStoreError) {
        try write("write to") {
            try connection.execute("DELETE FROM session")
            let stacks: [(Int64, [SessionPlace])] = [(0, session.back), (1, [session.current]), (2, session.forward)]
            for (stack, places) in stacks {
                for (position, place) in places.enumerated() {
                    // The group is kept on the current page's row.
                    try connection.query("""
                        INSERT INTO session(stack, position, text, is_link, dictionary, sense, title, top_character, top_text, focused_link,
                            entry_dictionary, entry_id, entry_offset, group_name)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, [.integer(stack), .integer(Int64(position)), .text(place.address.text), .integer(place.address.isLink ? 1 : 0),
                              SQLValue(place.address.dictionary), SQLValue(place.address.sense), .text(place.title),
                              .integer(Int64(place.topCharacter)), .text(place.topText), place.focusedLink.map { .integer(Int64($0)) } ?? .null,
                              SQLValue(place.entryDictionary), SQLValue(place.entryID), place.entryOffset.map { .integer(Int64($0)) } ?? .null,
                              stack == 1 ? SQLValue(session.group) : .null])
                }
            }
        }
    }

    /// The saved session, nil when there is none.
    public func loadSession() throws(HistoryStoreError) -> Session? {
        var stacks: [[SessionPlace]] = [[], [], []]
        var group: String?
        for row in try read("read", "SELECT stack, text, is_link, dictionary, sense, title, top_character, top_text, focused_link, "
                                + "entry_dictionary, entry_id, entry_offset, group_name FROM session ORDER BY stack, position") {
            guard let stack = row[0].integer, (0...2).contains(stack) else { continue }
            if stack == 1, group == nil { group = row[12].text }
            stacks[Int(stack)].append(SessionPlace(
                address: StoredAddress(text: row[1].text ?? "", isLink: row[2].integer == 1, dictionary: row[3].text, sense: row[4].text),
                title: row[5].text ?? "", topCharacter: Int(row[6].integer ?? 0), topText: row[7].text ?? "",
                focusedLink: row[8].integer.map { Int($0) }, entryDictionary: row[9].text, entryID: row[10].text,
                entryOffset: row[11].integer.map { Int($0) }))
        }
        guard let current = stacks[1].first else { return nil }
        return Session(current: current, back: stacks[0], forward: stacks[2], group: group)
    }

    /// Forgets the saved session.
    public func clearSession() throws(HistoryStoreError) {
        try write("clear") { try connection.execute("DELETE FROM session") }
    }
}
