#if canImport(Glibc)
import Glibc
#endif

/// A suggestion bucket as a row of `word_buckets` keeps it: the keys of a dictionary of one
/// accent-folded length, in the byte order of their UTF-8, as their letter signatures
/// (`SuggestionSignature`, 8 bytes each, little-endian) and the keys themselves (each followed
/// by a zero byte). A suggestion reads a few of these rows and scans them in memory
/// (`LibraryIndex.forEachWord`); an update writes again those of the lengths it touched.
struct WordBucket {
    private(set) var signatures: [UInt8] = []
    private(set) var keys: [UInt8] = []

    init() {}

    /// A bucket as read from its row.
    init(signatures: UnsafeRawBufferPointer, keys: UnsafeRawBufferPointer) {
        self.signatures = Array(signatures)
        self.keys = Array(keys)
    }

    var isEmpty: Bool { signatures.isEmpty }

    /// Appends a key; keys are appended in byte order.
    mutating func append(signature: UInt64, key: String) {
        var key = key
        key.withUTF8 { append(signature: signature, key: UnsafeRawBufferPointer($0)) }
    }

    private mutating func append(signature: UInt64, key: UnsafeRawBufferPointer) {
        withUnsafeBytes(of: signature.littleEndian) { signatures.append(contentsOf: $0) }
        keys.append(contentsOf: key)
        keys.append(0)
    }

    /// Calls `body` with each key's signature and where its bytes are in `keys`, in order: the
    /// one reader of a bucket's layout, for a row as SQLite gives it (`LibraryIndex.forEachWord`,
    /// without copying it) and for a bucket being merged.
    static func forEach(signatures: UnsafeRawBufferPointer, keys: UnsafeRawBufferPointer,
                        _ body: (_ signature: UInt64, _ key: Range<Int>) -> Void) {
        var start = 0
        for i in 0..<(signatures.count / 8) {
            guard let end = keys[start...].firstIndex(of: 0) else { break }
            body(UInt64(littleEndian: signatures.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)), start..<end)
            start = end + 1
        }
    }

    /// Each key's signature and where its bytes are in `keys`, in order.
    private var items: [(signature: UInt64, key: Range<Int>)] {
        var found: [(signature: UInt64, key: Range<Int>)] = []
        found.reserveCapacity(signatures.count / 8)
        signatures.withUnsafeBytes { signatures in
            keys.withUnsafeBytes { keys in Self.forEach(signatures: signatures, keys: keys) { found.append(($0, $1)) } }
        }
        return found
    }

    /// How the key at `a` in `x` sorts against the key at `b` in `y`: negative, zero or positive.
    private static func compare(_ x: WordBucket, _ a: Range<Int>, _ y: WordBucket, _ b: Range<Int>) -> Int {
        x.keys.withUnsafeBytes { xs in
            y.keys.withUnsafeBytes { ys in
                let common = min(a.count, b.count)
                if common > 0 {
                    let result = memcmp(xs.baseAddress! + a.lowerBound, ys.baseAddress! + b.lowerBound, common)
                    if result != 0 { return Int(result) }
                }
                return a.count - b.count
            }
        }
    }

    /// `old` without the keys of `removed` (their signatures are not looked at), merged with
    /// `added`, in byte order. A key in both `removed` and `added` (one still used after an
    /// update) is `added`'s.
    static func merging(_ old: WordBucket, without removed: WordBucket, with added: WordBucket) -> WordBucket {
        let oldItems = old.items, removedItems = removed.items, addedItems = added.items
        var merged = WordBucket()
        merged.signatures.reserveCapacity(old.signatures.count + added.signatures.count)
        merged.keys.reserveCapacity(old.keys.count + added.keys.count)
        func take(_ bucket: WordBucket, _ item: (signature: UInt64, key: Range<Int>)) {
            bucket.keys.withUnsafeBytes { merged.append(signature: item.signature, key: UnsafeRawBufferPointer(rebasing: $0[item.key])) }
        }
        var r = 0, a = 0
        for item in oldItems {
            while r < removedItems.count && compare(removed, removedItems[r].key, old, item.key) < 0 { r += 1 }
            if r < removedItems.count && compare(removed, removedItems[r].key, old, item.key) == 0 { continue }
            while a < addedItems.count && compare(added, addedItems[a].key, old, item.key) < 0 {
                take(added, addedItems[a])
                a += 1
            }
            take(old, item)
        }
        while a < addedItems.count {
            take(added, addedItems[a])
            a += 1
        }
        return merged
    }
}
