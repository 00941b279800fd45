/// What a one-shot command has built (a library, its pages, their layout) left to the
/// process's exit instead of being freed object by object when the command returns: the
/// command is the process's last work, `exit` gives the memory back at once, and freeing a
/// page of a few hundred entries' objects one release at a time was a seventh of
/// `define dog`'s instructions. Only the executable, which decides when the process ends,
/// keeps anything here.
enum UntilExit {
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `values` alive until the process exits.
    static func keep(_ values: Any...) {
        kept.append(contentsOf: values)
    }
}
