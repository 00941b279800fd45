import TerminalText

/// The config file's groups of dictionaries (`group.NAME = ID ID…`), as GoldenDict has them:
/// what the browser's group chooser lists, and the pages of each. The executable gives one over
/// the library; tests give their own.
public protocol DictionaryGroups: AnyObject {
    /// The groups, in the config file's order.
    var groups: [DictionaryGroup] { get }
    /// The pages of the dictionaries of the group `name` (nil: every open dictionary), or a
    /// sentence saying why there are none.
    func source(forGroup name: String?) -> Result<PageSource, DictionaryGroupError>
}

/// A group of dictionaries as the chooser lists it.
public struct DictionaryGroup: Hashable, Sendable {
    public var name: String
    /// What it holds, for a person (its dictionaries' titles).
    public var detail: String

    public init(name: String, detail: String) {
        self.name = name
        self.detail = detail
    }
}

/// Why a group's pages cannot be had: one sentence.
public struct DictionaryGroupError: Error, Hashable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// The group chooser (`D`): every dictionary, then each group; ↑/↓ choose, Enter (or a
/// click, or a row's number) opens the current word again in the chosen group's dictionaries.
public struct GroupChooser: Equatable, Sendable {
    /// The choices in order: nil (every open dictionary), then the groups' names.
    public var choices: [String?]
    /// What each choice holds, beside it.
    public var details: [String]
    public var highlighted: Int

    public init(choices: [String?], details: [String], highlighted: Int = 0) {
        self.choices = choices
        self.details = details
        self.highlighted = highlighted
    }

    /// How the chooser names a choice.
    public static func name(of choice: String?) -> String { choice ?? "all dictionaries" }
}

/// The page source the browser asks, which choosing a group replaces (a reference, as the
/// layouts are: the environment is made anew for each event).
final class PageSourceSlot {
    var source: PageSource
    init(_ source: PageSource) { self.source = source }
}

/// The group chooser's keys and clicks.
enum GroupController {
    static func start(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard let groups = env.groups?.groups, !groups.isEmpty else {
            state.say("No groups of dictionaries: the config file names them, as group.english = wordnet gcide (wordlink config --default).")
            return
        }
        let choices: [String?] = [nil] + groups.map(\.name)
        let details = ["every open dictionary"] + groups.map(\.detail)
        state.mode = .groups(GroupChooser(choices: choices, details: details, highlighted: choices.firstIndex(of: state.group) ?? 0))
    }

    static func handle(_ key: Key, _ chooser: GroupChooser, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        var chooser = chooser
        let count = chooser.choices.count
        switch PromptKeyMap.chooser.command(for: key) {
        case .previous:
            chooser.highlighted = (chooser.highlighted + count - 1) % count
            state.mode = .groups(chooser)
        case .next:
            chooser.highlighted = (chooser.highlighted + 1) % count
            state.mode = .groups(chooser)
        case .accept:
            choose(chooser.choices[chooser.highlighted], &state, env)
        case .cancel:
            state.mode = .browsing
        case .closeWhenEmpty, nil:
            guard case .character(let c) = key, c.isASCII, c.isNumber, let row = Int(String(c)).map({ $0 - 1 }),
                  chooser.choices.indices.contains(row) else { return [] }
            choose(chooser.choices[row], &state, env)
        }
        return []
    }

    /// A press on a row of the chooser chooses it; anywhere else closes the chooser.
    static func mouse(_ event: MouseEvent, _ chooser: GroupChooser, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        guard event.kind == .pressed else { return [] }
        let rows = Self.rows(chooser, in: state)
        let first = state.size.rows - 1 - rows
        let row = event.point.row - first
        if row >= 0, row < rows {
            choose(chooser.choices[row], &state, env)
        } else {
            state.mode = .browsing
        }
        return []
    }

    /// How many of the chooser's rows the screen shows (above the status line).
    static func rows(_ chooser: GroupChooser, in state: BrowserState) -> Int {
        min(chooser.choices.count, max(0, state.viewportHeight - 1))
    }

    /// Makes `choice` the group the pages come from, and opens the current word again in it.
    static func choose(_ choice: String?, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        state.mode = .browsing
        guard let groups = env.groups else { return }
        switch groups.source(forGroup: choice) {
        case .failure(let failure):
            state.say(failure.message)
        case .success(let source):
            env.slot.source = source
            state.group = choice
            state.reopenInGroup(in: env)
        }
    }

    /// The status line while the chooser is open.
    static let statusLine: (text: String, role: ColorRole) = ("Dictionaries: ↑↓ choose · Enter or a number opens the word in them · Esc cancels", .hint)
}

extension BrowserState {
    /// The current page made again from the group's dictionaries, in its place (back and
    /// forward stay, and are made from them too when gone back to): the same word on an entry
    /// page, the group's start page when none of them has it.
    mutating func reopenInGroup(in env: BrowserEnvironment) {
        let name = GroupChooser.name(of: group)
        let address = page.address
        if HistoryPages.isMemoryPage(address) {
            say("Dictionaries: \(name).")
            return
        }
        if address.isStart || SearchController.query(of: address) != nil {
            if case .found(let found) = env.source.page(at: address) { show(found, topCharacter: found.startCharacter, in: env) }
            say("Dictionaries: \(name).")
            return
        }
        let word = env.layout.whole.word ?? address.text
        switch env.source.page(forQuery: word) {
        case .found(let found):
            show(found, topCharacter: found.startCharacter, in: env)
            say("Dictionaries: \(name).")
        case .notFound:
            show(env.source.startPage(), in: env)
            say("Dictionaries: \(name). None of them has “\(word)”: this is the start page.")
        }
    }
}
