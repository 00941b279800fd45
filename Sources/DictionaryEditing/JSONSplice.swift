import DictionaryModel

/// Writes a changed JSON value over the bytes of the value it came from, keeping every byte
/// it can: a value equal to its original (same content, same offsets) is copied as it was;
/// an object or an array derived from its original (same offset) keeps its members' and
/// elements' white space and separators, a removed one takes its comma with it, a new one
/// is written in the container's style; anything else is written fresh in the entry's
/// style (pretty with its indentation unit and newline, or compact).
///
/// Values made in code carry the offset -1 (`JSONSplice.fresh`), so that they can never be
/// taken for a value of the file; derived values keep their original's offset, and derived
/// members their original's `keyOffset`.
struct JSONSplice {
    /// The whole file, as read.
    let bytes: [UInt8]
    /// Every value of the original entry, by offset.
    private var originals: [Int: JSONValue] = [:]
    /// How fresh values are laid out.
    private var style = Style()

    /// The offset marking a value or a member made in code.
    static let fresh = -1

    struct Style {
        /// `\n` or `\r\n` for a pretty-printed entry; empty for a compact one.
        var newline = ""
        /// One level of indentation (`  `, `\t`).
        var unit = "  "
        /// What stands between a key and its value (`: `, `:`).
        var colon = ": "
        /// What follows a comma in a compact entry (` ` or nothing).
        var compactGap = ""
    }

    init(bytes: [UInt8], original: JSONValue) {
        self.bytes = bytes
        func walk(_ value: JSONValue) {
            originals[value.offset] = value
            switch value.kind {
            case .array(let elements): elements.forEach(walk)
            case .object(let members): members.forEach { walk($0.value) }
            default: break
            }
        }
        walk(original)
        style = detectStyle(original)
    }

    /// The bytes of `value`, spliced over its original.
    func render(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        let start = originals[value.offset]
        render(value, indent: start.map { lineIndent(before: $0.offset) } ?? "", into: &output)
        return output
    }

    // MARK: Layout of the original

