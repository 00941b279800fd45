#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// A person's notes on the entries of imported dictionaries, which are not edited in place
/// (the next import would overwrite the change). Each entry's notes are one small JSON file,
/// `<root>/notes/<dictionary id>/<entry id as a file name>.json`, under the user's data folder
/// (`$XDG_DATA_HOME/wordlink`, else `~/.local/share/wordlink`): the library opens only the
/// folders directly in that root that hold a `dictionary.json`, so `notes/` is never taken
/// for a dictionary.
///
/// The file: `{"dictionary": id, "entry": id, "headword": …, "notes": ["markup", …]}`. Writes
/// are atomic (`replaceFile`), and a note file that changed on disk since it was read is not
/// overwritten.
public struct PersonalNotes: Sendable {
    /// The user's data folder for wordlink (the library's folder).
    public var root: String

    /// Notes kept under `root`.
    public init(root: String) {
        self.root = root
    }

    /// The user's data folder from `environment`: `$XDG_DATA_HOME/wordlink`, else
    /// `~/.local/share/wordlink`; nil without either.
    public static func defaultRoot(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/wordlink" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/share/wordlink" }
        return nil
    }

    /// An entry's notes as read, with the file's fingerprint to save over.
    public struct Note: Equatable, Sendable {
        /// The notes, markup paragraphs in order.
        public var paragraphs: [String]
        /// The note file when read; nil when there was none.
        public var fingerprint: FileFingerprint?

        /// A note with these paragraphs, read from a file with this fingerprint (nil: none).
        public init(paragraphs: [String], fingerprint: FileFingerprint? = nil) {
            self.paragraphs = paragraphs
            self.fingerprint = fingerprint
        }
    }

    /// The file of an entry's notes. A name that `EntryFileEditor.fileName(forID:)` had to
    /// change gets `~` and a hash of the id, so two ids never share a file.
    public func path(dictionary: String, entry: String) -> String {
        root + "/notes/" + Self.safeName(dictionary) + "/" + Self.safeName(entry) + ".json"
    }

    static func safeName(_ id: String) -> String {
        let name = EntryFileEditor.fileName(forID: id)
        if name == id { return name }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return EntryFileEditor.cut(name, toBytes: EntryFileEditor.maximumFileNameLength - 17)
            + "~" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The notes on an entry: one `stat` when there are none, a small read when there are;
    /// no notes when the file is missing or unreadable.
    public func notes(dictionary: String, entry: String) -> [String] {
        (try? note(dictionary: dictionary, entry: entry).paragraphs) ?? []
    }

    /// The notes on an entry with the file's fingerprint, to save over.
    /// - Throws: `.unreadable` when the file exists but cannot be read or is not a note file.
    public func note(dictionary: String, entry: String) throws(EditingError) -> Note {
        let file = path(dictionary: dictionary, entry: entry)
        guard let info = fileStatus(file) else { return Note(paragraphs: []) }
        let bytes: [UInt8]
        do throws(DictionaryModelError) {
            bytes = try readFile(file, shownAs: file, limit: 1 << 24)
        } catch {
            throw .unreadable(path: file, reason: error.message)
        }
        var fingerprint = FileFingerprint(stat: info)
        fingerprint.size = UInt64(bytes.count)
        fingerprint.contentHash = bytes.withUnsafeBytes { FileFingerprint.hash($0) }
        let json: JSONValue
        do throws(DictionaryModelError) {
            json = try JSONParser.parse(bytes)
        } catch {
            throw .unreadable(path: file, reason: error.message)
        }
        guard let paragraphs = json["notes"]?.arrayValue?.compactMap(\.stringValue) else {
            throw .unreadable(path: file, reason: "it has no \"notes\" array")
        }
        return Note(paragraphs: paragraphs, fingerprint: fingerprint)
    }

    /// Saves an entry's notes over `read` (what `note(dictionary:entry:)` gave); no notes
    /// remove the file. Paragraphs that are only white space are left out.
    /// - Returns: the note as now saved.
    /// - Throws: `.changedOnDisk` when the file is not as `read` found it (unless
    ///   `overwrite`); `.unwritable` when it cannot be written (nothing changed then).
    @discardableResult
    public func save(_ notes: [String], dictionary: String, entry: String, headword: String, over read: Note,
                     overwrite: Bool = false) throws(EditingError) -> Note {
        let file = path(dictionary: dictionary, entry: entry)
        let paragraphs = notes.filter { !$0.trimmingWhiteSpace().isEmpty }
        if !overwrite {
            let current = try note(dictionary: dictionary, entry: entry)
            if current.fingerprint?.size != read.fingerprint?.size || current.fingerprint?.contentHash != read.fingerprint?.contentHash {
                throw .changedOnDisk(path: file)
            }
        }
        if paragraphs.isEmpty {
            if !removeFile(file) { throw .unwritable(path: file, reason: systemError()) }
            let folder = String(file[..<file.lastIndex(of: "/")!])
            syncPath(folder)
            // An empty dictionary folder of notes goes too (rmdir fails harmlessly otherwise).
            rmdir(folder)
            return Note(paragraphs: [])
        }
        var members: [JSONValue.Member] = []
        for (key, value) in [("dictionary", dictionary), ("entry", entry), ("headword", headword)] {
            members.append(JSONValue.Member(key: key, keyOffset: JSONSplice.fresh, value: JSONValue(.string(value), offset: JSONSplice.fresh)))
        }
        members.append(JSONValue.Member(key: "notes", keyOffset: JSONSplice.fresh,
                                        value: JSONValue(.array(paragraphs.map { JSONValue(.string($0), offset: JSONSplice.fresh) }),
                                                         offset: JSONSplice.fresh)))
        let text = EntryFileEditor.pretty(JSONValue(.object(members), offset: JSONSplice.fresh)) + "\n"
        do throws(DictionaryModelError) {
            try makeDirectories(String(file[..<file.lastIndex(of: "/")!]))
            try replaceFile(file, with: text)
        } catch {
            throw .unwritable(path: file, reason: EntryFileEditor.unwritableReason(error))
        }
        return try note(dictionary: dictionary, entry: entry)
    }

    /// The editor's text of notes: one paragraph a line.
    public static func text(of notes: [String]) -> String {
        notes.joined(separator: "\n")
    }

    /// The paragraphs of the editor's text of notes: its lines that are not empty.
    public static func paragraphs(fromText text: String) -> [String] {
        EntryDocument.lines(of: text).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }.filter { !$0.trimmingWhiteSpace().isEmpty }
    }
}
