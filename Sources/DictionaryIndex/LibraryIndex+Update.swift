#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import SQLiteStore
import Synchronization

extension LibraryIndex {
    /// A file as the index holds it.
    struct StoredFile {
        var id: Int64
        var path: String
        var fingerprint: FileFingerprint
        var indexedAt: Int64
    }

    /// Brings the rows of the data folder `folder` (its real path) up to date with its entry
    /// files: a new dictionary is indexed whole; otherwise only the files added, removed or
    /// changed (size and time, and the content of files changed within a second of being
    /// indexed) are read again, and their rows replaced in one transaction. `progress` is
    /// told of each file read, naming the dictionary as `title`. When another process is
    /// writing the index (its own first index of a dictionary), the update waits for it up to
    /// `waitingAtMost` seconds, and `progress` says so; past that it throws the busy error.
    /// - Complexity: one listing and `stat` of the entry files when nothing changed.
    @discardableResult
    public func update(folder: String, title: String = "", waitingAtMost limit: Double = LibraryIndex.lockWaitLimit,
                       progress: (ProgressStep) -> Void = { _ in }) throws(SQLiteError) -> IndexedFolder {
        if interruption.load(ordering: .relaxed) { throw .interrupted }
        let listed = (try? listEntryFiles(folder: folder)) ?? []
        let digest = Self.listingDigest(listed)
        let (known, problems, stored) = try reading { () throws(SQLiteError) -> (Int64?, Int, [StoredFile]?) in
            let find = try statement("SELECT id, problems, listing FROM dictionaries WHERE folder = ?")
            find.bind(folder)
            defer { find.reset() }
            guard try find.step() else { return (nil, 0, []) }
            let dictionary = find.integer(0), problems = Int(find.integer(1))
            // The same listing as when every file was last found as indexed: nothing to compare.
            if !find.isNull(2), UInt64(bitPattern: find.integer(2)) == digest { return (dictionary, problems, nil) }
            return (dictionary, problems, try storedFiles(of: dictionary))
        }
        guard let stored else {
            return IndexedFolder(dictionary: known!, changedFiles: 0, isNew: false, problemCount: problems)
        }
        // Both lists are in byte order of their paths: one walk pairs them.
        var changed: [ListedEntryFile] = []
        var removed: [String] = []
        var settled: [Int64] = []
        // A file changed too close to its indexing for its time to tell keeps the listing's
        // digest from being kept (its content is compared at every open until it settles).
        var recent = false
        let now = Self.now()
        var next = 0
        // Files found as indexed: with none, every row of the dictionary is written anew.
        var kept = 0
        for file in listed {
            let path = file.path
            while next < stored.count && ByteOrder.precedes(stored[next].path, path) {
                removed.append(stored[next].path)
                next += 1
            }
            guard next < stored.count, stored[next].path == path else {
                changed.append(file)
                continue
            }
            let old = stored[next]
            next += 1
            guard old.fingerprint.hasSameStat(as: file.fingerprint) else {
                changed.append(file)
                continue
            }
            // Changed in the second it was indexed: only the content can tell. Once the file
            // is older than that, the index says so and the content is not read again.
            if file.fingerprint.modificationSeconds >= old.indexedAt - 1 {
                recent = true
                if Self.contentHash(folder + "/" + file.path) != old.fingerprint.contentHash {
                    changed.append(file)
                    continue
                } else if now - file.fingerprint.modificationSeconds > 1 {
                    settled.append(old.id)
                }
            }
            kept += 1
        }
        removed += stored[next...].map(\.path)
        if let known, changed.isEmpty, removed.isEmpty {
            if !settled.isEmpty { try? settle(settled, at: now) }
            if !recent { keepListing(digest, of: known) }
            return IndexedFolder(dictionary: known, changedFiles: 0, isNew: false, problemCount: problems)
        }
        // Each file is read (a little ahead), written inside the transaction and dropped: see
        // `write`. A browser's other thread waits for the update meanwhile.
        let phase = (known == nil ? "building the lookup index of " : "updating the lookup index of ") + title
        let waiting = { (seconds: Double) -> Bool in
            guard seconds < limit, !self.interruption.load(ordering: .relaxed) else { return false }
            progress(ProgressStep(phase: Self.waitingPhase(seconds: seconds), completed: 0, total: 0))
            return true
        }
        return try write(folder: folder, count: changed.count, removing: removed, replacingAll: kept == 0, indexedAt: now,
                         waiting: waiting,
                         written: { i in progress(ProgressStep(phase: phase, completed: i + 1, total: changed.count)) }) { [changed] i in
            let file = changed[i]
            return file.nameIsUTF8 ? IndexedFile.scan(folder: folder, path: file.path, fingerprint: file.fingerprint)
                                   : IndexedFile(path: file.path, fingerprint: file.fingerprint, errorCount: 1, entries: [],
                                                 damage: file.refusal?.message)
        }
    }

