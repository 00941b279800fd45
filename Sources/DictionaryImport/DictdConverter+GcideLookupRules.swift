import DictionaryModel

/// English inflections as lookup rules for GCIDE, whose headers name only irregular and some
/// regular inflections: plurals (`dogs` → `dog`, `boxes`, `bodies`, `-men`), a verb's third
/// person, past and `-ing` (`abandons`, `stopped` → `stop`, `baked` → `bake`, `dying` →
/// `die`), and comparatives and superlatives (`happier` → `happy`, `bigger` → `big`,
/// `largest` → `large`). Each rule names the part of speech it may land on, as GCIDE spells
/// it (`transitive verb`), so that `banks` finds the noun and the verb `bank` but `mores` does
/// not find `more` the adverb; a rule lands on a combined part of speech by one of its parts
/// (`noun` on `adjective & noun`: `LookupRule.lands(onPartOfSpeech:)`), which keeps the rules
/// few (a dictionary's rules are read on every start and tried on every lookup).
extension DictdConverter {
    /// The parts of speech, as parts of GCIDE's, that take each kind of inflection.
    static let gcideNounParts = ["noun"]
    static let gcideVerbParts = ["verb", "transitive verb", "intransitive verb"]
    static let gcideComparableParts = ["adjective", "adverb"]

    /// The rules, in the order they are tried (every rule that lands counts).
    static let gcideLookupRules: [LookupRule] = {
        let doubled = Array("bdgklmnprtz").map(String.init)
        var noun: [(String, String)] = [("s", ""), ("es", ""), ("ies", "y"), ("men", "man"), ("ves", "f"), ("ves", "fe")]
        noun.sort { $0.0.count > $1.0.count }
        var verb: [(String, String)] = [("s", ""), ("es", ""), ("ies", "y"), ("ed", ""), ("ed", "e"), ("ied", "y"),
                                        ("ing", ""), ("ing", "e"), ("ying", "ie")]
        verb += doubled.flatMap { [($0 + $0 + "ed", $0), ($0 + $0 + "ing", $0)] }
        var comparable: [(String, String)] = [("er", ""), ("er", "e"), ("ier", "y"), ("est", ""), ("est", "e"), ("iest", "y")]
        comparable += doubled.flatMap { [($0 + $0 + "er", $0), ($0 + $0 + "est", $0)] }
        var rules: [LookupRule] = []
        for (parts, endings) in [(gcideNounParts, noun), (gcideVerbParts, verb), (gcideComparableParts, comparable)] {
            for (suffix, replace) in endings {
                for pos in parts where !rules.contains(LookupRule(suffix: suffix, replace: replace, pos: pos)) {
                    rules.append(LookupRule(suffix: suffix, replace: replace, pos: pos))
                }
            }
        }
        return rules
    }()
}
