// Fuzzes the data-folder loader: the input is entries/x.json of a folder whose
// dictionary.json is fixed. Nothing crashes; every decoding error's offset lies in the file;
// every diagnostic placed in the file has a line and column inside it; the entries loaded
// build a lookup and format as pages.
import DictionaryIndex
import DictionaryModel
import PageFormatting
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let dictionaryJSON = """
    {"format": "wordlink-dictionary", "formatVersion": 1, "id": "fuzz", "title": "Fuzz", "start": "x",
     "lookupRules": [{"suffix": "s", "replace": ""}], "relationTypes": {"synonym": {"label": "Synonyms"}}}
    """

/// A folder of this process's own under the temporary folder, made once.
let folder: String = {
    var template = Array("/tmp/wordlink-fuzz-datafolder-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("cannot make a temporary folder") }
    let path = String(cString: made)
    mkdir(path + "/entries", 0o755)
    write(Array(dictionaryJSON.utf8), to: path + "/dictionary.json")
    return path
}()

func write(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    if !bytes.isEmpty { fuzzCheck(fwrite(bytes, 1, bytes.count, file) == bytes.count, "short write to \(path)") }
    fclose(file)
}

/// The lines of `bytes` as the number of characters in each (columns count characters).
func lineLengths(_ bytes: [UInt8]) -> [Int] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self).count }
}

func checkInside(_ location: SourceLocation?, lines: [Int], what: String) {
    guard let location, location.file == "entries/x.json", location.line > 0 else { return }
    fuzzCheck(location.line <= lines.count, "\(what) at line \(location.line) of a file of \(lines.count) lines")
    fuzzCheck(location.column >= 1 && location.column <= lines[location.line - 1] + 1,
              "\(what) at \(location), line \(location.line) has \(lines[location.line - 1]) characters")
}

/// Removes the folder when the program exits (a crash leaves it, with the input in it).
func removeFolder() {
    unlink(folder + "/entries/x.json")
    unlink(folder + "/dictionary.json")
    rmdir(folder + "/entries")
    rmdir(folder)
}
_ = folder
atexit { removeFolder() }

FuzzDriver.run { bytes in
    // Entry decoding on its own, from any JSON value the input holds.
    if let json = try? JSONParser.parse(bytes) {
        for value in [json] + (json.arrayValue ?? []) {
            do throws(DictionaryModelError) {
                _ = try Entry(json: value, file: "entries/x.json")
            } catch {
                let offset = error.offset ?? 0
                fuzzCheck(offset >= 0 && offset < bytes.count, "decoding error at \(offset) outside \(bytes.count) bytes: \(error)")
            }
        }
    }

    write(bytes, to: folder + "/entries/x.json")
    let loaded: DataFolder
    do {
        loaded = try DataFolder.load(from: folder)
    } catch {
        fatalError("the folder did not load: \(error)")
    }
    let lines = lineLengths(bytes)
    for diagnostic in loaded.diagnostics {
        checkInside(diagnostic.location, lines: lines, what: "\"\(diagnostic.message)\"")
        for note in diagnostic.notes { checkInside(note.location, lines: lines, what: "a note of \"\(diagnostic.message)\"") }
    }
    for index in loaded.entries.indices { checkInside(loaded.idLocation(ofEntryAt: index), lines: lines, what: "an id") }

    let lookup = Lookup(folder: loaded)
    let formatter = PageFormatter(lookup: lookup, info: loaded.info)
    for entry in loaded.entries.prefix(20) {
        _ = formatter.page(for: entry)
        _ = lookup.lookUp(entry.headword)
        _ = lookup.suggestions(for: entry.headword)
        _ = lookup.completions(for: String(entry.headword.prefix(2)))
    }
    if !loaded.entries.isEmpty { _ = formatter.page(forEntryNumbers: Array(loaded.entries.indices.prefix(5))) }
    _ = formatter.indexPage()

    // `check`'s lookup (what finds an entry only) leaves the warnings the whole one does, and
    // each anchor a link names finds, in every entry, the sense that numbering them all finds.
    let checking = Lookup(folder: loaded, findingOnly: true)
    fuzzCheck(loaded.unresolvedLinks(lookup: checking) == loaded.unresolvedLinks(lookup: lookup), "check's lookup warns otherwise")
    var anchors: [String] = []
    for entry in loaded.entries.prefix(20) { entry.forEachLink { _, sense, _ in if let sense { anchors.append(sense) } } }
    for entry in loaded.entries.prefix(20) {
        let all = NumberedSense.all(entry.senses)
        for anchor in anchors.prefix(50) + all.map(\.path) {
            let expected = all.first { $0.sense.id == anchor } ?? all.first { $0.path == anchor }
            fuzzCheck(entry.sense(anchoredAt: anchor) == expected, "the anchor \(anchor) of \(entry.id)")
        }
    }
}
