import DictionaryModel
import DictionaryIndex
import PageFormatting
import TerminalText

/// The pages of the entries a query or a link names, made from a library and its pages as they
/// were when this was made: a value, so that the lookup prompt's preview can be made on
/// another thread while the source goes on (a save may give it a new library meanwhile).
struct EntryPages: Sendable {
    let library: Library
    let pages: LibraryPages

    /// The page of what `address` names: a query's entries in every dictionary (or the one it
    /// names), with its morphology's base words; a link target's as links resolve. Opened at
    /// the address's sense, if it has one. Nil when it names no entry. Made in one read of the
    /// library index (`Library.readingThroughout`).
    func page(at address: PageAddress) -> Page? {
        library.readingThroughout { made(at: address) }
    }

    private func made(at address: PageAddress) -> Page? {
        var sections: [LibraryPages.Section] = []
        let members = address.dictionary.flatMap(library.member(forKey:)).map { [$0] } ?? Array(library.members.indices)
        if address.isLinkTarget {
            for member in members {
                let result = library.members[member].lookup.lookUp(linkTarget: address.text)
                if result.isFound { sections.append(LibraryPages.Section(member: member, entryNumbers: result.entryNumbers)) }
            }
        } else {
            // A query: with its morphology's base words and what led there.
            sections = library.lookUp(address.text, inMembers: members).map(LibraryPages.Section.init)
        }
        guard let first = sections.first else { return nil }
        let count = sections.reduce(0) { $0 + $1.entryNumbers.count }
        var title = library.members[first.member].lookup.headword(ofEntryAt: first.entryNumbers[0])
        if count > 1 { title += " (\(count) entries)" }
        // The dictionaries that answered, named as the navigator names them (a long title by
        // its id); past four, the first three and how many more (the navigator names them all,
        // and the title is what the history lists: `dog` answered by 24 took five lines there).
        if library.isShared {
            let names = sections.map { LibraryPages.name(of: library.members[$0.member]) }
            title += " · " + (names.count > 4 ? names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more" : names.joined(separator: ", "))
        }
        // Opened at a sense, the page shows that sense's relations whole (long ones fold).
        let (text, senseStarts, entryStarts, places) = pages.page(sections, openedAt: address.sense)
        var entries: [PageEntry] = []
        var pageSections: [PageSection] = []
        for (s, section) in sections.enumerated() {
            let member = library.members[section.member]
            for (e, number) in section.entryNumbers.enumerated() where e < entryStarts[s].count {
                entries.append(PageEntry(start: entryStarts[s][e], dictionary: member.key, id: member.lookup.id(ofEntryAt: number)))
            }
            if library.isShared, s < places.count {
                pageSections.append(PageSection(dictionary: member.key, title: member.info.title, entryCount: section.entryNumbers.count,
                                                heading: places[s].heading, end: places[s].end))
            }
        }
        var page = Page(title: title, address: address, text: text, entries: entries, sections: pageSections,
                        word: library.members[first.member].lookup.headword(ofEntryAt: first.entryNumbers[0]))
        if let sense = address.sense {
            page.note = "No entry of “\(address.text)” has a sense “\(sense)”: the page opens at its top."
            anchoring: for (s, section) in sections.enumerated() {
                let lookup = library.members[section.member].lookup
                for (e, number) in section.entryNumbers.enumerated() {
                    let entry = lookup.entry(at: number)
                    guard let anchored = entry.sense(anchoredAt: sense),
                          let k = NumberedSense.all(entry.senses).firstIndex(of: anchored), k < senseStarts[s][e].count else { continue }
                    page.startCharacter = senseStarts[s][e][k]
                    page.note = nil
                    break anchoring
                }
            }
        }
        return page
    }
}
