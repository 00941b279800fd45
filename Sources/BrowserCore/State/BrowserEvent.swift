import TerminalText

/// Shift, Alt and Ctrl held with a key that is not a character (an arrow, Home, PgDn…).
public struct KeyModifiers: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)

    /// From xterm's modifier parameter (`ESC [ 1 ; 3 D` is Alt-Left: 1 + 2) or the digit of
    /// a terminfo name (`kLFT3`).
    public init(xtermParameter value: Int) { self.init(rawValue: UInt8(clamping: max(0, value - 1) & 7)) }

    public var description: String {
        [(KeyModifiers.control, "Ctrl-"), (.alt, "Alt-"), (.shift, "Shift-")].filter { contains($0.0) }.map(\.1).joined()
    }
}

/// The keys that come with modifiers: motions and Delete.
public enum MotionKey: Hashable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end, delete

    /// The key pressed alone.
    public var key: Key {
        switch self {
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .home
        case .end: return .end
        case .delete: return .delete
        }
    }
}

/// A key as the browser understands it, already decoded from the terminal's bytes.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// A control key (Ctrl-C is `.control("c")`).
    case control(Character)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, pageUp, pageDown, home, end
    /// A motion (or Delete) with modifiers held (`Shift-Right`, `Ctrl-End`). Not an
    /// `indirect` case: its box would hide in a tagged pointer, which leak checkers miss.
    case modified(MotionKey, KeyModifiers)

    public static let altLeft = Key.modified(.left, .alt)
    public static let altRight = Key.modified(.right, .alt)

    /// `key` with `modifiers`, or `key` alone when there are none.
    public static func with(_ modifiers: KeyModifiers, _ key: MotionKey) -> Key {
        modifiers.isEmpty ? key.key : .modified(key, modifiers)
    }
}

/// What the mouse did, at a cell of the screen.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The first button went down.
        case pressed
        /// The first button came up.
        case released
        /// The pointer moved with no button held (hover).
        case moved
        /// The pointer moved with the first button held.
        case dragged
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var point: CellPoint
    /// Seconds on a monotonic clock, for telling a double-click from two clicks.
    public var time: Double

    public init(_ kind: Kind, at point: CellPoint, time: Double = 0) {
        self.kind = kind
        self.point = point
        self.time = time
    }
}

/// Everything that can happen to the browser: the input of its state machine.
public enum BrowserEvent: Hashable, Sendable {
    case keyPressed(Key)
    case mouse(MouseEvent)
    case windowResized(CellSize)
    /// Text the terminal pasted (bracketed paste): text to insert, never keys to run.
    case pasted(String)
    /// A query to open, as if typed at the lookup prompt and entered without choosing a
    /// candidate (the page for it, or a message naming the nearest headwords).
    case queryEntered(String)
    /// A search started by the `s` prompt came back (posted by `SearchRunner`).
    case searchFinished(SearchOutcome)
    /// Spellings asked for what the lookup prompt held (`BrowserEffect.suggestSpellings`) came back.
    case spellingsFound(query: String, [Completion])
    /// The lookup prompt's preview of a candidate, made off the input thread (`BrowserEffect.makePreview`).
    case previewMade(PreviewOutcome)
    /// The history was cleared as asked (`BrowserWrite.clearHistory`), or could not be.
    case historyCleared(Bool)
    /// The editor's text was saved as asked (`BrowserWrite.saveEntry`: the editor's draft is
    /// the saved one now), or could not be, and why.
    case entrySaved(failure: EditorFailure?, thenLeave: Bool)
}

/// A write to what outlives the browser (its memory, `BrowsingMemory`, or a file), asked for by a
/// reducer (`BrowserState.writes`) and carried out by `Browser.handle` after the event.
public enum BrowserWrite: Hashable, Sendable {
    /// A lookup or visit: `title` is what it found, nil when it found nothing.
    case visit(PageAddress, title: String?)
    /// Bookmarks (`isOn`) the page at the address, or forgets its bookmark.
    case bookmark(PageAddress, title: String, isOn: Bool)
    /// The recovery copy of an edit is not needed any more (saved, left, or discarded).
    case forgetRecovery
    /// Forgets every lookup and visit; answered with `BrowserEvent.historyCleared`.
    case clearHistory
    /// Study cards written to `path` whole or not at all (`CardExport.write`); the status line
    /// then says `done`, or why it could not.
    case cards(path: String, text: String, done: String)
    /// The editor's `text` saved through the page source (`EntryEditingSource.save`), over a
    /// file changed on disk when `overwrite`; answered with `BrowserEvent.entrySaved`, after
    /// which editing ends when `thenLeave` and the save succeeded.
    case saveEntry(text: String, overwrite: Bool, thenLeave: Bool)
}

/// What the browser asks its front end to do beyond drawing.
public enum BrowserEffect: Hashable, Sendable {
    case quit
    /// Put text on the clipboard (the front end uses the terminal's OSC 52).
    case copyToClipboard(String)
    /// Run this full-text search in the background and post its results (`SearchRunner`).
    case search(SearchRequest)
    /// Ask the source's spelling suggester for this query in the background and post what it
    /// finds (`BrowserEvent.spellingsFound`); a newer request supersedes it.
    case suggestSpellings(String)
    /// Make the page of this query (the lookup prompt's highlighted candidate) in the
    /// background and post it (`BrowserEvent.previewMade`); a newer request supersedes it.
    case makePreview(String)
}

/// A preview made off the input thread, posted back as `BrowserEvent.previewMade`: compared
/// by identity, as a page is not.
public final class PreviewOutcome: Hashable, Sendable {
    /// The query it was made for (a candidate's address).
    public let query: String
    /// Its page; nil when the query names nothing.
    public let page: Page?

    public init(query: String, page: Page?) {
        self.query = query
        self.page = page
    }

    public static func == (a: PreviewOutcome, b: PreviewOutcome) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
