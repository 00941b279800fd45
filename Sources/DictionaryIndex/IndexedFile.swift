import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif

/// One entry as the index keeps it: what pages and prompts need without decoding it, and
/// where it stands.
struct IndexedEntry: Sendable {
    var id: String
    var headword: String
    var pos: String?
    var forms: [String]
    /// The headword's and the forms' keys (`LookupKey.normalise`), made where the entry is
    /// read: an update's writer only writes them.
    var headwordKey: String
    var formKeys: [String]
    var summary: String
    var byteRange: Range<Int>
    /// The ids of its senses at any depth, in order (`NumberedSense.all`).
    var senseIDs: [String] = []
    /// Its senses' searchable texts and its links.
    var text = EntryText()
}

extension IndexedEntry {
    /// What the index keeps of `entry`; without its searchable texts and links when not
    /// `withText`.
    init(entry: Entry, withText: Bool = true) {
        let forms = entry.forms.map(\.text)
        self.init(id: entry.id, headword: entry.headword, pos: entry.pos, forms: forms,
                  headwordKey: LookupKey.normalise(entry.headword), formKeys: forms.map(LookupKey.normalise),
                  summary: entry.summary, byteRange: entry.origin.byteRange, senseIDs: IndexedFile.senseIDs(entry.senses),
                  text: withText ? EntryText(entry) : EntryText())
    }
}

/// One entry file as the index keeps it: its fingerprint, its entries that decode (in file
/// order, duplicates included) and how many problems it has (`wordlink check` names them).
struct IndexedFile: Sendable {
    var path: String
    var fingerprint: FileFingerprint
    var errorCount: Int
    var entries: [IndexedEntry]
    /// Why no entry of the file could be read at all (it cannot be read, or is not JSON: a
    /// truncated shard), with the place (`entries/0003.json:1:4097: …`); nil otherwise.
    var damage: String? = nil

    /// Reads and decodes the file `path` (relative to `folder`) for the index.
    ///
    /// A file that does not decode and changed within the last two seconds may be caught
    /// half written (`cp` and a shell's `>` truncate it first, then write): it is read again
    /// after pauses of 2, 4, 8, then 16 ms while it is empty or still changing, for at most
    /// `brokenFileWait`. A broken file that stays as it is through two pauses (a person's
    /// typo) is taken as broken after 6 ms; an old one is read once.
    ///
    /// Short pauses, many of them: a writer that rewrites the file over and over (a shell loop
    /// of `cp`) leaves it empty a third of the time on a loaded machine, so what finds it
    /// whole is the number of reads, not their spacing. A long wait: a writer can stop
    /// between its truncate and its write for as long as the file system makes it wait (on
    /// ext4 the write first updates the file's times, which can wait for a journal commit
    /// while other programs write and flush a lot: the test suite's importers do).
    static func scan(folder: String, path: String, fingerprint listed: FileFingerprint) -> IndexedFile {
        var result = scanOnce(folder: folder, path: path, fingerprint: listed)
        var pause: UInt32 = 2_000
        var waited: UInt32 = 0
        var unchanged = 0
        while result.errorCount > 0 && changedRecently(result.fingerprint) && waited < brokenFileWait {
            usleep(pause)
            waited += pause
            pause = min(pause * 2, 16_000)
            guard let info = fileStatus(folder + "/" + path) else { break }
            let now = FileFingerprint(stat: info)
            if now.size > 0 && now.hasSameStat(as: result.fingerprint) {
                unchanged += 1
                if unchanged == 2 { break }
            } else {
                unchanged = 0
            }
            result = scanOnce(folder: folder, path: path, fingerprint: now)
        }
        return result
    }

    /// At most this long (in µs) a just-changed file that is empty or keeps changing is read
    /// again: 2 s, the time after which a change is no longer recent (`changedRecently`).
    /// Half a second was too short: 1 run in 60 of the concurrent-rewrite test read the file
    /// empty throughout while the sanitizer build's suite ran beside it.
    static let brokenFileWait: UInt32 = 2_000_000

    /// Whether the file was modified within the last two seconds.
    static func changedRecently(_ fingerprint: FileFingerprint) -> Bool {
        LibraryIndex.now() - fingerprint.modificationSeconds <= 2
    }

    /// One read and decode of the file, its content checked against the stat.
    static func scanOnce(folder: String, path: String, fingerprint: FileFingerprint) -> IndexedFile {
        var fingerprint = fingerprint
        var bytes: [UInt8] = []
        let fullPath = folder + "/" + path
        for attempt in 0..<3 {
            do throws(DictionaryModelError) {
                bytes = try readFile(fullPath, shownAs: path)
            } catch {
                return IndexedFile(path: path, fingerprint: fingerprint, errorCount: 1, entries: [], damage: error.message)
            }
            // The content must be what the listing's stat describes. A file rewritten in place
            // (`cp`, a shell's `>`) between the two is read empty or half written, and its
            // modification time may not move (the clock behind it ticks every few ms): stat it
            // again and read it again.
            if bytes.count == Int(fingerprint.size) || attempt == 2 { break }
            guard let info = fileStatus(fullPath) else { break }
            fingerprint = FileFingerprint(stat: info)
            usleep(2_000)
        }
        // Still not what the stat says: record what was read, so the next check sees a change.
        if bytes.count != Int(fingerprint.size) { fingerprint.size = UInt64(bytes.count) }
        fingerprint.contentHash = bytes.withUnsafeBytes { FileFingerprint.hash($0) }
        var errors = 0
        var entries: [IndexedEntry] = []
        var first: DictionaryModelError?
        let source = SourceFile(path: path, bytes: bytes)
        // Each entry kept as the index keeps it as soon as it is decoded: memory holds the
        // file's rows, never its tree or its decoded entries.
        let broken = DataFolder.forEachEntry(in: source) { item in
            switch item {
            case .failure(let error):
                errors += error.all.count
                if first == nil { first = error }
            case .success(let (entry, _)): entries.append(IndexedEntry(entry: entry))
            }
        }
        if let broken {
            (errors, entries, first) = (broken.all.count, [], broken)
        }
        var damage: String?
        if entries.isEmpty, let first {
            let location = first.offset.map { source.location(ofOffset: $0) } ?? SourceLocation(file: path)
            damage = "\(location): \(first.message)"
        }
        return IndexedFile(path: path, fingerprint: fingerprint, errorCount: errors, entries: entries, damage: damage)
    }

    /// The ids of `senses` and their sub-senses, depth first (the order of `NumberedSense.all`).
    static func senseIDs(_ senses: [Sense]) -> [String] {
        var ids: [String] = []
        func walk(_ senses: [Sense]) {
            for sense in senses {
                if let id = sense.id { ids.append(id) }
                walk(sense.senses)
            }
        }
        walk(senses)
        return ids
    }
}
