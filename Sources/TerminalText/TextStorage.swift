/// Restyles text after an edit, before any layout manager sees it, as an `NSTextStorage`
/// subclass does in its `processEditing` override.
public protocol TextStorageDelegate: AnyObject {
    /// Called once per edit with the edited range extended to whole paragraphs, in the text
    /// as it is after the edit. Attribute changes made here are part of the same edit.
    func textStorage(_ storage: TextStorage, processEditingIn paragraphRange: Range<Int>)
}

/// Something that lays out a text storage and must hear of its edits.
public protocol TextStorageObserver: AnyObject {
    /// The text in `range` (after the edit) changed; `changeInLength` is the difference in
    /// UTF-8 length. Only the layout of the paragraphs it touches needs doing again.
    func textStorage(_ storage: TextStorage, didEditRange range: Range<Int>, changeInLength: Int)
}

/// The text storage: the styled text that layout managers lay out, and the single place
/// where it changes (the TextKit `NSTextStorage`).
///
/// Every edit is reported, extended to whole paragraphs, first to the `delegate` (which may
/// restyle those paragraphs) and then to every layout manager, which invalidates only the
/// layout of the paragraphs touched.
public final class TextStorage {
    public private(set) var text: StyledText
    public weak var delegate: TextStorageDelegate?
    private var observers: [ObserverBox] = []
    private var editingDepth = 0
    private var pendingRange: Range<Int>?
    private var pendingDelta = 0

    private struct ObserverBox {
        weak var observer: TextStorageObserver?
    }

    public init(_ text: StyledText = StyledText()) {
        self.text = text
    }

    public convenience init(string: String, attributes: TextAttributes = .plain) {
        self.init(StyledText(string, attributes: attributes))
    }

    public var string: String { text.string }
    public var utf8Count: Int { text.utf8Count }

    /// Calls `body` with the text's UTF-8 bytes (made contiguous once if they are not).
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.string.utf8.withContiguousStorageIfAvailable(body) { return result }
        text.makeContiguousUTF8()
        return text.string.utf8.withContiguousStorageIfAvailable(body)!
    }

    /// The attributes at `index` and the range of their run.
    public func attributes(at index: Int) -> (attributes: TextAttributes, range: Range<Int>) {
        text.attributes(at: index)
    }

    public func addObserver(_ observer: TextStorageObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
        observers.append(ObserverBox(observer: observer))
    }

    public func removeObserver(_ observer: TextStorageObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// Groups several edits into one notification.
    public func beginEditing() { editingDepth += 1 }

    public func endEditing() {
        precondition(editingDepth > 0, "endEditing without beginEditing")
        editingDepth -= 1
        if editingDepth == 0 { processEditing() }
    }

    /// Replaces the characters in `range` (UTF-8 offsets on scalar boundaries) with `string`.
    public func replaceCharacters(in range: Range<Int>, with string: String) {
        text.replaceCharacters(in: range, with: string)
        edited(range, changeInLength: string.utf8.count - range.count)
    }

    /// Replaces the characters in `range` with styled text.
    public func replaceCharacters(in range: Range<Int>, with styled: StyledText) {
        text.replaceCharacters(in: range, with: styled)
        edited(range, changeInLength: styled.utf8Count - range.count)
    }

    /// Replaces the whole text.
    public func setText(_ styled: StyledText) {
        replaceCharacters(in: 0..<utf8Count, with: styled)
    }

    public func setAttributes(_ attributes: TextAttributes, range: Range<Int>) {
        text.setAttributes(attributes, range: range)
        edited(range, changeInLength: 0)
    }

    /// Sets the attributes of `range` run by run (`StyledText.setAttributes(_:in:)`): one edit, one splice.
    public func setAttributes(_ styled: [StyledText.Run], in range: Range<Int>) {
        text.setAttributes(styled, in: range)
        edited(range, changeInLength: 0)
    }

    public func modifyAttributes(in range: Range<Int>, _ change: (inout TextAttributes) -> Void) {
        text.modifyAttributes(in: range, change)
        edited(range, changeInLength: 0)
    }

    /// Records an edit of `oldRange` (in the text before it) that changed the length by `delta`.
    private func edited(_ oldRange: Range<Int>, changeInLength delta: Int) {
        let newRange = oldRange.lowerBound..<(oldRange.upperBound + delta)
        if let pending = pendingRange {
            // Map the earlier range into the text after this edit, then take the union.
            let lower = min(pending.lowerBound, newRange.lowerBound)
            let pendingUpper = pending.upperBound >= oldRange.upperBound ? pending.upperBound + delta : min(pending.upperBound, newRange.upperBound)
            pendingRange = lower..<max(pendingUpper, newRange.upperBound, lower)
        } else {
            pendingRange = newRange
        }
        pendingDelta += delta
        if editingDepth == 0 { processEditing() }
    }

    private var isProcessing = false

    private func processEditing() {
        guard let range = pendingRange, !isProcessing else { return }
        isProcessing = true
        let paragraphs = text.paragraphRange(for: range)
        delegate?.textStorage(self, processEditingIn: paragraphs)
        let union = pendingRange.map { min($0.lowerBound, paragraphs.lowerBound)..<max($0.upperBound, paragraphs.upperBound) } ?? paragraphs
        let delta = pendingDelta
        pendingRange = nil
        pendingDelta = 0
        isProcessing = false
        for box in observers {
            box.observer?.textStorage(self, didEditRange: union, changeInLength: delta)
        }
    }
}
