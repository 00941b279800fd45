/// The editing half of a text view: a caret and selection over a `TextStorage`, typing,
/// deletion and undo, with motions measured on a `LayoutManager`'s rows. Every change goes
/// through the storage (so its delegate restyles the edited paragraphs and the layout manager
/// re-lays out only those).
///
/// Offsets are UTF-8 offsets on grapheme-cluster boundaries (`TextBoundaries`'s characters):
/// a motion, a deletion or a selection never splits a cluster. Typing is undone as it was
/// typed: single characters typed at the caret join one undo group until a word ends (anything
/// but a letter, digit or emoji follows one), closing brackets or sentence punctuation end
/// (`]]`, `.`, `、`: anything else follows them), a line break is typed, typing pauses for
/// longer than `typingPause`, the caret moves, the kind of edit changes or
/// `breakUndoCoalescing()` is called (`TypingClass`). So ` See [[ocean]].` is undone as `]].`,
/// ` [[ocean`, ` See`. A scalar that joins the character before it (a combining mark, the rest
/// of an emoji sequence or flag, which a terminal delivers one scalar at a time) always joins
/// its group, so undo never leaves half a character. Consecutive backspaces (or forward
/// deletes) group by words and pauses too. Paste, cut and programmatic replacements are a group
/// each. The history keeps at most 10,000 groups and 64 MB of edited text, dropping the oldest.
///
/// The editor observes the storage: an edit made by someone else moves the selection with
/// the text (a selection in the edited paragraphs keeps its offsets, clamped to them, as the
/// storage reports edits by whole paragraphs) and, when it changes the text's length, forgets
/// the undo history (which no longer matches the text); attribute changes keep it.
public final class TextEditor: TextStorageObserver {
    /// The text edited.
    public let storage: TextStorage
    /// The layout the motions and the mouse are measured on; it must lay out `storage`.
    public let layoutManager: LayoutManager

    private var currentSelection = TextSelection(caret: 0)
    /// Whether a caret at a wrap point is drawn at the end of the row above (after End, or a
    /// click past the end of a wrapped row) rather than at the start of its own row.
    var isUpstream = false
    /// The column vertical motions aim at, kept across consecutive ones.
    var goalColumn: Int?
    var history = UndoHistory()
    private var isApplyingEdit = false
    /// Seconds on a monotonic clock, read at each keystroke to tell a pause in typing.
    private let clock: () -> Double

    /// A pause in typing (or deleting) longer than this, in seconds, ends the undo group: a
    /// person who stops to think and then types on expects one undo to take back only what
    /// came after the pause. Longer than the gap between keys of a slow typist (about 0.5 s at
    /// 20 words a minute), shorter than the "wait a second" of issue 34.
    public static let typingPause = 0.75

    /// An editor of `storage` with a caret at its start. `layoutManager` must lay out `storage`.
    /// `clock` gives seconds on a monotonic clock (the system's by default; tests pass their own,
    /// so that a pause is an advance of their clock, not a sleep).
    public init(storage: TextStorage, layoutManager: LayoutManager, clock: @escaping () -> Double = TextEditor.monotonicSeconds) {
        precondition(layoutManager.textStorage === storage, "the layout manager lays out another storage")
        self.storage = storage
        self.layoutManager = layoutManager
        self.clock = clock
        storage.addObserver(self)
    }

