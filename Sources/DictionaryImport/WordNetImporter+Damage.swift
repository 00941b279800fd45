import DictionaryModel

/// A damaged database is refused before anything is written, so that the earlier import stays.
///
/// WordNet's index names each sense by the byte offset of its synset's line in `data.*`, and
/// the data file's lines are in the order of their offsets. So:
///
/// - a `data.*` or `index.*` whose last line has no line break was cut short (every file of a
///   release ends with one);
/// - an index offset past the data file's last synset means the data file ends too early (a
///   copy cut at a line break), or the index belongs to another release;
/// - offsets inside the data file that name no synset are flaws of the source when there are a
///   few, left out and counted; more than one in a thousand of an index's senses (and more
///   than five, so that a small database with a flaw or two is still read) is damage.
extension WordNetImporter {
    /// Refuses `text`, the file at `path`, when it ends inside a line.
    static func checkEnd(_ text: String, path: String) throws(DictionaryModelError) {
        guard let last = text.utf8.last, last != UInt8(ascii: "\n") else { return }
        let lines = text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        throw .invalidSource(path: path, line: 0, reason: "it is cut short: its last line, \(lines), ends without a line break")
    }

    /// Whether `missing` of an index's `senses` naming no synset is more than a source's flaws.
    static func isDamage(missing: Int, of senses: Int) -> Bool {
        missing > 5 && missing * 1_000 > senses
    }

    /// Refuses the data file at `dataPath` when the senses of `index` (the file `indexFile`)
    /// name synsets past its last one, or name none in numbers that only damage explains.
    static func checkOffsets(_ index: [IndexLine], synsets: [Substring: Synset], indexFile: String,
                             dataPath: String) throws(DictionaryModelError) {
        let last = synsets.keys.max { (Int($0) ?? 0) < (Int($1) ?? 0) } ?? "0"
        let lastValue = Int(last) ?? 0
        var senses = 0, pastTheEnd = 0, missing = 0
        var firstPast: String?, firstMissing: String?
        for line in index {
            for offset in line.offsets {
                senses += 1
                guard synsets[offset] == nil else { continue }
                if (Int(offset) ?? 0) > lastValue {
                    pastTheEnd += 1
                    if firstPast == nil { firstPast = "\"\(spaced(line.lemma))\" \(offset)" }
                } else {
                    missing += 1
                    if firstMissing == nil { firstMissing = "\"\(spaced(line.lemma))\" \(offset)" }
                }
            }
        }
        if let firstPast {
            throw .invalidSource(path: dataPath, line: 0, reason: "it is cut short, or \(indexFile) was made for another: "
                                 + "\(pastTheEnd) of \(indexFile)'s senses name synsets past its last, \(last) (such as \(firstPast))")
        }
        if isDamage(missing: missing, of: senses), let firstMissing {
            throw .invalidSource(path: dataPath, line: 0, reason: "it is damaged, or \(indexFile) was made for another: "
                                 + "\(missing) of \(indexFile)'s \(senses) senses name no synset of it (such as \(firstMissing))")
        }
    }
}
