import BrowserCore
import DictionaryModel
import Foundation
import TerminalText

/// The lookup prompt under a 10 KB paste: typed key by key (a terminal without bracketed
/// paste sends it so), rendered after every 4 KB as the front end draws when input pauses;
/// and, where the browser knows bracketed paste, as one `pasted` event.
enum PromptBenchmark {
    static let pasteText: String = {
        let words = ["dictionary", "水", "café", "the", "e\u{301}", "👨‍👩‍👧", "river", "bank", "of", "a"]
        var text = ""
        var i = 0
        while text.utf8.count < 10_240 { text += words[i % words.count] + " "; i += 1 }
        return text
    }()

    static func run(data: String) {
        print("== prompt (Data/, 80×24, a 10 KB paste into the lookup prompt)")
        guard let folder = try? DataFolder.load(from: data) else { print("cannot load \(data)"); return }
        let source = DictionaryPageSource(folder: folder)
        let size = CellSize(columns: 80, rows: 24)
        let keyByKey = Measure.median(runs: 3, warmUp: false) {
            let browser = Browser(source: source, size: size)
            browser.handle(.keyPressed(.character(":")))
            var bytes = 0
            for character in pasteText {
                browser.handle(.keyPressed(.character(character)))
                bytes += character.utf8.count
                if bytes >= 4096 { _ = browser.render(); bytes = 0 }
            }
            _ = browser.render()
        }
        Measure.report("10 KB typed key by key into the : prompt, rendered", keyByKey, target: 0.1)
        pasted(source: source, size: size)
    }
}
