import DictionaryModel
import DictionaryIndex

/// GCIDE's inline text as wordlink markup: its escapes, `{references}`, phrases and synonym
/// lists (the records' layout is in DictdConverter+Gcide.swift).
extension DictdConverter {
    /// GCIDE text as markup: escapes decoded, `{references}` as links when they name an
    /// entry (spelled as printed or as the index spells them, or their singular) other than
    /// this record alone, else in italics as GCIDE prints them.
    mutating func gcideMarkup(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += Markup.escaping(GcideText.prose(rest[..<open]))
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(where: { $0 == "}" || $0 == "{" }), after[close] == "}" else {
                result += "{"
                rest = after
                continue
            }
            rest = after[after.index(after: close)...]
            result += gcideReference(String(after[..<close]))
        }
        return result + Markup.escaping(GcideText.prose(rest))
    }

    /// One `{reference}` as markup.
    mutating func gcideReference(_ written: String, strong: Bool = false) -> String {
        let inside = GcideText.collapse(written)
        if inside.isEmpty { return "{}" }
        var (shown, ascii) = GcideText.reference(inside)
        // `{abortion[2]}`: a sense number in brackets is not part of the word; the link goes
        // to that sense (senses are numbered 1, 2, … and sub-senses 2a, as GCIDE's are).
        // Hints in another numbering (`[wn1]`, WordNet's sense 1; `[n3]`, the third noun
        // sense) only name the word.
        var sense: String?
        if shown.hasSuffix("]"), let open = shown.lastIndex(of: "["), open != shown.startIndex,
           shown[shown.index(after: open)...].dropLast().allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLowercase) }) {
            let hint = shown[shown.index(after: open)...].dropLast()
            if hint.first?.isNumber == true { sense = String(hint) }
            shown = String(shown[..<open])
            if let asciiOpen = ascii.lastIndex(of: "[") { ascii = String(ascii[..<asciiOpen]) }
        }
        if strong { return "'''" + DictdConverter.escapingEdges(shown) + "'''" }
        var candidates = [shown]
        if ascii != shown { candidates.append(ascii) }
        candidates += DictdConverter.singulars(of: shown)
        for candidate in candidates {
            guard let owner = keys[LookupKey.normalise(candidate)] else { continue }
            if owner == currentRecord { break } // this record alone: no link to itself
            return Markup.link(to: candidate, sense: sense, text: shown)
        }
        // Braces also set quotations and other text in italics; only terms count as references.
        let isTerm = shown.split(separator: " ").count <= 5 && !shown.contains(". ") && !shown.contains(where: { $0 == "?" || $0 == "!" })
        if isTerm && keys[LookupKey.normalise(shown)] != currentRecord && keys[LookupKey.normalise(ascii)] != currentRecord {
            unlinkedReferenceCount += 1
        }
        return "''" + DictdConverter.escapingEdges(shown) + "''"
    }

    /// A phrase paragraph: `{Dog cheap}, or {Dog's cheap} (Bot.), very cheap. See {Cheap}.`,
    /// its leading references in bold.
    mutating func gcidePhrase(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while rest.first == "{", let close = rest.firstIndex(of: "}") {
            result += gcideReference(String(rest[rest.index(after: rest.startIndex)..<close]), strong: true)
            rest = rest[rest.index(after: close)...]
            var separator = rest.prefix { $0 == " " || $0 == "," || $0 == ";" }
            var afterSeparator = rest[separator.endIndex...]
            if afterSeparator.hasPrefix("or {") {
                separator = rest[..<afterSeparator.index(afterSeparator.startIndex, offsetBy: 3)]
                afterSeparator = afterSeparator.dropFirst(3)
            }
            guard afterSeparator.first == "{" else { break }
            result += Markup.escaping(String(separator))
            rest = afterSeparator
        }
        return result + gcideMarkup(String(rest))
    }

    /// A `Syn:` paragraph: its words, separated by `;` (Webster) or `,` (WordNet), as links
    /// when they name an entry.
    mutating func gcideSynonyms(_ text: String) -> String {
        let separator: Character = text.contains(";") ? ";" : ","
        var result = ""
        for (i, item) in text.split(separator: separator, omittingEmptySubsequences: false).enumerated() {
            if i > 0 { result += String(separator) }
            let leading = item.prefix { $0 == " " }
            var word = item.dropFirst(leading.count)
            var trailing = ""
            while let last = word.last, last == " " || last == "." {
                trailing = String(last) + trailing
                word = word.dropLast()
            }
            result += leading
            if word.contains("{") || word.isEmpty || word.count > 60 {
                result += gcideMarkup(String(word))
            } else {
                let (shown, ascii) = GcideText.reference(String(word))
                if let target = [shown, ascii].first(where: { keys[LookupKey.normalise($0)].map { $0 != currentRecord } ?? false }) {
                    result += Markup.link(to: target, text: shown)
                } else {
                    result += Markup.escaping(shown)
                }
            }
            result += Markup.escaping(trailing)
        }
        return result
    }

    /// WordNet's `Syn:` words after a sense (`ten, x`) as its `synonym` relation, each a link
    /// to the entry it names; a word that names no other record is a form of this one (the
    /// importer makes it one), so every link resolves. Nil when the paragraph is not a plain
    /// list (a word too long to be a name, or one that names nothing).
    func gcideSynonymRelation(_ text: String, headword: String) -> Relation? {
        var links: [RelationLink] = []
        for item in text.split(separator: ",") {
            let word = item.trimmingCharacters(in: " .-{}")
            guard !word.isEmpty, word.count <= 60, !word.contains("{"), !word.contains("}") else { return nil }
            let (shown, ascii) = GcideText.reference(String(word))
            guard LookupKey.normalise(shown) != LookupKey.normalise(headword) else { continue }
            // Another record's word, else one of this record's own (the importer made it a form);
            // a word that is neither (the paragraph was read differently) keeps the list a note.
            let target = [shown, ascii].first { keys[LookupKey.normalise($0)].map { $0 != currentRecord } ?? false }
                ?? [shown, ascii].first { keys[LookupKey.normalise($0)] != nil }
            guard let target else { return nil }
            links.append(RelationLink(target: target, text: target == shown ? nil : shown))
        }
        return links.isEmpty ? nil : Relation(type: "synonym", links: links)
    }

    /// Text for inside `''…''` or `'''…'''`: escaped, with an apostrophe at either end
    /// escaped too so that it cannot join the quotes around it.
    static func escapingEdges(_ text: String) -> String {
        var escaped = Markup.escaping(text)
        if escaped.hasPrefix("'") { escaped = "\\" + escaped }
        if escaped.hasSuffix("'") && !escaped.hasSuffix("\\'") { escaped = String(escaped.dropLast()) + "\\'" }
        return escaped
    }
}
