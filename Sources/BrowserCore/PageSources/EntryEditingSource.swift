import DictionaryModel
import PageFormatting

/// What the editor edits, as the page source hands it over: the text to edit and enough to
/// save it again. The browser never reads or writes files; it asks its `EntryEditingSource`.
public struct EditorDraft: Sendable {
    /// What a save writes.
    public enum Kind: Equatable, Sendable {
        /// An entry of a dictionary written by hand, edited in place.
        case entry
        /// A new entry (from an unresolved link, or from nothing), written to a file of its own.
        case newEntry
        /// A personal note on an entry of an imported dictionary (which is not edited in place).
        case note
    }

    public var kind: Kind
    /// The library's key of the dictionary.
    public var dictionary: String
    /// The entry's id (for a new entry: none yet).
    public var entryID: String?
    /// What the title bar calls it (the headword).
    public var title: String
    /// The text the editor starts with, and where its caret starts (a UTF-8 offset).
    public var text: String
    public var caret: Int
    /// What the source needs to save it (the entry as read, the file's fingerprint); opaque here.
    public var base: (any Sendable)?

    public init(kind: Kind, dictionary: String, entryID: String?, title: String, text: String, caret: Int = 0, base: (any Sendable)? = nil) {
        self.kind = kind
        self.dictionary = dictionary
        self.entryID = entryID
        self.title = title
        self.text = text
        self.caret = caret
        self.base = base
    }
}

/// Why an edit could not start or a save did not happen, as a sentence for the status line.
/// Nothing was written when one is returned.
public struct EditorFailure: Error, Hashable, Sendable {
    public var message: String
    /// The file changed on disk since it was read: saving again with `overwrite` replaces it.
    public var isChangedOnDisk: Bool

    public init(_ message: String, isChangedOnDisk: Bool = false) {
        self.message = message
        self.isChangedOnDisk = isChangedOnDisk
    }
}

/// Where the editor's entries come from and go to: the dictionary side of editing mode.
public protocol EntryEditingSource: AnyObject {
    /// A draft of `entry` (for an imported dictionary, of a personal note on it).
    func draft(editing entry: PageEntry) -> Result<EditorDraft, EditorFailure>
    /// A draft of a new entry with this headword, in the dictionary `link` stands in (or the first one that
    /// takes new entries).
    func draft(creatingEntryFor headword: String, from link: WordLink?) -> Result<EditorDraft, EditorFailure>
    /// Saves `text` as `draft` says; the draft to go on editing from (its base is what is on disk now). After a
    /// save, lookups, pages and search see the change.
    func save(_ text: String, of draft: EditorDraft, overwrite: Bool) -> Result<EditorDraft, EditorFailure>
    /// How a link written in the editor resolves, for drawing it before anything is saved.
    func linkState(target: String, sense: String?, in dictionary: String) -> WordLink.State
    /// What each line of the editor's text is, for styling it (the editor's grammar belongs to the dictionary side).
    func classify(line: Substring, isFirst: Bool) -> EditorLineClass
    /// Text to insert for a field command (add a sense, an example, a note) at `caret`, or nil when it does not apply.
    func insertion(adding field: EditorField, in text: String, at caret: Int) -> (offset: Int, text: String, caret: Int)?
    /// The range to remove for "remove the field on this line", and where the caret goes after.
    func removal(ofFieldAt caret: Int, in text: String) -> (range: Range<Int>, caret: Int)?
}

/// A field the editor's commands add.
public enum EditorField: Hashable, Sendable {
    case sense, subSense, example, note
}

/// A line of the editor's text as its styling needs it: the label (drawn dimmed) and the body (markup, or plain
/// text for the headword and the part of speech), as UTF-8 ranges from the line's start.
public struct EditorLineClass: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case headword, partOfSpeech, pronunciation, sense, example, note, other
        /// Markup that is shown as markup (a definition, an example, a note, an etymology).
        public var hasMarkup: Bool {
            switch self {
            case .headword, .partOfSpeech, .pronunciation: return false
            case .sense, .example, .note, .other: return true
            }
        }
    }

    public var kind: Kind
    public var label: Range<Int>
    public var body: Range<Int>

    public init(kind: Kind, label: Range<Int>, body: Range<Int>) {
        self.kind = kind
        self.label = label
        self.body = body
    }
}
