import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif

/// Writes the index file for a folder's entry files (`IndexLayout`).
enum IndexBuilder {
    /// The index of `files` (in load order), built at `builtAt` (seconds since 1970).
    ///
    /// Memory is the constraint on a large folder (WordNet: 155,000 entries), so each file is
    /// read (or copied from the old index) only when its turn comes and dropped once written,
    /// and every table is released before the sections are copied into the result, one
    /// section at a time.
    /// - Complexity: O(n log n) in the number of entries and keys.
    static func build(_ files: [IndexedFile.Source], builtAt: Int64, filesDone: (Int) -> Void = { _ in }) -> [UInt8] {
        var pool = StringPool()
        var fileSection = ByteWriter()
        var recordSection = ByteWriter()
        var formSection = ByteWriter()
        var senseSection = ByteWriter()

        // Entries in load order; the first of an id wins, as in a full load.
        struct KeyItem {
            var display: String
            var displayIsHeadword: Bool
            var headwords: [UInt32] = []
            var forms: [UInt32] = []
        }
        var keys: [String: KeyItem] = [:]
        var idRecords: [(id: String, record: UInt32)] = []
        var seenIDs = Set<String>()
        var recordNumber: UInt32 = 0
        var formNumber: UInt32 = 0
        var senseNumber: UInt32 = 0
        // A full load's entries are known at once: size the tables for them, not by doubling.
        let knownEntries = files.reduce(0) { count, file in
            if case .loaded(let loaded) = file { return count + loaded.entries.count }
            return count
        }
        keys.reserveCapacity(knownEntries * 2)
        idRecords.reserveCapacity(knownEntries)
        seenIDs.reserveCapacity(knownEntries)
        // The paths first, side by side: every start reads them all to check the index, and
        // spread among the entries' strings they cost a page fault each (311 for WordNet).
        let paths = files.map { pool.add($0.path) }
        for fileNumber in files.indices {
            let file = files[fileNumber].load()
            let path = paths[fileNumber]
            fileSection.u32(path.0); fileSection.u32(path.1)
            fileSection.u64(file.fingerprint.size)
            fileSection.i64(file.fingerprint.modificationSeconds)
            fileSection.i64(file.fingerprint.modificationNanoseconds)
            fileSection.u64(file.fingerprint.contentHash)
            fileSection.u32(recordNumber)
            fileSection.u32(UInt32(file.entries.count))
            fileSection.u32(UInt32(file.errorCount))
            let duplicateCountOffset = fileSection.bytes.count
            fileSection.u32(0)
            var duplicates: UInt32 = 0
            for entry in file.entries {
                let isDuplicate = !seenIDs.insert(entry.id).inserted
                if isDuplicate { duplicates += 1 }
                recordSection.u32(UInt32(fileNumber))
                recordSection.u32(UInt32(entry.byteRange.lowerBound))
                recordSection.u32(UInt32(entry.byteRange.count))
                for string in [entry.id, entry.headword] {
                    let ref = pool.add(string)
                    recordSection.u32(ref.0); recordSection.u32(ref.1)
                }
                let pos = pool.add(entry.pos)
                recordSection.u32(pos.0); recordSection.u32(pos.1)
                let summary = pool.add(entry.summary)
                recordSection.u32(summary.0); recordSection.u32(summary.1)
                recordSection.u32(formNumber)
                recordSection.u32(UInt32(entry.forms.count))
                recordSection.u32(isDuplicate ? IndexLayout.duplicateFlag : 0)
                recordSection.u32(senseNumber)
                recordSection.u32(UInt32(entry.senseIDs.count))
                for form in entry.forms {
                    let ref = pool.add(form)
                    formSection.u32(ref.0); formSection.u32(ref.1)
                    formNumber += 1
                }
                for id in entry.senseIDs {
                    let ref = pool.add(id)
                    senseSection.u32(ref.0); senseSection.u32(ref.1)
                    senseNumber += 1
                }
                if !isDuplicate {
                    idRecords.append((entry.id, recordNumber))
                    // The same rules as `Lookup.init(entries:rules:)`.
                    let key = LookupKey.normalise(entry.headword)
                    if !key.isEmpty {
                        if keys[key] == nil {
                            keys[key] = KeyItem(display: entry.headword, displayIsHeadword: true)
                        } else if keys[key]?.displayIsHeadword == false {
                            keys[key]?.display = entry.headword
                            keys[key]?.displayIsHeadword = true
                        }
                        keys[key]?.headwords.append(recordNumber)
                    }
                    for form in entry.forms {
                        let formKey = LookupKey.normalise(form)
                        guard !formKey.isEmpty else { continue }
                        if keys[formKey] == nil { keys[formKey] = KeyItem(display: form, displayIsHeadword: false) }
                        if keys[formKey]?.forms.last != recordNumber { keys[formKey]?.forms.append(recordNumber) }
                    }
                }
                recordNumber += 1
            }
            withUnsafeBytes(of: duplicates.littleEndian) { raw in
                for i in 0..<4 { fileSection.bytes[duplicateCountOffset + i] = raw[i] }
            }
            filesDone(fileNumber + 1)
        }

        idRecords.sort { ByteOrder.precedes($0.id, $1.id) }
        var idSection = ByteWriter()
        var idBlockSection = ByteWriter()
        var idSlots: [(hash: UInt64, value: UInt32)] = []
        idSlots.reserveCapacity(idRecords.count)
        for (i, item) in idRecords.enumerated() {
            idSlots.append((IndexLayout.Slots.hash(item.id), UInt32(idBlockSection.bytes.count)))
            if i % IndexLayout.idBlockSize == 0 {
                idSection.u64(IndexLayout.idPrefix(item.id.utf8))
                idSection.u32(UInt32(idBlockSection.bytes.count))
                idSection.u32(UInt32(min(IndexLayout.idBlockSize, idRecords.count - i)))
            }
            writeDirectoryEntry(id: item.id, record: item.record, into: &idBlockSection,
                                senses: senseIDRefs(ofRecord: item.record, records: recordSection, senses: senseSection), pool: pool)
        }

        var sortedKeys = keys.map { ($0.key, $0.value) }
        keys = [:]
        sortedKeys.sort { ByteOrder.precedes($0.0, $1.0) }
        let keySlots = IndexLayout.Slots.table(sortedKeys.indices.map { (IndexLayout.Slots.hash(sortedKeys[$0].0), UInt32($0)) })
        let idSlotSection = IndexLayout.Slots.table(idSlots)
        idSlots = []
        var keySection = ByteWriter()
        var postingSection = ByteWriter()
        var postingCount: UInt32 = 0
        var foldedLengths: [Int] = []
        var signatures: [UInt64] = []
        foldedLengths.reserveCapacity(sortedKeys.count)
        signatures.reserveCapacity(sortedKeys.count)
        for (key, item) in sortedKeys {
            let keyRef = pool.add(key)
            let displayRef = item.display == key ? keyRef : pool.add(item.display)
            let folded = LookupKey.accentFolded(key)
            let foldedRef = folded == key ? keyRef : pool.add(folded)
            let foldedScalars = Array(folded.unicodeScalars.lazy.map(\.value))
            keySection.u32(keyRef.0); keySection.u32(keyRef.1)
            keySection.u32(displayRef.0); keySection.u32(displayRef.1)
            keySection.u32(foldedRef.0); keySection.u32(foldedRef.1)
            keySection.u32(postingCount)
            keySection.u32(UInt32(item.headwords.count))
            keySection.u32(UInt32(item.forms.count))
            keySection.u16(UInt16(min(foldedScalars.count, Int(UInt16.max))))
            keySection.u16(UInt16(min(key.unicodeScalars.count, Int(UInt16.max))))
            for record in item.headwords { postingSection.u32(record) }
            for record in item.forms { postingSection.u32(record) }
            postingCount += UInt32(item.headwords.count + item.forms.count)
            foldedLengths.append(min(foldedScalars.count, Int(UInt16.max)))
            signatures.append(SuggestionSignature.of(foldedScalars))
        }

        sortedKeys = []
        seenIDs = []
        idRecords = []
        // Keys by folded length (stable, so key order within a length).
        var order = foldedLengths.indices.sorted { foldedLengths[$0] != foldedLengths[$1] ? foldedLengths[$0] < foldedLengths[$1] : $0 < $1 }
        let maximumLength = foldedLengths.max() ?? 0
        var orderSection = ByteWriter()
        var signatureSection = ByteWriter()
        var bucketSection = ByteWriter()
        var position = 0
        for length in 0...(maximumLength + 1) {
            bucketSection.u32(UInt32(position))
            while position < order.count && foldedLengths[order[position]] == length { position += 1 }
        }
        for key in order {
            orderSection.u32(UInt32(key))
            signatureSection.u64(signatures[key])
        }
        order = []
        signatures = []
        foldedLengths = []

        // The sections move out of their writers, so each is freed once copied.
        var sections: [[UInt8]] = [pool.take(), fileSection.take(), recordSection.take(), formSection.take(), keySection.take(),
                                   postingSection.take(), idSection.take(), orderSection.take(), signatureSection.take(),
                                   bucketSection.take(), senseSection.take(), idBlockSection.take(), idSlotSection, keySlots]
        var out = ByteWriter()
        // The body's length, for the number of check blocks that go before it.
        let bodyLength = sections.reduce(0) { ($0 + 7) & ~7 + $1.count }
        let blockCount = (bodyLength + IndexLayout.checkBlockSize - 1) / IndexLayout.checkBlockSize
        // Reserved whole: growing by doubling would hold two copies of the index at once.
        out.bytes.reserveCapacity(IndexLayout.bodyStart(blockCount: blockCount) + bodyLength + 8)
        out.u64(IndexLayout.magic)
        out.u32(IndexLayout.formatVersion)
        out.u32(UInt32(sections.count))
        out.i64(builtAt)
        out.u64(0) // the total size, set below
        let table = out.bytes.count
        for _ in sections { out.u64(0); out.u64(0) }
        out.u32(UInt32(blockCount))
        out.u32(0) // the header's CRC, set by `seal`
        out.u64(0)
        for _ in 0..<blockCount { out.u32(0) }
        out.align(to: 4096)
        for i in sections.indices {
            out.align(to: 8)
            out.set(UInt64(out.bytes.count), at: table + i * 16)
            out.set(UInt64(sections[i].count), at: table + i * 16 + 8)
            out.bytes.append(contentsOf: sections[i])
            sections[i] = []
        }
        out.set(UInt64(out.bytes.count), at: 24)
        IndexLayout.seal(&out.bytes)
        return out.bytes
    }
}

