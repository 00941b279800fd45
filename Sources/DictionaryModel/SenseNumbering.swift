/// How senses are numbered and anchored.
///
/// Top-level senses are numbered `1`, `2`, …; their sub-senses `a`, `b`, … (shown `1a`);
/// deeper senses with lower-case roman numerals (`i`, `ii`, shown `1a.i`). A sense's anchor —
/// what `target#sense` names — is its `id` when the data gives one, and its number path
/// otherwise (`2`, `1a`, `1a.ii`); the number path also works for a sense that has an id.
public struct NumberedSense: Hashable, Sendable {
    public var sense: Sense
    /// The label drawn before the sense at its own depth: `1.`, `a.`, `ii.`.
    public var label: String
    /// The full number path: `1`, `1a`, `1a.ii`.
    public var path: String
    /// 0 for top-level senses.
    public var depth: Int

    /// Every sense of `senses`, depth first in display order.
    public static func all(_ senses: [Sense]) -> [NumberedSense] {
        var result: [NumberedSense] = []
        func walk(_ senses: [Sense], parentPath: String, depth: Int) {
            for (i, sense) in senses.enumerated() {
                let number = marker(i + 1, depth: depth)
                let path = depth == 0 ? number : depth == 1 ? parentPath + number : parentPath + "." + number
                result.append(NumberedSense(sense: sense, label: number + ".", path: path, depth: depth))
                walk(sense.senses, parentPath: path, depth: depth + 1)
            }
        }
        walk(senses, parentPath: "", depth: 0)
        return result
    }

    /// The number of the `n`th sense (from 1) at `depth`.
    public static func marker(_ n: Int, depth: Int) -> String {
        switch depth {
        case 0: return String(n)
        case 1: return letters(n)
        default: return roman(n)
        }
    }

    static func letters(_ n: Int) -> String {
        // a … z, then aa, ab, … (spreadsheet columns).
        var n = n
        var result = ""
        while n > 0 {
            let digit = (n - 1) % 26
            result = String(UnicodeScalar(UInt8(97 + digit))) + result
            n = (n - 1) / 26
        }
        return result
    }

    static func roman(_ n: Int) -> String {
        guard n > 0 && n < 4000 else { return String(n) }
        let table: [(Int, String)] = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                                      (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
        var n = n
        var result = ""
        for (value, symbol) in table {
            while n >= value {
                result += symbol
                n -= value
            }
        }
        return result
    }
}

extension Entry {
    /// The sense that `anchor` names: the first (depth first) whose `id` is `anchor`, else the
    /// one whose number path is `anchor`.
    ///
    /// It numbers only the senses on the way: `wordlink check` asks it for every link that
    /// names a sense (WordNet's 155,000 entries hold about 400,000), and numbering every sense
    /// of the entry each time was a tenth of its time.
    public func sense(anchoredAt anchor: String) -> NumberedSense? {
        var path: [Int] = []
        if Self.find(id: anchor, in: senses, path: &path) { return NumberedSense.at(path, in: senses) }
        guard let path = NumberedSense.positions(ofPath: anchor),
              let sense = NumberedSense.at(path, in: senses), sense.path == anchor else { return nil }
        return sense
    }

    /// Appends to `path` the positions that lead to the first sense (depth first) with `id`.
    private static func find(id: String, in senses: [Sense], path: inout [Int]) -> Bool {
        for (i, sense) in senses.enumerated() {
            path.append(i)
            if sense.id == id || find(id: id, in: sense.senses, path: &path) { return true }
            path.removeLast()
        }
        return false
    }
}

extension NumberedSense {
    /// The sense at `positions` (from 0, one a depth), numbered; nil when there is none.
    static func at(_ positions: [Int], in senses: [Sense]) -> NumberedSense? {
        var level = senses
        var found: NumberedSense?
        for (depth, i) in positions.enumerated() {
            guard i >= 0, i < level.count else { return nil }
            let number = marker(i + 1, depth: depth)
            let parent = found?.path ?? ""
            let path = depth == 0 ? number : depth == 1 ? parent + number : parent + "." + number
            found = NumberedSense(sense: level[i], label: number + ".", path: path, depth: depth)
            level = level[i].senses
        }
        return found
    }

    /// The positions a number path (`2`, `1a`, `1a.ii`) reads as, without checking that it is
    /// written as `marker` writes it (the caller compares the sense's own path); nil for what
    /// reads as no path.
    static func positions(ofPath path: String) -> [Int]? {
        let bytes = Array(path.utf8)
        var i = 0
        func run(_ accepts: (UInt8) -> Bool) -> ArraySlice<UInt8> {
            let start = i
            while i < bytes.count, accepts(bytes[i]) { i += 1 }
            return bytes[start..<i]
        }
        // Seven digits, four letters and twenty numerals are more senses than any entry has,
        // and keep the sums from overflowing.
        func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
            guard !digits.isEmpty, digits.count <= 7, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        guard let top = decimal(run { $0 >= 48 && $0 <= 57 }) else { return nil }
        var result = [top - 1]
        guard i < bytes.count else { return result }
        let letters = run { $0 >= 97 && $0 <= 122 }
        guard !letters.isEmpty, letters.count <= 4 else { return nil }
        result.append(letters.reduce(0) { $0 * 26 + Int($1 - 96) } - 1)
        while i < bytes.count {
            guard bytes[i] == 46 else { return nil }   // "."
            i += 1
            let part = run { $0 != 46 }
            if let n = decimal(part) {
                result.append(n - 1)   // `roman` writes numbers from 4000 in digits
            } else {
                guard let n = romanValue(part) else { return nil }
                result.append(n - 1)
            }
        }
        return result
    }

    /// What lower-case roman numerals add up to (`iv` 4); nil for another character.
    static func romanValue(_ numeral: ArraySlice<UInt8>) -> Int? {
        guard !numeral.isEmpty, numeral.count <= 20 else { return nil }
        var total = 0
        var previous = 0
        for byte in numeral.reversed() {
            let value: Int
            switch byte {
            case UInt8(ascii: "i"): value = 1
            case UInt8(ascii: "v"): value = 5
            case UInt8(ascii: "x"): value = 10
            case UInt8(ascii: "l"): value = 50
            case UInt8(ascii: "c"): value = 100
            case UInt8(ascii: "d"): value = 500
            case UInt8(ascii: "m"): value = 1000
            default: return nil
            }
            total += value < previous ? -value : value
            previous = max(previous, value)
        }
        return total
    }
}
