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
    public func sense(anchoredAt anchor: String) -> NumberedSense? {
        let all = NumberedSense.all(senses)
        return all.first { $0.sense.id == anchor } ?? all.first { $0.path == anchor }
    }
}