    /// A digest of a folder's entry files as listed: their paths, sizes and modification
    /// times, in order. A file added, removed, renamed or changed gives another.
    static func listingDigest(_ files: [ListedEntryFile]) -> UInt64 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.reduce(0) { $0 + $1.pathBytes.count + 25 })
        for file in files {
            bytes.append(contentsOf: file.pathBytes)
            bytes.append(0)
            let stat = file.fingerprint
            withUnsafeBytes(of: stat.size.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: stat.modificationSeconds.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: stat.modificationNanoseconds.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes.withUnsafeBytes { FileFingerprint.hash($0) }
    }

    /// Keeps `digest` as `dictionary`'s listing, when the write lock is free at once (a reader
    /// never waits for an import to note it; the next open tries again).
    private func keepListing(_ digest: UInt64, of dictionary: Int64) {
        try? locked { () throws(SQLiteError) in
            let update = try statement("UPDATE dictionaries SET listing = ? WHERE id = ?")
            try database.writingIfFree { () throws(SQLiteError) in
                try update.bind(Int64(bitPattern: digest), dictionary).run()
            }
        }
    }

    /// Notes that the files `ids` were found as indexed at `time`, when they had been changed
    /// too close to their indexing for their time to tell.
    private func settle(_ ids: [Int64], at time: Int64) throws(SQLiteError) {
        try locked { () throws(SQLiteError) in
            let update = try statement("UPDATE files SET indexed_at = ? WHERE id = ?")
            try database.writing { () throws(SQLiteError) in
                for id in ids { try update.bind(time, id).run() }
            }
        }
    }

    /// Puts `files` (already read) into the rows of the dictionary at `folder` in place of
    /// what it held of them, and takes out the files at `removed`, in one transaction.
    func write(folder: String, files: [IndexedFile], removing removed: [String], indexedAt: Int64) throws(SQLiteError) -> IndexedFolder {
        try write(folder: folder, count: files.count, removing: removed, indexedAt: indexedAt) { files[$0] }
    }

    /// Puts the `count` files that `file` reads, in order, into the rows of the dictionary at
    /// `folder` in place of what it held of them, and takes out the files at `removed`, in one
    /// transaction. The files are read on another thread (`ReadAhead`), each at most two ahead
    /// of the one whose rows are being written, so memory holds a few entry files' rows, never
    /// the dictionary's (a first index of a FreeDict database once held 800 MB); `written` is
    /// told of each file as its rows are in. `replacingAll` says that no file of the
    /// dictionary is kept (a new import of it, a folder rewritten whole): its rows are taken
    /// out at once and written as a new dictionary's. Another process's write lock is waited
    /// for while `waiting` says so (`SQLiteDatabase.writing(waiting:_:)`).
    func write(folder: String, count: Int, removing removed: [String], replacingAll: Bool = false, indexedAt: Int64,
               waiting: (Double) -> Bool = { $0 < 5 }, written: (Int) -> Void = { _ in },
               file: @escaping @Sendable (Int) -> IndexedFile) throws(SQLiteError) -> IndexedFolder {
        // Begun before the write lock is waited for: the first files are read meanwhile.
        let files = ReadAhead(count: count, read: file)
        defer { files.stop() }
        return try locked { () throws(SQLiteError) -> IndexedFolder in
            let result: IndexedFolder
            // The larger cache only while writing (`writingCacheSize`); its pages are freed after.
            if memoryReason == nil { try database.execute("PRAGMA cache_size = \(Self.writingCacheSize)") }
            defer { if memoryReason == nil { try? database.execute("PRAGMA cache_size = \(Self.readingCacheSize)") } }
            do throws(SQLiteError) {
                result = try database.writing(waiting: waiting) { () throws(SQLiteError) -> IndexedFolder in
                    try writeInTransaction(folder: folder, count: count, file: files.take, written: written, removing: removed,
                                           replacingAll: replacingAll, indexedAt: indexedAt)
                }
            } catch where error.isBusy && interruption.load(ordering: .relaxed) {
                throw .interrupted
            }
            // The write-ahead log into the file now: a process that opens the index while no
            // other has it open reads the whole log to rebuild its index of it (long after
            // an import), and processes end without closing their connection.
            try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return result
        }
    }

    /// The keys and ids an update touched are kept in temporary tables, not in memory; a
    /// dictionary written whole (new, or `replacingAll`) touches every one of them, and lists
    /// none (`all`).
    private func writeInTransaction(folder: String, count: Int, file readFile: (Int) -> IndexedFile, written: (Int) -> Void,
                                    removing removed: [String], replacingAll: Bool, indexedAt: Int64) throws(SQLiteError) -> IndexedFolder {
        let find = try statement("SELECT id FROM dictionaries WHERE folder = ?")
        find.bind(folder)
        var dictionary: Int64
        let isNew: Bool
        let all: Bool
        if try find.step() {
            dictionary = find.integer(0)
            isNew = false
            all = replacingAll
            find.reset()
            if all { try removeRows(of: dictionary) }
        } else {
            find.reset()
            try statement("INSERT INTO dictionaries(folder) VALUES (?)").bind(folder).run()
            dictionary = database.lastInsertedRow
            isNew = true
            all = true
        }
        find.reset()
        try database.execute("""
            CREATE TEMP TABLE IF NOT EXISTS touched_keys(value TEXT PRIMARY KEY); DELETE FROM touched_keys;
            CREATE TEMP TABLE IF NOT EXISTS touched_ids(value TEXT PRIMARY KEY); DELETE FROM touched_ids;
            """)
        let touchKey = try statement("INSERT OR IGNORE INTO touched_keys VALUES (?)")
        let touchID = try statement("INSERT OR IGNORE INTO touched_ids VALUES (?)")
        // What a file held before: its entries' keys and ids may now name others.
        let findFile = try statement("SELECT id FROM files WHERE dictionary = ? AND path = ?")
        let oldKeys = try statement("INSERT OR IGNORE INTO touched_keys SELECT key FROM keys WHERE entry IN (SELECT id FROM entries WHERE file = ?)")
        let oldIDs = try statement("INSERT OR IGNORE INTO touched_ids SELECT entry_id FROM entries WHERE file = ?")
        // Entries written less entries taken out: the count of entries an update keeps moves by
        // it, without counting a large dictionary's entries again at each save.
        var entriesAdded: Int64 = 0
        // The entries counted before (with those whose id an earlier one has), for that count.
        let countedBefore = all ? 0 : try entriesWithDuplicates(of: dictionary)
        func takeOut(_ path: String) throws(SQLiteError) {
            findFile.bind(dictionary, path)
            guard try findFile.step() else { findFile.reset(); return }
            let file = findFile.integer(0)
            findFile.reset()
            try oldKeys.bind(file).run()
            try oldIDs.bind(file).run()
            try removeTexts(ofFile: file)
            try removeLinks(ofFile: file, in: dictionary)
            try statement("DELETE FROM keys WHERE entry IN (SELECT id FROM entries WHERE file = ?)").bind(file).run()
            try statement("DELETE FROM entries WHERE file = ?").bind(file).run()
            entriesAdded -= database.changes
            try removeFile(file)
        }
        for path in removed { try takeOut(path) }
        let insertFile = try statement("INSERT INTO files(dictionary, path, size, seconds, nanoseconds, hash, problems, indexed_at, damage) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        let insertEntry = try statement("""
            INSERT INTO entries(file, dictionary, position, entry_id, headword, pos, summary, start, length, senses)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertKey = try statement("INSERT OR IGNORE INTO keys(dictionary, key, kind, entry, display) VALUES (?, ?, ?, ?, ?)")
        // The link keys of the file being written that are in `link_keys` already, most of its
        // links' (a dictionary names its common words again and again).
        var linkKeys = RecentKeys()
        for number in 0..<count {
            if interruption.load(ordering: .relaxed) { throw .interrupted }
            let file = readFile(number)
            linkKeys.removeAll()
            try takeOut(file.path)
            let fingerprint = file.fingerprint
            try insertFile.bind(dictionary, file.path, Int64(fingerprint.size), fingerprint.modificationSeconds,
                                fingerprint.modificationNanoseconds, Int64(bitPattern: fingerprint.contentHash),
                                file.errorCount, indexedAt, file.damage).run()
            let fileID = database.lastInsertedRow
            entriesAdded += Int64(file.entries.count)
            for (position, entry) in file.entries.enumerated() {
                try insertEntry.bind(fileID, dictionary, position, entry.id, entry.headword, entry.pos, entry.summary,
                                     entry.byteRange.lowerBound, entry.byteRange.count, entry.senseIDs.joined(separator: "\n")).run()
                let entryRow = database.lastInsertedRow
                // A dictionary written whole touches every id and key: not listed one by one.
                if !all { try touchID.bind(entry.id).run() }
                let headwordKey = entry.headwordKey
                if !headwordKey.isEmpty {
                    try insertKey.bind(dictionary, headwordKey, 0, entryRow, entry.headword).run()
                    if !all { try touchKey.bind(headwordKey).run() }
                }
                for (form, key) in zip(entry.forms, entry.formKeys) {
                    guard !key.isEmpty else { continue }
                    try insertKey.bind(dictionary, key, 1, entryRow, form).run()
                    if !all { try touchKey.bind(key).run() }
                }
                try addTexts(of: entry.text, entry: entryRow, dictionary: dictionary, file: fileID, keysWritten: &linkKeys)
            }
            written(number)
        }
        try dropUnusedTexts()
        // A duplicate id's keys stand for the first entry with it, in load order.
        try markDuplicates(in: dictionary, all: all)
        if !findingOnly { try refreshWords(in: dictionary, all: all) }
        let problems = try problemCount(of: dictionary)
        // Its count of entries, kept for `entryCount` (counting read every index row of it): a
        // dictionary written whole counted, another moved by what was written and taken out;
        // the duplicates, marked just now, left out (a count of their partial index).
        let counted = all ? try Int64(database.integer("SELECT count(*) FROM entries WHERE dictionary = \(dictionary)") ?? 0)
                          : countedBefore + entriesAdded
        try statement("""
            UPDATE dictionaries SET problems = ?2, listing = NULL,
                entry_count = ?3 - (SELECT count(*) FROM entries WHERE dictionary = ?1 AND duplicate = 1) WHERE id = ?1
            """).bind(dictionary, problems, counted).run()
        return IndexedFolder(dictionary: dictionary, changedFiles: count + removed.count, isNew: isNew, problemCount: problems)
    }

    /// Marks, for each id of the table `touched_ids` (with `all`, each id of `dictionary`: a
    /// new one's), every entry of `dictionary` with it but the first in load order (the byte
    /// order of the files' paths, then the file's order) as a duplicate; the keys of the
    /// entries whose mark changed go into `touched_keys`. One query for all of them.
    private func markDuplicates(in dictionary: Int64, all: Bool) throws(SQLiteError) {
        let rows = try statement("""
            SELECT e.id, e.entry_id, e.duplicate FROM entries e JOIN files f ON f.id = e.file
            WHERE e.dictionary = ?\(all ? "" : " AND e.entry_id IN (SELECT value FROM touched_ids)") ORDER BY e.entry_id, f.path, e.position
            """)
        rows.bind(dictionary)
        // Few change (an id written twice), so they are gathered before the rows are written.
        var changed: [(row: Int64, duplicate: Bool)] = []
        var lastID: String?
        while try rows.step() {
            let id = rows.text(1)
            let isDuplicate = id == lastID
            lastID = id
            if (rows.integer(2) != 0) != isDuplicate { changed.append((rows.integer(0), isDuplicate)) }
        }
        rows.reset()
        let mark = try statement("UPDATE entries SET duplicate = ? WHERE id = ?")
        let keysOf = try statement("INSERT OR IGNORE INTO touched_keys SELECT key FROM keys WHERE entry = ?")
        for entry in changed {
            try mark.bind(entry.duplicate ? 1 : 0, entry.row).run()
            if !all { try keysOf.bind(entry.row).run() }
        }
    }

    /// Writes again the `words` rows of the keys in the table `touched_keys` (with `all`, every
    /// key: a new dictionary's) in `dictionary`: each key that some entry still has, shown as
    /// the first headword with it in load order (else the first form), with what completion
    /// ranks it by; and the suggestion buckets of their folded lengths. One query for all of
    /// them, each row written as it is read.
    private func refreshWords(in dictionary: Int64, all: Bool) throws(SQLiteError) {
        // The lengths that have a bucket already: their touched keys are taken out of it (a
        // new dictionary has none, and keeps no list of its keys meanwhile).
        var held = Set<Int>()
        let buckets = try statement("SELECT folded_length FROM word_buckets WHERE dictionary = ?")
        buckets.bind(dictionary)
        while try buckets.step() { held.insert(Int(buckets.integer(0))) }
        buckets.reset()
        // The touched keys of the lengths held, in byte order as the buckets keep them.
        var removed: [Int: WordBucket] = [:]
        if !all {
            var touchedAny = false
            let touched = try statement("SELECT value FROM touched_keys ORDER BY value")
            while try touched.step() {
                touchedAny = true
                guard !held.isEmpty, let key = touched.text(0) else { continue }
                let length = LookupKey.accentFolded(key).unicodeScalars.count
                if held.contains(length) { removed[length, default: WordBucket()].append(signature: 0, key: key) }
            }
            touched.reset()
            guard touchedAny else { return }
            try statement("DELETE FROM words WHERE dictionary = ? AND key IN (SELECT value FROM touched_keys)").bind(dictionary).run()
        }
        let rows = try statement("""
            SELECT k.key, k.display, k.kind FROM keys k JOIN entries e ON e.id = k.entry JOIN files f ON f.id = e.file
            WHERE k.dictionary = ?\(all ? "" : " AND k.key IN (SELECT value FROM touched_keys)") AND e.duplicate = 0
            ORDER BY k.key, k.kind, f.path, e.position
            """)
        let insert = try statement("INSERT INTO words(dictionary, key, display, is_headword, scalars) VALUES (?, ?, ?, ?, ?)")
        rows.bind(dictionary)
        defer { rows.reset() }
        // The words written, by folded length, in key order (the query's).
        var added: [Int: WordBucket] = [:]
        var lastKey: String?
        while try rows.step() {
            let key = rows.text(0) ?? ""
            guard key != lastKey else { continue }
            lastKey = key
            let display = rows.text(1) ?? key, isHeadword = rows.integer(2) == 0
            try insert.bind(dictionary, key, display, isHeadword ? 1 : 0, key.unicodeScalars.count).run()
            let folded = LookupKey.accentFolded(key).unicodeScalars.map(\.value)
            added[folded.count, default: WordBucket()].append(signature: SuggestionSignature.of(folded), key: key)
        }
        rows.reset()
        // A length with neither a touched key held nor a word added has nothing to write.
        try refreshBuckets(Set(removed.keys).union(added.keys), in: dictionary, removing: removed, adding: added)
    }

    /// Writes again the suggestion buckets of `lengths` in `dictionary`: each is what it held
    /// but the keys of `removed` of its length, with those of `added` (a bucket keeps its keys
    /// in byte order, so the two are merged). A bucket left empty is taken out.
    private func refreshBuckets(_ lengths: Set<Int>, in dictionary: Int64, removing removed: [Int: WordBucket],
                                adding added: [Int: WordBucket]) throws(SQLiteError) {
        let find = try statement("SELECT signatures, keys FROM word_buckets WHERE dictionary = ? AND folded_length = ?")
        let replace = try statement("INSERT OR REPLACE INTO word_buckets(dictionary, folded_length, signatures, keys) VALUES (?, ?, ?, ?)")
        let delete = try statement("DELETE FROM word_buckets WHERE dictionary = ? AND folded_length = ?")
        for length in lengths {
            var bucket = added[length] ?? WordBucket()
            if let gone = removed[length] {
                find.bind(dictionary, length)
                if try find.step() {
                    bucket = WordBucket.merging(WordBucket(signatures: find.blob(0), keys: find.blob(1)), without: gone, with: bucket)
                }
                find.reset()
            }
            if bucket.isEmpty {
                try delete.bind(dictionary, length).run()
            } else {
                replace.bind(dictionary, length)
                replace.bind(blob: bucket.signatures, at: 3)
                replace.bind(blob: bucket.keys, at: 4)
                try replace.run()
            }
        }
    }

    /// Puts an entry's sense texts and links in: each text once per dictionary (WordNet
    /// repeats a synset's gloss under each of its words), counted by the senses that use it.
    private func addTexts(of text: EntryText, entry: Int64, dictionary: Int64, file: Int64,
                          keysWritten: inout RecentKeys) throws(SQLiteError) {
        guard !text.senses.isEmpty || !text.links.isEmpty else { return }
        let findText = try statement("SELECT id FROM texts WHERE dictionary = ? AND hash = ?")
        let useText = try statement("UPDATE texts SET uses = uses + 1 WHERE id = ?")
        let insertText = try statement("INSERT INTO texts(dictionary, hash, uses) VALUES (?, ?, 1)")
        let insertBody = try statement("INSERT INTO fts(rowid, body) VALUES (?, ?)")
        let insertSense = try statement("INSERT INTO senses(id, text, sense) VALUES (?, ?, ?)")
        for (i, sense) in text.senses.enumerated() {
            guard let row = RowNumber.row(i, of: entry) else { break }
            var body = sense.text
            let hash = Int64(bitPattern: body.withUTF8 { FileFingerprint.hash(UnsafeRawBufferPointer($0)) })
            findText.bind(dictionary, hash)
            var id: Int64
            if try findText.step() {
                id = findText.integer(0)
                findText.reset()
                try useText.bind(id).run()
            } else {
                findText.reset()
                try insertText.bind(dictionary, hash).run()
                id = database.lastInsertedRow
                try insertBody.bind(id, body).run()
            }
            try insertSense.bind(row, id, sense.sense).run()
        }
        let insertLink = try statement("INSERT INTO links(id, dictionary, file, key, target, anchor, sense, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        let insertKey = try statement("INSERT OR IGNORE INTO link_keys(file, key) VALUES (?, ?)")
        for (i, link) in text.links.enumerated() {
            guard let row = RowNumber.row(i, of: entry) else { break }
            // The text is kept only where it is not what the target shows (most links').
            let shown = link.text == Self.shownText(ofTarget: link.target) ? nil : link.text
            // And the target only where it is not its key (WordNet's all are).
            let key = link.key
            try insertLink.bind(row, dictionary, file, key, link.target == key ? nil : link.target, link.anchor, link.sense, shown).run()
            // The file's keys, by which its links are taken out.
            if keysWritten.insert(key) { try insertKey.bind(file, key).run() }
        }
    }

    /// Takes out the senses of the entries of `file`, and counts down the texts they used
    /// (`dropUnusedTexts` then drops those no sense uses). A file's entries were written one
    /// after another, so their rows are one range.
    private func removeTexts(ofFile file: Int64) throws(SQLiteError) {
        guard let rows = try rows(ofFile: file) else { return }
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS dropped(text INTEGER PRIMARY KEY)")
        try statement("INSERT OR IGNORE INTO dropped SELECT text FROM senses WHERE id BETWEEN ? AND ?").bind(rows.lowerBound, rows.upperBound).run()
        try statement("""
            UPDATE texts SET uses = uses - counted.n
            FROM (SELECT text, count(*) AS n FROM senses WHERE id BETWEEN ? AND ? GROUP BY text) AS counted WHERE texts.id = counted.text
            """).bind(rows.lowerBound, rows.upperBound).run()
        try statement("DELETE FROM senses WHERE id BETWEEN ? AND ?").bind(rows.lowerBound, rows.upperBound).run()
    }

    /// Takes out the links of `file` (of `dictionary`) whose rows are within `rows` (all of
    /// them without): for each of the file's link keys, a range of the links' tree.
    private func removeLinks(ofFile file: Int64, in dictionary: Int64, rows: ClosedRange<Int64> = Int64.min...Int64.max) throws(SQLiteError) {
        try statement(Self.linksOfFileOut).bind(dictionary, file, rows.lowerBound, rows.upperBound).run()
    }

    /// Deletes the links of a file (?2) of a dictionary (?1) whose rows are within ?3...?4:
    /// a range of the tree for each of the file's link keys.
    static let linksOfFileOut = """
        DELETE FROM links WHERE key IN (SELECT key FROM link_keys WHERE file = ?2) AND dictionary = ?1 AND file = ?2
        AND id BETWEEN ?3 AND ?4
        """

    /// Takes out the row of `file` and its link keys (its entries' rows are out already).
    private func removeFile(_ file: Int64) throws(SQLiteError) {
        try statement("DELETE FROM link_keys WHERE file = ?").bind(file).run()
        try statement("DELETE FROM files WHERE id = ?").bind(file).run()
    }

    /// The entries of `dictionary` as the count kept says, those whose id an earlier one has
    /// included (call in a transaction).
    private func entriesWithDuplicates(of dictionary: Int64) throws(SQLiteError) -> Int64 {
        let find = try statement("""
            SELECT coalesce(entry_count, (SELECT count(*) FROM entries WHERE dictionary = ?1 AND duplicate = 0))
                + (SELECT count(*) FROM entries WHERE dictionary = ?1 AND duplicate = 1) FROM dictionaries WHERE id = ?1
            """)
        find.bind(dictionary)
        defer { find.reset() }
        return try find.step() ? find.integer(0) : 0
    }

    /// Takes out the rows of every file of `dictionary` and their link keys (`removeFile` for
    /// each, in two statements).
    private func removeFiles(of dictionary: Int64) throws(SQLiteError) {
        try statement("DELETE FROM link_keys WHERE file IN (SELECT id FROM files WHERE dictionary = ?)").bind(dictionary).run()
        try statement("DELETE FROM files WHERE dictionary = ?").bind(dictionary).run()
    }

    /// Drops the texts that the files taken out used and no sense uses now. Texts a file
    /// written again has too (all but the edited ones, after a save) were counted up again
    /// meanwhile and stay, instead of leaving the full-text index and coming back.
    private func dropUnusedTexts() throws(SQLiteError) {
        try database.execute("""
            CREATE TEMP TABLE IF NOT EXISTS dropped(text INTEGER PRIMARY KEY);
            DELETE FROM fts WHERE rowid IN (SELECT id FROM texts WHERE id IN (SELECT text FROM dropped) AND uses <= 0);
            DELETE FROM texts WHERE id IN (SELECT text FROM dropped) AND uses <= 0;
            DELETE FROM dropped;
            """)
    }

    /// What a link shows when its text is not stored: the target without its `~pos` suffix.
    public static func shownText(ofTarget target: String) -> String {
        guard let tilde = target.firstIndex(of: "~") else { return target }
        return String(target[..<tilde])
    }

    /// The files of `dictionary` as the index holds them, in byte order of their paths (call
    /// under the lock).
    func storedFiles(of dictionary: Int64) throws(SQLiteError) -> [StoredFile] {
        let files = try statement("SELECT id, path, size, seconds, nanoseconds, hash, indexed_at FROM files WHERE dictionary = ? ORDER BY path")
        files.bind(dictionary)
        defer { files.reset() }
        var stored: [StoredFile] = []
        while try files.step() {
            stored.append(StoredFile(
                id: files.integer(0), path: files.text(1) ?? "",
                fingerprint: FileFingerprint(size: UInt64(files.integer(2)), modificationSeconds: files.integer(3),
                                             modificationNanoseconds: files.integer(4), contentHash: UInt64(bitPattern: files.integer(5))),
                indexedAt: files.integer(6)))
        }
        return stored
    }

    /// The problems of `dictionary`'s files and its duplicate ids, counted (call under the lock).
    func problemCount(of dictionary: Int64) throws(SQLiteError) -> Int {
        let count = try statement("""
            SELECT (SELECT coalesce(sum(problems), 0) FROM files WHERE dictionary = ?1)
                 + (SELECT count(*) FROM entries WHERE dictionary = ?1 AND duplicate = 1)
            """)
        count.bind(dictionary)
        defer { count.reset() }
        return try count.step() ? Int(count.integer(0)) : 0
    }

    /// Takes out every row of the dictionary at `folder` (a folder that is gone, or one to be
    /// read again whole).
    public func remove(folder: String) throws(SQLiteError) {
        try locked { () throws(SQLiteError) in
            try database.writing { () throws(SQLiteError) in try removeInTransaction(folder: folder) }
        }
    }

    /// The largest dictionary whose folder is gone that `removeVanishedFolder` takes out in the
    /// course of a command: its entries (with their senses, links and keys) and its texts in the
    /// full-text index. A larger one waits for `removeVanishedFolders`.
    public struct RemovalLimit: Sendable {
        public var entries = 2_000, texts = 5_000
        public init() {}
    }

    /// What a dictionary whose folder is gone is renamed to while it is taken out: no open
    /// asks for it, and a folder made again at that path is a new one, even when the removal
    /// was cut short (a process killed) and is finished later.
    static func tombstone(of dictionary: Int64, folder: String) -> String { "gone:\(dictionary):" + folder }

    /// A dictionary whose folder is gone: its row, its folder as it was, and whether its row
    /// already holds the tombstone.
    struct Vanished {
        var id: Int64, folder: String, isTombstone: Bool
    }

    /// The dictionaries whose folder is gone, the oldest first, those renamed to a tombstone
    /// among them (call in a read transaction).
    private func vanishedDictionaries() throws(SQLiteError) -> [Vanished] {
        let all = try statement("SELECT id, folder FROM dictionaries ORDER BY id")
        defer { all.reset() }
        var found: [Vanished] = []
        while try all.step() {
            let id = all.integer(0), stored = all.text(1) ?? ""
            if stored.hasPrefix("gone:") {
                found.append(Vanished(id: id, folder: String(stored.split(separator: ":", maxSplits: 2).last ?? ""), isTombstone: true))
            } else if isGoneFolder(stored) {
                found.append(Vanished(id: id, folder: stored, isTombstone: false))
            }
        }
        return found
    }

    /// Takes out of the index the rows of one dictionary whose folder no longer exists (deleted,
    /// a `--data` folder since removed, a scratch folder of a test run), if it is within `limit`,
    /// and gives the pages it held back to the disk (up to 8 MB). What stands in the index of a
    /// dictionary nobody can open is disk that grows with every folder ever opened (this
    /// machine's cache held 233). Done once a process, when it opens the library, and bounded
    /// so that no command stalls on it nor holds the write lock long: one dictionary a process,
    /// the oldest first, and only a small one (counted with bounded queries); taking out every
    /// one at once, and any size, kept commands of the test suite waiting for the write lock
    /// for minutes. A larger one is left to the next import (`removeVanishedFolders`). A folder
    /// that cannot be looked at (no permission, an unmounted drive's mount point) stays; while
    /// another process writes, the work is left for the next command.
    /// Returns the folder taken out, if any.
    @discardableResult
    public func removeVanishedFolder(within limit: RemovalLimit = RemovalLimit(),
                                     progress: (ProgressStep) -> Void = { _ in }) -> String? {
        guard memoryReason == nil, !prunedVanishedFolders.exchange(true, ordering: .relaxed) else { return nil }
        let vanished = try? reading { () throws(SQLiteError) -> Vanished? in
            for dictionary in try vanishedDictionaries() where !dictionary.isTombstone {
                if try isSmall(dictionary.id, within: limit) { return dictionary }
            }
            return nil
        }
        guard let vanished = vanished ?? nil else { return nil }
        let phase = "taking a dictionary whose folder is gone out of the library index"
        progress(ProgressStep(phase: phase, completed: 0, total: 1))
        defer { progress(ProgressStep(phase: phase, completed: 1, total: 1)) }
        return (try? removeVanished(vanished)) == true ? vanished.folder : nil
    }

    /// Takes out every dictionary whose folder is gone, whatever its size, the oldest first, in
    /// steps of a transaction each (a file's entries, 5,000 texts), so that another process
    /// that writes meanwhile waits for one step at most, then gives every freed page back to
    /// the disk (4,096 pages a step): what `wordlink import` does after its dictionary, since a
    /// large one is never taken out in the course of a command. Its progress counts the
    /// entries and texts taken out. Returns the folders taken out.
    @discardableResult
    public func removeVanishedFolders(progress: (ProgressStep) -> Void = { _ in }) -> [String] {
        guard memoryReason == nil else { return [] }
        let vanished = (try? reading { () throws(SQLiteError) -> [(dictionary: Vanished, rows: Int)] in
            let count = try statement("SELECT (SELECT count(*) FROM entries WHERE dictionary = ?1) + (SELECT count(*) FROM texts WHERE dictionary = ?1)")
            return try vanishedDictionaries().map { dictionary throws(SQLiteError) in
                count.bind(dictionary.id)
                defer { count.reset() }
                return (dictionary, try count.step() ? Int(count.integer(0)) : 0)
            }
        }) ?? []
        guard !vanished.isEmpty else { return [] }
        let phase = "taking the dictionaries whose folders are gone out of the library index"
        let total = max(1, vanished.reduce(0) { $0 + $1.rows })
        var done = 0
        progress(ProgressStep(phase: phase, completed: 0, total: total))
        var removed: [String] = []
        for (dictionary, _) in vanished {
            let taken = try? removeVanished(dictionary) { rows in
                done += rows
                progress(ProgressStep(phase: phase, completed: min(done, total), total: total))
            }
            if taken == true { removed.append(dictionary.folder) }
        }
        progress(ProgressStep(phase: phase, completed: total, total: total))
        // Every freed page back to the disk, a step at a time.
        let free = (try? locked { () throws(SQLiteError) in try database.integer("PRAGMA freelist_count") ?? 0 }) ?? 0
        if free > 0 {
            let giving = "giving the space they took back to the disk"
            var left = free
            while left > 0 {
                progress(ProgressStep(phase: giving, completed: Int(free - left), total: Int(free)))
                guard let now = try? locked({ () throws(SQLiteError) -> Int64 in
                    try database.writing(waiting: { _ in false }) { () throws(SQLiteError) in try database.execute("PRAGMA incremental_vacuum(4096)") }
                    return try database.integer("PRAGMA freelist_count") ?? 0
                }), now < left else { break }
                left = now
            }
            progress(ProgressStep(phase: giving, completed: Int(free), total: Int(free)))
            try? locked { () throws(SQLiteError) in try database.execute("PRAGMA wal_checkpoint(PASSIVE)") }
        }
        return removed
    }

    /// Takes out `dictionary` (renamed to its tombstone first, unless it is): its rows a
    /// file's entries or 5,000 texts a transaction, none waiting for another writer (the lock is
    /// let go between them; `removed` is told how many entries or texts each took out), then
    /// the freed pages given back (8 MB at most). False when the folder came back meanwhile or
    /// another process writes.
    private func removeVanished(_ dictionary: Vanished, removed: (Int) -> Void = { _ in }) throws(SQLiteError) -> Bool {
        let id = dictionary.id, folder = dictionary.folder
        return try locked { () throws(SQLiteError) -> Bool in
            func step<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
                try database.writing(waiting: { _ in false }, body)
            }
            if !dictionary.isTombstone {
                // Looked at again under the write lock: an import may have put it back.
                guard try step({ () throws(SQLiteError) -> Bool in
                    guard isGoneFolder(folder) else { return false }
                    try statement("UPDATE dictionaries SET folder = ? WHERE id = ?").bind(Self.tombstone(of: id, folder: folder), id).run()
                    return true
                }) else { return false }
            }
            while let count = try step({ () throws(SQLiteError) in try removeEntries(of: id, atMost: 2_000) }) { removed(count) }
            while let count = try step({ () throws(SQLiteError) in try removeTexts(of: id, atMost: 5_000) }) { removed(count) }
            while try step({ () throws(SQLiteError) in try removeWords(of: id, atMost: 20_000) }) != nil {}
            try step { () throws(SQLiteError) in
                for table in ["keys", "word_buckets", "entries"] {
                    try statement("DELETE FROM \(table) WHERE dictionary = ?").bind(id).run()
                }
                try removeFiles(of: id)
                try statement("DELETE FROM dictionaries WHERE id = ?").bind(id).run()
            }
            // The pages freed go back to the disk, a bounded number; the log into the file
            // without waiting for readers (PASSIVE: a TRUNCATE waits for every reader).
            try? step { () throws(SQLiteError) in try database.execute("PRAGMA incremental_vacuum(2048)") }
            try? database.execute("PRAGMA wal_checkpoint(PASSIVE)")
            return true
        }
    }

    /// Whether `dictionary` is within `limit` (call in a read transaction): each count stops
    /// one past its bound.
    private func isSmall(_ dictionary: Int64, within limit: RemovalLimit) throws(SQLiteError) -> Bool {
        func count(_ table: String, bound: Int) throws(SQLiteError) -> Int {
            let query = try statement("SELECT count(*) FROM (SELECT 1 FROM \(table) WHERE dictionary = ? LIMIT ?)")
            query.bind(dictionary, Int64(bound + 1))
            defer { query.reset() }
            return try query.step() ? Int(query.integer(0)) : 0
        }
        guard try count("entries", bound: limit.entries) <= limit.entries else { return false }
        return try count("texts", bound: limit.texts) <= limit.texts
    }

    /// Takes out the rows of at most `limit` entries of `dictionary` (call in a write
    /// transaction), from the first of its first file: their senses (one range of rows,
    /// `RowNumber`) and links (that range under each of the file's link keys), their keys, the
    /// entries, and the file once it has none left. Nil when no file is left; else how many
    /// entries were taken out.
    private func removeEntries(of dictionary: Int64, atMost limit: Int) throws(SQLiteError) -> Int? {
        guard let file = try storedFiles(of: dictionary).first else { return nil }
        guard let held = try rows(ofFile: file.id) else {
            try removeFile(file.id)
            return 0
        }
        let first = RowNumber.entry(ofRow: held.lowerBound), last = min(RowNumber.entry(ofRow: held.upperBound), first + Int64(limit) - 1)
        let span = RowNumber.rows(from: first, to: last)
        try statement("DELETE FROM senses WHERE id BETWEEN ? AND ?").bind(span.lowerBound, span.upperBound).run()
        try removeLinks(ofFile: file.id, in: dictionary, rows: span)
        try statement("DELETE FROM keys WHERE entry BETWEEN ? AND ?").bind(first, last).run()
        try statement("DELETE FROM entries WHERE id BETWEEN ? AND ? AND file = ?").bind(first, last, file.id).run()
        if try rows(ofFile: file.id) == nil { try removeFile(file.id) }
        return Int(last - first + 1)
    }

    /// Takes out at most `limit` of `dictionary`'s words (the nearest-headword table; call in
    /// a write transaction). Nil when none is left; else how many were taken out.
    private func removeWords(of dictionary: Int64, atMost limit: Int) throws(SQLiteError) -> Int? {
        try statement("DELETE FROM words WHERE dictionary = ?1 AND key IN (SELECT key FROM words WHERE dictionary = ?1 LIMIT ?2)")
            .bind(dictionary, Int64(limit)).run()
        let count = Int(database.changes)
        return count == 0 ? nil : count
    }

    /// Takes out at most `limit` of `dictionary`'s texts and their full-text rows (call in a
    /// write transaction). Nil when none is left; else how many were taken out.
    private func removeTexts(of dictionary: Int64, atMost limit: Int) throws(SQLiteError) -> Int? {
        let some = try statement("SELECT id FROM texts WHERE dictionary = ? LIMIT ?")
        some.bind(dictionary, Int64(limit))
        var ids: [Int64] = []
        while try some.step() { ids.append(some.integer(0)) }
        some.reset()
        guard !ids.isEmpty else { return nil }
        let list = ids.map(String.init).joined(separator: ",")
        try database.execute("DELETE FROM fts WHERE rowid IN (\(list)); DELETE FROM texts WHERE id IN (\(list))")
        return ids.count
    }

    /// Takes out every row of the dictionary at `folder`, its own too (call in a write transaction).
    private func removeInTransaction(folder: String) throws(SQLiteError) {
        let find = try statement("SELECT id FROM dictionaries WHERE folder = ?")
        find.bind(folder)
        guard try find.step() else { find.reset(); return }
        let dictionary = find.integer(0)
        find.reset()
        try removeRows(of: dictionary)
        try statement("DELETE FROM dictionaries WHERE id = ?").bind(dictionary).run()
    }

    /// Takes out every row of `dictionary` but its own (call in a write transaction). The
    /// senses of each file's entries are one range of rows (`RowNumber`), its links found by
    /// its link keys; the rest is found by the dictionary's column.
    private func removeRows(of dictionary: Int64) throws(SQLiteError) {
        for file in try storedFiles(of: dictionary) {
            try removeLinks(ofFile: file.id, in: dictionary)
            guard let rows = try rows(ofFile: file.id) else { continue }
            try statement("DELETE FROM senses WHERE id BETWEEN ? AND ?").bind(rows.lowerBound, rows.upperBound).run()
        }
        try statement("DELETE FROM fts WHERE rowid IN (SELECT id FROM texts WHERE dictionary = ?)").bind(dictionary).run()
        for table in ["texts", "keys", "words", "word_buckets", "entries"] {
            try statement("DELETE FROM \(table) WHERE dictionary = ?").bind(dictionary).run()
        }
        try removeFiles(of: dictionary)
    }

    /// The rows of the senses (and links) of the entries of `file`: its entries were written one
    /// after another, so their rows are one range. Nil when it has no entries.
    private func rows(ofFile file: Int64) throws(SQLiteError) -> ClosedRange<Int64>? {
        let span = try statement("SELECT min(id), max(id) FROM entries WHERE file = ?")
        span.bind(file)
        defer { span.reset() }
        guard try span.step(), !span.isNull(0) else { return nil }
        return RowNumber.rows(from: span.integer(0), to: span.integer(1))
    }

    /// The content hash `FileFingerprint` keeps, nil when the file cannot be read.
    static func contentHash(_ path: String) -> UInt64? {
        guard let bytes = try? readFile(path, shownAs: path) else { return nil }
        return bytes.withUnsafeBytes { FileFingerprint.hash($0) }
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec)
    }
}

/// Keys already written, remembered up to a bound: a file of many distinct link targets (a
/// Wiktionary shard names hundreds of thousands) costs an update no more memory than
/// `limit` keys, and a key forgotten is only written again (`INSERT OR IGNORE`).
struct RecentKeys {
    static let limit = 20_000
    private var keys = Set<String>()

    /// Whether `key` is new (then remembered).
    mutating func insert(_ key: String) -> Bool {
        if keys.count >= Self.limit { keys.removeAll(keepingCapacity: true) }
        return keys.insert(key).inserted
    }

    mutating func removeAll() { keys.removeAll(keepingCapacity: true) }
}
