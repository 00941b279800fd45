import DictionaryIndex
import DictionaryModel

/// A library of small dictionaries made in memory, for pages several dictionaries answer: the
/// navigator, folding and groups. Titles may be any text (CJK, emoji, combining marks).
public enum SectionedLibrary {
    /// One dictionary: its id, title, and the JSON array of its entries.
    public struct Member: Sendable {
        public var id: String
        public var title: String
        public var entries: String

        public init(id: String, title: String, entries: String) {
            self.id = id
            self.title = title
            self.entries = entries
        }
    }

    /// The library of `members`, in this order.
    public static func make(_ members: [Member]) -> Library {
        Library(members.map { member in
            let info = #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "\#(member.id)", "title": "\#(member.title)"}"#
            let folder = DataFolder.load(dictionary: SourceFile(path: "dictionary.json", bytes: Array(info.utf8)),
                                         entryFiles: [SourceFile(path: "entries/all.json", bytes: Array(member.entries.utf8))])
            return (folder.info, "/memory/" + member.id, Lookup(folder: folder) as any EntryLookup, 0)
        })
    }

    /// Three dictionaries that all have `hello`: English (two entries, one with a link to
    /// `zebra`), one titled in Japanese with an emoji, one whose title has a combining accent.
    public static let three: [Member] = [
        Member(id: "english", title: "English", entries: """
            [{"id": "hello~n", "headword": "hello", "pos": "noun", "senses": [{"definition": "a greeting, said to a [[zebra]]"}]},
             {"id": "hello~v", "headword": "hello", "pos": "verb", "senses": [{"definition": "to say [[hello]]"}]},
             {"id": "zebra", "headword": "zebra", "senses": [{"definition": "a striped horse"}]}]
            """),
        Member(id: "nihongo", title: "日本語の辞書 📚", entries: """
            [{"id": "hello", "headword": "hello", "senses": [{"definition": "こんにちは。挨拶の言葉 [[zebra]]"}]},
             {"id": "zebra", "headword": "zebra", "senses": [{"definition": "シマウマ 🦓"}]}]
            """),
        Member(id: "cafe", title: "Cafe\\u0301 Dictionnaire", entries: """
            [{"id": "hello", "headword": "hello", "senses": [{"definition": "bonjour"}]}]
            """),
    ]
}
