import TerminalText

/// The roles the browser draws over pages and in its own lines.
extension ColorRole {
    public static let focus = ColorRole("focus")
    public static let hover = ColorRole("hover")
    public static let selection = ColorRole("selection")
    public static let match = ColorRole("match")
    public static let status = ColorRole("status")
    public static let message = ColorRole("message")
    public static let error = ColorRole("error")
    public static let hint = ColorRole("hint")
}
