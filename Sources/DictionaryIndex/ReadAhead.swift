import Dispatch
import Synchronization

/// The values `read` gives for `0..<count`, read in order on a thread of its own while the
/// caller works on the ones before: at most `depth` values are read and not yet taken.
///
/// An index update reads each changed entry file (decoding its JSON) and then writes its rows
/// into the index, inside the write transaction: reading the next file while the rows of this
/// one are written keeps a second processor busy (docs/benchmarks.md, "An index update reads
/// the next file while it writes this one").
///
/// Take the values with `take` in order, and call `stop` once when done or giving up (a
/// `defer`): it waits for the reading thread, so that none outlives the caller's work.
final class ReadAhead<Value: Sendable>: Sendable {
    private let values = Mutex<[Int: Value]>([:])
    private let stopped = Atomic<Bool>(false)
    // Every semaphore starts at 0 and is signalled up to what it counts: libdispatch refuses
    // to free a semaphore whose count is below the one it was made with.
    private let room = DispatchSemaphore(value: 0)
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(count: Int, depth: Int = 2, read: @escaping @Sendable (Int) -> Value) {
        for _ in 0..<max(1, depth) { room.signal() }
        guard count > 0 else { finished.signal(); return }
        DispatchQueue(label: "wordlink.index.read-ahead").async { [self] in
            for i in 0..<count {
                room.wait()
                if stopped.load(ordering: .acquiring) { break }
                let value = read(i)
                values.withLock { $0[i] = value }
                ready.signal()
            }
            finished.signal()
        }
    }

    /// Value `i`, waiting for it to be read; `i` is 0 at the first call and one more at each.
    func take(_ i: Int) -> Value {
        ready.wait()
        let value = values.withLock { $0.removeValue(forKey: i) }
        room.signal()
        // The reader stores each value before it signals `ready`, and reads them in order.
        return value!
    }

    /// Stops reading (a value being read is finished and dropped) and waits for the thread.
    func stop() {
        stopped.store(true, ordering: .releasing)
        room.signal()
        finished.wait()
    }
}
