import BrowserCore
import BrowsingHistory
import DictionaryModel
import StudyCards
#if canImport(Glibc)
import Glibc
#endif

/// The browser's memory (`BrowsingMemory`) kept in the history store. A failing write does
/// not stop the browser: the first failure is kept, and said when it quits.
final class HistoryMemory: BrowsingMemory {
    let store: HistoryStore
    /// The first write or read that failed, as one sentence.
    private(set) var failure: String?

    /// Keeps the first failure.
    func recordFailure(_ sentence: String) {
        if failure == nil { failure = sentence }
    }

    init(store: HistoryStore) { self.store = store }

    /// Opens the store in the state folder; nil (with a warning on standard error) when it
    /// cannot be opened. A damaged store set aside is said on standard error too.
    static func openStore() -> HistoryStore? {
        guard let folder = stateFolder() else { return nil }
        do {
            let store = try HistoryStore(folder: folder)
            if let aside = store.setAsidePath {
                Terminal.error("warning: the history store \(store.path) was damaged; it was moved to \(aside) and a new one begun.")
            }
            return store
        } catch {
            Terminal.error("warning: \(error.description) History is not kept this time.")
            return nil
        }
    }

    /// The state folder the history is kept in; nil (with a warning on standard error) when
    /// neither `XDG_STATE_HOME` nor `HOME` names one.
    static func stateFolder() -> String? {
        var environment: [String: String] = [:]
        for name in ["XDG_STATE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        guard let folder = HistoryStore.folder(environment: environment) else {
            Terminal.error("warning: neither XDG_STATE_HOME nor HOME is an absolute path, so history is not kept.")
            return nil
        }
        return folder
    }

    private func attempt<T>(_ fallback: T, _ body: () throws(HistoryStoreError) -> T) -> T {
        do { return try body() } catch {
            if failure == nil { failure = error.description }
            return fallback
        }
    }

    func recordVisit(_ address: PageAddress, title: String?) {
        attempt(()) { () throws(HistoryStoreError) in
            try store.record(Visit(time: HistoryStore.now(), address: address.stored, title: title, origin: "browser"))
        }
    }

    func saveSession(_ session: BrowserSession) {
        var current = session.current.place(topText: session.topText)
        if let entry = session.topEntry {
            (current.entryDictionary, current.entryID, current.entryOffset) = (entry.dictionary, entry.id, entry.offset)
        }
        let saved = Session(current: current, back: session.back.map { $0.place() }, forward: session.forward.map { $0.place() },
                            group: session.group)
        attempt(()) { () throws(HistoryStoreError) in try store.saveSession(saved) }
    }

    /// The saved session, as the browser takes it.
    func loadSession() -> BrowserSession? {
        guard let session = attempt(nil, { () throws(HistoryStoreError) in try store.loadSession() }) else { return nil }
        let current = session.current
        let entry = current.entryID.map { BrowserSession.EntryAnchor(dictionary: current.entryDictionary ?? "", id: $0, offset: current.entryOffset ?? 0) }
        return BrowserSession(current: current.item, topText: current.topText, topEntry: entry,
                              back: session.back.map(\.item), forward: session.forward.map(\.item), group: session.group)
    }

    func isBookmarked(_ address: PageAddress) -> Bool {
        attempt([], { () throws(HistoryStoreError) in try store.bookmarks() }).contains { $0.address == address.stored }
    }

    func setBookmark(_ address: PageAddress, title: String, isOn: Bool) {
        attempt(()) { () throws(HistoryStoreError) in try store.setBookmark(address.stored, title: title, isOn: isOn) }
    }

    func clearHistory() -> Bool {
        attempt(false) { () throws(HistoryStoreError) in
            try store.clearHistory()
            return true
        }
    }

    func studyWords(from source: StudySource) -> [StudyWord] {
        attempt([], { () throws(HistoryStoreError) in try ExportCommand.studyWords(store, from: source, since: nil) })
    }

    func bookmarks() -> [RememberedPage] {
        attempt([], { () throws(HistoryStoreError) in try store.bookmarks() }).map {
            RememberedPage(address: PageAddress(stored: $0.address), title: $0.title, detail: HistoryFormat.day($0.time))
        }
    }

    /// What the history page's "Most recent" calls a visit: its page's title, and the sense
    /// and the one dictionary it was opened at when the title does not say them (`dog, sense 2`,
    /// `dog · freedict-eng-fin`): pages of one word looked like one.
    static func recentTitle(of visit: Visit) -> String {
        var title = visit.title ?? visit.address.text
        if let sense = visit.address.sense, !sense.isEmpty { title += ", sense " + sense }
        if let dictionary = visit.address.dictionary, !dictionary.isEmpty, !title.contains(dictionary) { title += " · " + dictionary }
        return title
    }

    func historySummary() -> HistorySummary {
        let visits = attempt([], { () throws(HistoryStoreError) in try store.visits(limit: 500) })
        let counts = attempt([], { () throws(HistoryStoreError) in try store.wordCounts() })
        var seen = Set<StoredAddress>()
        var recent: [RememberedPage] = []
        for visit in visits.reversed() where visit.isFound && seen.insert(visit.address.sameWord).inserted && recent.count < 20 {
            recent.append(RememberedPage(address: PageAddress(stored: visit.address), title: Self.recentTitle(of: visit),
                                         detail: HistoryFormat.minute(visit.time)))
        }
        let most = counts.filter(\.isFound).sorted { ($0.count, $0.lastTime) > ($1.count, $1.lastTime) }.prefix(20).map {
            RememberedPage(address: PageAddress(query: $0.text), title: $0.text, detail: "\($0.count) ×")
        }
        let missing = counts.filter { !$0.isFound }.prefix(20).map {
            RememberedPage(address: PageAddress(query: $0.text), title: $0.text, detail: "\($0.count) ×, last " + HistoryFormat.minute($0.lastTime))
        }
        return HistorySummary(recent: recent, mostLookedUp: Array(most), notFound: Array(missing))
    }
}

