import DictionaryModel

/// The fixture folders next to this file.
enum Fixtures {
    static let root: String = {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures"
    }()

    static func path(_ name: String) -> String { root + "/" + name }

    static func load(_ name: String) throws -> DataFolder {
        try DataFolder.load(from: path(name))
    }

    /// The sample folder with its lookup index.
    static func sample() throws -> (folder: DataFolder, lookup: Lookup) {
        let folder = try load("sample")
        return (folder, Lookup(folder: folder))
    }
}
