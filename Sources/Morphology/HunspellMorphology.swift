import DictionaryIndex
import DictionaryModel
import Synchronization

/// `WordMorphology` by Hunspell: each language's dictionary found (`HunspellDictionaries`) and
/// opened the first time a query of that language needs it, then kept for the process; a
/// language without one is remembered as such, so a lookup asks the file system once.
public final class HunspellMorphology: WordMorphology, @unchecked Sendable {
    public let dictionaries: HunspellDictionaries
    /// By language tag as the dictionaries give it; nil: looked for, none there.
    private let opened = Mutex<[String: Hunspell?]>([:])
    /// Held while a dictionary is opened.
    private let opening = Mutex<Void>(())
    /// The store of each language's rules and roots (`HunspellRuleStore`); nil as above, or
    /// when the store cannot be made.
    private let stores = Mutex<[String: HunspellRuleStore?]>([:])
    /// Where the stores are kept (the cache folder); nil: nowhere, and every analysis opens
    /// its dictionary.
    public let cacheDirectory: String?
    /// Each language's files as `dictionaries` found them; nil: none. Looked for once, for the
    /// store and for Hunspell alike.
    private let found = Mutex<[String: HunspellDictionaries.Files?]>([:])

    public init(dictionaries: HunspellDictionaries, cacheDirectory: String? = nil) {
        self.dictionaries = dictionaries
        self.cacheDirectory = cacheDirectory
    }

    /// The open Hunspell of `language`, opening it at the first call; nil when there is none.
    /// Dictionaries are opened one at a time (`opening`), outside the lock of `opened`, so that
    /// asking whether one is open (`isOpen`, what a keystroke asks) never waits for a read.
    public func hunspell(for language: String) -> Hunspell? {
        if let known = opened.withLock({ $0[language] }) { return known }
        return opening.withLock { _ in
            if let known = opened.withLock({ $0[language] }) { return known }
            let hunspell = files(for: language).flatMap { Hunspell(affix: $0.affix, dictionary: $0.dictionary) }
            opened.withLock { $0[language] = .some(hunspell) }
            return hunspell
        }
    }

    private func files(for language: String) -> HunspellDictionaries.Files? {
        found.withLock { found in
            if let known = found[language] { return known }
            let files = dictionaries.files(for: language)
            found[language] = .some(files)
            return files
        }
    }

    /// Whether `language`'s dictionary has been opened, or found missing: `analyses` then
    /// answers without a read.
    public func isOpen(language: String) -> Bool {
        opened.withLock { $0[language] != nil }
    }

    /// The store of `language`'s rules and roots, opened (and made, the first time) at the
    /// first call; nil when there is no dictionary, no cache folder, or no store can be made.
    public func ruleStore(for language: String) -> HunspellRuleStore? {
        guard let cacheDirectory else { return nil }
        return stores.withLock { stores in
            if let known = stores[language] { return known }
            let store = files(for: language).flatMap {
                HunspellRuleStore.open(affix: $0.affix, dictionary: $0.dictionary, cacheDirectory: cacheDirectory)
            }
            stores[language] = .some(store)
            return store
        }
    }

    /// What `HunspellRuleStore.possibleBases(of:)` says; nil when there is no store.
    public func possibleBases(of word: String, language: String) -> Set<String>? {
        ruleStore(for: language)?.possibleBases(of: word)
    }

    public func analyses(of word: String, language: String) -> [WordAnalysis]? {
        guard let hunspell = hunspell(for: language) else { return nil }
        let trimmed = String(word.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        // Hunspell knows a sentence's first word capitalised and a word in capitals; a query
        // typed so (`Chevaux`) is tried as typed, then as Hunspell's dictionaries write it.
        var readings: [WordAnalysis] = []
        for form in [trimmed, trimmed.lowercased()] where readings.isEmpty {
            readings = HunspellAnalysis.readings(analyses: hunspell.analyses(of: form), stems: hunspell.stems(of: form))
        }
        return readings
    }

    public func suggestions(for word: String, language: String, limit: Int) -> [String] {
        guard let hunspell = hunspell(for: language), !hunspell.spells(word) else { return [] }
        // Hunspell also suggests splitting a word in two (`mangeai ont`): not a headword to offer.
        return Array(hunspell.suggestions(for: word).filter { !$0.contains(" ") && !$0.contains("-") || word.contains("-") }.prefix(limit))
    }
}
