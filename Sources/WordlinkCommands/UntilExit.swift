import DictionaryIndex
import Synchronization

/// What a one-shot command has built (a library, its pages, their layout) left to the
/// process's exit instead of being freed object by object when the command returns: the
/// command is the process's last work, `exit` gives the memory back at once, and freeing a
/// page of a few hundred entries' objects one release at a time was a seventh of
/// `define dog`'s instructions. Only the executable, which decides when the process ends,
/// keeps anything here.
///
/// Kept under a lock: the tests make pages on several threads at once, and appends racing on
/// a bare array lost what they kept (the address sanitizer's leak check saw them, now and then).
enum UntilExit {
    private static let lock = Mutex(())
    /// What is kept; written under `lock` (the values are not `Sendable`: nothing reads them).
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `values` alive until the process exits.
    static func keep(_ values: Any...) {
        lock.withLock { _ in kept.append(contentsOf: values) }
    }
}
