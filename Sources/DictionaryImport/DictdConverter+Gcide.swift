import DictionaryModel
import DictionaryIndex

/// GCIDE records as entries. The body's layout is fixed by `dict-gcide`'s formatter, and its
/// indentation carries the structure:
///
///     Bank \Bank\ (b[a^][ng]k), n. [OE. banke; …]
///        1. A mound, pile, or ridge of earth, …
///           [1913 Webster]
///
///                 They cast up a bank against the city. --2 Sam. xx.
///                                                       15.
///           [1913 Webster]
///
///        5. (Mining)
///           (a) The face of the coal at which miners are working.
///           (b) A deposit of ore or coal, …
///
///        Note: …
///
///        {Bank beaver} (Zool.), the otter. [Local, U.S.]
///
/// Numbered senses (`1.` at column 3) and their sub-senses (`(a)`, further in) become senses;
/// a leading `(Zool.)` is a sense's label; a paragraph indented further than the text above
/// it is a quotation, an example of that sense with its `--Author` as source; `Note:`,
/// `Syn:` and `Usage:` paragraphs are notes of the sense above them (of the entry when none);
/// a paragraph opening with `{A phrase}` defines a phrase and is a note of the entry, the
/// phrase in bold. Source brackets (`[1913 Webster]`) are taken out of the text and listed in
/// the entry's `source`.
extension DictdConverter {
    /// What a paragraph of a GCIDE body is.
    enum GcideParagraph {
        case definition
        case quotation
        /// `Note:`, `Syn:` or `Usage:`, with its label.
        case note(String)
        case phrase
        case text
    }

    /// Where a paragraph goes: the entry, a sense, or a sub-sense.
    struct GcidePlace: Hashable {
        var sense: Int?
        var subsense: Int?
    }

