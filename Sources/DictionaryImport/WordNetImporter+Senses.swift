import DictionaryModel

extension WordNetImporter {
    /// What making entries placed beyond the source's own counts, for the summary.
    struct Placement {
        /// Senses given a tag count: the index's tagged senses (0 when `cntlist.rev` has none).
        var countsPlaced = 0
        /// The sense keys of `cntlist.rev` that name a sense.
        var matchedKeys: Set<Substring> = []
        /// Of those, senses past the index's tagged ones, whose count `wn` does not show either.
        var countsPastTagged = 0
        /// Relation links given a sense label, because their word is the page's own or
        /// another link of their relation shows the same word.
        var labelledLinks = 0
        /// Domains written as a link in the gloss that names them, not again as a relation.
        var domainsInGloss = 0
        var framesPlaced = 0
        /// Verb example sentences (sents.vrb) placed on their senses as frames.
        var sentencesPlaced = 0
        var markersPlaced = 0

        var counts: [ImportCount] {
            [ImportCount("senses with a tag count", countsPlaced),
             ImportCount("tag counts not shown (past the index's tagged senses)", countsPastTagged), ImportCount("verb senses' frames", framesPlaced),
             ImportCount("verb example sentences placed", sentencesPlaced),
             ImportCount("adjective position markers", markersPlaced),
             ImportCount("relation links labelled with their sense", labelledLinks),
             ImportCount("domains linked from their gloss", domainsInGloss)]
        }
    }

    /// Leaves out the pointers and frames that cannot be placed (an unknown symbol, a target
    /// synset or word that does not exist, a frame number out of range) and unknown
    /// adjective markers, counting each in `tally`, so that making entries can trust the rest.
    static func checkPointers(_ source: inout Source, tally: inout Tally) {
        var pointerCount = 0, frameCount = 0
        // A read-only pass: the synsets are copied only where something is left out (never,
        // on WordNet 3.0), not all 117,659 of them.
        var fixes: [(letter: UInt8, offset: Substring, pointers: [Pointer], frames: [Frame])] = []
        var found: [(part: Int, offset: Substring, problem: Tally.Problem, example: String)] = []
        for (partIndex, part) in parts.enumerated() {
            let letter = part.letter.utf8.first!
            guard let synsets = source.synsets[letter] else { continue }
            let file = "data." + part.file
            for (offset, synset) in synsets {
                var badPointers = false, badFrames = false
                for pointer in synset.pointers {
                    // Unknown symbols were counted when read.
                    guard kindOfSymbol[synset.part]?[pointer.symbol] != nil else { badPointers = true; continue }
                    guard let target = source.synsets[pointer.part]?[pointer.offset] else {
                        found.append((partIndex, offset, .missingPointerTarget, "\(offset) \(pointer.symbol) \(pointer.offset) in \(file)"))
                        badPointers = true
                        continue
                    }
                    if pointer.source > synset.words.count || pointer.target > target.words.count {
                        found.append((partIndex, offset, .missingPointerWord, "\(offset) \(pointer.symbol) \(pointer.offset) in \(file)"))
                        badPointers = true
                    }
                }
                for frame in synset.frames where !isPlaceable(frame, in: synset) {
                    found.append((partIndex, offset, .unknownFrame, "\(offset) frame \(frame.number) in \(file)"))
                    badFrames = true
                }
                for marker in synset.markers where !marker.isEmpty && adjectiveMarkers[marker] == nil {
                    found.append((partIndex, offset, .unknownMarker, "(\(marker)) in \(offset) in \(file)"))
                }
                guard badPointers || badFrames else {
                    pointerCount += synset.pointers.count
                    frameCount += synset.frames.count
                    continue
                }
                let pointers = synset.pointers.filter { pointer in
                    guard kindOfSymbol[synset.part]?[pointer.symbol] != nil, let target = source.synsets[pointer.part]?[pointer.offset] else { return false }
                    return pointer.source <= synset.words.count && pointer.target <= target.words.count
                }
                let frames = synset.frames.filter { isPlaceable($0, in: synset) }
                pointerCount += pointers.count
                frameCount += frames.count
                fixes.append((letter, offset, pointers, frames))
            }
        }
        for fix in fixes {
            guard let synset = source.synsets[fix.letter]?[fix.offset] else { continue }
            synset.pointers = fix.pointers
            synset.frames = fix.frames
        }
        // In file order, so that the examples of a problem are the first ones in the files.
        found.sort { $0.part != $1.part ? $0.part < $1.part : $0.offset.utf8.lexicographicallyPrecedes($1.offset.utf8) }
        for item in found { tally.note(item.problem, item.example) }
        tally.count("pointers", pointerCount)
        tally.count("verb frames", frameCount)
    }

