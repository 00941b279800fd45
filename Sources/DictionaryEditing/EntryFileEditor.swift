#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// An entry opened for editing: where it is, how its file was when read, and its document.
public struct EditableEntry: Sendable {
    /// The entry's id.
    public var id: String
    /// The data folder.
    public var folder: String
    /// The absolute (or folder-relative, as the folder was given) path of the entry file.
    public var file: String
    /// The file's path inside the folder (`entries/dog.json`), as `Entry.origin.file` names it.
    public var relativePath: String
    /// The entry file's size, modification time and content hash when it was read.
    public var fingerprint: FileFingerprint
    /// The entry object as read, its offsets into the file.
    public var json: JSONValue
    /// The entry's document, as the editor starts from it.
    public var document: EntryDocument
}

/// Opens entries for editing and writes them back (docs/data-format.md, "Writing entries
/// back"): a save changes only the bytes of the one entry, atomically, and never over a file
/// that changed since it was read; a new entry gets a new file of its own.
public enum EntryFileEditor {
    /// Opens the entry `entryID` of the data folder at `folder`. `file`, the entry's file in
    /// the folder (`Entry.origin.file`), spares reading every entry file to find it.
    /// - Throws: `.importedDictionary` for an import, `.notFound` when no entry file holds
    ///   the id, `.unreadable` when the file holding it does not parse.
    public static func open(entryID: String, in folder: String, file: String? = nil) throws(EditingError) -> EditableEntry {
        try refuseImport(folder)
        let candidates: [String]
        if let file {
            candidates = [file]
        } else {
            do throws(DictionaryModelError) {
                candidates = try listEntryFiles(folder: folder).filter(\.nameIsUTF8).map(\.path)
            } catch {
                throw .unreadable(path: "entries", reason: error.message)
            }
        }
        // Without a file named, only files whose bytes hold the id are parsed.
        var needle = ""
        JSONValue.writeString(entryID, to: &needle)
        let needleBytes = Array(needle.utf8)
        // A second pass parses the rest: an id may be written with escapes (`"d\u006fg"`).
        for prefiltered in file == nil ? [true, false] : [false] {
            for relative in candidates {
                let path = folder + "/" + relative
                let bytes: [UInt8]
                do throws(DictionaryModelError) {
                    bytes = try readFile(path, shownAs: relative)
                } catch {
                    if file != nil { throw .unreadable(path: relative, reason: error.message) }
                    continue
                }
                if file == nil && contains(bytes, needleBytes) != prefiltered { continue }
                if let entry = try editable(id: entryID, bytes: bytes, folder: folder, relative: relative, strict: file != nil) {
                    return entry
                }
            }
        }
        throw .notFound(id: entryID)
    }

    /// The entry `id` in the file's bytes, or nil when the file does not hold it.
    static func editable(id: String, bytes: [UInt8], folder: String, relative: String, strict: Bool) throws(EditingError) -> EditableEntry? {
        let json: JSONValue
        do throws(DictionaryModelError) {
            json = try JSONParser.parse(bytes)
        } catch {
            if !strict { return nil }
            throw .unreadable(path: relative, reason: describe(error, in: relative, bytes: bytes))
        }
        let values = json.arrayValue ?? [json]
        guard let value = values.first(where: { $0["id"]?.stringValue == id }), value.members != nil else { return nil }
        let path = folder + "/" + relative
        var fingerprint = FileFingerprint(size: UInt64(bytes.count), modificationSeconds: 0, modificationNanoseconds: 0, contentHash: 0)
        if let info = fileStatus(path) { fingerprint = FileFingerprint(stat: info) }
        fingerprint.size = UInt64(bytes.count)
        fingerprint.contentHash = bytes.withUnsafeBytes { FileFingerprint.hash($0) }
        return EditableEntry(id: id, folder: folder, file: path, relativePath: relative, fingerprint: fingerprint,
                             json: value, document: EntryDocument(entry: value))
    }

