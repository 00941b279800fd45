#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel


/// A value computed on first use and then shared by every copy of the struct holding it;
/// thread-safe.
final class LazyBox<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var stored: Value?
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let stored { return stored }
        let made = make()
        stored = made
        return made
    }
}

/// A mutual-exclusion lock (pthread), for the few values shared across threads.
final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
