import DictionaryModel
import DictionaryIndex

extension Entry {
    /// The entry as a JSON object of the data format: only the fields that are set, in the
    /// order the format lists them, so that reading it back gives an equal entry (apart from
    /// `origin` and offsets).
    public var json: JSONValue {
        var members: [JSONValue.Member] = [member("id", .string(id)), member("headword", .string(headword))]
        if let pos { members.append(member("pos", .string(pos))) }
        if !forms.isEmpty {
            members.append(member("forms", .array(forms.map { form in
                form.tags.isEmpty ? JSONValue(.string(form.text))
                    : JSONValue(.object([member("text", .string(form.text)), member("tags", .array(form.tags.map { JSONValue(.string($0)) }))]))
            })))
        }
        if !pronunciations.isEmpty {
            members.append(member("pronunciations", .array(pronunciations.map { item in
                guard let system = item.system else { return JSONValue(.string(item.text)) }
                return JSONValue(.object([member("text", .string(item.text)), member("system", .string(system))]))
            })))
        }
        if !labels.isEmpty { members.append(member("labels", .array(labels.map { JSONValue(.string($0)) }))) }
        if let etymology { members.append(member("etymology", .string(etymology.source))) }
        members.append(member("senses", .array(senses.map(\.json))))
        if !notes.isEmpty { members.append(member("notes", .array(notes.map { JSONValue(.string($0.source)) }))) }
        if !relations.isEmpty { members.append(member("relations", .array(relations.map(\.json)))) }
        if let source { members.append(JSONValue.Member(key: "source", value: source)) }
        return JSONValue(.object(members))
    }
}

extension Sense {
    /// The sense as a JSON object of the data format, with only the fields that are set.
    public var json: JSONValue {
        var members: [JSONValue.Member] = []
        if let id { members.append(member("id", .string(id))) }
        if let pos { members.append(member("pos", .string(pos))) }
        if !labels.isEmpty { members.append(member("labels", .array(labels.map { JSONValue(.string($0)) }))) }
        if let definition { members.append(member("definition", .string(definition.source))) }
        if !glosses.isEmpty { members.append(member("glosses", .array(glosses.map { JSONValue(.string($0.source)) }))) }
        if !examples.isEmpty {
            members.append(member("examples", .array(examples.map { example in
                if example.translation == nil && example.source == nil { return JSONValue(.string(example.text.source)) }
                var fields = [member("text", .string(example.text.source))]
                if let translation = example.translation { fields.append(member("translation", .string(translation.source))) }
                if let source = example.source { fields.append(member("source", .string(source))) }
                return JSONValue(.object(fields))
            })))
        }
        if !notes.isEmpty { members.append(member("notes", .array(notes.map { JSONValue(.string($0.source)) }))) }
        if let frequency { members.append(member("frequency", .number(Double(frequency)))) }
        if !frames.isEmpty { members.append(member("frames", .array(frames.map { JSONValue(.string($0)) }))) }
        if !relations.isEmpty { members.append(member("relations", .array(relations.map(\.json)))) }
        if !senses.isEmpty { members.append(member("senses", .array(senses.map(\.json)))) }
        if let source { members.append(JSONValue.Member(key: "source", value: source)) }
        return JSONValue(.object(members))
    }
}

extension Relation {
    /// The relation as `{"type", "links": [{"target", "sense"?, "text"?}]}`.
    public var json: JSONValue {
        JSONValue(.object([
            member("type", .string(type)),
            member("links", .array(links.map { link in
                var fields = [member("target", .string(link.target))]
                if let sense = link.sense { fields.append(member("sense", .string(sense))) }
                if let text = link.text { fields.append(member("text", .string(text))) }
                return JSONValue(.object(fields))
            })),
        ]))
    }
}

private func member(_ key: String, _ kind: JSONValue.Kind) -> JSONValue.Member {
    JSONValue.Member(key: key, value: JSONValue(kind))
}

extension Markup {
    /// `text` as markup that shows exactly `text`: backslashes, brackets, `|`, `#` and runs
    /// of two or more apostrophes are escaped; a lone apostrophe (`dog's`) stays as it is.
    public static func escaping(_ text: String) -> String {
        var needsEscape = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "|"), UInt8(ascii: "#"): needsEscape = true
            case UInt8(ascii: "'") where previous == UInt8(ascii: "'"): needsEscape = true
            default: break
            }
            if needsEscape { break }
            previous = byte
        }
        guard needsEscape else { return text }
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\", "[", "]", "|", "#":
                result += "\\"
            case "'" where (i > 0 && scalars[i - 1] == "'") || (i + 1 < scalars.count && scalars[i + 1] == "'"):
                result += "\\"
            default: break
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// A link in markup: `[[target]]` when the shown text is the target, else
    /// `[[target|shown]]` (with `#sense` when given), every part escaped.
    public static func link(to target: String, sense: String? = nil, text: String? = nil) -> String {
        var result = "[[" + escaping(target)
        if let sense { result += "#" + escaping(sense) }
        if let text, text != target || sense != nil { result += "|" + escaping(text) }
        return result + "]]"
    }
}
