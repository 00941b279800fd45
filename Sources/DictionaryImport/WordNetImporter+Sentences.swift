/// WordNet's verb example sentences (sentidx(5)): `sents.vrb` holds numbered sentences with
/// `%s` where the verb goes (`15 Sam cannot %s Sue`), `sentidx.vrb` the sentence numbers of
/// each sense key (`abide%2:31:00:: 15`). `wn WORD -framv` shows a sense's sentences, the
/// verb put in, in place of its generic frames ("Somebody ----s something"); the import
/// does the same with the sense's `frames`.
extension WordNetImporter {
    /// The sentences and which sense keys have which, read from a source folder that has both files.
    struct Sentences {
        /// Sentence text by number, `%s` still in it.
        var texts: [Substring: Substring] = [:]
        /// Sentence numbers by sense key, in the index's order.
        var numbers: [Substring: [Substring]] = [:]

        var isEmpty: Bool { numbers.isEmpty }

        /// The sentences of the sense with `key`, with `verb` in place of each `%s`; empty
        /// when it has none (or only numbers `sents.vrb` does not hold).
        func sentences(forSenseKey key: Substring, verb: String) -> [String] {
            (numbers[key] ?? []).compactMap { texts[$0] }.map { text in
                String(text).replacing("%s", with: verb).trimmingSpaces()
            }.filter { !$0.isEmpty }
        }
    }

    /// `sents.vrb`: `NUMBER sentence…`, one a line.
    static func parseSentenceTexts(_ text: String, tally: inout Tally) -> [Substring: Substring] {
        var result: [Substring: Substring] = [:]
        for (number, line) in contentLines(text) {
            guard let space = line.utf8.firstIndex(of: UInt8(ascii: " ")), space != line.startIndex,
                  line[..<space].utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                tally.note(.unparsedLine, "sents.vrb:\(number): expected a number and a sentence")
                continue
            }
            result[line[..<space]] = line[line.index(after: space)...]
        }
        return result
    }

    /// `sentidx.vrb`: `SENSE_KEY N,N,…`, one a line; a key alone (`pet%2:35:00::` in WordNet
    /// 3.0) has no sentences.
    static func parseSentenceIndex(_ text: String, tally: inout Tally) -> [Substring: [Substring]] {
        var result: [Substring: [Substring]] = [:]
        for (number, line) in contentLines(text) {
            let fields = fields(line)
            if fields.count == 1, fields[0].contains("%") { continue }
            guard fields.count == 2, fields[0].contains("%") else {
                tally.note(.unparsedLine, "sentidx.vrb:\(number): expected a sense key and sentence numbers")
                continue
            }
            result[fields[0]] = fields[1].split(separator: ",")
        }
        return result
    }
}

extension String {
    /// Without the spaces at either end (`sents.vrb` ends some sentences with one).
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while view.first == " " { view = view.dropFirst() }
        while view.last == " " { view = view.dropLast() }
        return String(view)
    }

}
