import DictionaryModel
import DictionaryIndex

/// GCIDE's headwords and forms, read from its records before they are converted.
extension DictdImporter {
    /// Headwords and forms of GCIDE's records. A record's headword is the first of its header
    /// (`Sundog \Sun"dog`\`), its id as the index spells it. Its forms are what the record
    /// itself names: the header's other headwords (`Banc \Banc\, Bancus \Ban"cus\, Bank
    /// \Bank\`), inflections and plurals with their tags, words derived in passing
    /// (`-- {Accursedly}, adv.`), the phrases it defines (`{Dog cheap}, very cheap`), and its
    /// other names (`called also {spear thrower}`, `Syn:`) when the index leads to the record
    /// by them. `dict-gcide`'s index also lists every other word set in braces anywhere in a
    /// record (`beagle`, `poodle` and `Canis familiaris` lead to `Dog`): those are mentions,
    /// not forms, and are left out, so that looking up `poodle` finds the poodle and a page
    /// does not open on a list of every word in it. Derived words, phrases and other names
    /// that are another record's headword are left to that record.
    ///
    /// Gathered record by record (`add`), as the data is read; `drafts` once every record is in.
    struct GcideNames {
        struct Names {
            var id: String
            var headword: String
            var forms: [Form]
            var named: [Form]
        }
        var headwordKeys = Set<String>()
        var names: [Names] = []

        mutating func add(_ record: Record, text: String) {
            let gcide = GcideRecord(text)
            guard let first = gcide.headwords.first else {
                // A fragment without a header (a flaw of the data): named by the index.
                let headword = record.headwords.first.map { String($0.trimmingCharacters(in: " ")) } ?? ""
                names.append(Names(id: headword, headword: headword, forms: [], named: []))
                return
            }
            let shown = first.shown
            var entry = Names(id: first.plain, headword: shown.isEmpty ? first.plain : shown, forms: [], named: [])
            for (i, group) in gcide.headwords.enumerated() {
                headwordKeys.insert(LookupKey.normalise(group.plain))
                if i > 0 { entry.forms.append(Form(group.shown.isEmpty ? group.plain : group.shown)) }
                entry.forms.append(Form(group.plain))
            }
            for inflection in gcide.inflections {
                let shown = GcideText.decode(inflection.text)
                entry.forms.append(Form(shown, tags: inflection.tags))
                // The index spells `Podothecæ` as `Podothecae`; lookup does not fold æ.
                let ascii = GcideText.indexSpelling(shown)
                if ascii != shown { entry.forms.append(Form(ascii, tags: inflection.tags)) }
            }
            for (shown, ascii) in gcide.variants {
                entry.forms.append(Form(shown, tags: ["variant"]))
                if ascii != shown { entry.forms.append(Form(ascii, tags: ["variant"])) }
            }
            // Derived words and phrases are defined here, whether or not they have a record of
            // their own (`Dog Star`); other names only when no record is headed by them.
            for (text, tags) in gcide.runOns {
                entry.forms.append(Form(text, tags: tags))
                let ascii = GcideText.indexSpelling(text)
                if ascii != text { entry.forms.append(Form(ascii, tags: tags)) }
            }
            for phrase in gcide.phrases {
                entry.forms.append(Form(phrase))
                let ascii = GcideText.indexSpelling(phrase)
                if ascii != phrase { entry.forms.append(Form(ascii)) }
            }
            let indexKeys = Set(record.headwords.map(LookupKey.normalise))
            for name in gcide.otherNames where indexKeys.contains(LookupKey.normalise(name)) { entry.named.append(Form(name)) }
            // WordNet's synonyms name the sense, and its synonym links lead to them.
            for name in gcide.wordNetSynonyms { entry.named.append(Form(name, tags: ["synonym"])) }
            names.append(entry)
        }

        /// The drafts of the records added, in order.
        func drafts() -> [Draft] {
            var drafts: [Draft] = []
            drafts.reserveCapacity(names.count)
            for entry in names {
                var seen: Set<String> = [LookupKey.normalise(entry.headword)]
                var forms: [Form] = []
                for form in entry.forms where seen.insert(LookupKey.normalise(form.text)).inserted {
                    forms.append(form)
                }
                for form in entry.named {
                    let key = LookupKey.normalise(form.text)
                    guard !headwordKeys.contains(key), seen.insert(key).inserted else { continue }
                    forms.append(form)
                }
                drafts.append(Draft(id: entry.id, headword: entry.headword, forms: forms))
            }
            return drafts
        }
    }

    /// Every key of the index that would find nothing (no headword or form of any record is
    /// it, nor leads to it by GCIDE's lookup rules) becomes a form of each record the index
    /// names for it, tagged `Form.mentionTag`: `Proteles cristata` finds `Aard-wolf`, `C12H25OH`
    /// `1-dodecanol`. A mention that names an entry of its own (`poodle`) stays out, so that it
    /// finds that entry alone (`GcideNames`).
    static func addMentionsThatNameNothing(_ records: [Record], _ drafts: inout [Draft], keys: [String: Int]) {
        let rules = DictdConverter.gcideLookupRules
        func findsSomething(_ key: String) -> Bool {
            if keys[key] != nil { return true }
            for rule in rules where key.hasSuffix(rule.normalisedSuffix) && key.count > rule.normalisedSuffix.count {
                if keys[String(key.dropLast(rule.normalisedSuffix.count)) + rule.normalisedReplace] != nil { return true }
            }
            return false
        }
        for number in drafts.indices where number < records.count {
            var seen = Set(drafts[number].forms.map { LookupKey.normalise($0.text) })
            seen.insert(LookupKey.normalise(drafts[number].headword))
            for name in records[number].headwords {
                let text = String(name.trimmingCharacters(in: " "))
                let key = LookupKey.normalise(text)
                guard !key.isEmpty, !isDatabaseRecord(text), !findsSomething(key), seen.insert(key).inserted else { continue }
                drafts[number].forms.append(Form(text, tags: [Form.mentionTag]))
            }
        }
    }
}
