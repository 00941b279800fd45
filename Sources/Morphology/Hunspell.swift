import CHunspell
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One Hunspell dictionary open (`.aff` and `.dic`), asked for stems, analyses and suggestions.
///
/// libhunspell keeps a handle's state between calls, so every call holds the handle's lock:
/// the browser's input thread and its work in the background may ask at once. Words go in and
/// come out in the dictionary's encoding: UTF-8 as they are, ISO 8859-1 converted (a word with
/// a character Latin-1 lacks has no analysis there); a dictionary in any other encoding is not
/// opened (`HunspellDictionaries`).
public final class Hunspell: @unchecked Sendable {
    private let handle: OpaquePointer
    private let isLatin1: Bool
    private let mutex = Mutex(())
    /// The `.dic` file.
    public let path: String

    /// Opens the dictionary `affix` and `dictionary`; nil when libhunspell cannot, or its
    /// encoding is neither UTF-8 nor ISO 8859-1.
    public init?(affix: String, dictionary: String) {
        // libhunspell opens missing files without a word of complaint, as an empty dictionary.
        guard isReadable(affix), isReadable(dictionary), let handle = Hunspell_create(affix, dictionary) else { return nil }
        let encoding = Hunspell_get_dic_encoding(handle).map { String(cString: $0).uppercased() } ?? ""
        switch encoding.filter({ $0 != "-" && $0 != "_" }) {
        case "UTF8": isLatin1 = false
        case "ISO88591", "ISO885915", "LATIN1":
            isLatin1 = true
        default:
            Hunspell_destroy(handle)
            return nil
        }
        self.handle = handle
        path = dictionary
    }

    deinit {
        Hunspell_destroy(handle)
    }

    /// Whether `word` is correct (a word of the dictionary, or a form its affixes make).
    public func spells(_ word: String) -> Bool {
        guard let bytes = encoded(word) else { return false }
        return locked { Hunspell_spell(handle, bytes) != 0 }
    }

    /// The stems of `word` (`chevaux` → `cheval`; `Häuser` → `häuser`, `haus`, `Haus`).
    public func stems(of word: String) -> [String] { list(Hunspell_stem, word) }

    /// The morphological analyses of `word`, one string each as the dictionary writes them
    /// (` st:cheval po:nom is:mas is:pl`).
    public func analyses(of word: String) -> [String] { list(Hunspell_analyze, word) }

    /// Correct spellings near `word`, best first.
    public func suggestions(for word: String) -> [String] { list(Hunspell_suggest, word) }

    private typealias ListCall = (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?,
                                  UnsafePointer<CChar>?) -> Int32

    private func list(_ call: ListCall, _ word: String) -> [String] {
        // Hunspell's own limit on a word is 100 bytes; longer ones have no analysis.
        guard !word.isEmpty, word.utf8.count <= 100, let bytes = encoded(word) else { return [] }
        return locked {
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = call(handle, &list, bytes)
            defer { Hunspell_free_list(handle, &list, count) }
            guard count > 0, let list else { return [] }
            return (0..<Int(count)).compactMap { list[$0].map(decoded) }
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        mutex.withLock { _ in body() }
    }

    /// `word` as the dictionary's bytes, NUL-terminated; nil when it cannot be written so.
    private func encoded(_ word: String) -> [CChar]? {
        guard isLatin1 else { return word.utf8.contains(0) ? nil : word.utf8.map { CChar(bitPattern: $0) } + [0] }
        var bytes: [CChar] = []
        for scalar in word.unicodeScalars {
            guard scalar.value > 0, scalar.value <= 0xFF else { return nil }
            bytes.append(CChar(bitPattern: UInt8(scalar.value)))
        }
        return bytes + [0]
    }

    private func decoded(_ pointer: UnsafeMutablePointer<CChar>) -> String {
        guard isLatin1 else { return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)).bindMemory(to: UInt8.self), as: UTF8.self) }
        var text = ""
        var p = pointer
        while p.pointee != 0 {
            text.unicodeScalars.append(Unicode.Scalar(UInt8(bitPattern: p.pointee)))
            p += 1
        }
        return text
    }
}
