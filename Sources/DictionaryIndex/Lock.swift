#if canImport(Glibc)
import Glibc
#endif

/// A mutual-exclusion lock (pthread), for the few values shared across threads (an index
/// replaced while in use, a search connection used by the input and the search thread).
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    /// The mutex, for a `Condition` to wait with.
    var pointer: UnsafeMutablePointer<pthread_mutex_t> { mutex }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// `body`'s result, run with the lock held.
    public func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value behind a lock of its own.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// `body`'s result, given the value to read and change with the lock held.
    public func locked<T>(_ body: (inout Value) -> T) -> T {
        lock.locked { body(&value) }
    }
}

/// A condition variable (pthread), waited on with a `Lock` held.
final class Condition: @unchecked Sendable {
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        condition = .allocate(capacity: 1)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Waits to be woken, `lock` held (and released meanwhile); may also wake spuriously.
    func wait(with lock: Lock) { pthread_cond_wait(condition, lock.pointer) }

    /// The monotonic clock's time `nanoseconds` from now, for `wait(with:until:)`.
    static func deadline(after nanoseconds: Int64) -> timespec {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let total = Int64(deadline.tv_nsec) + nanoseconds
        deadline.tv_sec += Int(total / 1_000_000_000)
        deadline.tv_nsec = Int(total % 1_000_000_000)
        return deadline
    }

    /// As `wait(with:)`, until `deadline` at the latest; false once it has passed.
    func wait(with lock: Lock, until deadline: timespec) -> Bool {
        var deadline = deadline
        return pthread_cond_timedwait(condition, lock.pointer, &deadline) != ETIMEDOUT
    }

    /// Wakes every waiter (with or without the lock held).
    func broadcast() { pthread_cond_broadcast(condition) }
}
