import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import Synchronization

/// Several dictionaries imported by one command, two at a time on a machine of two processors
/// or more: the library index takes one writer at a time, so while one dictionary's rows go
/// into it the next is converted on the other core. What each import has to say is handed to
/// `report` in the order the dictionaries were found, as soon as it and those before it are
/// done, so the output reads the same as one at a time.
enum ImportQueue {
    /// At most two: each import holds its own dictionary's entries in memory (up to a few
    /// hundred MB for the largest), and the index writes one at a time anyway.
    static var workers: Int { max(1, min(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) }

    /// Runs `work` for each of `0..<count` on up to `workers` threads (this one and, for each
    /// other, a serial queue of its own, which Dispatch gives a thread of its own however busy
    /// the pool is, so the second really runs beside the first: `concurrentPerform` may run
    /// every iteration on the calling thread when the pool is busy), and `report` with each
    /// result in order (serially, on whichever thread finished what it was waiting for); the
    /// results, in order.
    @discardableResult
    static func run<Result: Sendable>(count: Int, workers: Int = ImportQueue.workers,
                                      work: @escaping @Sendable (Int) -> Result,
                                      report: @escaping @Sendable (Int, Result) -> Void) -> [Result] {
        let state = Mutex(Queue<Result>(count: count))
        let drain: @Sendable () -> Void = {
            while let item = state.withLock({ $0.take() }) {
                let result = work(item)
                state.withLock { queue in
                    queue.results[item] = result
                    while queue.reported < count, let ready = queue.results[queue.reported] {
                        report(queue.reported, ready)
                        queue.reported += 1
                    }
                }
            }
        }
        let others = max(1, min(workers, count)) - 1
        let finished = DispatchSemaphore(value: 0)
        for helper in 0..<others {
            DispatchQueue(label: "wordlink.import.\(helper)").async { drain(); finished.signal() }
        }
        drain()
        for _ in 0..<others { finished.wait() }
        return state.withLock { $0.results.compactMap { $0 } }
    }

    private struct Queue<Result> {
        var next = 0
        var reported = 0
        var results: [Result?]
        let count: Int

        init(count: Int) {
            self.count = count
            results = Array(repeating: nil, count: count)
        }

        mutating func take() -> Int? {
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }
}

/// One progress line shared by the imports under way: each step shown as it comes, from
/// whichever import made it.
final class SharedProgressLine: Sendable {
    private let line = Mutex(ProgressLine())

    func update(_ step: ProgressStep) { line.withLock { $0.update(step) } }
    func clear() { line.withLock { $0.clear() } }
}
