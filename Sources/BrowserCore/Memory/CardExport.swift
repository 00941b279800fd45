import DictionaryModel
import StudyCards

/// Where the export key (`A`, on the history or bookmarks page) writes study cards, and how:
/// the executable gives the browser one (the documents folder, an atomic write); tests give one
/// of their own. Without one the key says that cards cannot be written.
public struct CardExport: Sendable {
    /// The folder the file goes into (`CardFolder.documents`).
    public var folder: String
    /// Writes `text` to `path` whole, or not at all (`replaceFile`: a temporary file beside it,
    /// flushed and renamed over it); returns why it could not, nil when it wrote.
    public var write: @Sendable (_ path: String, _ text: String) -> String?
    /// Now, seconds since 1970: the day in the file's name.
    public var now: @Sendable () -> Double

    public init(folder: String, now: @escaping @Sendable () -> Double = WallClock.system.now,
                write: @escaping @Sendable (_ path: String, _ text: String) -> String? = CardExport.replace) {
        self.folder = folder
        self.now = now
        self.write = write
    }

    /// `replaceFile`, its failure as a sentence.
    public static let replace: @Sendable (String, String) -> String? = { path, text in
        do throws(DictionaryModelError) {
            try replaceFile(path, with: text)
            return nil
        } catch {
            return error.description
        }
    }
}

extension BrowserState {
    /// The export key: on the history page, its words (looked up and found, most looked up
    /// first) as Anki's text; on the bookmarks page, the bookmarks; the file's place in the
    /// status line.
    mutating func exportCards(in env: BrowserEnvironment) {
        let from: StudySource
        switch page.address {
        case HistoryPages.historyAddress: from = .history
        case HistoryPages.bookmarksAddress: from = .bookmarks
        default:
            say("A writes study cards on the history page (r) or the bookmarks page (M).")
            return
        }
        guard let memory = env.memory else { say("History is not kept in this session."); return }
        guard let export = env.cardExport else { say("Study cards cannot be written in this session."); return }
        let cards = env.source.studyCards(for: memory.studyWords(from: from), byLookups: from == .history)
        guard !cards.isEmpty else {
            say(from == .history ? "No word looked up is in the open dictionaries: there is no card to write."
                                 : "No bookmark is in the open dictionaries: there is no card to write.")
            return
        }
        let path = (export.folder.hasSuffix("/") ? export.folder : export.folder + "/")
            + CardFolder.fileName(from: from, format: .anki, time: export.now())
        writes.append(.cards(path: path, text: CardFormat.anki.document(cards, from: from),
                             done: "Wrote \(cards.count == 1 ? "1 Anki card" : "\(cards.count) Anki cards") to \(path) — in Anki: File, Import."))
    }
}
