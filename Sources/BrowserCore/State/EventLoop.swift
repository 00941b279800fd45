import Synchronization
import TerminalText
#if canImport(Glibc)
import Glibc
#endif

/// What the browser's event loop needs from a terminal. `CursesTerminal` has the real one;
/// tests drive the loop through a double that plays a script of events and records frames.
public protocol TerminalDevice: AnyObject {
    /// Waits for input (or for `mailbox`'s descriptor) and returns the events it decoded;
    /// empty when a wait was interrupted or only the mailbox woke it.
    func waitForEvents(wakingOn mailbox: EventMailbox) -> [BrowserEvent]
    /// Whether more input is already waiting, so that a burst is drawn as one frame.
    var hasPendingInput: Bool { get }
    /// Copies a frame to the screen (only what changed since the last one).
    func draw(_ grid: CellGrid, cursor: CellPoint?)
    /// Forgets the last frame, so the next draw writes every cell (after a resize or a resume).
    func invalidate()
    /// Ctrl-Z: gives the terminal back, stops, and returns when resumed.
    func suspend()
    /// Puts text on the clipboard (OSC 52).
    func copyToClipboard(_ text: String)
    /// Whether Ctrl-C stopped a long task the loop was waiting on (an index update inside a
    /// lookup): the loop then ends, as Ctrl-C ends the browser.
    var wasInterrupted: Bool { get }
}

extension TerminalDevice {
    public var wasInterrupted: Bool { false }
}

/// Events from elsewhere for the loop (a search, an index build running in the background):
/// posted from any thread, they wake the loop through a pipe it waits on with the terminal.
public final class EventMailbox: Sendable {
    private let pending = Mutex<[BrowserEvent]>([])
    /// The end the loop waits on, and the end `post` writes a byte to.
    public let descriptor: Int32
    private let writeEnd: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Queues `event` and wakes the loop. Safe from any thread.
    public func post(_ event: BrowserEvent) {
        pending.withLock { $0.append(event) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1) // a full pipe already has a wake-up in it
    }

    /// The events posted since the last call, in order.
    public func take() -> [BrowserEvent] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        return pending.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}

/// The browser's loop: events in (the terminal's, then the mailbox's), the browser's effects
/// carried out, a frame drawn once the input has settled. Ctrl-Z suspends here: it is the
/// terminal's business, not the browser's.
public enum EventLoop {
    /// Runs until the browser asks to quit.
    public static func run(_ browser: Browser, on terminal: TerminalDevice, mailbox: EventMailbox = EventMailbox()) {
        // Made again when the source changes (a group chosen with D), so a search asks the group's dictionaries.
        var searchSource = browser.source
        var searches = searchSource.searchPages.map { SearchRunner(makePage: $0, mailbox: mailbox) }
        let spellings = LatestOnly(mailbox: mailbox, label: "wordlink.nearby-words")
        let previews = LatestOnly(mailbox: mailbox, label: "wordlink.preview")
        terminal.draw(browser.render(), cursor: browser.cursorPosition)
        while true {
            let events = terminal.waitForEvents(wakingOn: mailbox) + mailbox.take()
            for event in events {
                // Ctrl-Z suspends, except in editing mode, where it is undo.
                if case .keyPressed(.control("z")) = event, !browser.isEditing {
                    terminal.suspend()
                    terminal.invalidate()
                    continue
                }
                if case .windowResized = event { terminal.invalidate() }
                // A key or a paste cancels the words near the lookup prompt's text being found:
                // the work would hold the index while the key is handled (the prompt asks again).
                switch event {
                case .keyPressed, .pasted: spellings.cancel()
                default: break
                }
                for effect in browser.handle(event) {
                    switch effect {
                    case .quit: return
                    case .copyToClipboard(let text): terminal.copyToClipboard(text)
                    case .search(let request):
                        if browser.source !== searchSource {
                            searchSource = browser.source
                            searches = searchSource.searchPages.map { SearchRunner(makePage: $0, mailbox: mailbox) }
                        }
                        searches?.start(request)
                    case .suggestSpellings(let query):
                        guard let suggest = browser.source.spellingSuggester else { continue }
                        spellings.start { isCancelled in
                            suggest(query, LookupController.completionLimit, isCancelled).map { .spellingsFound(query: query, $0) }
                        }
                    case .makePreview(let query):
                        guard let make = browser.source.previewPages else { continue }
                        previews.start { _ in .previewMade(PreviewOutcome(query: query, page: make(query))) }
                    }
                }
                // After `handle`, which has kept the session and any edit's recovery copy.
                if terminal.wasInterrupted { return }
            }
            if terminal.hasPendingInput { continue }
            terminal.draw(browser.render(), cursor: browser.cursorPosition)
        }
    }
}
