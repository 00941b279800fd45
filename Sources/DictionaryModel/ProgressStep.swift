/// How far a long task has got, for a progress line: `phase`, and `completed` of `total`.
/// Imports report their phases; opening a folder reports building or updating its index; a
/// wait (for another process's write) has no total.
public struct ProgressStep: Hashable, Sendable {
    public var phase: String
    public var completed: Int
    public var total: Int

    public init(phase: String, completed: Int, total: Int) {
        self.phase = phase
        self.completed = completed
        self.total = total
    }

    /// What a progress line puts after the phase: `: 42%`, or nothing for a step without a
    /// total (a wait).
    public var percentage: String {
        total > 0 ? ": \(completed * 100 / total)%" : ""
    }
}
