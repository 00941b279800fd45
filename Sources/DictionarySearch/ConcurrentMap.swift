import Dispatch
import DictionaryIndex

/// `body` for each of `0..<count`, several at once (one per core), the results in that order:
/// the dictionaries of a library each have their own index, and on two cores two are asked
/// in the time of one.
func concurrentMap<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    guard count > 1 else { return (0..<count).map(body) }
    let slots = Slots<T>(count)
    DispatchQueue.concurrentPerform(iterations: count) { i in slots.set(i, body(i)) }
    return slots.all
}

/// The results of `concurrentMap`, behind a lock.
private final class Slots<T>: @unchecked Sendable {
    private let lock = Lock()
    private var values: [T?]

    init(_ count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: T) { lock.locked { values[i] = value } }

    var all: [T] { lock.locked { values.map { $0! } } }
}
