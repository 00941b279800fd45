import DictionaryModel

/// A StarDict dictionary's `.ifo` file: the first line `StarDict's dict ifo file`, then
/// `key=value` lines (`version`, `bookname`, `wordcount`, `synwordcount`, `idxfilesize`,
/// `idxoffsetbits`, `sametypesequence`, `author`, `email`, `website`, `description`,
/// `date`, `dicttype`). Unknown keys are kept in `values` and otherwise ignored.
public struct StarDictInfo: Hashable, Sendable {
    /// The first line of every dictionary's `.ifo`.
    public static let magic = "StarDict's dict ifo file"

    /// Every key as written, values without their line's end.
    public var values: [String: String]
    public var version: String { values["version"] ?? "" }
    public var bookName: String { values["bookname"] ?? "" }
    /// The number of headwords in `.idx`.
    public var wordCount: Int
    /// The number of headwords in `.syn`, when the dictionary has one.
    public var synonymCount: Int?
    /// The size of the uncompressed `.idx`, which the file must have.
    public var indexFileSize: Int?
    /// 32, or 64 for dictionaries of version 3.0.0 with `idxoffsetbits=64`.
    public var offsetBits: Int
    /// The types of every record's fields, when the dictionary names them once for all
    /// (`sametypesequence=m`); nil when each field carries its type.
    public var sameTypeSequence: [Character]?

    /// Reads the `.ifo` text of the file at `path` (for messages).
    /// - Throws: `.invalidSource` naming the file and line when the first line is not
    ///   StarDict's, `wordcount` is missing or not a number, or a number key is broken.
    public init(text: String, path: String) throws(DictionaryModelError) {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        guard let first = lines.first, first.trimmingCharacters(in: " \t\r") == StarDictInfo.magic else {
            throw .invalidSource(path: path, line: 1, reason: "not a StarDict .ifo file (its first line is not \"\(StarDictInfo.magic)\")")
        }
        var values: [String: String] = [:]
        var numbers: [String: Int] = [:]
        for (number, line) in lines.enumerated().dropFirst() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals].trimmingCharacters(in: " \t"))
            let value = String(line[line.index(after: equals)...])
            if values[key] == nil { values[key] = value }
            if ["wordcount", "synwordcount", "idxfilesize", "idxoffsetbits"].contains(key) {
                guard let parsed = Int(value.trimmingCharacters(in: " \t")), parsed >= 0 else {
                    throw .invalidSource(path: path, line: number + 1, reason: "\(key) is not a number: \"\(value)\"")
                }
                numbers[key] = parsed
            }
        }
        guard let wordCount = numbers["wordcount"] else {
            throw .invalidSource(path: path, line: 0, reason: "it has no wordcount")
        }
        let bits = numbers["idxoffsetbits"] ?? 32
        guard bits == 32 || bits == 64 else {
            throw .invalidSource(path: path, line: 0, reason: "idxoffsetbits is \(bits); StarDict has 32 or 64")
        }
        self.values = values
        self.wordCount = wordCount
        self.synonymCount = numbers["synwordcount"]
        self.indexFileSize = numbers["idxfilesize"]
        self.offsetBits = bits
        let sequence = values["sametypesequence"].map { Array($0.trimmingCharacters(in: " \t")) }
        self.sameTypeSequence = sequence?.isEmpty == false ? sequence : nil
    }

    /// Whether `bytes` (the start of a file) begin as a StarDict `.ifo` does.
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        var start = bytes[...]
        if start.starts(with: [0xEF, 0xBB, 0xBF]) { start = start.dropFirst(3) }
        return start.starts(with: Array(magic.utf8))
    }

    /// The description as the data format's markup: StarDict writes `<br>` for its line
    /// breaks, and some dictionaries more HTML.
    public var descriptionMarkup: String? {
        guard let description = values["description"], !description.isEmpty else { return nil }
        let text = HTMLMarkup.convert(description)
        return text.isEmpty ? nil : text
    }
}
