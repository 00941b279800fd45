import DictionaryModel

/// Why an entry (or a personal note) could not be opened for editing or saved. Nothing was
/// written when one is thrown: the file on disk is as it was.
public enum EditingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document has no headword.
    case emptyHeadword
    /// A new entry's id is taken by an entry of the folder.
    case duplicateID(String)
    /// The file changed on disk since the entry was read (another program, another save).
    case changedOnDisk(path: String)
    /// No entry with this id is in the folder (or in the file named).
    case notFound(id: String)
    /// The file (or the folder of a new one) could not be read or written.
    case unwritable(path: String, reason: String)
    /// The editor's text does not parse.
    case invalid(EntryDocumentError)
    /// The entry file, read again, is not valid JSON or the entry does not decode (the
    /// message says where), or the edit would make it so.
    case unreadable(path: String, reason: String)
    /// The id is not one the data format allows (empty, too long, control characters).
    case invalidID(String, reason: String)
    /// The dictionary is an import (its `dictionary.json` has an importer's mark): its entries
    /// are not edited in place, since the next import would overwrite the change; add a
    /// personal note instead.
    case importedDictionary(title: String)

    /// One sentence for the status line.
    public var description: String {
        switch self {
        case .emptyHeadword:
            return "The entry has no headword: write it on the first line."
        case .duplicateID(let id):
            return "An entry with the id \"\(id)\" is already in this dictionary."
        case .changedOnDisk(let path):
            return "\(path) changed on disk since the entry was opened; nothing was saved."
        case .notFound(let id):
            return "No entry with the id \"\(id)\" is in this dictionary."
        case .unwritable(let path, let reason):
            return "Could not save \(path): \(reason); the file is as it was."
        case .invalid(let error):
            return "The text cannot be saved: \(error.description)."
        case .unreadable(let path, let reason):
            return "Could not read \(path): \(reason)."
        case .invalidID(let id, let reason):
            return "The id \"\(id)\" cannot be used: \(reason)."
        case .importedDictionary(let title):
            return "\(title) is an import and is not edited in place; add a personal note instead."
        }
    }
}
