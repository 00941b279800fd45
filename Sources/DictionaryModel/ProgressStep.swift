/// How far a long task has got, for a progress line: `phase`, and `completed` of `total`.
/// Imports report their phases; opening a folder reports building or updating its index.
public struct ProgressStep: Hashable, Sendable {
    public var phase: String
    public var completed: Int
    public var total: Int

    public init(phase: String, completed: Int, total: Int) {
        self.phase = phase
        self.completed = completed
        self.total = total
    }
}
