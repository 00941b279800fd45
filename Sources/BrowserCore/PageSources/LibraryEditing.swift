#if canImport(Glibc)
import Glibc
#endif
import DictionaryEditing
import DictionaryIndex
import DictionaryModel
import PageFormatting

/// Editing mode's dictionary side over the open library (`DictionaryPageSource`): a hand-written
/// dictionary's entries are edited in place and new entries get files of their own
/// (`EntryFileEditor`); an imported dictionary's entries get a person's own note instead
/// (`PersonalNotes`), since the next import would overwrite an edit. After a save the member's
/// lookup is brought up to date, so the page, lookups and completion see the change at once.
final class LibraryEditing: EntryEditingSource {
    private unowned let source: DictionaryPageSource
    let notes: PersonalNotes?
    private let afterSave: ((String) -> Void)?

    init(source: DictionaryPageSource, notesRoot: String?, afterSave: ((String) -> Void)?) {
        self.source = source
        notes = notesRoot.map(PersonalNotes.init(root:))
        self.afterSave = afterSave
    }

    private var library: Library { source.library }

    /// What a save needs of an entry's draft.
    private struct EntryBase: Sendable {
        var entry: EditableEntry
    }

    /// What a save needs of a note's draft.
    private struct NoteBase: Sendable {
        var note: PersonalNotes.Note
        var dictionaryID: String
    }

    // MARK: Drafts

    func draft(editing entry: PageEntry) -> Result<EditorDraft, EditorFailure> {
        guard let m = library.member(forKey: entry.dictionary) else { return .failure(EditorFailure("That dictionary is no longer open.")) }
        let member = library.members[m]
        guard let number = member.lookup.entryNumber(forID: entry.id) else {
            return .failure(EditorFailure("“\(entry.id)” is no longer in \(member.info.title)."))
        }
        let headword = member.lookup.headword(ofEntryAt: number)
        if member.info.importer != nil {
            guard let notes else {
                return .failure(EditorFailure("\(member.info.title) is an import, so its entries are not edited in place, and there is no data folder for your notes (set XDG_DATA_HOME or HOME)."))
            }
            do throws(EditingError) {
                let note = try notes.note(dictionary: member.info.id, entry: entry.id)
                let text = PersonalNotes.text(of: note.paragraphs)
                return .success(EditorDraft(kind: .note, dictionary: member.key, entryID: entry.id, title: headword, text: text,
                                            caret: text.utf8.count, base: NoteBase(note: note, dictionaryID: member.info.id)))
            } catch {
                return .failure(EditorFailure(error.description))
            }
        }
        let file = member.lookup.entry(at: number).origin.file
        do throws(EditingError) {
            let editable = try EntryFileEditor.open(entryID: entry.id, in: member.folder, file: file.isEmpty ? nil : file)
            let text = editable.document.text
            return .success(EditorDraft(kind: .entry, dictionary: member.key, entryID: entry.id, title: editable.document.headword,
                                        text: text, caret: Self.firstBodyOffset(in: text), base: EntryBase(entry: editable)))
        } catch {
            return .failure(EditorFailure(error.description))
        }
    }

    func draft(creatingEntryFor headword: String, from link: WordLink?) -> Result<EditorDraft, EditorFailure> {
        // The link's own dictionary when it is written by hand, else the first one that is.
        let home = link?.dictionary.flatMap(library.member(forKey:)) ?? 0
        let candidates = [home] + library.members.indices.filter { $0 != home }
        guard let m = candidates.first(where: { library.members.indices.contains($0) && library.members[$0].info.importer == nil
                                                && !library.members[$0].folder.isEmpty }) else {
            return .failure(EditorFailure("Every open dictionary is an import, and imports are not edited: open a dictionary of your own "
                + "(a folder with dictionary.json and entries/, see docs/data-format.md) to write new entries in."))
        }
        let member = library.members[m]
        let (text, caret) = EntryDocument.newEntryText(headword: headword)
        return .success(EditorDraft(kind: .newEntry, dictionary: member.key, entryID: nil, title: headword, text: text, caret: caret))
    }

    /// Where the caret starts on an entry: the start of the first definition, else the end of the headword.
    static func firstBodyOffset(in text: String) -> Int {
        let lines = EntryDocument.classifyLines(text)
        for line in lines {
            if case .sense = line.lineClass.kind { return line.range.lowerBound + line.lineClass.body.lowerBound }
        }
        return lines.first?.range.upperBound ?? 0
    }

