/// One change of the text: the characters `removed` at `location` (with their attributes)
/// became `inserted`.
struct TextEdit {
    var location: Int
    var removed: StyledText
    var inserted: String

    /// The edited range in the text after the change.
    var insertedRange: Range<Int> { location..<(location + inserted.utf8.count) }
    /// The edited range in the text before the change.
    var removedRange: Range<Int> { location..<(location + removed.utf8Count) }
    var bytes: Int { removed.utf8Count + inserted.utf8.count }
}

/// What made an undo group, for deciding whether the next edit joins it.
enum EditKind {
    /// Single characters typed at the caret.
    case typing
    /// Backspaces, one cluster each.
    case deletingBackward
    /// Forward deletes, one cluster each.
    case deletingForward
    /// Anything else (paste, cut, a selection deleted, a programmatic replacement): a group
    /// of its own.
    case other
}

/// The edits that one undo undoes, and the selections before and after them.
struct UndoGroup {
    var id: Int
    var kind: EditKind
    var edits: [TextEdit]
    var selectionBefore: TextSelection
    var selectionAfter: TextSelection
    /// The last character typed (the whole character before the caret, with any marks or
    /// emoji pieces typed into it) or deleted, for breaking typing into words.
    var lastCharacter: Character?
    /// When the group last took an edit, in seconds on the editor's clock: a pause ends it.
    var lastTime: Double

    var bytes: Int { edits.reduce(0) { $0 + $1.bytes } }
}

/// The undo and redo stacks of an editor, bounded in groups and bytes.
///
/// Each state of the text the history can reach has an id: the id of the group last done,
/// or `bottomID` when every kept group is undone. The saved state is remembered by its id, so
/// undoing back to it makes the text unmodified again, and a state that can no longer be
/// reached (its group dropped, or redo cleared past it) never matches again.
struct UndoHistory {
    private(set) var undoStack: [UndoGroup] = []
    private(set) var redoStack: [UndoGroup] = []
    /// Whether the top group may take the next edit of its kind.
    var isCoalescing = false
    private var nextID = 1
    private var bottomID = 0
    private var savedID = 0
    private(set) var bytes = 0

    let maxGroups: Int
    let maxBytes: Int

    init(maxGroups: Int = 10_000, maxBytes: Int = 64 << 20) {
        self.maxGroups = max(1, maxGroups)
        self.maxBytes = maxBytes
    }

    var currentID: Int { undoStack.last?.id ?? bottomID }
    var isModified: Bool { currentID != savedID }
    var top: UndoGroup? { undoStack.last }

    mutating func markSaved() {
        isCoalescing = false
        savedID = currentID
    }

    /// Forgets every group (the text was changed behind the editor's back); the saved state,
    /// if it was not the current one, can no longer be reached.
    mutating func removeAll() {
        let wasModified = isModified
        undoStack.removeAll()
        redoStack.removeAll()
        bytes = 0
        isCoalescing = false
        bottomID = nextID
        nextID += 1
        savedID = wasModified ? -1 : bottomID
    }

    /// Starts a new group with `edit`; clears redo.
    mutating func push(_ edit: TextEdit, kind: EditKind, character: Character?, before: TextSelection, after: TextSelection,
                       time: Double) {
        clearRedo()
        undoStack.append(UndoGroup(id: nextID, kind: kind, edits: [edit], selectionBefore: before,
                                   selectionAfter: after, lastCharacter: character, lastTime: time))
        nextID += 1
        bytes += edit.bytes
        isCoalescing = kind != .other
        trim()
    }

    /// Puts `edit` into the top group (which must exist), merged with its last edit.
    mutating func coalesce(_ edit: TextEdit, character: Character?, after: TextSelection, time: Double) {
        clearRedo()
        var group = undoStack.removeLast()
        var last = group.edits.removeLast()
        bytes -= last.bytes
        switch group.kind {
        case .typing:
            last.inserted += edit.inserted
        case .deletingBackward:
            var removed = edit.removed
            removed.append(last.removed)
            last = TextEdit(location: edit.location, removed: removed, inserted: last.inserted)
        case .deletingForward:
            last.removed.append(edit.removed)
        case .other:
            preconditionFailure("a group of its own takes no more edits")
        }
        bytes += last.bytes
        group.edits.append(last)
        group.selectionAfter = after
        group.lastCharacter = character
        group.lastTime = time
        undoStack.append(group)
        trim()
    }

