import BrowserCore
import DictionaryModel
import Foundation
import TerminalText

/// Issue 4's figures: the browser from outside (a pseudo-terminal: launch to the first full
/// screen against w3m on a page of the same size, a click to the next page, a keystroke in
/// the lookup prompt) and inside the program (the state machine and rendering).
enum BrowserBenchmarks {
    static func run(binary: String, data: String, runs: Int = 15) throws {
        print("== browser (Data/, 80×24 terminal)")
        try inProcess(data: data)
        try fromOutside(binary: binary, data: data, runs: runs)
    }

    static func inProcess(data: String) throws {
        let folder = try DataFolder.load(from: data)
        let source = DictionaryPageSource(folder: folder)
        let size = CellSize(columns: 80, rows: 24)
        guard case .found(let dog) = source.page(forQuery: "dog") else { throw BenchError.setup("no dog in \(data)") }
        let browser = Browser(source: source, size: size, page: dog)
        _ = browser.render()
        let linkIndex = browser.view.links.firstIndex { $0.link.target == "animal" }!
        let rect = browser.view.layoutManager.cellRects(for: browser.view.links[linkIndex].range)[0]
        let point = CellPoint(column: rect.minColumn + 1, row: rect.minRow + 1)
        var clock = 0.0
        let click = Measure.median(runs: 51) {
            clock += 10 // far apart: not a double-click
            browser.handle(.mouse(MouseEvent(.pressed, at: point, time: clock)))
            browser.handle(.mouse(MouseEvent(.released, at: point, time: clock + 0.01)))
            precondition(browser.view.page.title == "animal")
            _ = browser.render()
            browser.run(.back)
            _ = browser.render()
        }
        let back = Measure.median(runs: 51) {
            browser.handle(.queryEntered("animal"))
            browser.run(.back)
            _ = browser.render()
        }
        Measure.report("in the program: click → new page laid out and rendered", max(0, click - back / 2), target: 0.010)

        let word = Array("dictoinary")
        var keystrokes: [Double] = []
        for _ in 0..<21 {
            browser.handle(.keyPressed(.escape))
            browser.handle(.keyPressed(.character(":")))
            for character in word {
                let start = Measure.now()
                // The preview, which the event loop has made on another thread, made here.
                for case .makePreview(let query) in browser.handle(.keyPressed(.character(character))) {
                    browser.handle(.previewMade(PreviewOutcome(query: query, page: browser.source.previewPages?(query))))
                }
                _ = browser.render()
                keystrokes.append(Double(Measure.now() - start) / 1e9)
            }
        }
        browser.handle(.keyPressed(.escape))
        keystrokes.sort()
        Measure.report("in the program: keystroke in the lookup prompt (completion, preview)", keystrokes[keystrokes.count / 2],
                       target: 0.005, extra: "slowest " + Measure.format(keystrokes.last!))
    }

