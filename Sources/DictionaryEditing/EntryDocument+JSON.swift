import DictionaryModel

extension EntryDocument {
    /// The entry object `original` with the document's fields written over it: members the
    /// editor does not show are kept, with their offsets (so `JSONSplice` copies their bytes);
    /// a field whose text did not change keeps its original value; senses keep what the
    /// editor does not show from the original sense their number names (docs/data-format.md,
    /// "The editor's text"). New members go after the original ones.
    func merged(into original: JSONValue) -> JSONValue {
        var members = original.members ?? []
        Self.set(&members, "headword", Self.string(headword, over: Self.value(members, "headword")))
        Self.set(&members, "pos", pos.map { Self.string($0, over: Self.value(members, "pos")) })
        let oldPronunciations = Self.value(members, "pronunciations")
        Self.set(&members, "pronunciations", pronunciations.isEmpty ? JSONValue?.none : Self.array(pronunciations.enumerated().map { i, item in
            Self.pronunciation(item, over: Self.element(i, of: oldPronunciations))
        }, over: oldPronunciations))
        Self.set(&members, "etymology", etymology.map { Self.string($0, over: Self.value(members, "etymology")) })
        let originalSenses = Self.value(members, "senses")
        var used: Set<[Int]> = []
        Self.set(&members, "senses", Self.senses(senses, over: originalSenses, root: originalSenses, used: &used))
        Self.set(&members, "notes", Self.strings(notes, over: Self.value(members, "notes")))
        return JSONValue(.object(members), offset: original.offset)
    }

    /// The entry object of a new entry: `id`, `headword`, then the fields that are set.
    func newEntryJSON(id: String) -> JSONValue {
        var members: [JSONValue.Member] = []
        Self.set(&members, "id", Self.string(id, over: nil))
        return merged(into: JSONValue(.object(members), offset: JSONSplice.fresh))
    }

    // MARK: Parts

    /// Element `i` of an array, if `array` is one that long (never a JSON null).
    static func element(_ i: Int, of array: JSONValue?) -> JSONValue? {
        guard let elements = array?.arrayValue, i < elements.count else { return JSONValue?.none }
        return elements[i]
    }

    static func value(_ members: [JSONValue.Member], _ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// Sets the first member named `key` (appends one when there is none); nil removes it,
    /// unless its value is null or an empty array already (then it stays as written).
    static func set(_ members: inout [JSONValue.Member], _ key: String, _ value: JSONValue?) {
        let index = members.firstIndex { $0.key == key }
        guard let value else {
            if let index {
                let old = members[index].value
                let isEmpty = old.kind == .null || old.arrayValue?.isEmpty == true
                if !isEmpty { members.remove(at: index) }
            }
            return
        }
        if let index {
            members[index].value = value
        } else {
            members.append(JSONValue.Member(key: key, keyOffset: JSONSplice.fresh, value: value))
        }
    }

    /// `text` as a JSON string: the original value itself when it says the same.
    static func string(_ text: String, over old: JSONValue?) -> JSONValue {
        if let old, old.stringValue == text { return old }
        return JSONValue(.string(text), offset: JSONSplice.fresh)
    }

    /// An array of `elements`: the original itself when nothing changed, else derived from it.
    static func array(_ elements: [JSONValue], over old: JSONValue?) -> JSONValue {
        if let old, old.arrayValue == elements { return old }
        return JSONValue(.array(elements), offset: old?.arrayValue != nil ? old!.offset : JSONSplice.fresh)
    }

    /// Markup strings, each kept from the original by position when it says the same; nil for none.
    static func strings(_ texts: [String], over old: JSONValue?) -> JSONValue? {
        if texts.isEmpty { return nil }
        return array(texts.enumerated().map { i, text in string(text, over: element(i, of: old)) }, over: old)
    }

    /// An object derived from `old` (its members kept) with `changes` applied, or a new one.
    static func object(over old: JSONValue?, _ changes: (inout [JSONValue.Member]) -> Void) -> JSONValue {
        var members = old?.members ?? []
        changes(&members)
        return JSONValue(.object(members), offset: old?.members != nil ? old!.offset : JSONSplice.fresh)
    }

    static func pronunciation(_ item: Pronunciation, over old: JSONValue?) -> JSONValue {
        if let old, old.members != nil {
            return object(over: old) { members in
                set(&members, "text", string(item.text, over: value(members, "text")))
                set(&members, "system", item.system.map { string($0, over: value(members, "system")) })
            }
        }
        guard let system = item.system else { return string(item.text, over: old) }
        return object(over: nil) { members in
            set(&members, "text", string(item.text, over: nil))
            set(&members, "system", string(system, over: nil))
        }
    }

    static func example(_ item: DocumentExample, over old: JSONValue?) -> JSONValue {
        if let old, old.members != nil {
            return object(over: old) { members in
                set(&members, "text", string(item.text, over: value(members, "text")))
                set(&members, "translation", item.translation.map { string($0, over: value(members, "translation")) })
            }
        }
        guard let translation = item.translation else { return string(item.text, over: old) }
        return object(over: nil) { members in
            set(&members, "text", string(item.text, over: nil))
            set(&members, "translation", string(translation, over: nil))
        }
    }

    /// The original sense a number path names, in the entry's sense tree.
    static func original(_ number: [Int], in root: JSONValue?) -> JSONValue? {
        var list = root?.arrayValue
        var found: JSONValue?
        for step in number {
            guard let senses = list, step >= 1, step <= senses.count else { return nil }
            found = senses[step - 1]
            list = found?["senses"]?.arrayValue
        }
        return found?.members != nil ? found : nil
    }

    /// The senses array: each sense derived from the original its number names (once), in
    /// document order; `over` is the array at this place in the original (kept in place when
    /// nothing changed).
    static func senses(_ senses: [DocumentSense], over old: JSONValue?, root: JSONValue?, used: inout Set<[Int]>) -> JSONValue {
        var elements: [JSONValue] = []
        for sense in senses {
            var source: JSONValue?
            if let number = sense.number, !used.contains(number), let found = original(number, in: root) {
                used.insert(number)
                source = found
            }
            let examples = value(source?.members ?? [], "examples")
            let children = value(source?.members ?? [], "senses")
            let childArray = sense.senses.isEmpty ? JSONValue?.none : Self.senses(sense.senses, over: children, root: root, used: &used)
            elements.append(object(over: source) { members in
                let definition = value(members, "definition")
                set(&members, "definition", sense.definition.isEmpty && definition?.stringValue?.isEmpty != true ? JSONValue?.none
                                            : string(sense.definition, over: definition))
                set(&members, "examples", sense.examples.isEmpty ? JSONValue?.none : array(sense.examples.enumerated().map { i, item in
                    example(item, over: element(i, of: examples))
                }, over: examples))
                set(&members, "notes", strings(sense.notes, over: value(members, "notes")))
                set(&members, "senses", childArray)
            })
        }
        return array(elements, over: old)
    }
}
