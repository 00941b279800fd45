import BrowserCore
import TerminalText

/// A browser under test the way The Composable Architecture's `TestStore` tests a store:
/// each `send` hands the browser one event, and the test says how it expects the whole
/// state to change (a closure that edits the state before the event into the one after
/// it). Any field that changed otherwise, and any effect other than the ones expected, is a
/// failure: nothing the event did goes unchecked.
///
/// Failures are thrown (`try store.send(…)`), so a `throws` test records them with a list of
/// the fields that differ.
public final class BrowserTestStore {
    public let browser: Browser
    /// The state as the test expects it to be now.
    public private(set) var expected: BrowserState

    public init(_ browser: Browser) {
        self.browser = browser
        expected = browser.state
    }

    /// The browser's state now.
    public var state: BrowserState { browser.state }
    /// The current page's layout, for working out positions to expect.
    public var view: PageView { browser.view }

    /// A mismatch between the state (or the effects) expected after an event and those the
    /// browser has.
    public struct Failure: Error, CustomStringConvertible {
        public var step: String
        public var differences: [String]
        public var description: String {
            "after \(step), not as expected:\n" + differences.map { "  " + $0 }.joined(separator: "\n")
        }
    }

    /// Sends `event`; `update` turns the state expected before it into the state expected
    /// after it. `effects` are the effects expected (none unless said).
    @discardableResult
    public func send(_ event: BrowserEvent, effects: [BrowserEffect] = [],
                     _ update: (inout BrowserState) throws -> Void = { _ in }) throws -> BrowserState {
        try step("\(event)", effects: effects, update) { browser.handle(event) }
    }

    /// Runs a browsing command, as `send` does an event.
    @discardableResult
    public func run(_ command: BrowsingCommand, effects: [BrowserEffect] = [],
                    _ update: (inout BrowserState) throws -> Void = { _ in }) throws -> BrowserState {
        try step("run(.\(command))", effects: effects, update) { browser.run(command) }
    }

    private func step(_ name: String, effects expectedEffects: [BrowserEffect], _ update: (inout BrowserState) throws -> Void,
                      _ act: () -> [BrowserEffect]) throws -> BrowserState {
        var next = expected
        try update(&next)
        let effects = act()
        let actual = browser.state
        // The next step starts from what the browser has, so one mismatch is reported once.
        expected = actual
        var differences = Self.differences(next, actual)
        if effects != expectedEffects { differences.append("effects: expected \(expectedEffects), got \(effects)") }
        guard differences.isEmpty else { throw Failure(step: name, differences: differences) }
        return actual
    }

    /// The fields (one level down, then the page's reading state field by field) that differ.
    static func differences(_ expected: BrowserState, _ actual: BrowserState) -> [String] {
        guard expected != actual else { return [] }
        var result: [String] = []
        let pairs = zip(Mirror(reflecting: expected).children, Mirror(reflecting: actual).children)
        for (want, got) in pairs {
            let label = want.label ?? "?"
            let (a, b) = (String(reflecting: want.value), String(reflecting: got.value))
            if a != b { result.append("\(label): expected \(a), got \(b)") }
        }
        return result.isEmpty ? ["expected \(expected)", "got \(actual)"] : result
    }
}
