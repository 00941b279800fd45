import DictionaryModel

/// A headword line of a Lingvo DSL card, with its parts: `colo(u)r` (an optional part, in
/// parentheses), `{to }go` (an unsorted part, in braces: shown, not a lookup key), `\(` and
/// the other escapes, and tags (`[']`) left out.
struct DSLHeadword: Equatable {
    /// The headword as shown: optional parts in their parentheses, unsorted parts without
    /// their braces, escapes resolved, white space collapsed.
    var shown: String
    /// What `~` in the card stands for: the headword with its optional parts and without its
    /// unsorted parts.
    var tilde: String
    /// The lookup keys: the headword with and without each optional part (at most
    /// `maximumKeys`), unsorted parts left out; the fullest first.
    var keys: [String]

    static let maximumKeys = 32

    init(_ line: String) {
        enum Kind { case plain, optional, unsorted }
        var parts: [(text: String, kind: Kind)] = [("", .plain)]
        var shown = ""
        var optionalDepth = 0, unsortedDepth = 0
        func kind() -> Kind { unsortedDepth > 0 ? .unsorted : optionalDepth > 0 ? .optional : .plain }
        func append(_ scalar: Unicode.Scalar) {
            let current = kind()
            if parts[parts.count - 1].kind != current { parts.append(("", current)) }
            parts[parts.count - 1].text.unicodeScalars.append(scalar)
        }
        let scalars = Array(line.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            switch scalar {
            case "\\" where i + 1 < scalars.count:
                append(scalars[i + 1])
                shown.unicodeScalars.append(scalars[i + 1])
                i += 2
                continue
            case "(":
                optionalDepth += 1
                shown += "("
            case ")" where optionalDepth > 0:
                optionalDepth -= 1
                shown += ")"
            case "{":
                unsortedDepth += 1
            case "}" where unsortedDepth > 0:
                unsortedDepth -= 1
            case "[":
                // A tag (`[']`, `[/']`): left out.
                if let end = scalars[i...].firstIndex(of: "]") {
                    i = end + 1
                    continue
                }
                append(scalar)
                shown.unicodeScalars.append(scalar)
            default:
                append(scalar)
                shown.unicodeScalars.append(scalar)
            }
            i += 1
        }
        self.shown = LookupKey.collapseWhiteSpace(shown)
        tilde = LookupKey.collapseWhiteSpace(parts.filter { $0.kind != .unsorted }.map(\.text).joined())
        var variants = [""]
        for part in parts where part.kind != .unsorted {
            if part.kind == .optional && variants.count * 2 <= DSLHeadword.maximumKeys {
                variants = variants.flatMap { [$0 + part.text, $0] }
            } else {
                variants = variants.map { $0 + part.text }
            }
        }
        var seen: Set<String> = []
        keys = variants.map(LookupKey.collapseWhiteSpace).filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