    /// Whether a frame has a number of `verbFrames` and names a word the synset has.
    static func isPlaceable(_ frame: Frame, in synset: Synset) -> Bool {
        frame.number >= 1 && frame.number <= verbFrames.count && frame.word <= synset.words.count
    }

    /// A relation link before its shown text is settled.
    struct LinkDraft: Equatable {
        /// The target word as its synset writes it (`Canis_familiaris`).
        var word: Substring
        var part: UInt8
        var offset: Substring
        /// The target's lemma as the index writes it (lower case, underscores).
        var lemma: Substring

        init(word: Substring, part: UInt8, offset: Substring) {
            self.word = word
            self.part = part
            self.offset = offset
            lemma = WordNetImporter.lowercased(word)
        }
    }

    /// The entry of `lemma` (as the index writes it: lower case, underscores).
    func makeEntry(_ line: IndexLine, part: (file: String, letter: String, name: String),
                   source: Source, forms: [Substring], placement: inout Placement, tally: inout Tally) -> Entry {
        let letter = part.letter.utf8.first!
        let lemma = line.lemma
        var headword: Substring?
        var senses: [Sense] = []
        for (number, offset) in line.offsets.enumerated() {
            guard let synset = source.synsets[letter]?[offset] else {
                tally.note(.missingSynset, "\(lemma) \(offset) in index.\(part.file)")
                continue
            }
            // The word of this lemma in the synset, case as written (`Canis_familiaris`).
            let own = synset.words.firstIndex { WordNetImporter.lowercased($0) == lemma }
            if headword == nil, let own { headword = synset.words[own] }
            var groups = [[LinkDraft]](repeating: [], count: WordNetImporter.pointerKinds.count)
            for (i, word) in synset.words.enumerated() where i != own {
                groups[0].append(LinkDraft(word: word, part: letter, offset: offset))
            }
            let kinds = WordNetImporter.kindOfSymbol[synset.part] ?? [:]
            for pointer in synset.pointers {
                guard let kind = kinds[pointer.symbol], let target = source.synsets[pointer.part]?[pointer.offset] else { continue }
                // A lexical pointer belongs to one word of the synset only.
                if pointer.source > 0 && pointer.source - 1 != own { continue }
                let draft = LinkDraft(word: target.words[pointer.target > 0 ? pointer.target - 1 : 0], part: pointer.part, offset: pointer.offset)
                if !groups[kind].contains(draft) { groups[kind].append(draft) }
            }
            let (definition, examples) = WordNetImporter.splitGloss(synset.gloss)
            var definitionMarkup = Markup.escaping(definition)
            if let linked = linkDomain(in: definition, groups: &groups, source: source) {
                definitionMarkup = linked
                placement.domainsInGloss += 1
            }
            var relations: [Relation] = []
            for (i, drafts) in groups.enumerated() where !drafts.isEmpty {
                let links = settledLinks(drafts, lemma: lemma, source: source, placement: &placement)
                relations.append(Relation(type: WordNetImporter.pointerKinds[i].type, links: links))
            }
            var labels: [String] = []
            var frames: [String] = []
            var frequency: Int?
            var senseKey: String?
            if let own {
                if let marker = WordNetImporter.adjectiveMarkers[synset.marker(own)] {
                    labels.append(marker)
                    placement.markersPlaced += 1
                }
                for frame in synset.frames where frame.word == 0 || frame.word == own + 1 {
                    let text = WordNetImporter.verbFrames[frame.number - 1]
                    if !frames.contains(text) { frames.append(text) }
                }
                if !frames.isEmpty { placement.framesPlaced += 1 }
                // As `wn -over` shows them: the first senses the index calls tagged, each with
                // its count from cntlist.rev, 0 when that has none for its sense key (none at
                // all without a cntlist.rev).
                let fullKey = WordNetImporter.senseKey(lemma: lemma, word: own, of: synset, source: source)
                senseKey = fullKey
                // As `wn -framv` shows a verb sense: its example sentences when sentidx.vrb
                // has some for its key, in place of the generic frames.
                if letter == UInt8(ascii: "v"), !source.sentences.isEmpty {
                    let sentences = source.sentences.sentences(forSenseKey: Substring(fullKey), verb: WordNetImporter.spaced(lemma))
                    if !sentences.isEmpty {
                        if frames.isEmpty { placement.framesPlaced += 1 }
                        frames = sentences
                        placement.sentencesPlaced += sentences.count
                    }
                }
                let key = source.counts.isEmpty ? "" : Substring(fullKey)
                let count = source.counts[key]
                if count != nil { placement.matchedKeys.insert(key) }
                if number < line.taggedSenseCount && source.hasCounts {
                    frequency = count ?? 0
                    placement.countsPlaced += 1
                } else if count != nil {
                    placement.countsPastTagged += 1
                }
            }
            senses.append(Sense(id: String(offset), labels: labels, definition: Markup(definitionMarkup),
                                examples: examples.map { Example(Markup(Markup.escaping($0.text)), source: $0.source) },
                                relations: relations,
                                source: WordNetImporter.provenance(offset: offset, part: part.letter, senseKey: senseKey),
                                frequency: frequency, frames: frames))
        }
        let shownLemma = WordNetImporter.spaced(lemma)
        return Entry(id: shownLemma + "~" + part.letter, headword: headword.map(WordNetImporter.spaced) ?? shownLemma,
                     pos: part.name, forms: forms.map { Form(WordNetImporter.spaced($0)) }, senses: senses)
    }

