import Testing
import Glibc
@testable import DictionaryIndex

/// `concurrentMap`: every index once, the results in order, on more than one thread when the
/// machine has more than one processor (the library's indexes are opened and asked at once).
/// Serialized: one test keeps the process's shared helper busy, which would leave another's
/// two indices to one thread.
@Suite(.serialized) struct ConcurrentMapTests {
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

    @Test func theSharedHelperTakesItemsOfMapsAndBackgroundMaps() throws {
        try #require(ConcurrentWork.processorCount > 1, "one processor: no helper is started")
        #expect(SharedHelper.start())
        #expect(SharedHelper.start(), "started once, running after")
        #expect(SharedHelper.isRunning)
        let before = SharedHelper.jobsRun
        // Index 0 waits for index 1: with the helper running, `concurrentMap` starts no
        // thread of its own for two items, so the helper takes index 1.
        let started = Counter()
        let waited = concurrentMap(2) { i -> Bool in
            started.add(i)
            guard i == 0 else { return true }
            for _ in 0..<5000 where !started.sorted.contains(1) { usleep(1000) }
            return started.sorted.contains(1)
        }
        #expect(waited == [true, true])
        let background = BackgroundMap(5) { "é\u{301} 漢字 \($0)" }
        #expect(background.wait() == (0..<5).map { "é\u{301} 漢字 \($0)" })
        for _ in 0..<5000 where SharedHelper.jobsRun < before + 2 { usleep(1000) }
        #expect(SharedHelper.jobsRun >= before + 2)
    }

    @Test func aBusySharedHelperLeavesTheWorkToTheCaller() throws {
        try #require(ConcurrentWork.processorCount > 1, "one processor: no helper is started")
        #expect(SharedHelper.start())
        let blocker = BlockingJob()
        #expect(SharedHelper.submit(blocker))
        #expect(blocker.waitUntilRunning(), "the helper took the blocking job")
        defer { blocker.release() }
        // The helper is held: the caller does every item (and a thread of its own, if any).
        let seen = Counter()
        #expect(concurrentMap(9) { i -> Int in seen.add(i); return i * i } == (0..<9).map { $0 * $0 })
        #expect(seen.sorted == Array(0..<9))
        let background = BackgroundMap(4) { $0 + 1 }
        #expect(background.wait() == [1, 2, 3, 4])
        #expect(background.wait() == [1, 2, 3, 4], "a second wait gives the same results")
    }

    @Test func theProcessorCountIsTheAffinityMask() {
        #expect(ConcurrentWork.processorCount >= 1)
        #expect(ConcurrentWork.processorCount <= sysconf(Int32(_SC_NPROCESSORS_CONF)))
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = Lock()
    private var values: [Int] = []
    func add(_ value: Int) { lock.locked { values.append(value) } }
    var sorted: [Int] { lock.locked { values.sorted() } }
}

/// A helper job that holds the helper until released.
private final class BlockingJob: HelperJob, @unchecked Sendable {
    private let condition = Condition()
    private var running = false
    private var released = false

    func run() {
        condition.locked {
            running = true
            condition.broadcast()
            while !released { condition.wait() }
        }
    }

    /// Whether the helper started it within 5 s.
    func waitUntilRunning() -> Bool {
        for _ in 0..<5000 {
            if condition.locked({ running }) { return true }
            usleep(1000)
        }
        return false
    }

    func release() {
        condition.locked {
            released = true
            condition.broadcast()
        }
    }
}
