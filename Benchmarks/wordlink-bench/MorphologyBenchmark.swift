import Foundation
import DictionaryIndex
import DictionaryModel
import Morphology

/// Hunspell's costs (`wordlink-bench morphology`): the one-time load of each installed
/// dictionary of French, German and English, then, over a small French dictionary, a lookup
/// that finds its word (which never asks Hunspell), a form found through Hunspell's analysis,
/// and a miss with Hunspell's suggestions (define's message).
enum MorphologyBenchmark {
    static func run() {
        for language in ["fr", "de", "en"] {
            let fresh = HunspellMorphology(dictionaries: .system(environment: [:]))
            let seconds = Measure.median(runs: 5, warmUp: false) {
                _ = HunspellMorphology(dictionaries: .system(environment: [:])).hunspell(for: language)
            }
            guard fresh.hunspell(for: language) != nil else {
                print("morphology: no Hunspell dictionary for \(language) (apt-get install \(HunspellDictionaries.package(for: language)))")
                continue
            }
            Measure.report("load the Hunspell dictionary of \(language)", seconds)
        }
        // What a command reads instead of opening a dictionary: its rules and roots in the
        // cache (`HunspellRuleStore`), made once for each version of its files.
        let cache = "/tmp/wordlink-bench-hunspell-\(getpid())"
        defer { _ = try? FileManager.default.removeItem(atPath: cache) }
        for language in ["fr", "de", "en"] {
            let made = Measure.median(runs: 1, warmUp: false) {
                _ = HunspellMorphology(dictionaries: .system(environment: [:]), cacheDirectory: cache).ruleStore(for: language)
            }
            Measure.report("make the rule store of \(language) (once for each version of its files)", made)
            let opened = Measure.median(runs: 5, warmUp: false) {
                _ = HunspellMorphology(dictionaries: .system(environment: [:]), cacheDirectory: cache).ruleStore(for: language)
            }
            Measure.report("open the rule store of \(language), no dictionary opened", opened)
        }
        // As a command has it: the store in the cache folder, Hunspell opened when it is needed.
        let morphology = HunspellMorphology(dictionaries: .system(environment: [:]), cacheDirectory: cache)
        guard morphology.hunspell(for: "fr") != nil else { return }
        var entries: [Entry] = []
        for word in ["cheval", "manger", "maison", "beau", "grand", "petit", "aller", "voir", "faire", "dire"] {
            entries.append(Entry(id: word, headword: word, senses: [Sense(glosses: [Markup(word)])]))
        }
        var library = Library([(DictionaryInfo(id: "fr", title: "fr", language: "fr"), "/fr", Lookup(entries: entries), 0)])
        var plain = library
        plain.morphology = nil
        library.morphology = morphology
        let runs = 200
        Measure.report("lookup of a headword, no morphology", Measure.median(runs: runs) { _ = plain.lookUp("cheval") })
        Measure.report("lookup of a headword, with morphology (not asked)", Measure.median(runs: runs) { _ = library.lookUp("cheval") })
        Measure.report("lookup of a form through Hunspell (chevaux)", Measure.median(runs: runs) { _ = library.lookUp("chevaux") })
        // Another French dictionary names `chevaux`: the first is not analysed for it, and its
        // Hunspell is never opened (a fresh morphology, so a load would show).
        let named = Lookup(entries: [Entry(id: "chevaux", headword: "chevaux", senses: [Sense(glosses: ["horses"])])])
        Measure.report("lookup of a word another dictionary of its language names (not asked)", Measure.median(runs: runs) {
            var two = Library([(DictionaryInfo(id: "fr", title: "fr", language: "fr"), "/fr", Lookup(entries: entries), 0),
                               (DictionaryInfo(id: "fr2", title: "fr2", language: "fr"), "/fr2", named, 0)])
            two.morphology = HunspellMorphology(dictionaries: .system(environment: [:]))
            _ = two.lookUp("chevaux")
        })
        // A thousand words, each asked once of a store opened afresh (a store keeps its answers).
        let words = ["mangeaient", "chevaux", "maisons", "grandes", "petites", "allions", "voyaient", "faisons", "disaient", "beaux"]
            .flatMap { word in (0..<100).map { word + String(repeating: "s", count: $0 % 3) + String($0) } }
        let perWord = Measure.median(runs: 3) {
            let store = HunspellMorphology(dictionaries: .system(environment: [:]), cacheDirectory: cache).ruleStore(for: "fr")
            for word in words { _ = store?.possibleBases(of: word) }
        } / Double(words.count)
        Measure.report("the possible bases of a word, from the store (1,000 words)", perWord)
        // `dog` in a French dictionary: no base its affixes could leave is a headword, so the
        // dictionary is not opened; a fresh morphology each run, as each command has.
        Measure.report("lookup of a word no French rule leads to a headword from (dog), store opened", Measure.median(runs: 20) {
            var fresh = plain
            fresh.morphology = HunspellMorphology(dictionaries: .system(environment: [:]), cacheDirectory: cache)
            _ = fresh.lookUp("dog")
        })
        Measure.report("lookup of a miss, no morphology (xyzzyqq)", Measure.median(runs: runs) { _ = plain.lookUp("xyzzyqq") })
        Measure.report("lookup of a miss, the store asked (xyzzyqq)", Measure.median(runs: runs) { _ = library.lookUp("xyzzyqq") })
        Measure.report("a miss's suggestions, nearest headwords only", Measure.median(runs: 20) { _ = plain.suggestions(for: "mangeaiont", limit: 5) })
        Measure.report("a miss's suggestions with Hunspell's (mangeaiont)", Measure.median(runs: 20) { _ = library.suggestions(for: "mangeaiont", limit: 5) })
    }
}
