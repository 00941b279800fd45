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