    mutating func gcideEntry(_ record: GcideRecord, headword: String, recordNumber: Int) -> Entry {
        currentRecord = recordNumber
        var entry = Entry(id: headword, headword: headword)
        if let first = record.headwords.first {
            if let syllables = GcideText.syllables(first.printed) { entry.pronunciations.append(Pronunciation(syllables)) }
            if let respelling = first.respelling {
                entry.pronunciations.append(Pronunciation("(" + GcideText.respelling(respelling) + ")"))
            }
        }
        entry.pos = record.partOfSpeech.map(GcideText.partOfSpeech)
        entry.labels = record.labels.map { GcideText.decode($0) }
        if !record.etymology.isEmpty {
            entry.etymology = Markup(record.etymology.map { gcideMarkup(String($0)) }.joined(separator: " "))
        }

        var senses: [Sense] = []
        var notes: [Markup] = []
        var attributions: [String] = []
        var senseAttributions: [GcidePlace: [String]] = [:]
        var lastTarget = GcidePlace()
        var place = GcidePlace()
        var topIsLettered = false
        var implicitSense = false
        var inPhrases = false
        var contentIndent = 3
        var paragraph: (kind: GcideParagraph, place: GcidePlace, text: String)?
        let lastLine = record.body.lastIndex { !$0.text.isEmpty } ?? -1

        func definitionAndLabels(_ text: String) -> ([String], String) {
            var labels: [String] = []
            var rest = Substring(text)
            while rest.first == "(", let close = rest.firstIndex(of: ")"),
                  GcideRecord.isLabel(rest[rest.index(after: rest.startIndex)..<close]) {
                labels.append(GcideText.decode(rest[rest.index(after: rest.startIndex)..<close].trimmingCharacters(in: " ")))
                rest = rest[rest.index(after: close)...].trimmingCharacters(in: " ")
            }
            return (labels, String(rest))
        }

        func flush(_ converter: inout DictdConverter) {
            guard let (kind, target, written) = paragraph else { return }
            paragraph = nil
            let text = GcideText.collapse(written)
            guard !text.isEmpty else { return }
            func update(_ change: (inout Sense) -> Void) {
                guard let index = target.sense, index < senses.count else { return }
                if let sub = target.subsense, sub < senses[index].senses.count {
                    change(&senses[index].senses[sub])
                } else {
                    change(&senses[index])
                }
            }
            switch kind {
            case .definition:
                let (labels, definition) = definitionAndLabels(text)
                let markup = definition.isEmpty ? nil : Markup(converter.gcideMarkup(definition))
                update { sense in
                    sense.labels += labels
                    if let markup {
                        if sense.definition == nil { sense.definition = markup } else { sense.notes.append(markup) }
                    }
                }
            case .quotation:
                var (quote, author) = DictdConverter.splitAttribution(written)
                quote = DictdConverter.verseLines(quote)
                author = author.map { GcideText.collapse($0.split(whereSeparator: { $0 == DictdConverter.verseBreakCharacter || $0 == DictdConverter.possibleVerseBreakCharacter }).joined(separator: " ")) }
                let example = Example(Markup(converter.gcideMarkup(quote)), source: author.map { GcideText.prose($0) })
                if target.sense == nil || inPhrases {
                    notes.append(Markup("''" + example.text.source + "''" + (example.source.map { " — " + Markup.escaping($0) } ?? "")))
                } else {
                    update { $0.examples.append(example) }
                }
            case .note(let label):
                var body = text.dropFirst(label.count).trimmingCharacters(in: " ")
                if label == "Syn:" || label == "Syn." { body = body.trimmingCharacters(in: " -") }
                // WordNet's synonyms of a sense are its synonym relation.
                if target.sense != nil, label == "Syn:" || label == "Syn.", !body.contains(";"),
                   let relation = converter.gcideSynonymRelation(String(body), headword: headword) {
                    update { $0.relations.append(relation) }
                    break
                }
                let converted = label.hasPrefix("Syn") ? converter.gcideSynonyms(String(body)) : converter.gcideMarkup(String(body))
                if target.sense == nil {
                    notes.append(Markup("'''" + Markup.escaping(label) + "''' " + converted))
                } else {
                    // The browser writes `Note:` before a sense's notes.
                    let note = label == "Note:" ? converted : "'''" + Markup.escaping(label) + "''' " + converted
                    update { $0.notes.append(Markup(note)) }
                }
            case .phrase:
                notes.append(Markup(converter.gcidePhrase(text)))
            case .text:
                if target.sense == nil {
                    notes.append(Markup(converter.gcideMarkup(text)))
                } else {
                    update { $0.notes.append(Markup(converter.gcideMarkup(text))) }
                }
            }
        }

        func start(_ kind: GcideParagraph, _ text: Substring, at target: GcidePlace, _ converter: inout DictdConverter) {
            flush(&converter)
            paragraph = (kind, target, String(text))
            lastTarget = target
        }

        /// A source bracket closes the paragraph above it: its names go to that paragraph's
        /// sense (or sub-sense) and to the entry's list.
        func attribute(_ names: [String]) {
            for name in names where !attributions.contains(name) { attributions.append(name) }
            let target = paragraph?.place ?? lastTarget
            guard target.sense != nil else { return }
            var list = senseAttributions[target] ?? []
            for name in names where !list.contains(name) { list.append(name) }
            senseAttributions[target] = list
        }

        /// A first paragraph that is not numbered is the definition of one sense.
        func implicit() -> GcidePlace {
            if senses.isEmpty {
                senses.append(Sense())
                implicitSense = true
            }
            return GcidePlace(sense: senses.count - 1)
        }

        var afterBreak = true
        var quotationLineEnd = 0
        for (number, line) in record.body.enumerated() {
            var text = line.text
            if text.isEmpty {
                if case .quotation = paragraph?.kind { flush(&self) }
                flush(&self)
                afterBreak = true
                continue
            }
            // Source brackets, alone on their line (the last may be followed by the next
            // record's headword, a flaw of the data) or at its end.
            if text.first == "[", let names = GcideText.attribution(text.dropFirst()), !text.contains("]") {
                // `[WordNet 1.5` with its bracket never closed (a flaw of the data).
                attribute(names)
                flush(&self)
                afterBreak = true
                continue
            } else if text.first == "[", let close = text.firstIndex(of: "]"),
                      let names = GcideText.attribution(text[text.index(after: text.startIndex)..<close]) {
                attribute(names)
                let after = text[text.index(after: close)...].trimmingCharacters(in: " ")
                if after.isEmpty || (number == lastLine && !after.contains(" ")) {
                    flush(&self)
                    afterBreak = true
                    continue
                }
                text = after
            } else if text.last == "]", let open = text.lastIndex(of: "["),
                      let names = GcideText.attribution(text[text.index(after: open)..<text.index(before: text.endIndex)]) {
                attribute(names)
                text = text[..<open].trimmingCharacters(in: " ")
                if text.isEmpty { continue }
            }

            if case .quotation = paragraph?.kind, !afterBreak {
                // Webster's lines are filled to column 64: a line that ends before the next
                // line's first word would have fitted ends a line of verse.
                let firstWord = text.prefix { $0 != " " }.count
                let isVerseBreak = quotationLineEnd + 1 + firstWord <= DictdConverter.gcideLineWidth
                // A line that opens with a capital may be verse too (`…with their blaze /
                // Insufferably bright.`): it is when the quotation has a verse break of the first kind.
                let mayBeVerse = !isVerseBreak && text.first?.isUppercase == true
                paragraph!.text += (isVerseBreak ? DictdConverter.verseBreak : mayBeVerse ? DictdConverter.possibleVerseBreak : "") + "\n" + text
                quotationLineEnd = line.indent + text.count
                continue
            }
            let numbered = DictdConverter.senseNumber(text)
            let lettered = DictdConverter.subsenseLetter(text)
            if afterBreak, numbered == nil, lettered == nil, line.indent >= 8, line.indent >= contentIndent + 3 {
                start(.quotation, text, at: place, &self)
                quotationLineEnd = line.indent + text.count
                afterBreak = false
                continue
            }
            afterBreak = afterBreak || paragraph == nil
            if inPhrases, !(afterBreak && line.indent <= 4) {
                // Inside a phrase everything else (its own `(a)`, `1.`) is part of its text.
                if paragraph != nil { paragraph!.text += " " + text } else { start(.text, text, at: GcidePlace(), &self) }
                afterBreak = false
                continue
            }
            if line.indent <= 4, let (number, rest) = numbered,
               afterBreak || Int(number) == senses.count + 1 || (implicitSense && number == "1") {
                if implicitSense, senses.count == 1, senses[0].examples.isEmpty, senses[0].senses.isEmpty {
                    // Text before the first numbered sense is a note of the entry.
                    if let definition = senses[0].definition { notes.append(definition) }
                    notes += senses[0].notes
                    senses.removeAll()
                }
                implicitSense = false
                topIsLettered = false
                inPhrases = false
                let id = senses.contains { $0.id == number } ? nil : number
                senses.append(Sense(id: id))
                place = GcidePlace(sense: senses.count - 1)
                contentIndent = line.indent + number.count + 2
                start(.definition, rest, at: place, &self)
            } else if let (letter, rest) = lettered,
                      afterBreak || letter == DictdConverter.nextLetter(after: topIsLettered && line.indent <= 4 ? senses.last?.id
                                                                         : place.sense.flatMap { senses[$0].senses.last?.id ?? "" }) {
                if senses.isEmpty || (topIsLettered && line.indent <= 4) {
                    // Lettered senses with no number above them are the entry's senses.
                    topIsLettered = true
                    let id = senses.contains { $0.id == letter } ? nil : letter
                    senses.append(Sense(id: id))
                    place = GcidePlace(sense: senses.count - 1)
                } else {
                    let top = place.sense ?? senses.count - 1
                    let id = senses[top].senses.contains { $0.id == letter } ? nil : letter
                    senses[top].senses.append(Sense(id: id))
                    place = GcidePlace(sense: top, subsense: senses[top].senses.count - 1)
                }
                contentIndent = line.indent + letter.count + 3
                start(.definition, rest, at: place, &self)
            } else if afterBreak, line.indent <= 4, let label = DictdConverter.noteLabel(text) {
                // Webster's synonyms (separated by semicolons) and usage notes follow the last
                // sense and are about the entry; WordNet's synonyms follow each sense.
                let aboutEntry = inPhrases || label == "Usage:" || (label.hasPrefix("Syn") && text.contains(";"))
                start(.note(label), text, at: aboutEntry ? GcidePlace() : GcidePlace(sense: place.sense), &self)
                contentIndent = line.indent + label.count + 1
            } else if afterBreak, line.indent <= 4, text.first == "{", !(senses.isEmpty && paragraph == nil && number == 0) {
                inPhrases = true
                start(.phrase, text, at: GcidePlace(), &self)
                contentIndent = line.indent + 3
            } else if afterBreak || paragraph == nil {
                if senses.isEmpty {
                    place = implicit()
                    contentIndent = line.indent
                    start(.definition, text, at: place, &self)
                } else if line.indent <= 4 {
                    start(.text, text, at: GcidePlace(), &self)
                } else {
                    start(.text, text, at: GcidePlace(sense: place.sense, subsense: place.subsense), &self)
                }
            } else {
                paragraph!.text += " " + text
            }
            afterBreak = false
        }
        flush(&self)
        entry.notes = record.headerNotes.map { Markup(gcideMarkup(String($0))) } + notes
        for (target, names) in senseAttributions {
            guard let index = target.sense, index < senses.count else { continue }
            let source = DictdConverter.attributionSource(names)
            if let sub = target.subsense, sub < senses[index].senses.count {
                senses[index].senses[sub].source = source
            } else {
                senses[index].source = source
            }
        }
        entry.senses = senses
        if !attributions.isEmpty {
            entry.source = DictdConverter.attributionSource(attributions)
        }
        return entry
    }
}
