import TerminalText

/// A key as the browser understands it, already decoded from the terminal's bytes.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// A control key (Ctrl-C is `.control("c")`).
    case control(Character)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, pageUp, pageDown, home, end
    case altLeft, altRight
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
}

/// What the browser asks its front end to do beyond drawing.
public enum BrowserEffect: Hashable, Sendable {
    case quit
    /// Put text on the clipboard (the front end uses the terminal's OSC 52).
    case copyToClipboard(String)
}
