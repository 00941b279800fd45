import BrowserCore
import DictionaryIndex
import DictionaryModel
import DictionarySearch
import DictionaryEditing

/// The config file's groups (`group.NAME = ID ID…`) over the dictionaries the browser opened:
/// a group's pages come from a library of those whose ids it names, in library order (the
/// browser's `D`, and `-g NAME` or the last session's group at the start).
final class LibraryGroups: DictionaryGroups {
    /// Every dictionary the browser opened (all of the library, or of `--data`, narrowed by `-d`).
    let opened: [IndexedDictionary]
    /// The config file's groups, in its order.
    let configured: [(name: String, ids: [String])]
    init(opened: [IndexedDictionary], configured: [(name: String, ids: [String])]) {
        self.opened = opened
        self.configured = configured
    }

    var groups: [DictionaryGroup] {
        configured.map { group in
            let titles = opened.filter { group.ids.contains($0.info.id) }.map(\.info.title)
            return DictionaryGroup(name: group.name, detail: titles.isEmpty ? "none of \(group.ids.joined(separator: ", ")) is open"
                                                                            : titles.joined(separator: ", "))
        }
    }

    /// The dictionaries of the group `name` (nil: all), or why there are none.
    func members(of name: String?) -> Result<[IndexedDictionary], DictionaryGroupError> {
        guard let name else { return .success(opened) }
        guard let ids = configured.first(where: { $0.name == name })?.ids else {
            return .failure(DictionaryGroupError("There is no group “\(name)” in the config file."))
        }
        let chosen = opened.filter { ids.contains($0.info.id) }
        guard !chosen.isEmpty else {
            return .failure(DictionaryGroupError("None of the dictionaries of the group “\(name)” (\(ids.joined(separator: ", "))) is open."))
        }
        return .success(chosen)
    }

    func source(forGroup name: String?) -> Result<PageSource, DictionaryGroupError> {
        members(of: name).map { makeSource($0) }
    }

    /// The browser's pages of `dictionaries`: `Linked from`, search and editing as `wordlink` has them.
    func makeSource(_ dictionaries: [IndexedDictionary]) -> DictionaryPageSource {
        let library = Library(dictionaries)
        let search = LibrarySearch(library: library)
        let source = DictionaryPageSource(library: library, linkedFrom: search.linkedFrom, search: search.browserSearch)
        // Editing mode: notes on imported entries go under the user's data folder. A save brings its dictionary's rows
        // of the library index up to date (its texts and links with them: search and Linked from).
        source.enableEditing(notesRoot: PersonalNotes.defaultRoot(environment: LibraryLocation.processEnvironment()))
        return source
    }
}

extension PersonalNotes {
    /// The person's notes in the user's data folder (`defaultRoot`), by dictionary id and
    /// entry id, as `define` and study cards show them at the end of an imported entry (the
    /// browser's editing reads the same files); nil without a data folder, or with no notes in
    /// it (one `stat`, where asking each entry of `dog`'s page took 54).
    static func shown() -> (@Sendable (_ dictionaryID: String, _ entryID: String) -> [String])? {
        guard let root = defaultRoot(environment: LibraryLocation.processEnvironment()), fileStatus(root + "/notes") != nil else { return nil }
        let notes = PersonalNotes(root: root)
        return { notes.notes(dictionary: $0, entry: $1) }
    }
}
