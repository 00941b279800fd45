import BrowserCore
import TerminalText
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
import Dispatch
#endif

/// The event loop with a scripted terminal: what only a tty could show before.
@Suite struct EventLoopTests {
    static let pages = ["home": "See «dog».", "dog": "A dog."]

    func browser() -> Browser {
        Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: 30, rows: 5))
    }

    @Test func drawsAfterEachSettledBatchCarriesOutEffectsAndStopsOnQuit() {
        let terminal = ScriptedTerminal(script: [
            [.keyPressed(.tab)],
            [.keyPressed(.character("y"))],
            [.keyPressed(.enter)],
            [.keyPressed(.character("q"))],
            [.keyPressed(.character("j"))], // never read: the loop has ended
        ])
        EventLoop.run(browser(), on: terminal)
        #expect(terminal.clipboard == ["dog"])
        #expect(terminal.frames.count == 4, "the first frame and one after each batch but the last")
        #expect(terminal.frames.last?.first?.contains("wordlink · dog") == true)
        #expect(terminal.script.count == 1)
    }

    /// Ctrl-C that stopped a long task inside an event (an index update in a lookup) ends the
    /// loop once that event is handled: the rest of its batch and what follows are not.
    @Test func aTaskStoppedWithCtrlCEndsTheLoop() {
        let terminal = ScriptedTerminal(script: [[.keyPressed(.tab)], [.keyPressed(.character("y")), .keyPressed(.character("y"))],
                                                 [.keyPressed(.character("y"))]])
        terminal.interruptedAfter = 2
        EventLoop.run(browser(), on: terminal)
        #expect(terminal.clipboard == ["dog"], "the event in hand was handled, not the next")
        #expect(terminal.script.count == 1)
    }

    @Test func aBurstIsOneFrame() {
        let terminal = ScriptedTerminal(script: [[.keyPressed(.down)], [.keyPressed(.down)], [.keyPressed(.down)], [.keyPressed(.character("q"))]])
        terminal.pendingAfter = [1, 2]
        EventLoop.run(browser(), on: terminal)
        #expect(terminal.frames.count == 2, "the first frame, then one when the burst settled")
    }

    @Test func ctrlZSuspendsAndAResizeRedrawsEverything() {
        let terminal = ScriptedTerminal(script: [[.keyPressed(.control("z"))], [.windowResized(CellSize(columns: 40, rows: 6))], [.keyPressed(.character("q"))]])
        let browser = browser()
        EventLoop.run(browser, on: terminal)
        #expect(terminal.suspensions == 1)
        #expect(terminal.invalidations == 2)
        #expect(browser.size == CellSize(columns: 40, rows: 6))
        #expect(terminal.frames.last?.count == 6)
    }

    @Test func anEventPostedFromAnotherThreadWakesTheLoop() {
        let terminal = ScriptedTerminal(script: [])
        let mailbox = EventMailbox()
        let posted = DispatchSemaphore(value: 0)
        // Posted once the loop is waiting for input.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
            mailbox.post(.keyPressed(.tab))
            mailbox.post(.keyPressed(.character("q")))
            posted.signal()
        }
        let start = EventLoopTests.now()
        EventLoop.run(browser(), on: terminal, mailbox: mailbox)
        posted.wait()
        #expect(EventLoopTests.now() - start < 4, "woken by the post, not by the 5 s time-out")
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
