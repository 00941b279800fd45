/// Reads the fields of one JSON object with data-format messages:
/// `expected a string for "headword", found a number`, `missing required field "id"`.
/// Unknown members are ignored, so the format can grow.
struct ObjectReader {
    let object: JSONValue
    let members: [JSONValue.Member]

    init(_ value: JSONValue, for name: String) throws(DictionaryModelError) {
        guard let members = value.members else {
            throw .invalidData("expected an object for \(name), found \(value.kindDescription)", offset: value.offset)
        }
        object = value
        self.members = members
    }

    func value(_ key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    func required(_ key: String) throws(DictionaryModelError) -> JSONValue {
        guard let value = value(key) else {
            throw .invalidData("missing required field \"\(key)\"", offset: object.offset)
        }
        return value
    }

    func requiredString(_ key: String) throws(DictionaryModelError) -> String {
        try Self.string(try required(key), for: key)
    }

    func string(_ key: String) throws(DictionaryModelError) -> String? {
        guard let value = value(key), value.kind != .null else { return nil }
        return try Self.string(value, for: key)
    }

    func markup(_ key: String) throws(DictionaryModelError) -> Markup? {
        guard let value = value(key), value.kind != .null else { return nil }
        return Markup(try Self.string(value, for: key), offset: value.offset)
    }

    func array(_ key: String) throws(DictionaryModelError) -> [JSONValue] {
        guard let value = value(key), value.kind != .null else { return [] }
        guard let elements = value.arrayValue else {
            throw .invalidData("expected an array for \"\(key)\", found \(value.kindDescription)", offset: value.offset)
        }
        return elements
    }

    func strings(_ key: String) throws(DictionaryModelError) -> [String] {
        var result: [String] = []
        for element in try array(key) { result.append(try Self.string(element, for: key)) }
        return result
    }

    func markups(_ key: String) throws(DictionaryModelError) -> [Markup] {
        var result: [Markup] = []
        for element in try array(key) { result.append(Markup(try Self.string(element, for: key), offset: element.offset)) }
        return result
    }

    static func string(_ value: JSONValue, for key: String) throws(DictionaryModelError) -> String {
        guard let string = value.stringValue else {
            throw .invalidData("expected a string for \"\(key)\", found \(value.kindDescription)", offset: value.offset)
        }
        return string
    }
}

/// Gathers the errors of the fields of one object, so that every one of them is reported
/// rather than only the first; a field in error takes a stand-in value meanwhile.
struct FieldErrors {
    var errors: [DictionaryModelError] = []

    mutating func field<T>(_ fallback: T, _ body: () throws(DictionaryModelError) -> T) -> T {
        do throws(DictionaryModelError) {
            return try body()
        } catch {
            errors += error.all
            return fallback
        }
    }

    /// Throws the errors gathered, in file order: one, or `several`.
    func check() throws(DictionaryModelError) {
        guard !errors.isEmpty else { return }
        if errors.count == 1 { throw errors[0] }
        throw .several(errors.enumerated().sorted { ($0.element.offset ?? 0, $0.offset) < ($1.element.offset ?? 0, $1.offset) }.map(\.element))
    }
}

extension Entry {
    /// Decodes an entry from its JSON object, checking every rule of the data format.
    /// `file` names the file for `origin`; offsets in errors are into that file. Every field
    /// in error is reported (`DictionaryModelError.several`), not only the first.
    public init(json: JSONValue, file: String = "", byteRange: Range<Int>? = nil) throws(DictionaryModelError) {
        let reader = try ObjectReader(json, for: "an entry")
        var errors = FieldErrors()
        let id = errors.field("") { () throws(DictionaryModelError) -> String in
            let idValue = try reader.required("id")
            let id = try ObjectReader.string(idValue, for: "id")
            try Entry.validate(id: id, offset: idValue.offset)
            return id
        }
        let headword = errors.field("") { () throws(DictionaryModelError) in try reader.requiredString("headword") }
        let forms = errors.field([]) { () throws(DictionaryModelError) -> [Form] in
            var forms: [Form] = []
            for element in try reader.array("forms") {
                if let text = element.stringValue {
                    forms.append(Form(text))
                } else if element.members != nil {
                    let form = try ObjectReader(element, for: "\"forms\"")
                    forms.append(Form(try form.requiredString("text"), tags: try form.strings("tags")))
                } else {
                    throw .invalidData("expected a string or an object for \"forms\", found \(element.kindDescription)", offset: element.offset)
                }
            }
            return forms
        }
        let pronunciations = errors.field([]) { () throws(DictionaryModelError) -> [Pronunciation] in
            var pronunciations: [Pronunciation] = []
            for element in try reader.array("pronunciations") {
                if let text = element.stringValue {
                    pronunciations.append(Pronunciation(text))
                } else if element.members != nil {
                    let item = try ObjectReader(element, for: "\"pronunciations\"")
                    pronunciations.append(Pronunciation(try item.requiredString("text"), system: try item.string("system")))
                } else {
                    throw .invalidData("expected a string or an object for \"pronunciations\", found \(element.kindDescription)", offset: element.offset)
                }
            }
            return pronunciations
        }
        let senses = errors.field([]) { () throws(DictionaryModelError) -> [Sense] in
            let sensesValue = try reader.required("senses")
            guard let senseValues = sensesValue.arrayValue else {
                throw .invalidData("expected an array for \"senses\", found \(sensesValue.kindDescription)", offset: sensesValue.offset)
            }
            return try Sense.decodeList(senseValues)
        }
        let source = reader.value("source")
        errors.field(()) { () throws(DictionaryModelError) in
            if let source, source.members == nil, source.kind != .null {
                throw .invalidData("expected an object for \"source\", found \(source.kindDescription)", offset: source.offset)
            }
        }
        let pos = errors.field(nil) { () throws(DictionaryModelError) in try reader.string("pos") }
        let labels = errors.field([]) { () throws(DictionaryModelError) in try reader.strings("labels") }
        let etymology = errors.field(nil) { () throws(DictionaryModelError) in try reader.markup("etymology") }
        let notes = errors.field([]) { () throws(DictionaryModelError) in try reader.markups("notes") }
        let relations = errors.field([]) { () throws(DictionaryModelError) in try Relation.decodeList(reader) }
        try errors.check()
        self.init(id: id, headword: headword, pos: pos, forms: forms,
                  pronunciations: pronunciations, labels: labels,
                  etymology: etymology, senses: senses, notes: notes,
                  relations: relations, source: source,
                  origin: Origin(file: file, byteRange: byteRange ?? json.offset..<json.offset))
    }

