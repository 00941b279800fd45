import TerminalText

/// A mode's keys as data: each binding a command, the keys that run it, how the `?` page names
/// them and what it says they do. The mode's controller dispatches through `command(for:)`
/// and the `?` page lists `bindings`, so what the page says and what the keys do cannot drift
/// apart. Browsing's table (`KeyMap`) is the one a person can rebind (`rebinding`), listed in
/// sections; the others are fixed:
/// the editor's (`EditorKeyMap`), selection's (`SelectionKeyMap`), the prompts' and the group
/// chooser's (`PromptKeyMap`), help's (`HelpKeyMap`) and the recovered edit's question
/// (`RecoveryKeyMap`).
public struct KeyTable<Command: Hashable & Sendable>: Sendable {
    public struct Binding: Sendable {
        public var command: Command
        public var keys: [Key]
        /// The keys as the `?` page names them.
        public var shownKeys: String
        public var summary: String
        /// What a status line says of it; nil when the binding before says it for both.
        public var hint: String?
        /// The `?` page's section it is listed under (browsing's table; the others are listed
        /// in sections of their own).
        public var section: String

        public init(command: Command, keys: [Key], shownKeys: String, summary: String, hint: String? = nil, section: String = "") {
            self.command = command
            self.keys = keys
            self.shownKeys = shownKeys
            self.summary = summary
            self.hint = hint
            self.section = section
        }
    }

    public let bindings: [Binding]
    private let commands: [Key: Command]

    public init(_ bindings: [Binding]) {
        self.bindings = bindings
        var commands: [Key: Command] = [:]
        for binding in bindings {
            for key in binding.keys where commands[key] == nil { commands[key] = binding.command }
        }
        self.commands = commands
    }

    /// The command `key` runs; nil when it runs none (the first binding that names a key wins).
    public func command(for key: Key) -> Command? { commands[key] }

    /// The `?` page's rows, each summary after `prefix` (`(editing) `).
    func rows(prefix: String = "") -> [(keys: String, action: String)] {
        bindings.map { (keys: $0.shownKeys, action: prefix + $0.summary) }
    }
}
