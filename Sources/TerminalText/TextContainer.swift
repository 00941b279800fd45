/// The region text is laid out in: as wide as the view, with no limit on height
/// (TextKit's `NSTextContainer` with `widthTracksTextView`).
public struct TextContainer: Hashable, Sendable {
    /// Width in cells; at least 1.
    public var width: Int {
        didSet { width = max(1, width) }
    }

    public init(width: Int) {
        self.width = max(1, width)
    }
}
