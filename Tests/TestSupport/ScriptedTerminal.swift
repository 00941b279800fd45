import BrowserCore
import TerminalText
#if canImport(Glibc)
import Glibc
#endif

/// A terminal for the event loop's tests: it hands out a script of event batches, then waits
/// on the mailbox (as the real one waits on it beside the keyboard), and records what the
/// loop did with the screen and the clipboard.
public final class ScriptedTerminal: TerminalDevice {
    public var script: [[BrowserEvent]]
    public private(set) var frames: [[String]] = []
    public private(set) var clipboard: [String] = []
    public private(set) var suspensions = 0
    public private(set) var invalidations = 0
    /// Batches after which `hasPendingInput` says more is coming (so no frame is drawn).
    public var pendingAfter: Set<Int> = []
    private var handedOut = 0

    public init(script: [[BrowserEvent]]) { self.script = script }

    public func waitForEvents(wakingOn mailbox: EventMailbox) -> [BrowserEvent] {
        if !script.isEmpty {
            handedOut += 1
            return script.removeFirst()
        }
        // Nothing left to type: block until something is posted, at most 5 s.
        var descriptor = pollfd(fd: mailbox.descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 5_000)
        return []
    }

    public var hasPendingInput: Bool { pendingAfter.contains(handedOut) }
    /// After how many batches handed out a long task is taken as stopped with Ctrl-C.
    public var interruptedAfter: Int?
    public var wasInterrupted: Bool { interruptedAfter.map { handedOut >= $0 } ?? false }
    /// Told of each frame as it is drawn (on the loop's thread).
    public var onDraw: (([String]) -> Void)?
    public func draw(_ grid: CellGrid, cursor: CellPoint?) {
        frames.append(grid.lines)
        onDraw?(grid.lines)
    }
    public func invalidate() { invalidations += 1 }
    public func suspend() { suspensions += 1 }
    public func copyToClipboard(_ text: String) { clipboard.append(text) }
}
