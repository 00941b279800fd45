import BrowserCore
import TerminalText
import Testing
import TestSupport

/// A bracketed paste is text, never keys to run.
@Suite struct PasteTests {
    func makeBrowser() -> Browser {
        let source = FakePageSource(pages: ["home": "Welcome. See «dog».\n" + (1...30).map { "home line \($0)" }.joined(separator: "\n"),
                                            "dog": "A dog. Dogs bark.", "hello": "A greeting."], start: "home")
        return Browser(source: source, size: CellSize(columns: 40, rows: 8))
    }

    /// In browsing mode a paste of "hjklq" runs none of those keys: it opens the lookup
    /// prompt with the text.
    @Test func aPasteWhileBrowsingOpensTheLookupPromptAndRunsNoCommands() {
        let browser = makeBrowser()
        browser.handle(.keyPressed(.character("j")))
        let top = browser.topRow
        let effects = browser.handle(.pasted("  hjklq G\n"))
        #expect(effects.isEmpty, "q did not quit")
        #expect(browser.topRow == top, "j, k and G did not scroll")
        #expect(browser.back.isEmpty && browser.forward.isEmpty)
        guard case .lookup(let prompt) = browser.mode else { Issue.record("not in the lookup prompt: \(browser.mode)"); return }
        #expect(prompt.text == "hjklq G")
    }

    @Test func aPastedWordIsLookedUpWithEnter() {
        let browser = makeBrowser()
        browser.handle(.pasted("hello\n"))
        browser.handle(.keyPressed(.enter))
        #expect(browser.view.page.title == "hello")
    }

    @Test func aBlankPasteOnlySaysSo() {
        let browser = makeBrowser()
        browser.handle(.pasted(" \n\t"))
        #expect(browser.mode == .browsing)
        #expect(browser.message?.contains("blank") == true)
    }

    /// In the lookup prompt it is inserted at the caret, line breaks and controls as spaces.
    @Test func aPasteInTheLookupPromptIsInsertedAtTheCaret() {
        let browser = makeBrowser()
        for key: Key in [.character(":"), .character("d"), .character("g"), .left] { browser.handle(.keyPressed(key)) }
        browser.handle(.pasted("o"))
        guard case .lookup(let prompt) = browser.mode else { Issue.record("not in the prompt"); return }
        #expect(prompt.text == "dog")
        #expect(prompt.candidates.first?.text == "dog")
        browser.handle(.pasted("\r\nq\u{1b}x\t"))
        guard case .lookup(let after) = browser.mode else { Issue.record("the paste left the prompt"); return }
        #expect(after.text == "do q x g")
    }

    @Test func aPasteInTheFindPromptSearchesForIt() {
        let browser = makeBrowser()
        browser.handle(.pasted("dog"))
        browser.handle(.keyPressed(.enter))
        browser.handle(.keyPressed(.character("/")))
        browser.handle(.pasted("Dogs\nbark"))
        guard case .find(let prompt) = browser.mode else { Issue.record("not in find: \(browser.mode)"); return }
        #expect(prompt.text == "Dogs bark")
        #expect(browser.findMatches.count == 1)
    }

    /// A 10 KB paste into the prompt is one insertion, a capped lookup and a scrolled status line.
    @Test func aTenKilobytePasteIsFast() {
        let browser = makeBrowser()
        browser.handle(.keyPressed(.character(":")))
        let text = String(repeating: "dog 水 e\u{301} 👨‍👩‍👧 ", count: 500)
        let elapsed = ContinuousClock().measure {
            browser.handle(.pasted(text))
            _ = browser.render()
        }
        #expect(elapsed < .milliseconds(200), "\(elapsed)")
        #expect(browser.cursorPosition.map { $0.column < 40 } == true)
    }
}
