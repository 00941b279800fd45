import BrowserCore
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
import Dispatch
#endif

/// `LatestOnly`, the browser's work off the input thread (searches, the words near the `:`
/// prompt's text): its answer comes however busy Swift's cooperative pool is, and only the
/// latest request's answer is posted.
@Suite struct LatestOnlyTests {
    /// Every event posted to `mailbox` by the time the first one comes (at most `seconds`).
    static func events(in mailbox: EventMailbox, within seconds: Int32) -> [BrowserEvent] {
        var descriptor = pollfd(fd: mailbox.descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, seconds * 1_000) > 0 else { return [] }
        return mailbox.take()
    }

    /// The work blocks (SQLite, Hunspell), so it must not need a thread of Swift's cooperative
    /// pool: with every one of them blocked (as tests that wait on the event loop block them),
    /// a request made on the pool still gets its answer. Work run as a detached task waited
    /// behind the blocked threads (the whole test suite, once).
    @Test func theAnswerComesWhileEveryThreadOfSwiftsPoolIsBlocked() {
        let mailbox = EventMailbox()
        let work = LatestOnly(mailbox: mailbox, label: "wordlink.test.latest-only")
        let gate = DispatchSemaphore(value: 0)
        // More blocked tasks than the pool has threads, queued before the work.
        let blockers = sysconf(Int32(_SC_NPROCESSORS_ONLN)) + 1
        for _ in 0..<blockers {
            Task.detached { gate.wait() }
        }
        defer { for _ in 0..<blockers { gate.signal() } }
        work.start { _ in .keyPressed(.character("a")) }
        #expect(Self.events(in: mailbox, within: 10) == [.keyPressed(.character("a"))])
    }

    /// A later start makes an earlier one's answer moot: the earlier work is told it is
    /// cancelled, and what it gives is never posted.
    @Test func onlyTheLatestAnswerIsPosted() {
        let mailbox = EventMailbox()
        let work = LatestOnly(mailbox: mailbox, label: "wordlink.test.latest-only")
        let firstRunning = DispatchSemaphore(value: 0), secondStarted = DispatchSemaphore(value: 0)
        let firstSawCancel = Mutex<Bool?>(nil)
        work.start { isCancelled in
            firstRunning.signal()
            _ = secondStarted.wait(timeout: .now() + 10)
            firstSawCancel.withLock { $0 = isCancelled() }
            return .keyPressed(.character("1"))
        }
        _ = firstRunning.wait(timeout: .now() + 10)
        work.start { _ in .keyPressed(.character("2")) }
        secondStarted.signal()
        // The queue is serial: the first work has ended before the second posts.
        #expect(Self.events(in: mailbox, within: 10) == [.keyPressed(.character("2"))], "the first answer is never posted")
        #expect(firstSawCancel.withLock { $0 } == true)
    }

    /// `cancel` alone makes the work under way moot too (a key cancels the words near the
    /// prompt's text before it is handled).
    @Test func cancelMakesTheWorkUnderWayMoot() {
        let mailbox = EventMailbox()
        let work = LatestOnly(mailbox: mailbox, label: "wordlink.test.latest-only")
        let running = DispatchSemaphore(value: 0), cancelled = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let sawCancel = Mutex<Bool?>(nil)
        work.start { isCancelled in
            running.signal()
            _ = cancelled.wait(timeout: .now() + 10)
            sawCancel.withLock { $0 = isCancelled() }
            done.signal()
            return .keyPressed(.character("x"))
        }
        _ = running.wait(timeout: .now() + 10)
        work.cancel()
        cancelled.signal()
        _ = done.wait(timeout: .now() + 10)
        #expect(sawCancel.withLock { $0 } == true)
        #expect(Self.events(in: mailbox, within: 1).isEmpty)
    }
}
