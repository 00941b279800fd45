import DictionaryModel
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A large synthetic data folder, WordNet-sized on request: `count` entries of made-up
/// words in shard files of 500, each with one to three senses whose definitions link to
/// other headwords (a few links lead nowhere), forms, examples and relations. The same
/// `count` and seed always give the same folder. `dog` is one of the headwords.
enum SyntheticFolder {
    static let shardSize = 500

    static func make(count: Int, at path: String, seed: UInt64 = 7) {
        var generator = SeededGenerator(seed: seed)
        mkdir(path, 0o755)
        mkdir(path + "/entries", 0o755)
        let headwords = (0..<count).map { i in i == 0 ? "dog" : word(using: &generator) }
        let fillers = ["a", "the", "of", "that", "which", "used", "for", "in", "with", "or", "kind", "small", "large",
                       "person", "thing", "place", "act", "state", "having", "made", "from", "by", "any", "part"]
        let poses = ["noun", "verb", "adjective", "adverb"]
        write(#"""
            {
              "format": "wordlink-dictionary", "formatVersion": 1, "id": "synthetic", "title": "Synthetic Dictionary",
              "description": "\#(count) generated entries for benchmarks.", "language": "en", "start": "dog",
              "lookupRules": [{"suffix": "ies", "replace": "y", "pos": "noun"}, {"suffix": "s", "replace": ""},
                              {"suffix": "ing", "replace": "", "pos": "verb"}],
              "relationTypes": {"synonym": {"label": "Synonyms"}, "hypernym": {"label": "Broader"}}
            }

            """#, to: path + "/dictionary.json")
        var shard = 0
        var start = 0
        while start < count {
            let end = min(start + shardSize, count)
            var text = "[\n"
            for i in start..<end {
                let headword = headwords[i]
                let pos = poses[Int(generator.next() % 4)]
                func link() -> String {
                    if generator.next() % 50 == 0 { return "[[" + word(using: &generator) + "q]]" } // leads nowhere
                    return "[[" + headwords[Int(generator.next() % UInt64(count))] + "]]"
                }
                func definition() -> String {
                    var words: [String] = []
                    for _ in 0..<(10 + Int(generator.next() % 14)) {
                        words.append(generator.next() % 6 == 0 ? link() : fillers[Int(generator.next() % UInt64(fillers.count))])
                    }
                    return words.joined(separator: " ")
                }
                var senses: [String] = []
                for _ in 0..<(1 + Int(generator.next() % 3)) {
                    var sense = #"{"definition": "\#(definition())""#
                    if generator.next() % 2 == 0 { sense += #", "examples": ["the \#(headword) was \#(fillers[Int(generator.next() % 24)])"]"# }
                    if generator.next() % 3 == 0 {
                        let target = headwords[Int(generator.next() % UInt64(count))]
                        sense += #", "relations": [{"type": "synonym", "links": [{"target": "\#(target)"}]}]"#
                    }
                    senses.append(sense + "}")
                }
                var entry = #"{"id": "\#(headword)~\#(i)", "headword": "\#(headword)", "pos": "\#(pos)""#
                if pos == "noun" && generator.next() % 2 == 0 { entry += #", "forms": ["\#(headword)s"]"# }
                entry += #", "senses": [\#(senses.joined(separator: ", "))]"#
                let broader = headwords[Int(generator.next() % UInt64(count))]
                entry += #", "relations": [{"type": "hypernym", "links": ["\#(broader)"]}]}"#
                text += "  " + entry + (i + 1 < end ? ",\n" : "\n")
            }
            text += "]\n"
            let name = String(shard)
            write(text, to: path + "/entries/shard-" + String(repeating: "0", count: max(0, 5 - name.count)) + name + ".json")
            shard += 1
            start = end
        }
    }

    /// A pronounceable made-up word of one to four syllables; one in twenty is two words.
    static func word(using generator: inout SeededGenerator) -> String {
        let onsets = ["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z",
                      "br", "cr", "dr", "st", "tr", "pl", "gr", "sh", "ch", "th"]
        let vowels = ["a", "e", "i", "o", "u", "ai", "ea", "ou", "y", "é"]
        let codas = ["", "", "", "n", "r", "s", "t", "l", "m", "nd", "st", "ck"]
        func one() -> String {
            var result = ""
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                result += onsets[Int(generator.next() % UInt64(onsets.count))] + vowels[Int(generator.next() % UInt64(vowels.count))]
                    + codas[Int(generator.next() % UInt64(codas.count))]
            }
            return result
        }
        return generator.next() % 20 == 0 ? one() + " " + one() : one()
    }

    static func write(_ text: String, to path: String) {
        guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
        var text = text
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
}
