/// Whether and how a link can be followed.
public enum LinkState: String, Hashable, Sendable {
    /// Leads to an entry (or a page of homographs) of the dictionary.
    case resolved
    /// Its target names nothing in the dictionary; drawn differently before anyone clicks.
    case unresolved
    /// A URL: shown and copyable, never followed.
    case external
    /// Leads to a place on the same page: the navigator's jump to a dictionary's section
    /// (`target` is `#` and the dictionary's library key, `dictionary` that key).
    case anchor
}
