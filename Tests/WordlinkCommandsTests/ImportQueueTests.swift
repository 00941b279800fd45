#if canImport(Glibc)
import Glibc
#endif
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

    /// The first item cannot end before the second has: only two running at once finish
    /// them, and the second, done first, is reported after the first.
    @Test(.enabled(if: sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2, "needs two processors"))
    func twoRunAtOnceAndReportInOrder() {
        let secondDone = Atomic<Bool>(false)
        let order = Mutex<[String]>([])
        ImportQueue.run(count: 2, workers: 2, work: { item -> Bool in
            if item == 1 {
                order.withLock { $0.append("1 done") }
                secondDone.store(true, ordering: .sequentiallyConsistent)
                return true
            }
            // Waits (a bounded spin, no sleep) for the other worker to finish item 1.
            var spins = 0
            while !secondDone.load(ordering: .sequentiallyConsistent) && spins < 2_000_000_000 { spins += 1 }
            order.withLock { $0.append("0 done") }
            return secondDone.load(ordering: .sequentiallyConsistent)
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
