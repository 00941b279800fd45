import DictionaryIndex
import DictionaryModel
import PageFormatting

/// Makes study cards from words over the open dictionaries: each word looked up again as its
/// page would be, and the first dictionary that has it gives the back.
public struct StudyCardMaker: Sendable {
    public let library: Library
    /// A person's own notes on an entry of an imported dictionary (`PersonalNotes.notes`), by
    /// dictionary id and entry id: the back ends with them, as the page does.
    public var personalNotes: (@Sendable (_ dictionaryID: String, _ entryID: String) -> [String])?

    public init(library: Library, personalNotes: (@Sendable (_ dictionaryID: String, _ entryID: String) -> [String])? = nil) {
        self.library = library
        self.personalNotes = personalNotes
    }

    /// A card for each word that the library still finds, in the order given; words that come
    /// to the same front (`dog` typed and a link to `dog~n`) are one card, with their lookups
    /// added and the later time. `byLookups`: most looked up first (ties keep their order).
    public func cards(for words: [StudyWord], byLookups: Bool) -> [StudyCard] {
        var cards: [StudyCard] = []
        var byFront: [String: Int] = [:]
        for word in words {
            guard let card = card(for: word) else { continue }
            if let known = byFront[card.front] {
                cards[known].lookups += card.lookups
                cards[known].time = max(cards[known].time, card.time)
            } else {
                byFront[card.front] = cards.count
                cards.append(card)
            }
        }
        guard byLookups else { return cards }
        return cards.enumerated().sorted { a, b in
            a.element.lookups != b.element.lookups ? a.element.lookups > b.element.lookups : a.offset < b.offset
        }.map(\.element)
    }

    /// The card for one word, nil when no open dictionary has it now.
    public func card(for word: StudyWord) -> StudyCard? {
        let text = word.text.trimmingWhitespace
        guard !text.isEmpty, let (member, numbers) = entries(for: word, text: text) else { return nil }
        let lookup = library.members[member].lookup
        let entries = numbers.map { lookup.entry(at: $0) }
        guard let first = entries.first else { return nil }
        let info = library.members[member].info
        var backHTML = EntryHTML.html(of: entries), backText = EntryHTML.plainText(of: entries)
        if info.importer != nil, let personalNotes {
            let notes = entries.flatMap { personalNotes(info.id, $0.id) }
            if !notes.isEmpty {
                backHTML += EntryHTML.personalNotesHTML(notes)
                backText += "\n" + EntryHTML.personalNotesText(notes)
            }
        }
        return StudyCard(front: EntryHTML.safe(word.isLink ? first.headword : text), backHTML: backHTML,
                         backText: backText, dictionary: info.id, dictionaryTitle: info.title,
                         lookups: max(1, word.lookups), time: word.time)
    }

    /// The first dictionary that finds the word, and the entries it finds: a query as a page
    /// looks it up (what it names, then what rules lead to); a link's destination in its own
    /// dictionary first, then in the others.
    private func entries(for word: StudyWord, text: String) -> (member: Int, numbers: [Int])? {
        guard word.isLink else { return library.lookUp(text).first.map { ($0.member, $0.result.entryNumbers) } }
        var order = Array(library.members.indices)
        if let home = word.dictionary.flatMap(library.member(forKey:)) {
            order.removeAll { $0 == home }
            order.insert(home, at: 0)
        }
        for member in order {
            let lookup = library.members[member].lookup
            if let number = lookup.entryNumber(forID: text) { return (member, [number]) }
            let result = lookup.lookUp(linkTarget: text)
            if result.isFound { return (member, result.entryNumbers) }
        }
        return nil
    }
}

extension String {
    /// Without white space at either end.
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