extension IndexBuilder {
    /// The (offset, length) in the pool of each sense id of `record`, read back from the
    /// sections being written (so the build keeps no second copy of them).
    static func senseIDRefs(ofRecord record: UInt32, records: ByteWriter, senses: ByteWriter) -> [(UInt32, UInt32)] {
        let field = Int(record) * IndexLayout.Section.records.recordSize
        let first = Int(records.u32(at: field + IndexLayout.Record.sensesStart))
        let count = Int(records.u32(at: field + IndexLayout.Record.sensesCount))
        return (first..<(first + count)).map { (senses.u32(at: $0 * 8), senses.u32(at: $0 * 8 + 4)) }
    }

    /// One entry of the id directory (`IndexLayout`, "idblocks").
    static func writeDirectoryEntry(id: String, record: UInt32, into section: inout ByteWriter,
                                    senses: [(UInt32, UInt32)], pool: StringPool) {
        let fits = senses.count < Int(IndexLayout.idSensesElsewhere) && senses.allSatisfy { $0.1 <= UInt32(UInt16.max) }
        section.u32(record)
        section.u16(UInt16(id.utf8.count))
        section.u16(fits ? UInt16(senses.count) : IndexLayout.idSensesElsewhere)
        section.bytes.append(contentsOf: id.utf8)
        guard fits else { return }
        for (offset, length) in senses {
            section.u16(UInt16(length))
            section.bytes.append(contentsOf: pool.bytes[Int(offset)..<Int(offset + length)])
        }
    }
}

/// A 64-bit set of the characters in a folded key. One edit changes at most two bits of it
/// (a substitution may drop one character and add another), so a key whose set differs from
/// the query's in more than 2 × the allowed distance cannot be a suggestion: most keys are
/// dismissed with one XOR and a population count before any edit distance is computed.
enum SuggestionSignature {
    static func of<S: Sequence<UInt32>>(_ scalars: S) -> UInt64 {
        var signature: UInt64 = 0
        for scalar in scalars { signature |= 1 << bit(scalar) }
        return signature
    }

    @inline(__always) static func bit(_ scalar: UInt32) -> UInt64 {
        switch scalar {
        case 0x61...0x7A: return UInt64(scalar - 0x61)            // a–z: bits 0–25
        case 0x30...0x39: return UInt64(26 + scalar - 0x30)       // 0–9: bits 26–35
        default: return UInt64(36 + ((scalar &* 2_654_435_761) >> 7) % 28) // the rest, hashed into 36–63
        }
    }
}
