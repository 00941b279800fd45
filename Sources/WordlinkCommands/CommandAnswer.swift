/// What a command that prints one answer (`define`, `search`, `links-to`) will print, worked
/// out before anything is printed: `LibraryLocation.printAnswer` works it out from the stored
/// indexes while the folders' files are checked, and prints it only if every index was
/// current; otherwise it works the answer out again from indexes brought up to date, and the
/// first answer is dropped unseen.
struct CommandAnswer {
    /// Prints the answer (and does what goes with printing it, such as recording a lookup in
    /// the history); returns the exit status.
    let print: () -> Int32

    init(_ print: @escaping () -> Int32) { self.print = print }

    /// An answer that is an error message on standard error.
    static func error(_ message: String, status: Int32) -> CommandAnswer {
        CommandAnswer { Terminal.error(message); return status }
    }
}

extension CommandAnswer {
    /// The open dictionaries as a message names them (`no entry for "x" in …`): their titles,
    /// up to three; past that, how many (forty titles made a message of 2,000 characters).
    static func dictionaries(titled titles: [String]) -> String {
        titles.count <= 3 ? titles.joined(separator: ", ") : "the \(titles.count) open dictionaries"
    }
}
