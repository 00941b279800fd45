// Fuzzes selection and word motions over random Unicode: a page made from the input, then
// keys (v and its motions, y, Esc, Tab) and mouse presses, drags and double-clicks drawn
// from the input. Nothing crashes, and a selection always lies on character boundaries of
// the page's text. Selection used UTF-8 offsets as Character offsets and crashed on every
// non-ASCII page.
import BrowserCore
import FuzzSupport
import TerminalText
import TestSupport

FuzzDriver.run { bytes in
    guard bytes.count >= 3 else { return }
    let columns = 8 + Int(bytes[0]) % 60, rows = 3 + Int(bytes[1]) % 20
    let split = min(bytes.count, 2 + Int(bytes[2]) * 4)
    let text = String(decoding: bytes[3..<max(3, split)], as: UTF8.self)
    let source = FakePageSource(pages: ["page": text.isEmpty ? "x" : text], start: "page")
    let browser = Browser(source: source, size: CellSize(columns: columns, rows: rows))
    let keys: [Key] = [.character("v"), .left, .right, .up, .down, .character("w"), .character("b"), .character("y"),
                       .escape, .tab, .character("j"), .character("k"), .home, .end, .pageDown, .modified(.right, .shift)]
    var time = 0.0
    var i = split
    while i + 2 < bytes.count {
        let op = bytes[i], x = Int(bytes[i + 1]) % columns, y = Int(bytes[i + 2]) % rows
        i += 3
        time += 0.5
        let point = CellPoint(column: x, row: y)
        switch op % 6 {
        case 0, 1, 2:
            _ = browser.handle(.keyPressed(keys[Int(op / 6) % keys.count]))
        case 3:
            browser.handle(.mouse(MouseEvent(.pressed, at: point, time: time)))
            browser.handle(.mouse(MouseEvent(.released, at: point, time: time + 0.05)))
            browser.handle(.mouse(MouseEvent(.pressed, at: point, time: time + 0.1)))
            browser.handle(.mouse(MouseEvent(.released, at: point, time: time + 0.15)))
        case 4:
            browser.handle(.mouse(MouseEvent(.pressed, at: point, time: time)))
            browser.handle(.mouse(MouseEvent(.dragged, at: CellPoint(column: (x * 7) % columns, row: (y * 3) % rows), time: time + 0.1)))
            browser.handle(.mouse(MouseEvent(.released, at: CellPoint(column: (x * 7) % columns, row: (y * 3) % rows), time: time + 0.2)))
        default:
            browser.handle(.mouse(MouseEvent(.moved, at: point, time: time)))
        }
        if browser.view.page.title == "page", let selection = browser.state.page.selection {
            let page = browser.view.page.text.string
            let boundaries = Set(TextFixtures.characterBoundaries(page))
            fuzzCheck(boundaries.contains(selection.lowerBound) && boundaries.contains(selection.upperBound),
                      "selection \(selection) is not on character boundaries of \(page.debugDescription)")
        }
        _ = browser.render()
    }
}