extension PageAddress {
    var stored: StoredAddress { StoredAddress(text: text, isLink: isLinkTarget, dictionary: dictionary, sense: sense) }

    init(stored: StoredAddress) {
        self.init(query: stored.text)
        isLinkTarget = stored.isLink
        dictionary = stored.dictionary
        sense = stored.sense
    }
}

extension BrowserState.HistoryItem {
    func place(topText: String = "") -> SessionPlace {
        SessionPlace(address: address.stored, title: title, topCharacter: topCharacter, topText: topText, focusedLink: focusedLink)
    }
}

extension SessionPlace {
    var item: BrowserState.HistoryItem {
        BrowserState.HistoryItem(address: PageAddress(stored: address), title: title, topCharacter: topCharacter, focusedLink: focusedLink)
    }
}

/// Times as the history shows them, in UTC.
enum HistoryFormat {
    static func parts(_ time: Double) -> tm {
        var seconds = time_t(time)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }

    private static func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `2026-12-01`.
    static func day(_ time: Double) -> String {
        let p = parts(time)
        return "\(p.tm_year + 1900)-\(two(p.tm_mon + 1))-\(two(p.tm_mday))"
    }

    /// `2026-12-01 12:31`.
    static func minute(_ time: Double) -> String {
        let p = parts(time)
        return day(time) + " \(two(p.tm_hour)):\(two(p.tm_min))"
    }

    /// ISO 8601 to the second: `2026-12-01T12:31:05Z`.
    static func iso(_ time: Double) -> String {
        let p = parts(time)
        return day(time) + "T\(two(p.tm_hour)):\(two(p.tm_min)):\(two(p.tm_sec))Z"
    }
}

extension HistoryMemory {
    /// Records one lookup of a command other than the browser (`define`), saying on
    /// standard error when it cannot. Appended to the history's journal (`HistoryJournal`),
    /// which the store takes in when it is next opened: one line written, where opening the
    /// store costs a recovery of its write-ahead log.
    static func recordLookup(_ query: String, title: String?, origin: String) {
        guard let folder = stateFolder() else { return }
        let visit = Visit(time: HistoryStore.now(), address: StoredAddress(text: query), title: title, origin: origin)
        do {
            try HistoryJournal.append(visit, folder: folder)
        } catch {
            Terminal.error("warning: \(error.description)")
        }
    }
}

// MARK: The editor's recovery copy

extension HistoryMemory {
    /// `unsaved-edit` beside the history store: the edit not saved yet, if there is one.
    var recoveryPath: String {
        let path = store.path
        guard let slash = path.lastIndex(of: "/") else { return "unsaved-edit" }
        return String(path[..<slash]) + "/unsaved-edit"
    }

    /// Written on every change that is not saved yet (`replaceFile`, not flushed): a kill, a
    /// hang-up or a crash leaves the old copy or the new one, whole. One line of JSON says what is edited; the
    /// text follows as it is, so a megabyte costs a copy, not an escaping pass, a keystroke. Not flushed to the
    /// disk on every key (that would cost a disk round trip a keystroke); what a save writes is.
    func saveRecovery(_ recovery: EditorRecovery?) {
        let path = recoveryPath
        guard let recovery else {
            removeFile(path)
            return
        }
        let header = JSONValue.object([
            "kind": .string(recovery.kind), "dictionary": .string(recovery.dictionary), "entryID": .string(recovery.entryID),
            "title": .string(recovery.title), "caret": JSONValue(.number(Double(recovery.caret))),
            "bytes": JSONValue(.number(Double(recovery.text.utf8.count))),
            // Whole seconds since 1970, for the next start to say when the edit was made.
            "time": recovery.time.map { JSONValue(.number($0.rounded(.down))) } ?? JSONValue(.null),
        ])
        do throws(DictionaryModelError) {
            try replaceFile(path, with: header.serialized + "\n" + recovery.text, flushing: false)
        } catch {
            recordFailure("The copy of the unsaved edit could not be written to \(path).")
        }
    }

    /// The copy an earlier run left; nil when there is none or it is not whole.
    func loadRecovery() -> EditorRecovery? {
        let path = recoveryPath
        guard let bytes = try? readFile(path, shownAs: path), let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONParser.parse(Array(bytes[..<newline])),
              let kind = header["kind"]?.stringValue, let dictionary = header["dictionary"]?.stringValue,
              let title = header["title"]?.stringValue, header["bytes"]?.intValue == bytes.count - newline - 1 else { return nil }
        let text = String(decoding: bytes[(newline + 1)...], as: UTF8.self)
        return EditorRecovery(kind: kind, dictionary: dictionary, entryID: header["entryID"]?.stringValue, title: title, text: text,
                              caret: header["caret"]?.intValue ?? 0, time: header["time"]?.numberValue)
    }
}
