/// Key bindings a person sets (the config file's `key.COMMAND = KEYS`): key names, and a key
/// map with a command's keys replaced.
extension KeyMap {
    /// The keys the interaction contract fixes (interaction.md): never taken from their
    /// command, never given to another.
    public static let fixedKeys: [Key: BrowsingCommand] = [
        .tab: .focusNext, .backTab: .focusPrevious, .enter: .follow, .backspace: .back, .altLeft: .back,
        .altRight: .forward, .character(":"): .lookUp, .character("/"): .find, .character("?"): .help,
        .character("q"): .quit, .control("c"): .quit,
    ]

    /// This map with `command` bound to `keys` (and the command's fixed keys) instead of its
    /// own; a key taken from another command leaves it. Help shows the new keys.
    /// `keys` must hold no fixed key of another command (the caller says so to the person).
    public func rebinding(_ command: BrowsingCommand, to keys: [Key]) -> KeyMap {
        let taken = Set(keys)
        let updated = bindings.map { binding -> KeyBinding in
            var binding = binding
            let before = binding.keys
            if binding.command == command {
                let fixed = binding.keys.filter { Self.fixedKeys[$0] == command && !taken.contains($0) }
                binding.keys = fixed + keys
            } else {
                binding.keys.removeAll { taken.contains($0) }
            }
            if binding.keys != before { binding.shownKeys = binding.keys.map(\.name).joined(separator: " ") }
            return binding
        }
        return KeyMap(updated)
    }
}

extension Key {
    private static let named: [(String, Key)] = [
        ("Tab", .tab), ("Shift-Tab", .backTab), ("Enter", .enter), ("Backspace", .backspace), ("Delete", .delete),
        ("Esc", .escape), ("Space", .character(" ")), ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
        ("PgUp", .pageUp), ("PgDn", .pageDown), ("Home", .home), ("End", .end),
        ("Alt-Left", .altLeft), ("Alt-Right", .altRight),
    ]

    /// A key from its name as the config file and help write it: one character (`m`, `É`),
    /// `Ctrl-x`, or a named key (`Tab`, `Enter`, `Esc`, `Space`, `PgDn`, `Alt-Left`…); nil
    /// for anything else.
    public init?(name: String) {
        if let found = Self.named.first(where: { $0.0.lowercased() == name.lowercased() }) {
            self = found.1
        } else if name.count == 1, let character = name.first, !character.isWhitespace,
                  !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            self = .character(character)
        } else if name.lowercased().hasPrefix("ctrl-"), name.count == 6, let letter = name.last?.lowercased().first,
                  letter.isASCII, letter.isLetter {
            self = .control(letter)
        } else {
            return nil
        }
    }

    /// The key's name, as `init(name:)` reads it.
    public var name: String {
        if let found = Self.named.first(where: { $0.1 == self }) { return found.0 }
        switch self {
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .modified(let motion, let modifiers): return modifiers.description + (Self.named.first { $0.1 == motion.key }?.0 ?? "?")
        default: return "?"
        }
    }
}