    /// Writes `document` over the entry: only the entry's bytes change; every other entry in
    /// the file and every byte outside the entry stay identical; within the entry, members
    /// whose value did not change keep their bytes, changed members are replaced in place,
    /// new members are added before the closing brace in the entry's own indentation style,
    /// fields the program does not know are kept and key order stays. Atomic (`replaceFile`:
    /// a temporary file, flushed, renamed over the old one, the folder flushed; permissions
    /// kept). A document that changes nothing writes nothing.
    ///
    /// The lookup index sees the change on its next `IndexStore.open` (or
    /// `IndexedLookup.refresh()`), which reads again only this file; see the report in
    /// docs/data-format.md.
    /// - Returns: the entry as it now is in the file, to edit further or save again.
    /// - Throws: `.changedOnDisk` when the file's bytes differ from what was read (unless
    ///   `overwrite`: the document is then written over the entry as it is now on disk);
    ///   `.emptyHeadword`; `.unwritable` when the write fails (the old file stays whole).
    public static func save(_ document: EntryDocument, over entry: EditableEntry, overwrite: Bool = false) throws(EditingError) -> EditableEntry {
        if document.headword.trimmingWhiteSpace().isEmpty { throw .emptyHeadword }
        try refuseImport(entry.folder)
        let bytes: [UInt8]
        do throws(DictionaryModelError) {
            bytes = try readFile(entry.file, shownAs: entry.relativePath)
        } catch {
            throw .unwritable(path: entry.relativePath, reason: error.message)
        }
        var base = entry
        let unchanged = bytes.count == Int(entry.fingerprint.size)
            && bytes.withUnsafeBytes { FileFingerprint.hash($0) } == entry.fingerprint.contentHash
        if !unchanged {
            guard overwrite else { throw .changedOnDisk(path: entry.relativePath) }
            guard let current = try editable(id: entry.id, bytes: bytes, folder: entry.folder, relative: entry.relativePath, strict: true) else {
                throw .notFound(id: entry.id)
            }
            base = current
        }
        let splice = JSONSplice(bytes: bytes, original: base.json)
        let start = base.json.offset
        let end = splice.end(of: start)
        let rendered = splice.render(document.merged(into: base.json))
        if unchanged && rendered.elementsEqual(bytes[start..<end]) { return base }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + rendered.count - (end - start))
        output += bytes[..<start]
        output += rendered
        output += bytes[end...]
        // Never write what would not load: parse the whole file and decode the entry first.
        let reread: EditableEntry?
        do {
            reread = try editable(id: base.id, bytes: output, folder: base.folder, relative: base.relativePath, strict: true)
        } catch {
            throw .unwritable(path: base.relativePath, reason: "the edited entry would not read back (\(error.description))")
        }
        guard var saved = reread else { throw .unwritable(path: base.relativePath, reason: "the edited entry would not read back") }
        do throws(DictionaryModelError) {
            _ = try Entry(json: saved.json, file: base.relativePath)
        } catch {
            throw .unwritable(path: base.relativePath, reason: "the edited entry would not load: " + describe(error, in: base.relativePath, bytes: output))
        }
        let failure: DictionaryModelError? = output.withUnsafeBytes { buffer in
            do throws(DictionaryModelError) {
                try replaceFile(base.file, with: buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw .unwritable(path: base.relativePath, reason: unwritableReason(failure)) }
        if let info = fileStatus(base.file) {
            let hash = saved.fingerprint.contentHash
            saved.fingerprint = FileFingerprint(stat: info)
            saved.fingerprint.size = UInt64(output.count)
            saved.fingerprint.contentHash = hash
        }
        return saved
    }

    /// A new entry in a new file `entries/<name>.json` (`fileName(forID:)`; a suffix `-2`,
    /// `-3`… when that file exists: an existing file is never overwritten). Without an `id`,
    /// the id is the headword, else `headword~pos`, else `headword~2`, `~3`… (the first that
    /// `existingIDs` says is free).
    /// - Throws: `.duplicateID` for an `id` that `existingIDs` says exists; `.invalidID`;
    ///   `.emptyHeadword`; `.importedDictionary`; `.unwritable`.
    public static func create(_ document: EntryDocument, id: String?, in folder: String,
                              existingIDs: (String) -> Bool) throws(EditingError) -> EditableEntry {
        let headword = document.headword.trimmingWhiteSpace()
        if headword.isEmpty { throw .emptyHeadword }
        try refuseImport(folder)
        let chosen: String
        if let id {
            if existingIDs(id) { throw .duplicateID(id) }
            chosen = id
        } else {
            chosen = newID(headword: headword, pos: document.pos, existingIDs: existingIDs)
        }
        do throws(DictionaryModelError) {
            try Entry.validate(id: chosen, offset: 0)
        } catch {
            throw .invalidID(chosen, reason: error.message)
        }
        var document = document
        document.headword = headword
        let json = document.newEntryJSON(id: chosen)
        let text = pretty(json) + "\n"
        do throws(DictionaryModelError) {
            try makeDirectories(folder + "/entries")
        } catch {
            throw .unwritable(path: "entries", reason: unwritableReason(error))
        }
        let base = fileName(forID: chosen)
        var suffix = 1
        while true {
            let name = "entries/" + base + (suffix == 1 ? "" : "-\(suffix)") + ".json"
            let created: Bool
            do throws(DictionaryModelError) { created = try createFile(folder + "/" + name, with: text) } catch {
                throw .unwritable(path: name, reason: unwritableReason(error))
            }
            if created { return try open(entryID: chosen, in: folder, file: name) }
            suffix += 1
        }
    }

    /// The id of a new entry made from its headword: see `create`.
    public static func newID(headword: String, pos: String?, existingIDs: (String) -> Bool) -> String {
        if !existingIDs(headword) { return headword }
        if let pos, !pos.isEmpty, !existingIDs(headword + "~" + pos) { return headword + "~" + pos }
        var n = 2
        while existingIDs(headword + "~\(n)") { n += 1 }
        return headword + "~\(n)"
    }

    /// The longest file name made from an id, in UTF-8 bytes, before `-N.json` (a file name
    /// may take 255).
    public static let maximumFileNameLength = 200

    /// A file name (without `.json`) for an id: characters some file system does not take
    /// (`/ \ : * ? " < > |`, control characters) become `_`, as do a leading dot (a hidden
    /// file, and never `.` or `..`) and white space at the ends; cut to
    /// `maximumFileNameLength` bytes at a character boundary; `entry` when nothing is left.
    public static func fileName(forID id: String) -> String {
        var result = ""
        for scalar in id.unicodeScalars {
            let v = scalar.value
            let bad = v < 0x20 || (v >= 0x7F && v < 0xA0) || "/\\:*?\"<>|".unicodeScalars.contains(scalar)
                || scalar.properties.isNoncharacterCodePoint || v == 0x2028 || v == 0x2029
            result.unicodeScalars.append(bad ? "_" : scalar)
        }
        if result.hasPrefix(".") { result = "_" + result.dropFirst() }
        if result.hasPrefix(" ") { result = "_" + result.dropFirst() }
        if result.hasSuffix(" ") || result.hasSuffix(".") { result = result.dropLast() + "_" }
        result = cut(result, toBytes: maximumFileNameLength)
        return result.isEmpty ? "entry" : result
    }

    /// The longest start of `text` of at most `limit` UTF-8 bytes that ends on a character boundary.
    static func cut(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        var count = 0
        for character in text {
            let length = String(character).utf8.count
            if count + length > limit { break }
            result.append(character)
            count += length
        }
        return result
    }

    // MARK: Parts

    static func refuseImport(_ folder: String) throws(EditingError) {
        guard fileExists(folder + "/dictionary.json"),
              let info = try? DictionaryInfo(json: JSONParser.parse(readFile(folder + "/dictionary.json", shownAs: "dictionary.json")))
        else { return }
        if info.importer != nil { throw .importedDictionary(title: info.title) }
    }

    /// A model error as a reason (its message), with a line and column when it has an offset.
    static func describe(_ error: DictionaryModelError, in path: String, bytes: [UInt8]) -> String {
        guard let offset = error.offset else { return error.message }
        let location = SourceFile(path: path, bytes: bytes).location(ofOffset: offset)
        return "\(error.message) at line \(location.line), column \(location.column)"
    }

    static func unwritableReason(_ error: DictionaryModelError) -> String {
        if case .unwritable(_, let reason) = error { return reason }
        return error.message
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        return haystack.withUnsafeBufferPointer { hay in
            var i = 0
            let last = hay.count - needle.count
            while i <= last {
                if hay[i] == first {
                    var j = 1
                    while j < needle.count && hay[i + j] == needle[j] { j += 1 }
                    if j == needle.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// The value pretty-printed with two spaces per level (how a new entry file is written).
    static func pretty(_ value: JSONValue) -> String {
        let bytes = Array("{\n  \"a\": 1\n}".utf8)
        let template = try! JSONParser.parse(bytes)
        // A fresh value rendered in the style of a two-space pretty-printed object.
        let splice = JSONSplice(bytes: bytes, original: template)
        var fresh = value
        fresh.offset = JSONSplice.fresh
        return String(decoding: splice.render(fresh), as: UTF8.self)
    }
}
