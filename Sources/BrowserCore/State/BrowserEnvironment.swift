import DictionaryModel
import TerminalText

/// The pages laid out for the state's pages: the current one, help and a preview. A cache,
/// not state: each is made again from its page and the window's width.
public final class PageLayouts {
    /// The current page's layout.
    public internal(set) var page: PageView
    /// The help page's, made when help is first shown and kept.
    var help: PageView?
    /// The lookup prompt's preview's.
    var preview: PageView?
    /// The editor's text stack, while editing mode is on.
    public internal(set) var editor: EditorSession?

    init(page: PageView) { self.page = page }

    /// The layout of the page the viewport shows in `state`.
    func shown(in state: BrowserState) -> PageView {
        switch state.shown {
        case .page: return page
        case .help: return help ?? page
        case .preview: return preview ?? page
        }
    }

    /// Lays every page out again at `width`.
    func setWidth(_ width: Int) {
        for layout in [page, help, preview].compactMap({ $0 }) { layout.width = width }
        editor?.width = width
    }
}

/// What the mode controllers work with besides the state: where pages come from, the keys,
/// and the layouts (which opening a page replaces).
struct BrowserEnvironment {
    /// The page source, which choosing a group replaces.
    let slot: PageSourceSlot
    var source: PageSource { slot.source }
    let keyMap: KeyMap
    let layouts: PageLayouts
    /// History, bookmarks and the session, when the browser keeps them.
    var memory: BrowsingMemory? = nil
    /// The config file's groups of dictionaries, when the browser can choose among them.
    var groups: DictionaryGroups? = nil
    /// Where the export key writes study cards; nil: it cannot.
    var cardExport: CardExport? = nil
    /// The editor's clock (`Browser.clock`).
    var clock: () -> Double = TextEditor.monotonicSeconds

    /// The current page's layout.
    var layout: PageView { layouts.page }
}
