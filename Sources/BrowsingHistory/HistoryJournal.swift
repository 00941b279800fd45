import SQLiteStore
#if canImport(Glibc)
import Glibc
#endif

/// Visits on their way into the store: `history.pending` beside it, one line a visit.
///
/// A one-shot command (`define`) appends its visit here, one `write(2)` under a shared lock,
/// instead of opening the SQLite store: an open recovers the store's write-ahead log by
/// reading all of it, a cost that grows with the log, where an append costs three system
/// calls. Whoever opens the store next takes the lines in (`HistoryStore.takeJournal`) under
/// an exclusive lock, in one transaction that also records what it took, so a crash between
/// the commit and the emptying of the file never takes the same lines twice.
public enum HistoryJournal {
    /// The file name in the state folder.
    public static let fileName = "history.pending"

    /// Appends `visit` to the journal in `folder` (made if missing).
    public static func append(_ visit: Visit, folder: String) throws(HistoryStoreError) {
        let path = folder + "/" + fileName
        try HistoryStore.makeDirectories(folder, path: path)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        guard lock(descriptor, LOCK_SH) else { throw failure("lock", path) }
        defer { _ = flock(descriptor, LOCK_UN) }
        let bytes = line(for: visit)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw failure("write to", path) }
            written += count
        }
    }

    /// `flock` that waits, through signals.
    static func lock(_ descriptor: Int32, _ operation: Int32) -> Bool {
        while flock(descriptor, operation) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    static func failure(_ operation: String, _ path: String) -> HistoryStoreError {
        HistoryStoreError(path: path, operation: operation, reason: String(cString: strerror(errno)))
    }

    // MARK: Lines

    /// `v1`, the time, the text, 1 or 0 for a link, the dictionary, the sense, the title and
    /// the origin, separated by tabs; a backslash, a tab, a line feed and a carriage return in
    /// a field are escaped, and an absent field is `\N`.
    static func line(for visit: Visit) -> [UInt8] {
        let fields: [String?] = ["v1", "\(visit.time)", visit.address.text, visit.address.isLink ? "1" : "0",
                                 visit.address.dictionary, visit.address.sense, visit.title, visit.origin]
        var bytes: [UInt8] = []
        for (i, field) in fields.enumerated() {
            if i > 0 { bytes.append(0x09) }
            guard let field else {
                bytes += [0x5C, 0x4E]
                continue
            }
            for byte in field.utf8 {
                switch byte {
                case 0x5C: bytes += [0x5C, 0x5C]
                case 0x09: bytes += [0x5C, 0x74]
                case 0x0A: bytes += [0x5C, 0x6E]
                case 0x0D: bytes += [0x5C, 0x72]
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(0x0A)
        return bytes
    }

    /// The visits of the complete lines of `bytes`; a line that does not read as one (cut
    /// short by a crash, or written by a later version) is skipped.
    static func visits(in bytes: [UInt8]) -> [Visit] {
        var visits: [Visit] = []
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map(unescaped)
            guard fields.count == 8, fields[0] == "v1", let time = fields[1].flatMap(Double.init), let text = fields[2],
                  let origin = fields[7] else { continue }
            visits.append(Visit(time: time, address: StoredAddress(text: text, isLink: fields[3] == "1", dictionary: fields[4], sense: fields[5]),
                                title: fields[6], origin: origin))
        }
        return visits
    }

    private static func unescaped(_ field: ArraySlice<UInt8>) -> String? {
        if field.elementsEqual([0x5C, 0x4E]) { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var escaped = false
        for byte in field {
            if escaped {
                switch byte {
                case 0x74: bytes.append(0x09)
                case 0x6E: bytes.append(0x0A)
                case 0x72: bytes.append(0x0D)
                default: bytes.append(byte)
                }
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A 64-bit FNV-1a hash of `bytes`, to recognise lines already taken.
    static func hash(_ bytes: ArraySlice<UInt8>) -> Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int64(bitPattern: hash)
    }
}

extension HistoryStore {
    /// Moves the journal's visits into the store: under the journal's exclusive lock, in one
    /// transaction with a record of the bytes taken (their length and hash), then empties the
    /// file. Lines a crash left behind after their transaction committed are recognised by
    /// that record and not taken again. Nothing happens when there is no journal.
    func takeJournal() throws(HistoryStoreError) {
        let journal = folder + "/" + HistoryJournal.fileName
        let descriptor = open(journal, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard HistoryJournal.lock(descriptor, LOCK_EX) else { throw HistoryJournal.failure("lock", journal) }
        defer { _ = flock(descriptor, LOCK_UN) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw HistoryJournal.failure("read", journal) }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        guard !bytes.isEmpty else { return }
        let taken = try read("read", "SELECT length, hash FROM journal_taken").first
        var start = 0
        if let taken, let length = taken[0].integer, let hash = taken[1].integer, length > 0, Int(length) <= bytes.count,
           HistoryJournal.hash(bytes[..<Int(length)]) == hash {
            start = Int(length)
        }
        let visits = HistoryJournal.visits(in: Array(bytes[start...]))
        try write("write to") {
            for visit in visits { try insert(visit) }
            try connection.query("DELETE FROM journal_taken")
            try connection.query("INSERT INTO journal_taken(length, hash) VALUES (?, ?)",
                                 [.integer(Int64(bytes.count)), .integer(HistoryJournal.hash(bytes[...]))])
        }
        if ftruncate(descriptor, 0) != 0 { throw HistoryJournal.failure("empty", journal) }
    }
}
