import DictionaryModel
import DictionaryIndex

/// A GCIDE header's headwords and parts of speech: `Sundog \Sun"dog`\ (s[u^]n"d[o^]g`), n.`,
/// `Status in quo \Sta"tus in` quo"\ (…), Status quo \Sta"tus quo"\ (…).`, `Also Adrenalin
/// \Ad*re"nal*in\`.
extension GcideRecord {
    /// Reads headwords (`Word \Printed\ (respelling)`, separated by `,`, `;`, `or` or `also`)
    /// from the start of `rest`, and moves `rest` past them.
    mutating func parseHeadwords(_ rest: inout Substring) {
        while let open = rest.firstIndex(of: "\\") {
            let plain = GcideRecord.droppingJoiner(rest[..<open].trimmingCharacters(in: " ,;"))
            guard let close = rest[rest.index(after: open)...].firstIndex(of: "\\") else { break }
            let printed = rest[rest.index(after: open)..<close]
            if !headwords.isEmpty || plain.contains(where: { "[{(;".contains($0) }) || plain.count > 80 {
                // After the first headword, another one must be the same word as its printed form.
                guard GcideRecord.sameLetters(plain, printed), !plain.contains(where: { "[{(;".contains($0) }) else { break }
            }
            var after = rest[rest.index(after: close)...]
            var respelling: Substring?
            let look = after.drop { $0 == " " }
            if look.first == "(", let end = look.firstIndex(of: ")") {
                let inside = look[look.index(after: look.startIndex)..<end]
                if GcideRecord.isRespelling(inside) {
                    // `(?; 115)` and `(#; 277)` point into Webster's pronunciation guide: not shown.
                    if !inside.contains(where: { $0 == "?" || $0 == "#" || $0 == ";" }) { respelling = inside }
                    after = look[look.index(after: end)...]
                }
            }
            let spelling = plain.isEmpty ? GcideText.ascii(printed).filter { $0 != "*" && $0 != "\"" && $0 != "`" } : String(plain)
            headwords.append(Headword(plain: spelling, printed: printed, respelling: respelling))
            rest = after
            guard GcideRecord.startsWithHeadword(rest) else { break }
        }
    }

    /// `or Jequirity bean` → `Jequirity bean`; `Also Adrenalin` → `Adrenalin`.
    static func droppingJoiner(_ text: Substring) -> Substring {
        for joiner in ["or ", "Also ", "also ", "and "] where text.hasPrefix(joiner) {
            return text.dropFirst(joiner.count).trimmingCharacters(in: " ")
        }
        return text
    }

    /// Whether `text` opens with another headword: `, Status quo \Sta"tus quo"\`.
    static func startsWithHeadword(_ text: Substring) -> Bool {
        let next = droppingJoiner(text.trimmingCharacters(in: " ,;"))
        guard let open = next.firstIndex(of: "\\"), let close = next[next.index(after: open)...].firstIndex(of: "\\") else { return false }
        let plain = next[..<open]
        return plain.count <= 80 && sameLetters(plain, next[next.index(after: open)..<close]) && !plain.contains(where: { "[{(;".contains($0) })
    }

    /// Reads a part of speech (`v.`, `t.`, `&`, `i.`: abbreviations) from the start of `rest`
    /// and moves `rest` past it; nil when there is none.
    static func parsePartOfSpeech(_ rest: inout Substring) -> String? {
        var pos: [Substring] = []
        var look = rest.drop { $0 == " " || $0 == "," }
        while true {
            var word = look.drop { $0 == " " }
            var ampersand = false
            if word.first == "&" { ampersand = true; word = word.dropFirst().drop { $0 == " " } }
            let letters = word.prefix { $0.isASCII && $0.isLetter }
            let afterLetters = word[letters.endIndex...]
            guard !letters.isEmpty, afterLetters.first == ".", GcideText.posWords.contains(String(letters)),
                  afterLetters.dropFirst().first.map({ $0 == " " || $0 == "," || $0 == ";" || $0 == "[" || $0 == "(" || $0 == "." }) ?? true
            else { break }
            if ampersand { pos.append("&") }
            pos.append(word[..<afterLetters.index(after: afterLetters.startIndex)])
            look = afterLetters.dropFirst()
            rest = look
        }
        return pos.isEmpty ? nil : pos.joined(separator: " ")
    }
}
