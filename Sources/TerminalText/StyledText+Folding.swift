import TextFolding

extension StyledText {
    /// Every place `needle` occurs in the text, ignoring case, compatibility differences and
    /// accents (`cafe` finds `Café`), as UTF-8 ranges of whole grapheme clusters. To search
    /// one text again and again (find in page, a key at a time), keep a `FoldedText`.
    public func ranges(ofFolded needle: String) -> [Range<Int>] {
        FoldedText(string).ranges(of: needle)
    }
}
