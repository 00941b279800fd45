import Testing
import Glibc
@testable import DictionaryIndex

/// `concurrentMap`: every index once, the results in order, on more than one thread when the
/// machine has more than one processor (the library's indexes are opened and asked at once).
@Suite struct ConcurrentMapTests {
    @Test(arguments: [0, 1, 2, 3, 7, 64])
    func everyIndexOnceInOrder(_ count: Int) {
        let seen = Counter()
        let results = concurrentMap(count) { i -> String in
            seen.add(i)
            return "item \(i) 犬 👩‍👩‍👧"
        }
        #expect(results == (0..<count).map { "item \($0) 犬 👩‍👩‍👧" })
        #expect(seen.sorted == Array(0..<count))
    }

    @Test func twoIndicesRunAtOnceOnSeveralProcessors() throws {
        try #require(ConcurrentWork.processorCount > 1, "one processor: nothing runs at once here")
        // Index 0 waits (up to 5 s) for index 1 to start: only another thread can start it.
        let started = Counter()
        let waited = concurrentMap(2) { i -> Bool in
            started.add(i)
            guard i == 0 else { return true }
            for _ in 0..<5000 {
                if started.sorted.contains(1) { return true }
                usleep(1000)
            }
            return false
        }
        #expect(waited == [true, true])
    }

    /// A helper's jobs run one after another on a thread of their own, in the order handed
    /// over; once none has come for its idle limit the thread ends and takes no more.
    @Test func aHelperRunsItsJobsInOrderThenEnds() throws {
        let queue = try #require(HelperQueue(idleLimit: 50_000_000))
        let seen = Counter()
        let caller = pthread_self()
        let others = Counter()
        for i in 0..<20 {
            #expect(queue.submit {
                seen.add(i)
                if pthread_equal(pthread_self(), caller) == 0 { others.add(i) }
            })
        }
        for _ in 0..<5000 where seen.values.count < 20 { usleep(1000) }
        #expect(seen.values == Array(0..<20), "in the order handed over")
        #expect(others.values.count == 20, "none on the calling thread")
        usleep(300_000)
        #expect(!queue.submit { seen.add(99) }, "ended after its idle limit")
        usleep(20_000)
        #expect(!seen.values.contains(99))
    }

    /// A helper closed runs the jobs it has and takes no more.
    @Test func aClosedHelperRunsWhatItHasAndEnds() throws {
        let queue = try #require(HelperQueue(idleLimit: 60_000_000_000))
        let seen = Counter()
        let release = Counter()
        queue.submit { for _ in 0..<5000 where release.values.isEmpty { usleep(1000) } }
        queue.submit { seen.add(1) }
        queue.close()
        #expect(!queue.submit { seen.add(2) }, "closed: no more jobs")
        release.add(1)
        for _ in 0..<5000 where seen.values.isEmpty { usleep(1000) }
        #expect(seen.values == [1], "the job handed over before it closed still ran")
    }

    /// `concurrentMap` with a helper that is busy: the calling thread does every item and
    /// waits for none of the helper's work; with a free one, both take items; a map made on
    /// the helper itself, handed back to it, does not wait for itself. Results in order.
    @Test(arguments: [1, 2, 9, 64])
    func aHelperTakesItemsWhenFree(_ count: Int) throws {
        try #require(ConcurrentWork.processorCount > 1, "one processor: concurrentMap uses no helper")
        let queue = try #require(HelperQueue())
        let release = Counter()
        queue.submit { for _ in 0..<10_000 where release.values.isEmpty { usleep(500) } }
        let caller = pthread_self()
        let busy = concurrentMap(count, helper: queue) { i -> (Int, Bool) in (i * i, pthread_equal(pthread_self(), caller) != 0) }
        #expect(busy.map(\.0) == (0..<count).map { $0 * $0 })
        #expect(busy.allSatisfy { $0.1 }, "the busy helper took nothing")
        release.add(1)
        // Free now: whichever thread takes index 0 waits (up to 5 s) for index 1 to start,
        // which only the other can do.
        let started = Counter()
        let shared = concurrentMap(max(2, count), helper: queue) { i -> Bool in
            started.add(i)
            if i == 0 { for _ in 0..<5000 where !started.values.contains(1) { usleep(1000) } }
            return pthread_equal(pthread_self(), caller) != 0
        }
        #expect(shared.count == max(2, count))
        #expect(shared[0] != shared[1], "one of the first two on the helper, one on the caller")
        // A map made on the helper, handing work to the helper: done without waiting on itself.
        let nested = Counter()
        queue.submit {
            let inner = concurrentMap(count, helper: queue) { $0 + 1 }
            nested.add(inner == (1...count).map { $0 } ? 1 : 0)
        }
        for _ in 0..<5000 where nested.values.isEmpty { usleep(1000) }
        #expect(nested.values == [1])
    }

    /// `BackgroundMap`: every item once, in order, whether the helper or the caller ran it,
    /// and its helper free for more work after.
    @Test(arguments: [0, 1, 6, 100])
    func aBackgroundMapGivesItsResultsInOrder(_ count: Int) {
        let map = BackgroundMap(count) { i in "folder \(i) 字 e\u{301}" }
        if count > 3 { usleep(2000) }
        #expect(map.wait() == (0..<count).map { "folder \($0) 字 e\u{301}" })
        #expect(map.wait().count == count)
        if ConcurrentWork.processorCount > 1 {
            let helper = map.helper
            #expect(helper != nil)
            #expect(concurrentMap(4, helper: helper) { $0 * 2 } == [0, 2, 4, 6])
        }
    }

    @Test func theProcessorCountIsTheAffinityMask() {
        #expect(ConcurrentWork.processorCount >= 1)
        #expect(ConcurrentWork.processorCount <= sysconf(Int32(_SC_NPROCESSORS_CONF)))
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = Lock()
    private var stored: [Int] = []
    func add(_ value: Int) { lock.locked { stored.append(value) } }
    var sorted: [Int] { lock.locked { stored.sorted() } }
    var values: [Int] { lock.locked { stored } }
}
