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

    /// Each word looked up, with how often and when; most recent first.
    public func wordCounts() throws(HistoryStoreError) -> [WordCount] {
        try takeJournal()
        let rows = try read("read", """
            SELECT text, COUNT(*), MIN(time), MAX(time), MAX(id) FROM visits GROUP BY text ORDER BY MAX(id) DESC
            """)
        var titles: [Int64: String?] = [:]
        for row in try read("read", "SELECT id, title FROM visits WHERE id IN (SELECT MAX(id) FROM visits GROUP BY text)") {
            titles[row[0].integer ?? -1] = row[1].text
        }
        return rows.map { row in
            WordCount(text: row[0].text ?? "", count: Int(row[1].integer ?? 0), firstTime: row[2].real ?? 0,
                      lastTime: row[3].real ?? 0, lastTitle: titles[row[4].integer ?? -1] ?? nil)
        }
    }

    /// Every page that lookups and visits found at or after `since` (seconds since 1970; nil:
    /// all), each once with how often it was found and when last: most often first, then most
    /// recent. Misses are left out, and so are the browser's own pages (their addresses start
    /// with a control character no one can type).
    public func foundWords(since: Double? = nil) throws(HistoryStoreError) -> [FoundWord] {
        try takeJournal()
        let rows = try read("read", """
            SELECT text, is_link, dictionary, sense, COUNT(*), MAX(time) FROM visits
            WHERE title IS NOT NULL AND time >= ? AND text <> '' AND unicode(text) >= 32
            GROUP BY text, is_link, dictionary, sense ORDER BY COUNT(*) DESC, MAX(time) DESC, MAX(id) DESC
            """, [.real(since ?? -Double.greatestFiniteMagnitude)])
        return rows.map { row in
            FoundWord(address: StoredAddress(text: row[0].text ?? "", isLink: row[1].integer == 1, dictionary: row[2].text, sense: row[3].text),
                      count: Int(row[4].integer ?? 0), lastTime: row[5].real ?? 0)
        }
    }

    /// Forgets every lookup and visit (bookmarks and the session stay).
    public func clearHistory() throws(HistoryStoreError) {
        try takeJournal()
        try write("clear") { try connection.execute("DELETE FROM visits") }
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