    /// Checks the rules for ids: 1–200 bytes, no control characters (C0, DEL, C1).
    public static func validate(id: String, offset: Int) throws(DictionaryModelError) {
        let length = id.utf8.count
        if length == 0 { throw .invalidData("the id is empty", offset: offset) }
        if id.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            throw .invalidData("the id is only white space", offset: offset)
        }
        if length > maximumIDLength {
            throw .invalidData("the id is \(length) bytes long; the limit is \(maximumIDLength)", offset: offset)
        }
        for scalar in id.unicodeScalars where scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
            throw .invalidData("the id contains the control character U+\(hex4(scalar.value))", offset: offset)
        }
    }
}

extension Sense {
    /// Decodes a sense and its sub-senses.
    public init(json: JSONValue) throws(DictionaryModelError) {
        let reader = try ObjectReader(json, for: "a sense")
        var errors = FieldErrors()
        let examples = errors.field([]) { () throws(DictionaryModelError) -> [Example] in
            var examples: [Example] = []
            for element in try reader.array("examples") {
                if let text = element.stringValue {
                    examples.append(Example(Markup(text, offset: element.offset)))
                } else if element.members != nil {
                    let item = try ObjectReader(element, for: "\"examples\"")
                    let textValue = try item.required("text")
                    let text = Markup(try ObjectReader.string(textValue, for: "text"), offset: textValue.offset)
                    examples.append(Example(text, translation: try item.markup("translation"), source: try item.string("source")))
                } else {
                    throw .invalidData("expected a string or an object for \"examples\", found \(element.kindDescription)", offset: element.offset)
                }
            }
            return examples
        }
        let senses = errors.field([]) { () throws(DictionaryModelError) in try Sense.decodeList(try reader.array("senses")) }
        let id = errors.field(nil) { () throws(DictionaryModelError) -> String? in
            guard let idValue = reader.value("id"), idValue.kind != .null else { return nil }
            let text = try ObjectReader.string(idValue, for: "id")
            if text.isEmpty { throw .invalidData("a sense id is empty", offset: idValue.offset) }
            return text
        }
        let pos = errors.field(nil) { () throws(DictionaryModelError) in try reader.string("pos") }
        let labels = errors.field([]) { () throws(DictionaryModelError) in try reader.strings("labels") }
        let definition = errors.field(nil) { () throws(DictionaryModelError) in try reader.markup("definition") }
        let glosses = errors.field([]) { () throws(DictionaryModelError) in try reader.markups("glosses") }
        let notes = errors.field([]) { () throws(DictionaryModelError) in try reader.markups("notes") }
        let relations = errors.field([]) { () throws(DictionaryModelError) in try Relation.decodeList(reader) }
        let source = errors.field(nil) { () throws(DictionaryModelError) -> JSONValue? in
            guard let source = reader.value("source"), source.kind != .null else { return nil }
            if source.members == nil {
                throw .invalidData("expected an object for \"source\", found \(source.kindDescription)", offset: source.offset)
            }
            return source
        }
        let frequency = errors.field(nil) { () throws(DictionaryModelError) -> Int? in
            guard let value = reader.value("frequency"), value.kind != .null else { return nil }
            guard let count = value.intValue, count >= 0 else {
                throw .invalidData("expected a whole number of at least 0 for \"frequency\", found \(value.kindDescription)", offset: value.offset)
            }
            return count
        }
        let frames = errors.field([]) { () throws(DictionaryModelError) in try reader.strings("frames") }
        try errors.check()
        self.init(id: id, pos: pos, labels: labels, definition: definition, glosses: glosses,
                  examples: examples, notes: notes, relations: relations, senses: senses, source: source,
                  frequency: frequency, frames: frames)
    }