    /// Replaces the top group (which must exist) with a changed copy of itself.
    mutating func replaceTop(with group: UndoGroup) {
        bytes += group.bytes - undoStack[undoStack.count - 1].bytes
        undoStack[undoStack.count - 1] = group
    }

    /// Takes the top group off the undo stack onto the redo stack.
    mutating func popUndo() -> UndoGroup? {
        isCoalescing = false
        guard let group = undoStack.popLast() else { return nil }
        redoStack.append(group)
        return group
    }

    /// Takes the top group off the redo stack back onto the undo stack.
    mutating func popRedo() -> UndoGroup? {
        isCoalescing = false
        guard let group = redoStack.popLast() else { return nil }
        undoStack.append(group)
        return group
    }

    private mutating func clearRedo() {
        guard !redoStack.isEmpty else { return }
        for group in redoStack { bytes -= group.bytes }
        redoStack.removeAll()
    }

    /// Drops the oldest groups, a tenth at a time (so that a full stack does not move every
    /// group on every edit), while there are too many or they hold too many bytes; the newest
    /// group always stays.
    private mutating func trim() {
        guard undoStack.count > maxGroups || bytes > maxBytes else { return }
        let batch = max(1, maxGroups / 10)
        var drop = undoStack.count > maxGroups ? min(undoStack.count - maxGroups + batch - 1, undoStack.count - 1) : 0
        var freed = undoStack[..<drop].reduce(0) { $0 + $1.bytes }
        while drop < undoStack.count - 1 && bytes - freed > maxBytes {
            freed += undoStack[drop].bytes
            drop += 1
        }
        guard drop > 0 else { return }
        bottomID = undoStack[drop - 1].id
        undoStack.removeFirst(drop)
        bytes -= freed
    }
}

/// Whether a character is part of a word for grouping deletions: a letter or a digit, as
/// `TextBoundaries` defines words.
func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
}

/// What a typed character is to the undo grouping of typing: where a person would expect one
/// undo to stop. A word (with the spaces and opening brackets before it) is a group; so is a
/// run of closing brackets and sentence punctuation, and a line break.
enum TypingClass: Equatable {
    /// A letter, a digit (any script: CJK ideographs and kana are letters), or an emoji.
    case word
    case space
    case lineBreak
    /// A closing bracket (`]`, `)`, `」`) or punctuation that ends a clause or a sentence
    /// (`.`, `,`, `;`, `!`, `。`, `、`): Unicode's Close_Punctuation and Terminal_Punctuation.
    case closing
    /// Opening brackets, quotes, dashes, symbols: they join the word that follows.
    case other

    /// The class of a whole character (a cluster: an emoji sequence or a letter with its marks).
    init(_ character: Character) {
        if character.isNewline { self = .lineBreak; return }
        if character.isWhitespace { self = .space; return }
        if character.isLetter || character.isNumber || Self.isEmoji(character) { self = .word; return }
        let first = character.unicodeScalars.first!.properties
        self = first.generalCategory == .closePunctuation || first.isTerminalPunctuation ? .closing : .other
    }

    /// An emoji drawn as one: a pictograph shown as emoji by default, or any character made
    /// one by VS16, a skin tone, a keycap or a ZWJ (❤️, 👍🏽, 👩‍👩‍👧, 🇫🇷).
    private static func isEmoji(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            scalar.properties.isEmojiPresentation || scalar == "\u{FE0F}" || scalar == "\u{200D}" || scalar == "\u{20E3}"
        }
    }

    /// Whether typing `next` right after `previous` starts a new group: after a word, anything
    /// but more of the word; after closing punctuation, anything but more of it (`]]`, `?!`,
    /// `」。` stay one group); after a line break, anything.
    static func endsGroup(after previous: Character, before next: Character) -> Bool {
        let before = TypingClass(previous), after = TypingClass(next)
        switch before {
        case .word, .closing: return after != before
        case .lineBreak: return true
        case .space, .other: return false
        }
    }
}
