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
    /// Whether the words near `query` (`PageSource.spellingSuggester`) have come back.
    public var nearbyArrived = false

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
        switch PromptKeyMap.prompts.command(for: key) {
        case .cancel:
            // Ctrl-C cancels a prompt, as in a shell; it quits only from browsing.
            close(&state, env)
            return []
        case .accept:
            let highlighted = prompt.candidates.indices.contains(prompt.highlighted) ? prompt.candidates[prompt.highlighted].address : nil
            // The highlighted candidate's preview, when it has come, is its page: not made again.
            let previewed = highlighted.flatMap { state.preview?.address == PageAddress(query: $0) ? env.layouts.preview?.whole : nil }
            close(&state, env)
            if let previewed {
                state.open(previewed, in: env)
            } else if let highlighted, case .found(let page) = env.source.page(forQuery: highlighted) {
                state.open(page, in: env)
            } else {
                state.open(query: prompt.field.prefix(utf8Limit: queryLimit), in: env)
            }
            return []
        case .next:
            if !prompt.candidates.isEmpty { prompt.highlighted = (prompt.highlighted + 1) % prompt.candidates.count }
        case .previous:
            if !prompt.candidates.isEmpty {
                prompt.highlighted = (prompt.highlighted + prompt.candidates.count - 1) % prompt.candidates.count
            }
        case .closeWhenEmpty where prompt.field.isEmpty:
            close(&state, env)
            return []
        case .closeWhenEmpty, nil:
            switch prompt.field.handle(key) {
            case .edited: refreshCandidates(&prompt, env)
            case .moved: break
            case .ignored: return askForNearby(prompt, env)
            }
        }
        state.mode = .lookup(prompt)
        return updatePreview(prompt, &state, env) + askForNearby(prompt, env)
    }

    /// A paste into the prompt: inserted at the caret.
    static func insert(_ text: String, _ prompt: LookupPrompt, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        var prompt = prompt
        prompt.field.insert(text)
        refreshCandidates(&prompt, env)
        state.mode = .lookup(prompt)
        return updatePreview(prompt, &state, env) + askForNearby(prompt, env)
    }

    /// The candidates for what the prompt holds now: its completions (the typed word, the
    /// words that go on from it).
    private static func refreshCandidates(_ prompt: inout LookupPrompt, _ env: BrowserEnvironment) {
        let query = prompt.field.prefix(utf8Limit: queryLimit)
        // Typing past the limit (a paste sent as keys) does not change what is looked up.
        if query == prompt.query { return }
        prompt.query = query
        prompt.candidates = query.isEmpty ? [] : env.source.completions(for: query, limit: completionLimit)
        prompt.highlighted = 0
        prompt.nearbyArrived = false
    }

    /// When the completions do not fill the list, asks the source in the background for the
    /// words near what is typed (`BrowserEffect.suggestSpellings`), which follow them; again
    /// after every key until they come, since a key cancels the work under way (the event
    /// loop's, so that the input thread need not wait for it).
    private static func askForNearby(_ prompt: LookupPrompt, _ env: BrowserEnvironment) -> [BrowserEffect] {
        let wanted = !prompt.query.isEmpty && !prompt.nearbyArrived && prompt.candidates.count < completionLimit
        return wanted && env.source.spellingSuggester != nil ? [.suggestSpellings(prompt.query)] : []
    }

    /// Words near `query` came back: when the prompt still holds it, they follow its
    /// completions (without repeats; a word that names nothing has none, so its spellings come
    /// first), except the word itself as a form (`chevaux`, which the keystroke could not
    /// analyse without waiting), which comes first, as it would have; the highlight stays on
    /// the candidate it was on, or on the first.
    static func spellingsFound(_ spellings: [Completion], for query: String, _ state: inout BrowserState,
                               _ env: BrowserEnvironment) -> [BrowserEffect] {
        guard case .lookup(var prompt) = state.mode, prompt.query == query else { return [] }
        prompt.nearbyArrived = true
        guard !spellings.isEmpty else { state.mode = .lookup(prompt); return [] }
        let highlighted = prompt.candidates.indices.contains(prompt.highlighted) && prompt.highlighted > 0
            ? prompt.candidates[prompt.highlighted].address : nil
        var seen = Set<String>()
        let key = LookupKey.normalise(query)
        let itself = spellings.filter { LookupKey.normalise($0.text) == key }
        prompt.candidates = Array((itself + prompt.candidates + spellings).filter { seen.insert(LookupKey.normalise($0.text)).inserted }.prefix(completionLimit))
        prompt.highlighted = highlighted.flatMap { address in prompt.candidates.firstIndex { $0.address == address } } ?? 0
        state.mode = .lookup(prompt)
        return updatePreview(prompt, &state, env)
    }

    /// Asks for the preview of the highlighted candidate unless it is shown already
    /// (`BrowserEffect.makePreview`): the page is made off the input thread, so that a key's
    /// echo never waits for a page of forty dictionaries; the last preview stays meanwhile.
    /// With no candidate, no preview.
    private static func updatePreview(_ prompt: LookupPrompt, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        guard prompt.candidates.indices.contains(prompt.highlighted) else { state.showPreview(nil, in: env); return [] }
        let address = prompt.candidates[prompt.highlighted].address
        if state.preview?.address == PageAddress(query: address) { return [] }
        return [.makePreview(address)]
    }

    /// A preview came back: shown when its candidate is still the highlighted one of the
    /// prompt (none when its query names nothing); otherwise a later one is on its way.
    static func previewMade(_ outcome: PreviewOutcome, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard case .lookup(let prompt) = state.mode, prompt.candidates.indices.contains(prompt.highlighted),
              prompt.candidates[prompt.highlighted].address == outcome.query else { return }
        state.showPreview(outcome.page, in: env)
    }

}