    /// Decodes sibling senses; their ids must be unique among them (an anchor is looked up
    /// through the whole tree, depth first, so the first match wins deeper down).
    static func decodeList(_ values: [JSONValue]) throws(DictionaryModelError) -> [Sense] {
        var senses: [Sense] = []
        var seen: Set<String> = []
        var errors = FieldErrors()
        for value in values {
            guard let sense = errors.field(nil, { () throws(DictionaryModelError) -> Sense? in try Sense(json: value) }) else { continue }
            if let id = sense.id, !seen.insert(id).inserted {
                errors.errors.append(.invalidData("duplicate sense id \"\(id)\"", offset: value["id"]?.offset ?? value.offset))
            }
            senses.append(sense)
        }
        try errors.check()
        return senses
    }
}

extension Relation {
    /// The `relations` of an entry or sense.
    static func decodeList(_ reader: ObjectReader) throws(DictionaryModelError) -> [Relation] {
        var relations: [Relation] = []
        for element in try reader.array("relations") {
            let item = try ObjectReader(element, for: "a relation")
            let type = try item.requiredString("type")
            var links: [RelationLink] = []
            for linkValue in try item.array("links") {
                if let target = linkValue.stringValue {
                    links.append(RelationLink(target: target, offset: linkValue.offset))
                    continue
                }
                let link = try ObjectReader(linkValue, for: "a relation link")
                links.append(RelationLink(target: try link.requiredString("target"), sense: try link.string("sense"),
                                          text: try link.string("text"), offset: linkValue.offset))
            }
            relations.append(Relation(type: type, links: links))
        }
        return relations
    }
}

extension DictionaryInfo {
    /// Decodes `dictionary.json`, checking `format` and `formatVersion`.
    public init(json: JSONValue) throws(DictionaryModelError) {
        let reader = try ObjectReader(json, for: "dictionary.json")
        let formatValue = try reader.required("format")
        let format = try ObjectReader.string(formatValue, for: "format")
        guard format == DictionaryInfo.format else {
            throw .invalidData("\"format\" is \"\(format)\"; expected \"\(DictionaryInfo.format)\"", offset: formatValue.offset)
        }
        let versionValue = try reader.required("formatVersion")
        guard let version = versionValue.intValue else {
            throw .invalidData("expected an integer for \"formatVersion\", found \(versionValue.kindDescription)", offset: versionValue.offset)
        }
        guard version == DictionaryInfo.formatVersion else {
            throw .invalidData("format version \(version) is not supported; this wordlink reads version \(DictionaryInfo.formatVersion)", offset: versionValue.offset)
        }
        var rules: [LookupRule] = []
        for element in try reader.array("lookupRules") {
            let rule = try ObjectReader(element, for: "a lookup rule")
            rules.append(LookupRule(suffix: try rule.requiredString("suffix"), replace: try rule.requiredString("replace"),
                                    pos: try rule.string("pos")))
        }
        var types: [String: RelationType] = [:]
        if let value = reader.value("relationTypes"), value.kind != .null {
            let object = try ObjectReader(value, for: "\"relationTypes\"")
            for member in object.members {
                let type = try ObjectReader(member.value, for: "relation type \"\(member.key)\"")
                types[member.key] = RelationType(label: try type.string("label"))
            }
        }
        var sourceName: String?, sourceVersion: String?, importer: String?
        if let value = reader.value("source"), value.kind != .null {
            let source = try ObjectReader(value, for: "\"source\"")
            sourceName = try source.string("name")
            sourceVersion = try source.string("version")
            importer = try source.string("importer")
        }
        self.init(id: try reader.requiredString("id"), title: try reader.requiredString("title"),
                  description: try reader.string("description"), language: try reader.string("language"),
                  license: try reader.string("license"), sourceName: sourceName, sourceVersion: sourceVersion,
                  start: try reader.string("start"), lookupRules: rules, relationTypes: types)
        self.importer = importer
        self.targetLanguage = try reader.string("targetLanguage")
    }
}
