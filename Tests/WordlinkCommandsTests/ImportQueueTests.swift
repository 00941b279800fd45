import Dispatch
import Foundation
import Synchronization
import Testing
@testable import WordlinkCommands

/// Several dictionaries of one `import` go two at a time, and their reports still come in the
/// order the dictionaries were found.
@Suite struct ImportQueueTests {
    @Test func everyItemIsReportedOnceInOrder() {
        let reported = Mutex<[Int]>([])
        let results = ImportQueue.run(count: 7, workers: 2, work: { $0 * $0 }, report: { item, square in
            reported.withLock { $0.append(item) }
            #expect(square == item * item)
        })
        #expect(reported.withLock { $0 } == Array(0..<7))
        #expect(results == (0..<7).map { $0 * $0 })
    }

    /// The first item cannot end before the second has: only two threads running at once
    /// finish them (the second a thread of the queue's own, not a pool's that may never come
    /// while the machine is busy), and the second, done first, is reported after the first.
    @Test func twoRunAtOnceAndReportInOrder() {
        let secondDone = DispatchSemaphore(value: 0)
        let order = Mutex<[String]>([])
        ImportQueue.run(count: 2, workers: 2, work: { item -> Bool in
            if item == 1 {
                order.withLock { $0.append("1 done") }
                secondDone.signal()
                return true
            }
            // Bounded, so that a queue that ran one at a time fails the test rather than hangs.
            let sawOther = secondDone.wait(timeout: .now() + 120) == .success
            order.withLock { $0.append("0 done") }
            return sawOther
        }, report: { item, sawOther in
            order.withLock { $0.append("report \(item)") }
            #expect(sawOther, "item \(item) ran beside the other")
        })
        #expect(order.withLock { $0 } == ["1 done", "0 done", "report 0", "report 1"])
    }

    @Test func noItemsRunsNothing() {
        ImportQueue.run(count: 0, work: { _ in Issue.record("ran") }, report: { _, _ in Issue.record("reported") })
    }
}
