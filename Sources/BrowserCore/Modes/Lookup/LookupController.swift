import DictionaryModel
import TerminalText

/// The lookup prompt's state: the text typed and the ranked candidates for it.
public struct LookupPrompt: Equatable, Sendable {
    public var field = PromptField()
    public var text: String { field.text }
    public var candidates: [Completion] = []
    /// The highlighted candidate, previewed in the viewport.
    public var highlighted: Int = 0
    /// The query the candidates are for: the start of the text, at most `queryLimit` bytes.
    public var query: String = ""

    public init(field: PromptField = PromptField(), candidates: [Completion] = [], highlighted: Int = 0, query: String = "") {
        self.field = field
        self.candidates = candidates
        self.highlighted = highlighted
        self.query = query
    }
}

/// The lookup prompt (`:`): typing looks up candidates, the highlighted one is previewed,
/// Enter opens it (or what was typed).
enum LookupController {
    static let completionLimit = 8
    /// The most of a prompt's text (in UTF-8 bytes) that a lookup or a find is given: longer
    /// than any headword, short enough that a pasted page costs nothing.
    static let queryLimit = 256

    static func start(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        state.mode = .lookup(LookupPrompt())
        state.showPreview(nil, in: env)
    }

    private static func close(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        state.mode = .browsing
        state.showPreview(nil, in: env)
    }

    static func handle(_ key: Key, _ prompt: LookupPrompt, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        var prompt = prompt
        switch key {
        case .escape, .control("g"), .control("c"):
            // Ctrl-C cancels a prompt, as in a shell; it quits only from browsing.
            close(&state, env)
            return []
        case .enter:
            close(&state, env)
            if prompt.candidates.indices.contains(prompt.highlighted),
               case .found(let page) = env.source.page(forQuery: prompt.candidates[prompt.highlighted].address) {
                state.open(page, in: env)
            } else {
                state.open(query: prompt.field.prefix(utf8Limit: queryLimit), in: env)
            }
            return []
        case .down, .tab, .control("n"):
            if !prompt.candidates.isEmpty { prompt.highlighted = (prompt.highlighted + 1) % prompt.candidates.count }
        case .up, .backTab, .control("p"):
            if !prompt.candidates.isEmpty {
                prompt.highlighted = (prompt.highlighted + prompt.candidates.count - 1) % prompt.candidates.count
            }
        case .backspace where prompt.field.isEmpty:
            close(&state, env)
            return []
        default:
            switch prompt.field.handle(key) {
            case .edited: refreshCandidates(&prompt, env)
            case .moved: break
            case .ignored: return []
            }
        }
        state.mode = .lookup(prompt)
        updatePreview(prompt, &state, env)
        return []
    }

    /// A paste into the prompt: inserted at the caret.
    static func insert(_ text: String, _ prompt: LookupPrompt, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        var prompt = prompt
        prompt.field.insert(text)
        refreshCandidates(&prompt, env)
        state.mode = .lookup(prompt)
        updatePreview(prompt, &state, env)
    }

    private static func refreshCandidates(_ prompt: inout LookupPrompt, _ env: BrowserEnvironment) {
        let query = prompt.field.prefix(utf8Limit: queryLimit)
        // Typing past the limit (a paste sent as keys) does not change what is looked up.
        if query == prompt.query { return }
        prompt.query = query
        prompt.candidates = query.isEmpty ? [] : env.source.completions(for: query, limit: completionLimit)
        prompt.highlighted = 0
    }

    private static func updatePreview(_ prompt: LookupPrompt, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard prompt.candidates.indices.contains(prompt.highlighted) else { state.showPreview(nil, in: env); return }
        let address = prompt.candidates[prompt.highlighted].address
        if state.preview?.address == PageAddress(query: address) { return }
        if case .found(let page) = env.source.page(forQuery: address) {
            state.showPreview(page, in: env)
        } else {
            state.showPreview(nil, in: env)
        }
    }

}
