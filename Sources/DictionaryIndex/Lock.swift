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
