import DictionaryModel
import DictionaryIndex

/// `wordlink dictionaries`: lists the dictionaries a command would open, in library order.
enum DictionariesCommand {
    static func run(_ options: LibraryOptions, json: Bool) -> Int32 {
        let opened: [IndexedDictionary]
        do throws(LibraryLocation.OpenFailure) { opened = try LibraryLocation.open(options, purpose: "list") } catch { return error.status }
        if json {
            Terminal.write(json: document(opened).serialized + "\n")
        } else {
            Terminal.write(table(opened) + LibraryLocation.choose(options: options).helpLine + "\n")
        }
        return 0
    }

    /// One block a dictionary: `id  title`, then its entries, languages, import mark,
    /// licence and folder.
    static func table(_ opened: [IndexedDictionary]) -> String {
        var text = ""
        for dictionary in opened {
            let info = dictionary.info
            text += info.id + "  " + info.title + "\n"
            text += "  \(CheckCommand.count(dictionary.lookup.entryCount, "entry", "entries"))"
            // Its languages, which set its place in the library's order: `en`, `en → de`.
            if let language = info.language, !language.isEmpty {
                text += ", " + language
                if let target = info.targetLanguage, !target.isEmpty, target != language { text += " → " + target }
            }
            text += info.importer.map { ", imported (\($0))" } ?? ", written by hand"
            if let license = info.license { text += ", licence: " + license }
            text += "\n  " + dictionary.path + "\n"
        }
        return text
    }

    /// `{"dictionaries": [{"id", "title", "entries", "language", "targetLanguage", "folder",
    /// "license", "imported", "importer"}]}`.
    static func document(_ opened: [IndexedDictionary]) -> JSONValue {
        .object(["dictionaries": JSONValue(.array(opened.map { dictionary in
            let info = dictionary.info
            return .object([
                "id": .string(info.id), "title": .string(info.title),
                "entries": JSONValue(integerLiteral: dictionary.lookup.entryCount),
                "language": .string(info.language), "targetLanguage": .string(info.targetLanguage),
                "folder": .string(dictionary.path), "license": .string(info.license),
                "imported": JSONValue(booleanLiteral: info.importer != nil), "importer": .string(info.importer),
            ])
        }))])
    }
}
