import BrowserCore
import DictionaryModel
import Foundation
import TerminalText

/// Issue 13's figure in the program: a keystroke in the editor to the screen settled — the
/// browser handling the key (insert, restyle of the edited line, layout, caret kept in view,
/// the status) and drawing the whole screen — on a typical entry (the sample's `river`) and on
/// an entry of about 1 MB (2,000 senses of 500 bytes), typed in the middle.
enum EditorBenchmarks {
    static func run(data: String) {
        print("== editor: a keystroke to the screen settled (Browser.handle + render, 120×40)")
        let scratch = NSTemporaryDirectory() + "wordlink-bench-editor-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: data, toPath: scratch + "/sample")
            measure(folder: scratch + "/sample", word: "river", name: "keystroke, the sample's river (typical entry)", target: 0.002)
            try makeBigEntry(at: scratch + "/big")
            measure(folder: scratch + "/big", word: "big", name: "keystroke, an entry of 1 MB (2,000 senses), in its middle", target: 0.016)
        } catch {
            print("editor benchmarks failed: \(error)")
        }
    }

    static func makeBigEntry(at folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/entries", withIntermediateDirectories: true)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "big", "title": "Big"}"#
            .write(toFile: folder + "/dictionary.json", atomically: true, encoding: .utf8)
        let words = ["river", "water", "the", "of", "[[lake]]", "''still''", "a", "mountain", "湖", "stream", "flows"]
        var senses: [String] = []
        for i in 0..<2_000 {
            var definition = ""
            var j = i
            while definition.utf8.count < 480 {
                definition += words[j % words.count] + " "
                j = (j &* 31 &+ 7) & 0x7fff_ffff
            }
            senses.append(#"{"definition": "\#(definition)"}"#)
        }
        try (#"{"id": "big", "headword": "big", "senses": ["# + senses.joined(separator: ",\n") + "]}\n")
            .write(toFile: folder + "/entries/big.json", atomically: true, encoding: .utf8)
    }

    static func measure(folder: String, word: String, name: String, target: Double) {
        guard let loaded = try? DataFolder.load(from: folder) else { print("\(name): the folder does not load"); return }
        let source = DictionaryPageSource(folder: loaded)
        source.enableEditing(notesRoot: nil)
        guard case .found(let page) = source.page(forQuery: word) else { print("\(name): no page"); return }
        let browser = Browser(source: source, size: CellSize(columns: 120, rows: 40), page: page)
        browser.run(.edit)
        guard let session = browser.editor else { print("\(name): the editor did not open: \(browser.message ?? "")"); return }
        session.editor.selection = TextSelection(caret: middleOfALine(session.text))
        _ = browser.render()
        var samples: [Double] = []
        let letters = Array("abcdefghij ")
        for i in 0..<400 {
            let start = Measure.now()
            browser.handle(.keyPressed(.character(letters[i % letters.count])))
            _ = browser.render()
            samples.append(Double(Measure.now() - start) / 1e9)
        }
        samples.sort()
        let median = samples[samples.count / 2]
        Measure.report(name, median, target: target,
                       extra: "slowest \(Measure.format(samples.last!)), 95th \(Measure.format(samples[samples.count * 95 / 100])), \(session.text.utf8.count) bytes")
    }

    /// An offset in the middle of the text, in the middle of a line (not at a line's end).
    static func middleOfALine(_ text: String) -> Int {
        let utf8 = Array(text.utf8)
        var i = utf8.count / 2
        while i < utf8.count, utf8[i] != UInt8(ascii: " ") { i += 1 }
        return min(i, utf8.count)
    }
}
