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
public func concurrentMap<T>(_ count: Int, helper queue: HelperQueue? = nil, _ body: @Sendable (Int) -> T) -> [T] {
    let helpers = min(count, ConcurrentWork.processorCount) - 1
    guard helpers > 0 else { return (0..<count).map(body) }
    return withoutActuallyEscaping(body) { body in
        let work = MapWork(count: count, body: body)
        var threads: [pthread_t] = []
        threads.reserveCapacity(helpers)
        // A helper already running takes the first share when it is free (it may still be on
        // work of its own, and join late: the calling thread takes what it has not started).
        let queued = queue?.submit { work.run() } ?? false
        for index in (queued ? 1 : 0)..<helpers {
            guard let thread = HelperThread.start(index: index, { work.run() }) else { break }
            threads.append(thread)
        }
        work.run()
        for thread in threads { pthread_join(thread, nil) }
        // Every index is taken by now; those a queued helper took are waited for.
        work.waitForTaken()
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
    /// Signalled when an item taken is done (`waitForTaken`).
    private let done = Condition()
    private let count: Int
    private var next = 0
    /// Items taken and not yet done.
    private var running = 0
    private var body: (@Sendable (Int) -> T)?
    private var results: [T?]

    init(count: Int, body: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.body = body
        results = Array(repeating: nil, count: count)
    }

    func run() {
        while let index = take() {
            let value = compute(index)
            lock.locked {
                results[index] = value
                running -= 1
            }
            done.broadcast()
        }
    }

    /// The next index to do, taken; nil when none is left.
    private func take() -> Int? {
        lock.locked {
            guard next < count, body != nil else { return nil }
            next += 1
            running += 1
            return next - 1
        }
    }

    /// The body's value for `index`. Its own function, so that the reference to the body is
    /// given up when it returns, before the item is marked done: a caller that has waited for
    /// its items (`withoutActuallyEscaping`) may let the body go at once.
    private func compute(_ index: Int) -> T? {
        guard let body = lock.locked({ self.body }) else { return nil }
        return body(index)
    }

    /// Waits until every item taken so far is done.
    func waitForTaken() {
        lock.locked { while running > 0 { done.wait(with: lock) } }
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
/// open is shared out. The helper stays (`helper`) for more work after: `define` makes its
/// page's pieces on it.
public final class BackgroundMap<T>: @unchecked Sendable {
    private let work: MapWork<T>
    /// The helper thread the items run on; nil on one processor, or when none could start.
    public let helper: HelperQueue?
    private var results: [T]?

    public init(_ count: Int, _ body: @escaping @Sendable (Int) -> T) {
        let work = MapWork(count: count, body: body)
        self.work = work
        // On one processor a helper would only take turns with the caller: `wait()` does it all.
        helper = ConcurrentWork.processorCount > 1 ? HelperQueue() : nil
        _ = helper?.submit { work.run() }
    }

    /// The results, in order; the calling thread helps with what is left, then waits for the
    /// items the helper took. Call from one thread.
    public func wait() -> [T] {
        if let results { return results }
        work.run()
        work.waitForTaken()
        let finished = work.finish()
        results = finished
        return finished
    }
}

/// A thread of our own (`HelperThread`) that runs the jobs handed to it one after another,
/// and ends when none has come for `idleLimit`: a command's helper goes on from one piece of
/// work to the next (`define`: from its folders' entry files to its page's pieces) instead of
/// a thread being started for each, which cost a clone, a heap of its own and up to 0.2 ms
/// before it ran on the other processor.
public final class HelperQueue: @unchecked Sendable {
    /// How long the thread waits for another job before it ends, in nanoseconds.
    private let idleLimit: Int64
    private let lock = Lock()
    private let arrived = Condition()
    private var jobs: [@Sendable () -> Void] = []
    private var ended = false
    /// No more jobs are coming (`close`): the thread ends once it has run those it has.
    private var closing = false

    /// Starts the thread, which ends once no job has come for `idleLimit` nanoseconds (0.2 s);
    /// nil when it cannot start.
    public init?(idleLimit: Int64 = 200_000_000) {
        self.idleLimit = idleLimit
        guard HelperThread.start({ [self] in runJobs() }) != nil else { return nil }
    }

    /// Hands `job` to the thread; false when it has ended (the caller does it otherwise).
    @discardableResult
    public func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let taken = lock.locked {
            guard !ended, !closing else { return false }
            jobs.append(job)
            return true
        }
        if taken { arrived.broadcast() }
        return taken
    }

    /// Takes no more jobs; the thread ends once it has run those it has (at once when idle),
    /// rather than waiting out its idle limit: a command that has all it needs closes its
    /// helper before it prints, so that the thread is gone before the process exits (ending
    /// a thread asleep on the other processor at exit held up the parent's `wait4`).
    public func close() {
        lock.locked { closing = true }
        arrived.broadcast()
    }

    private func runJobs() {
        pthread_detach(pthread_self())
        while let job = nextJob() { job() }
    }

    /// The next job, waited for up to `idleLimit`; nil when none came (the thread ends).
    private func nextJob() -> (@Sendable () -> Void)? {
        lock.locked {
            let deadline = Condition.deadline(after: idleLimit)
            while jobs.isEmpty, !closing, arrived.wait(with: lock, until: deadline) {}
            guard !jobs.isEmpty else {
                ended = true
                return nil
            }
            return jobs.removeFirst()
        }
    }
}