    /// A gloss that opens with the name of the sense's domain (`(American football) a play
    /// in which …`) gets that name as the link to the domain, and the domain is left out of
    /// the relations: the page would name it twice. Nil when the gloss names no domain.
    func linkDomain(in definition: String, groups: inout [[LinkDraft]], source: Source) -> String? {
        guard definition.utf8.first == UInt8(ascii: "("), let close = definition.firstIndex(of: ")") else { return nil }
        let name = definition[definition.index(after: definition.startIndex)..<close]
        let key = name.lowercased()
        for kind in WordNetImporter.domainKinds.sorted() {
            for (i, draft) in groups[kind].enumerated() {
                guard let target = source.synsets[draft.part]?[draft.offset],
                      target.words.contains(where: { WordNetImporter.spaced($0).lowercased() == key }) else { continue }
                groups[kind].remove(at: i)
                let link = Markup.link(to: WordNetImporter.spaced(draft.lemma) + "~" + String(UnicodeScalar(draft.part)),
                                       sense: String(draft.offset), text: String(name))
                return "(" + link + ")" + Markup.escaping(String(definition[definition.index(after: close)...]))
            }
        }
        return nil
    }

    /// The links of one relation with their shown texts: the target word, and after it the
    /// target's part of speech and sense number (`run (verb 29)`) when the word is the
    /// page's own lemma or another link of the relation shows the same word, so that a
    /// reader can tell them apart without following them.
    /// Links that show one word stand together where the first of them stood, in order of
    /// part of speech and sense number: `run (verb 1), run (verb 26), run (verb 29)`.
    func settledLinks(_ drafts: [LinkDraft], lemma: Substring, source: Source, placement: inout Placement) -> [RelationLink] {
        // Most relations have one link, of another word: nothing to settle.
        if drafts.count == 1, drafts[0].lemma != lemma {
            let draft = drafts[0]
            return [RelationLink(target: WordNetImporter.spaced(draft.lemma) + "~" + String(UnicodeScalar(draft.part)),
                                 sense: String(draft.offset), text: WordNetImporter.spaced(draft.word))]
        }
        // No link of the page's own word and no word twice (the words are usually few):
        // nothing to settle either.
        let needsLabels = drafts.contains { $0.lemma == lemma }
            || drafts.indices.contains { i in drafts[(i + 1)...].contains { $0.word == drafts[i].word } }
        guard needsLabels else {
            return drafts.map { draft in
                RelationLink(target: WordNetImporter.spaced(draft.lemma) + "~" + String(UnicodeScalar(draft.part)),
                             sense: String(draft.offset), text: WordNetImporter.spaced(draft.word))
            }
        }
        var seen: [String: Int] = [:]
        var firstPlace: [String: Int] = [:]
        for (i, draft) in drafts.enumerated() {
            let text = WordNetImporter.spaced(draft.word)
            seen[text, default: 0] += 1
            if firstPlace[text] == nil { firstPlace[text] = i }
        }
        var made: [(place: Int, part: Int, number: Int, link: RelationLink)] = []
        for (i, draft) in drafts.enumerated() {
            var text = WordNetImporter.spaced(draft.word)
            let target = WordNetImporter.spaced(draft.lemma) + "~" + String(UnicodeScalar(draft.part))
            let partIndex = WordNetImporter.parts.firstIndex { $0.letter.utf8.first == draft.part } ?? 0
            var place = i, number = 0
            if draft.lemma == lemma || seen[text, default: 0] > 1,
               let index = source.senses[draft.part]?[draft.lemma]?.firstIndex(of: draft.offset) {
                place = firstPlace[text] ?? i
                number = index + 1
                text += " (\(WordNetImporter.parts[partIndex].name) \(number))"
                placement.labelledLinks += 1
            }
            made.append((place, partIndex, number, RelationLink(target: target, sense: String(draft.offset), text: text)))
        }
        // Sorted stably: an unlabelled link keeps its own place.
        return made.enumerated().sorted { a, b in
            (a.element.place, a.element.part, a.element.number, a.offset) < (b.element.place, b.element.part, b.element.number, b.offset)
        }.map(\.element.link)
    }

