import DictionaryModel
import DictionaryIndex

/// The fixture folders next to this file (sample, broken, wordnet-mini), shared by the model,
/// index, import and formatting tests.
public enum Fixtures {
    public static let root: String = {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures"
    }()

    public static func path(_ name: String) -> String { root + "/" + name }

    /// The dictionary that ships with the program (the repository's `Data/`).
    public static let shippedData: String = {
        let file = #filePath
        var path = String(file[..<file.lastIndex(of: "/")!])
        for _ in 0..<2 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path + "/Data"
    }()

    public static func load(_ name: String) throws -> DataFolder {
        try DataFolder.load(from: path(name))
    }

    /// The sample folder with its lookup index.
    public static func sample() throws -> (folder: DataFolder, lookup: Lookup) {
        let folder = try load("sample")
        return (folder, Lookup(folder: folder))
    }
}