    /// Seconds on the system's monotonic clock, since the first call: the default clock.
    public static func monotonicSeconds() -> Double {
        let (seconds, attoseconds) = (ContinuousClock.now - clockOrigin).components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    deinit { storage.removeObserver(self) }

    // MARK: Selection

    /// The selection; setting it clamps both ends to the text and moves each back to the start
    /// of the cluster it falls in, and ends the current typing group when it changes.
    public var selection: TextSelection {
        get { currentSelection }
        set {
            let snapped = snapped(newValue)
            if snapped != currentSelection { history.isCoalescing = false }
            currentSelection = snapped
            isUpstream = false
            goalColumn = nil
        }
    }

    /// The selected text, or nil for a caret.
    public var selectedText: String? {
        currentSelection.isCaret ? nil : storage.text.substring(currentSelection.range)
    }

    /// The caret's cell in the layout (row, column), for drawing it and placing the terminal
    /// cursor: before the character after it; after the last character of a paragraph (or of
    /// a wrapped row, after End); at the indent of an empty row. After a full row the column is
    /// the container's width, one past its last cell (a view keeps a spare column for it or
    /// clamps). `layoutManager.closestCharacterIndex(to:)` maps it back to the caret, except
    /// in spaces that hang past the right edge, which all share the column after the edge.
    public var caretPoint: CellPoint {
        layoutManager.caretCell(at: currentSelection.head, upstream: isUpstream)
    }

    /// The cluster boundaries and words of the current text (made afresh each time and let go
    /// before the next edit, so that the storage's string stays uniquely referenced).
    var boundaries: TextBoundaries { TextBoundaries(storage.string) }

    /// `selection` clamped to the text, each end moved back to the start of its cluster.
    private func snapped(_ selection: TextSelection) -> TextSelection {
        let boundaries = self.boundaries
        return TextSelection(anchor: boundaries.characterStart(atOrBefore: selection.anchor),
                             head: boundaries.characterStart(atOrBefore: selection.head))
    }

    /// `offset` moved on to the next cluster boundary when it falls inside a cluster.
    private func boundary(atOrAfter offset: Int) -> Int {
        let boundaries = self.boundaries
        let start = boundaries.characterStart(atOrBefore: offset)
        return start == min(max(offset, 0), boundaries.utf8Count) ? start : boundaries.nextCharacterBoundary(after: start)
    }

    /// Sets the selection after an edit or a motion, leaving the undo grouping alone.
    func setSelection(_ selection: TextSelection, upstream: Bool = false, goalColumn: Int? = nil) {
        currentSelection = selection
        isUpstream = upstream && layoutManager.isWrapPoint(selection.head)
        self.goalColumn = goalColumn
    }

    // MARK: Typing and deleting

    /// Types `string` in place of the selection. A single character typed at the caret joins
    /// the current typing group (see the type's summary); a longer string is a group of its own.
    public func insert(_ string: String) {
        let before = currentSelection
        guard !string.isEmpty || !before.isCaret else { return }
        let character = string.count == 1 ? string.first : nil
        edit(before.range, with: string, kind: character == nil ? .other : .typing, character: character)
    }

    /// Pastes `string` in place of the selection: one undo group of its own.
    public func paste(_ string: String) {
        let before = currentSelection
        guard !string.isEmpty || !before.isCaret else { return }
        edit(before.range, with: string, kind: .other, character: nil)
    }

    /// Deletes the selection, else the cluster before the caret (a whole emoji ZWJ sequence,
    /// flag, or letter with its combining marks).
    public func deleteBackward() {
        let selection = currentSelection
        if !selection.isCaret { return edit(selection.range, with: "", kind: .other, character: nil) }
        guard selection.head > 0 else { return }
        let start = boundaries.previousCharacterBoundary(before: selection.head)
        edit(start..<selection.head, with: "", kind: .deletingBackward, character: nil)
    }

    /// Deletes the selection, else the cluster after the caret.
    public func deleteForward() {
        let selection = currentSelection
        if !selection.isCaret { return edit(selection.range, with: "", kind: .other, character: nil) }
        guard selection.head < storage.utf8Count else { return }
        let end = boundaries.nextCharacterBoundary(after: selection.head)
        edit(selection.head..<end, with: "", kind: .deletingForward, character: nil)
    }

    /// Deletes the selection, else back to the start of the word before the caret, with the
    /// spaces and punctuation after it (Ctrl-W, Alt-Backspace): a group of its own.
    public func deleteWordBackward() {
        let selection = currentSelection
        if !selection.isCaret { return edit(selection.range, with: "", kind: .other, character: nil) }
        guard selection.head > 0 else { return }
        let start = boundaries.previousWordStart(before: selection.head)
        edit(start..<selection.head, with: "", kind: .other, character: nil)
    }

    /// Removes the selected text and returns it (nil, and nothing changes, for a caret).
    public func cut() -> String? {
        guard let text = selectedText else { return nil }
        edit(currentSelection.range, with: "", kind: .other, character: nil)
        return text
    }

    /// An undoable programmatic replacement (commands like "add a sense" insert a line), caret
    /// placed after it. `range` is clamped to the text and widened to whole clusters. When not
    /// `selectingAfter`, the selection stays on the same characters (moved by the change in
    /// length when after the range, to the range's start when inside it).
    public func replaceCharacters(in range: Range<Int>, with string: String, selectingAfter: Bool = true) {
        let boundaries = self.boundaries
        let lower = boundaries.characterStart(atOrBefore: range.lowerBound)
        let upper = max(lower, boundary(atOrAfter: range.upperBound))
        guard lower < upper || !string.isEmpty else { return }
        let old = currentSelection
        edit(lower..<upper, with: string, kind: .other, character: nil)
        guard !selectingAfter else { return }
        let delta = string.utf8.count - (upper - lower)
        func map(_ offset: Int) -> Int {
            if offset >= upper { return offset + delta }
            return offset > lower ? lower : offset
        }
        let moved = snapped(TextSelection(anchor: map(old.anchor), head: map(old.head)))
        setSelection(moved)
        if var group = history.top, group.kind == .other {
            group.selectionAfter = moved
            history.replaceTop(with: group)
        }
    }

    /// Replaces `range` with `string` through the storage, puts the caret after it and records
    /// the change for undo, joining the top group when `kind` allows.
    private func edit(_ range: Range<Int>, with string: String, kind: EditKind, character typed: Character?) {
        let before = currentSelection
        if kind == .other { history.isCoalescing = false }
        let time = clock()
        let removed = storage.text.styledSubstring(range)
        isApplyingEdit = true
        storage.replaceCharacters(in: range, with: string)
        isApplyingEdit = false
        let change = TextEdit(location: range.lowerBound, removed: removed, inserted: string)
        let after = TextSelection(caret: boundary(atOrAfter: range.lowerBound + string.utf8.count))
        setSelection(after)
        var character = typed ?? removed.string.first
        var joinsCharacter = false
        if kind == .typing {
            // The whole character the typed one ended up in: a combining mark or a ZWJ is
            // classed with the letter or emoji it joined.
            let boundaries = self.boundaries
            joinsCharacter = boundaries.characterStart(atOrBefore: range.lowerBound) < range.lowerBound
            let start = boundaries.previousCharacterBoundary(before: after.head)
            character = storage.text.substring(start..<after.head).first ?? character
        }
        if canCoalesce(change, kind: kind, character: character, joinsCharacter: joinsCharacter, time: time) {
            history.coalesce(change, character: character, after: after, time: time)
        } else {
            history.push(change, kind: kind, character: character, before: before, after: after, time: time)
        }
    }

    /// Whether `edit` continues the top group: the same kind, at the place the group left off,
    /// no pause since the group's last edit, and no end of a word or of punctuation between the
    /// group's last character and `character` (`TypingClass` for typing; for deletions, a
    /// space or punctuation after a word character). A typed scalar that `joinsCharacter`
    /// before it stays with that character's group whatever the pause.
    private func canCoalesce(_ edit: TextEdit, kind: EditKind, character: Character?, joinsCharacter: Bool, time: Double) -> Bool {
        guard history.isCoalescing, kind != .other, let group = history.top, group.kind == kind,
              let last = group.edits.last else { return false }
        switch kind {
        case .typing:
            guard edit.removed.isEmpty && edit.location == last.insertedRange.upperBound else { return false }
            if joinsCharacter { return true }
        case .deletingBackward:
            guard last.inserted.isEmpty && edit.removedRange.upperBound == last.location else { return false }
        case .deletingForward:
            guard last.inserted.isEmpty && edit.location == last.location else { return false }
        case .other:
            return false
        }
        if time - group.lastTime > Self.typingPause { return false }
        guard let character, let previous = group.lastCharacter else { return true }
        if kind == .typing { return !TypingClass.endsGroup(after: previous, before: character) }
        return !(!isWordCharacter(character) && isWordCharacter(previous))
    }

    // MARK: Undo

    /// Undoes the last group: restores the text and the selection as they were before it.
    /// Returns false when there is nothing to undo.
    @discardableResult
    public func undo() -> Bool {
        guard let top = history.top else { return false }
        guard top.edits.allSatisfy({ fits($0.insertedRange) }) else { return forgetUnfitHistory() }
        guard let group = history.popUndo() else { return false }
        apply {
            for edit in group.edits.reversed() {
                storage.replaceCharacters(in: edit.insertedRange, with: edit.removed)
            }
        }
        setSelection(snapped(group.selectionBefore))
        return true
    }

    /// Redoes the last group undone, with the selection it left. Returns false when there is
    /// nothing to redo.
    @discardableResult
    public func redo() -> Bool {
        guard let next = history.redoStack.last else { return false }
        guard next.edits.allSatisfy({ fits($0.removedRange) }) else { return forgetUnfitHistory() }
        guard let group = history.popRedo() else { return false }
        apply {
            for edit in group.edits {
                storage.replaceCharacters(in: edit.removedRange, with: edit.inserted)
            }
        }
        setSelection(snapped(group.selectionAfter))
        return true
    }

    /// Whether there is a group to undo.
    public var canUndo: Bool { !history.undoStack.isEmpty }
    /// Whether there is a group to redo (an edit since the last undo clears them).
    public var canRedo: Bool { !history.redoStack.isEmpty }

    /// Ends the current typing group (after a caret move, a click, a save…).
    public func breakUndoCoalescing() { history.isCoalescing = false }

    /// Whether the text differs from the last `markSaved()` (undoing back to it makes this
    /// false again). True after an edit made to the storage behind the editor's back.
    public var isModified: Bool { history.isModified }

    /// Records the current text as saved; ends the current typing group.
    public func markSaved() { history.markSaved() }

    /// Whether `range` lies in the text on scalar boundaries, as every range of a history that
    /// matches the text does. An edit behind the editor's back that keeps the text's length
    /// (which the storage reports like an attribute change) can leave one that does not.
    private func fits(_ range: Range<Int>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= storage.utf8Count else { return false }
        return storage.withUTF8 { bytes in
            func isBoundary(_ offset: Int) -> Bool { offset == bytes.count || bytes[offset] & 0xC0 != 0x80 }
            return isBoundary(range.lowerBound) && isBoundary(range.upperBound)
        }
    }

    /// Forgets a history that no longer fits the text; there is then nothing to undo or redo.
    private func forgetUnfitHistory() -> Bool {
        history.removeAll()
        return false
    }

    private func apply(_ body: () -> Void) {
        isApplyingEdit = true
        storage.beginEditing()
        body()
        storage.endEditing()
        isApplyingEdit = false
    }

    // MARK: Mouse

    /// Puts the caret at the character closest to `point` (a click), ending the typing group.
    /// A click past the end of a wrapped row leaves the caret at the end of that row.
    public func placeCaret(at point: CellPoint) {
        let offset = layoutManager.closestCharacterIndex(to: point)
        history.isCoalescing = false
        setSelection(snapped(TextSelection(caret: offset)), upstream: isOnUpperRow(offset, point))
    }

    /// Moves the selection's head to the character closest to `point` (a drag), keeping its
    /// anchor.
    public func extendSelection(to point: CellPoint) {
        let offset = layoutManager.closestCharacterIndex(to: point)
        history.isCoalescing = false
        let head = snapped(TextSelection(caret: offset)).head
        setSelection(TextSelection(anchor: currentSelection.anchor, head: head), upstream: isOnUpperRow(offset, point))
    }

    /// Selects the word at `point` (a double-click): the word drawn there, or for a click past
    /// the end of a row the word that ends there; the cluster there when it is no word (a
    /// space, punctuation, an emoji), a caret when there is none.
    public func selectWord(at point: CellPoint) {
        history.isCoalescing = false
        let boundaries = self.boundaries
        let range: Range<Int>
        if let hit = layoutManager.clusterRange(at: point) {
            range = boundaries.wordRange(at: hit.lowerBound) ?? hit
        } else {
            let offset = layoutManager.closestCharacterIndex(to: point)
            let before = boundaries.previousCharacterBoundary(before: offset)
            range = offset > 0 ? boundaries.wordRange(at: before) ?? offset..<offset : offset..<offset
        }
        setSelection(TextSelection(anchor: range.lowerBound, head: range.upperBound))
    }

    /// Whether a caret put at `offset` by a click at `point` belongs at the end of the
    /// clicked row rather than the start of the next (the offset is the clicked row's wrap).
    private func isOnUpperRow(_ offset: Int, _ point: CellPoint) -> Bool {
        point.row >= 0 && point.row < layoutManager.numberOfRows && layoutManager.row(forCharacterAt: offset) == point.row + 1
    }

    // MARK: Edits by others

    /// Moves the selection with an edit made to the storage by someone else, and forgets the
    /// undo history when the edit changed the text's length.
    public func textStorage(_ storage: TextStorage, didEditRange range: Range<Int>, changeInLength delta: Int) {
        guard !isApplyingEdit else { return }
        if delta != 0 { history.removeAll() }
        let oldEnd = range.upperBound - delta
        func map(_ offset: Int) -> Int {
            if offset >= oldEnd { return offset + delta }
            return min(offset, range.upperBound)
        }
        setSelection(snapped(TextSelection(anchor: map(currentSelection.anchor), head: map(currentSelection.head))))
    }
}

/// Where `TextEditor.monotonicSeconds()` counts from.
private let clockOrigin = ContinuousClock.now
