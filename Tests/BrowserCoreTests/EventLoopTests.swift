import BrowserCore
import Synchronization
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

    /// A key cancels the words near the lookup prompt's text being found before the key is
    /// handled (the work holds the index a dictionary at a time, and the key needs it): the work
    /// for `x`, under way, types `y` itself and is asked whether it is cancelled while `y` is
    /// being handled, before the prompt has asked for `xy` (which would make it moot anyway).
    @Test func aKeyCancelsTheWordsNearBeingFoundBeforeItIsHandled() {
        let source = FakePageSource(pages: Self.pages, start: "home")
        let mailbox = EventMailbox()
        let release = DispatchSemaphore(value: 0), checked = DispatchSemaphore(value: 0)
        let cancelled = Mutex<Bool?>(nil)
        source.nearby = { query, _, isCancelled in
            guard query == "x" else { return [] }
            mailbox.post(.keyPressed(.character("y")))
            // Bounded, so that a loop that never handles `y` fails rather than hangs.
            _ = release.wait(timeout: .now() + 10)
            cancelled.withLock { $0 = isCancelled() }
            checked.signal()
            return [Completion(text: "dog", address: "dog")]
        }
        // Handling `y`: the work for `x` is let go and answers before the key's handling ends.
        source.onCompletions = { prefix in
            guard prefix == "xy" else { return }
            release.signal()
            _ = checked.wait(timeout: .now() + 10)
            mailbox.post(.keyPressed(.escape))
            mailbox.post(.keyPressed(.character("q")))
        }
        let terminal = ScriptedTerminal(script: [[.keyPressed(.character(":"))], [.keyPressed(.character("x"))]])
        EventLoop.run(Browser(source: source, size: CellSize(columns: 30, rows: 5)), on: terminal, mailbox: mailbox)
        #expect(cancelled.withLock { $0 } == true)
    }

    /// The lookup prompt's preview is made off the input thread: the frame after a key shows
    /// its candidates at once, without the preview, which is drawn when it comes back.
    @Test func theLookupPromptsPreviewIsDrawnWhenItComes() {
        let mailbox = EventMailbox()
        let terminal = ScriptedTerminal(script: [[.keyPressed(.character(":"))], [.keyPressed(.character("d"))]])
        let previewed = Mutex(false)
        let leave: @Sendable () -> Void = {
            mailbox.post(.keyPressed(.escape))
            mailbox.post(.keyPressed(.character("q")))
        }
        terminal.onDraw = { lines in
            guard lines.contains(where: { $0.contains("Preview: dog") }), !previewed.withLock({ $0 }) else { return }
            previewed.withLock { $0 = true }
            leave()
        }
        // A bound, so that a loop that never draws the preview fails rather than hangs.
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { leave() }
        EventLoop.run(browser(), on: terminal, mailbox: mailbox)
        #expect(previewed.withLock { $0 })
        // The first frame, the prompt's, then the key's: its candidate, not yet its preview.
        let afterKey = terminal.frames[2]
        #expect(afterKey.contains { $0.hasPrefix(": d") })
        #expect(!afterKey.contains { $0.contains("Preview") })
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