    // MARK: Saving

    func save(_ text: String, of draft: EditorDraft, overwrite: Bool) -> Result<EditorDraft, EditorFailure> {
        guard let m = library.member(forKey: draft.dictionary) else { return .failure(EditorFailure("That dictionary is no longer open.")) }
        let member = library.members[m]
        do throws(EditingError) {
            switch draft.kind {
            case .note:
                guard let notes, let base = draft.base as? NoteBase, let id = draft.entryID else { return .failure(EditorFailure("Nothing to save.")) }
                let saved = try notes.save(PersonalNotes.paragraphs(fromText: text), dictionary: base.dictionaryID, entry: id,
                                           headword: draft.title, over: base.note, overwrite: overwrite)
                var next = draft
                next.base = NoteBase(note: saved, dictionaryID: base.dictionaryID)
                next.text = text
                source.replaceLookup(ofMember: m, with: member.lookup)   // the pages show the note
                return .success(next)
            case .entry:
                guard let base = draft.base as? EntryBase else { return .failure(EditorFailure("Nothing to save.")) }
                let document: EntryDocument
                do throws(EntryDocumentError) { document = try EntryDocument.parse(text) } catch { throw .invalid(error) }
                let saved = try EntryFileEditor.save(document, over: base.entry, overwrite: overwrite)
                refresh(member: m)
                var next = draft
                next.base = EntryBase(entry: saved)
                next.title = document.headword
                next.text = text
                return .success(next)
            case .newEntry:
                let document: EntryDocument
                do throws(EntryDocumentError) { document = try EntryDocument.parse(text) } catch { throw .invalid(error) }
                let lookup = member.lookup
                let created = try EntryFileEditor.create(document, id: nil, in: member.folder, existingIDs: { lookup.entryNumber(forID: $0) != nil })
                refresh(member: m)
                return .success(EditorDraft(kind: .entry, dictionary: member.key, entryID: created.id, title: document.headword,
                                            text: text, caret: 0, base: EntryBase(entry: created)))
            }
        } catch {
            if case .changedOnDisk = error { return .failure(EditorFailure(error.description, isChangedOnDisk: true)) }
            return .failure(EditorFailure(error.description))
        }
    }

    /// Brings member `m`'s lookup up to date with its entry files: an index reads again only the files that changed;
    /// a full load is made again.
    private func refresh(member m: Int) {
        let member = library.members[m]
        if let indexed = member.lookup as? IndexedLookup {
            indexed.refresh()
            source.replaceLookup(ofMember: m, with: indexed)
        } else if let folder = try? DataFolder.load(from: member.folder) {
            source.replaceLookup(ofMember: m, with: Lookup(folder: folder))
        }
        afterSave?(member.folder)
    }

    // MARK: Styling and commands

    func linkState(target: String, sense: String?, in dictionary: String) -> WordLink.State {
        guard let m = library.member(forKey: dictionary) else { return Lookup.isExternal(target) ? .external : .unresolved }
        return library.resolve(target: target, sense: sense, in: m).state
    }

    func classify(line: Substring, isFirst: Bool) -> EditorLineClass {
        let count = line.utf8.count
        if isFirst { return EditorLineClass(kind: .headword, label: 0..<0, body: 0..<count) }
        let lineClass = EntryDocument.classify(line: line)
        let kind: EditorLineClass.Kind
        switch lineClass.kind {
        case .headword: kind = .headword
        case .pos: kind = .partOfSpeech
        case .pronunciation: kind = .pronunciation
        case .sense: kind = .sense
        case .example, .translation: kind = .example
        case .senseNote, .entryNote: kind = .note
        case .etymology, .continuation, .empty: kind = .other
        }
        return EditorLineClass(kind: kind, label: lineClass.label, body: lineClass.body)
    }

    func insertion(adding field: EditorField, in text: String, at caret: Int) -> (offset: Int, text: String, caret: Int)? {
        let kind: EntryDocument.AddedField = switch field {
        case .sense: .sense
        case .subSense: .subSense
        case .example: .example
        case .note: .note
        }
        return EntryDocument.insertion(adding: kind, in: text, at: caret).map { ($0.offset, $0.text, $0.caret) }
    }

    func removal(ofFieldAt caret: Int, in text: String) -> (range: Range<Int>, caret: Int)? {
        EntryDocument.removal(ofFieldAt: caret, in: text).map { ($0.range, $0.caret) }
    }
}