    static func fromOutside(binary: String, data: String, runs: Int) throws {
        // A cache and state of the run's own: the user's cache may hold every dictionary ever
        // indexed (a thousand folders' links to `dog`), and the browser's history is not theirs.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wordlink-bench-browser-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let environment = ["XDG_CACHE_HOME": scratch + "/cache", "XDG_STATE_HOME": scratch + "/state"]
        // The same page for both programs: `define dog` as laid out for the viewport.
        let dogPage = try definePage(binary: binary, folder: data, word: "dog", width: 78, environment: environment)
        let dogLines = lines(of: dogPage)
        let animalLines = lines(of: try definePage(binary: binary, folder: data, word: "animal", width: 78, environment: environment))
        guard let animalCell = firstCell(ofLinkTo: "animal", in: dogPage) else { throw BenchError.setup("no link to animal on dog") }
        let dogWords = Set(dogLines.joined(separator: " ").split(separator: " "))
        // The first full screen: a word on the last row of text the screen shows.
        let lastRow = 21
        guard dogLines.count > lastRow, let marker = longestWord(dogLines[lastRow]) else { throw BenchError.setup("dog is too short") }
        guard let animalMarker = animalLines.flatMap({ $0.split(separator: " ") }).first(where: { $0.count >= 5 && !dogWords.contains($0) && $0.allSatisfy(\.isLetter) }) else {
            throw BenchError.setup("no marker for the animal page")
        }
        let html = FileManager.default.temporaryDirectory.appendingPathComponent("wordlink-bench-dog.html")
        let escaped = dogLines.joined(separator: "\n").replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        try "<html><head><title>dog</title></head><body><pre>\n\(escaped)\n</pre></body></html>\n".write(to: html, atomically: true, encoding: .utf8)

        var wordlinkTimes: [Double] = [], w3mTimes: [Double] = [], clickTimes: [Double] = [], keyTimes: [Double] = []
        for _ in 0..<runs {
            let start = Measure.now()
            let terminal = try PseudoTerminal(arguments: [binary, "--data", data, "dog"], columns: 80, rows: 24, environment: environment)
            try terminal.waitFor(marker)
            wordlinkTimes.append(Double(Measure.now() - start) / 1e9)
            try terminal.waitFor("Tab links")
            terminal.settle()
            // A click on "animal": page row r is screen row r + 1, after one column of margin;
            // SGR reports count from 1.
            let (x, y) = (animalCell.column + 3, animalCell.row + 2)
            let before = terminal.output.count
            let clickStart = Measure.now()
            terminal.send("\u{1b}[<0;\(x);\(y)M\u{1b}[<0;\(x);\(y)m")
            try terminal.waitFor(String(animalMarker), after: before)
            clickTimes.append(Double(Measure.now() - clickStart) / 1e9)
            usleep(20_000)
            terminal.send(":")
            usleep(20_000)
            terminal.settle()
            // Each key: from sending it to the last byte of the screen's answer (its echo
            // seen, then nothing more for 50 ms), with nothing pending before it is sent.
            for character in "dictoinar" {
                let offset = terminal.output.count
                let keyStart = Measure.now()
                terminal.send(String(character))
                let echo = try terminal.waitFor(String(character), after: offset)
                keyTimes.append(max(echo, terminal.settle(since: keyStart) ?? 0))
            }
            terminal.send("q")

            let w3mStart = Measure.now()
            let w3m = try PseudoTerminal(arguments: ["w3m", "-no-mouse", html.path], columns: 80, rows: 24)
            try w3m.waitFor(marker)
            w3mTimes.append(Double(Measure.now() - w3mStart) / 1e9)
        }
        let median = { (values: [Double]) -> Double in values.sorted()[values.count / 2] }
        Measure.report("launch → first full screen: wordlink dog (pty, median)", median(wordlinkTimes), target: median(w3mTimes),
                       extra: "w3m on the same page: " + Measure.format(median(w3mTimes)))
        Measure.report("launch → first full screen: w3m, same page as HTML", median(w3mTimes))
        Measure.report("click → next page drawn (pty, from outside)", median(clickTimes), target: 0.010)
        Measure.report("keystroke in the lookup prompt → screen (pty)", median(keyTimes), target: 0.005)
    }

    /// `wordlink define WORD --width N --format json` on `folder`, parsed: the page exactly as
    /// the browser lays it out (lines, links and their cells).
    static func definePage(binary: String, folder: String? = nil, data: [String]? = nil, word: String, width: Int,
                           environment: [String: String] = [:]) throws -> JSONValue {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["define", word, "--width", "\(width)", "--format", "json"] + (data ?? ["--data", folder ?? ""])
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONParser.parse(String(decoding: output, as: UTF8.self))
    }

    static func lines(of page: JSONValue) -> [String] {
        page["lines"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The first cell of the link to `target` on a page from `definePage`.
    static func firstCell(ofLinkTo target: String, in page: JSONValue) -> (row: Int, column: Int)? {
        guard let link = page["links"]?.arrayValue?.first(where: { $0["target"]?.stringValue == target }),
              let cell = link["cells"]?.arrayValue?.first,
              let row = cell["row"]?.intValue, let column = cell["column"]?.intValue else { return nil }
        return (row, column)
    }

    static func longestWord(_ line: String) -> String? {
        line.split(separator: " ").map(String.init).filter { $0.allSatisfy { $0.isLetter } }.max { $0.count < $1.count }
    }
}