    /// A sense's `source`: where WordNet keeps it, shown on request (`i`, `define --sources`):
    /// `{"synset": "02084071-n", "senseKey": "dog%1:05:00::"}` (the key when the lemma is a
    /// word of the synset).
    static func provenance(offset: Substring, part: String, senseKey: String?) -> JSONValue {
        var members = [JSONValue.Member(key: "synset", value: JSONValue(.string(offset + "-" + part)))]
        if let senseKey { members.append(JSONValue.Member(key: "senseKey", value: JSONValue(.string(senseKey)))) }
        return JSONValue(.object(members))
    }

    /// The sense key of word `word` of `synset` (senseidx(5)): `lemma%ss_type:lex_filenum:
    /// lex_id:head_word:head_id`, where a satellite names the first word of the head
    /// adjective it is similar to.
    static func senseKey(lemma: Substring, word: Int, of synset: Synset, source: Source) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        let type: Int
        switch synset.type {
        case UInt8(ascii: "n"): type = 1
        case UInt8(ascii: "v"): type = 2
        case UInt8(ascii: "a"): type = 3
        case UInt8(ascii: "r"): type = 4
        default: type = 5
        }
        var head = ""
        if type == 5, let similar = synset.pointers.first(where: { $0.symbol == "&" }),
           let target = source.synsets[similar.part]?[similar.offset] {
            head = String(lowercased(target.words[0])) + ":" + two(target.lexIDs[0])
        } else {
            head = ":"
        }
        return "\(lemma)%\(type):\(two(synset.lexFile)):\(two(synset.lexIDs[word])):\(head)"
    }
}
