// Fuzzes JSONParser: no input crashes it, an error's offset lies in the input, and a value
// that parses, written out again (JSONValue.serialized) and parsed, is the same value.
import DictionaryModel
import FuzzSupport

/// Equal as values: kinds, members in order, numbers by value; offsets are not compared.
func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a.kind, b.kind) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
    case (.object(let x), .object(let y)):
        return x.count == y.count && zip(x, y).allSatisfy {
            $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && sameValue($0.value, $1.value)
        }
    default: return false
    }
}

/// Every offset of `value` and its parts lies in `0..<count`.
func offsetsInside(_ value: JSONValue, count: Int) -> Bool {
    guard value.offset >= 0 && value.offset < count else { return false }
    switch value.kind {
    case .array(let elements): return elements.allSatisfy { offsetsInside($0, count: count) }
    case .object(let members):
        return members.allSatisfy { $0.keyOffset >= 0 && $0.keyOffset < count && offsetsInside($0.value, count: count) }
    default: return true
    }
}

FuzzDriver.run { bytes in
    let value: JSONValue
    do throws(DictionaryModelError) {
        value = try JSONParser.parse(bytes)
    } catch {
        let offset = error.offset ?? -1
        fuzzCheck(offset >= 0 && offset <= bytes.count, "error offset \(offset) outside the \(bytes.count) bytes: \(error)")
        return
    }
    fuzzCheck(offsetsInside(value, count: bytes.count), "a value's offset lies outside the input")
    let text = value.serialized
    let again: JSONValue
    do {
        again = try JSONParser.parse(text)
    } catch {
        fatalError("the serialised value does not parse (\(error)): \(text)")
    }
    fuzzCheck(sameValue(value, again), "the serialised value parses to a different value: \(text)")
    fuzzCheck(again.serialized == text, "serialising twice gives different text: \(text)")
}