    /// The offset just past the value that starts at `start` (the file is valid JSON).
    func end(of start: Int) -> Int {
        var i = start
        switch bytes[i] {
        case UInt8(ascii: "\""):
            i += 1
            while bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            return i + 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while true {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    i = end(of: i)
                    continue
                }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { return i + 1 }
                }
                i += 1
            }
        default:
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): return i
                default: i += 1
                }
            }
            return i
        }
    }

    /// The first offset at or after `i` that is not JSON white space.
    func skipSpace(_ i: Int) -> Int {
        var i = i
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        return i
    }

    /// The spaces and tabs that open the line holding `offset`.
    func lineIndent(before offset: Int) -> String {
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < offset && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The pieces of an original container: for each item (member or element) the white space
    /// before it (`lead`) and after it up to its comma (`trail`, empty for the last), its bytes
    /// before the value (a member's key and colon) and the value's end; and the white space
    /// before the closing bracket.
    struct Layout {
        struct Item {
            var lead: ArraySlice<UInt8>
            var head: ArraySlice<UInt8>
            var valueEnd: Int
            var trail: ArraySlice<UInt8>
        }
        var items: [Item] = []
        var closing: ArraySlice<UInt8> = []
    }

    /// The layout of the original container at `offset`, whose items start at `starts`
    /// (each member's key offset, or each element's offset) and have values at `values`.
    func layout(container offset: Int, starts: [Int], values: [Int]) -> Layout {
        var layout = Layout()
        var position = offset + 1
        for (i, start) in starts.enumerated() {
            let valueEnd = end(of: values[i])
            let afterValue = skipSpace(valueEnd)
            let isLast = i == starts.count - 1
            layout.items.append(Layout.Item(lead: bytes[position..<start], head: bytes[start..<values[i]], valueEnd: valueEnd,
                                            trail: isLast ? [] : bytes[valueEnd..<afterValue]))
            if isLast {
                layout.closing = bytes[valueEnd..<afterValue]
            } else {
                position = afterValue + 1 // past the comma
            }
        }
        if starts.isEmpty {
            let inside = skipSpace(offset + 1)
            layout.closing = bytes[(offset + 1)..<inside]
        }
        return layout
    }

    /// The entry's style, from its own members.
    func detectStyle(_ entry: JSONValue) -> Style {
        var style = Style()
        guard let members = entry.members, let first = members.first else { return style }
        let layout = layout(container: entry.offset, starts: members.map(\.keyOffset), values: members.map(\.value.offset))
        let lead = Array(layout.items[0].lead)
        if let newline = lead.lastIndex(of: 0x0A) {
            style.newline = newline > 0 && lead[newline - 1] == 0x0D ? "\r\n" : "\n"
            let memberIndent = String(decoding: lead[(newline + 1)...], as: UTF8.self)
            let closingBytes = Array(layout.closing)
            let closingIndent = closingBytes.lastIndex(of: 0x0A).map { String(decoding: closingBytes[($0 + 1)...], as: UTF8.self) }
                ?? lineIndent(before: entry.offset)
            if memberIndent.hasPrefix(closingIndent), memberIndent.count > closingIndent.count {
                style.unit = String(memberIndent.dropFirst(closingIndent.count))
            }
        } else if layout.items.count > 1 {
            style.compactGap = String(decoding: layout.items[1].lead, as: UTF8.self)
        }
        let keyEnd = end(of: first.keyOffset)
        style.colon = String(decoding: bytes[keyEnd..<first.value.offset], as: UTF8.self)
        if style.colon.isEmpty { style.colon = ":" }
        return style
    }

    // MARK: Writing

    private func render(_ value: JSONValue, indent: String, into output: inout [UInt8]) {
        guard value.offset != Self.fresh, let original = originals[value.offset] else {
            writeFresh(value, indent: indent, into: &output)
            return
        }
        if original == value {
            output += bytes[original.offset..<end(of: original.offset)]
            return
        }
        switch (value.kind, original.kind) {
        case (.object(let members), .object(let old)):
            let layout = layout(container: original.offset, starts: old.map(\.keyOffset), values: old.map(\.value.offset))
            var byKey: [Int: Int] = [:]
            for (i, member) in old.enumerated() { byKey[member.keyOffset] = i }
            let items: [(Int?, JSONValue.Member)] = members.map { member in
                (member.keyOffset == Self.fresh ? nil : byKey[member.keyOffset], member)
            }
            splice(items, layout: layout, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), indent: indent, into: &output) { member, head, indent, output in
                if let head {
                    output += head
                } else {
                    var key = ""
                    JSONValue.writeString(member.key, to: &key)
                    output += Array(key.utf8)
                    output += Array(style.colon.utf8)
                }
                render(member.value, indent: indent, into: &output)
            }
        case (.array(let elements), .array(let old)):
            let layout = layout(container: original.offset, starts: old.map(\.offset), values: old.map(\.offset))
            var byOffset: [Int: Int] = [:]
            for (i, element) in old.enumerated() { byOffset[element.offset] = i }
            let items: [(Int?, JSONValue)] = elements.map { ($0.offset == Self.fresh ? nil : byOffset[$0.offset], $0) }
            splice(items, layout: layout, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), indent: indent, into: &output) { element, _, indent, output in
                render(element, indent: indent, into: &output)
            }
        default:
            writeFresh(value, indent: indent, into: &output)
        }
    }

    /// Writes a container's items, each with the white space of its original (or, for a new
    /// one, of the last original item, or the entry's style in an empty container).
    private func splice<Item>(_ items: [(Int?, Item)], layout: Layout, open: UInt8, close: UInt8, indent: String,
                              into output: inout [UInt8],
                              body: (Item, ArraySlice<UInt8>?, String, inout [UInt8]) -> Void) {
        output.append(open)
        let freshLead: [UInt8]
        if let last = layout.items.last {
            freshLead = Array(last.lead)
        } else if !style.newline.isEmpty {
            freshLead = Array((style.newline + indent + style.unit).utf8)
        } else {
            freshLead = []
        }
        var closing = Array(layout.closing)
        if layout.items.isEmpty && !items.isEmpty && !style.newline.isEmpty { closing = Array((style.newline + indent).utf8) }
        var previous: Int?? = nil
        for (original, item) in items {
            if let previous {
                if let index = previous, index < layout.items.count - 1 { output += layout.items[index].trail }
                output.append(UInt8(ascii: ","))
            }
            let lead = original.map { Array(layout.items[$0].lead) } ?? freshLead
            output += lead
            let itemIndent = lead.lastIndex(of: 0x0A).map { String(decoding: lead[($0 + 1)...], as: UTF8.self) } ?? indent
            body(item, original.map { layout.items[$0].head }, itemIndent, &output)
            previous = .some(original)
        }
        if !items.isEmpty || layout.items.isEmpty { output += closing }
        output.append(close)
    }

    /// A value made in code, in the entry's style, its first line at `indent`.
    private func writeFresh(_ value: JSONValue, indent: String, into output: inout [UInt8]) {
        switch value.kind {
        case .array(let elements) where !elements.isEmpty:
            output.append(UInt8(ascii: "["))
            let inner = indent + style.unit
            for (i, element) in elements.enumerated() {
                if i > 0 { output.append(UInt8(ascii: ",")); if style.newline.isEmpty { output += Array(style.compactGap.utf8) } }
                if !style.newline.isEmpty { output += Array((style.newline + inner).utf8) }
                render(element, indent: inner, into: &output)
            }
            if !style.newline.isEmpty { output += Array((style.newline + indent).utf8) }
            output.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            output.append(UInt8(ascii: "{"))
            let inner = indent + style.unit
            for (i, member) in members.enumerated() {
                if i > 0 { output.append(UInt8(ascii: ",")); if style.newline.isEmpty { output += Array(style.compactGap.utf8) } }
                if !style.newline.isEmpty { output += Array((style.newline + inner).utf8) }
                var key = ""
                JSONValue.writeString(member.key, to: &key)
                output += Array(key.utf8)
                output += Array(style.colon.utf8)
                render(member.value, indent: inner, into: &output)
            }
            if !style.newline.isEmpty { output += Array((style.newline + indent).utf8) }
            output.append(UInt8(ascii: "}"))
        default:
            output += Array(value.serialized.utf8)
        }
    }
}
