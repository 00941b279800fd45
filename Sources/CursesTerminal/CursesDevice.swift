import BrowserCore
import CNcursesw
import TerminalText

/// The real terminal behind the event loop's `TerminalDevice`: ncurses' screen and input.
final class CursesDevice: TerminalDevice {
    private let screen: CursesScreen
    private let input: TerminalInput

    init(screen: CursesScreen, input: TerminalInput) {
        self.screen = screen
        self.input = input
    }

    func waitForEvents(wakingOn mailbox: EventMailbox) -> [BrowserEvent] {
        input.waitForEvents(wakeDescriptor: mailbox.descriptor)
    }

    var wasInterrupted: Bool { input.wasInterrupted }

    /// A burst (motion reports, a held key) is drawn once it has settled.
    var hasPendingInput: Bool { input.decoder.isIncomplete || TerminalApp.hasPendingInput() }

    func draw(_ grid: CellGrid, cursor: CellPoint?) { screen.draw(grid, cursor: cursor) }
    func invalidate() { screen.invalidate() }
    func suspend() { TerminalApp.suspend() }
    func copyToClipboard(_ text: String) { TerminalApp.copyToClipboard(text) }
}
