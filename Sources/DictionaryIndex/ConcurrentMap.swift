#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// `body` for each of `0..<count`, several at once (one thread per core, the calling thread
/// one of them), the results in that order: the dictionaries of a library each have their own
/// indexes, and on two cores two are asked in the time of one.
///
/// Raw threads, not Dispatch's `concurrentPerform`: a command runs for a few milliseconds,
/// and starting Dispatch's pool cost it 0.3–0.6 ms where a thread costs about 30 µs. When no
/// thread can be started, the calling thread does all of it.
public func concurrentMap<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let helpers = min(count, ConcurrentWork.processorCount) - 1
    guard helpers > 0 else { return (0..<count).map(body) }
    return withoutActuallyEscaping(body) { body in
        let work = MapWork(count: count, body: body)
        var threads: [pthread_t] = []
        threads.reserveCapacity(helpers)
        for index in 0..<helpers {
            guard let thread = HelperThread.start(index: index, { work.run() }) else { break }
            threads.append(thread)
        }
        work.run()
        for thread in threads { pthread_join(thread, nil) }
        return work.finish()
    }
}

/// How many threads `concurrentMap` may use.
enum ConcurrentWork {
    /// The processors this process may run on.
    static let processorCount: Int = {
        let count = Int(CLinux_processor_count())
        return count > 0 ? count : max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }()
}

/// The indices still to do and the results so far, behind a lock; every thread takes the
/// next index until none is left.
final class MapWork<T>: @unchecked Sendable {
    private let lock = Lock()
    private let count: Int
    private var next = 0
    private var body: (@Sendable (Int) -> T)?
    private var results: [T?]

    init(count: Int, body: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.body = body
        results = Array(repeating: nil, count: count)
    }

    func run() {
        while true {
            let taken: (index: Int, body: @Sendable (Int) -> T)? = lock.locked {
                guard next < count, let body else { return nil }
                next += 1
                return (next - 1, body)
            }
            guard let taken else { return }
            let value = taken.body(taken.index)
            lock.locked { results[taken.index] = value }
        }
    }

    /// The results, in order; the body is let go (`withoutActuallyEscaping` checks it).
    func finish() -> [T] {
        lock.locked {
            body = nil
            return results.map { $0! }
        }
    }
}

/// `concurrentMap` started now and finished later: a helper thread starts on the items at
/// once, and `wait()` has the calling thread take the items not yet started beside it, then
/// gives the results in order. `define`, `search` and `links-to` read their folders' entry
/// files this way while they open the lookup indexes, and whatever is left when those are
/// open is shared out.
public final class BackgroundMap<T>: @unchecked Sendable {
    private let work: MapWork<T>
    private var thread = pthread_t()
    private var started = false
    private var results: [T]?

    public init(_ count: Int, _ body: @escaping @Sendable (Int) -> T) {
        let work = MapWork(count: count, body: body)
        self.work = work
        // On one processor a helper would only take turns with the caller: `wait()` does it all.
        if ConcurrentWork.processorCount > 1, let thread = HelperThread.start({ work.run() }) {
            self.thread = thread
            started = true
        }
    }

    /// The results, in order; the calling thread helps with what is left, then waits for the
    /// helper. Call from one thread.
    public func wait() -> [T] {
        if let results { return results }
        work.run()
        if started { pthread_join(thread, nil) }
        started = false
        let finished = work.finish()
        results = finished
        return finished
    }

    deinit {
        // Not waited for: let the thread end by itself (it may be the one dropping the last reference).
        if started { pthread_detach(thread) }
    }
}
