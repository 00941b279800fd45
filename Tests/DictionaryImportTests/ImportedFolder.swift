import DictionaryModel
import DictionaryIndex
@testable import DictionaryImport

/// What an importer test reads back: the import's summary, the folder it wrote, loaded, and
/// its lookup.
typealias ImportedFolder = (summary: ImportSummary, folder: DataFolder, lookup: Lookup)

/// Imports `format` into `folder` under the id `test` and loads what it wrote: the one way
/// the format tests (DSL, XDXF, Wiktionary) run an import.
func imported<Format: DictionaryFormat>(_ format: Format, to folder: String) throws -> ImportedFolder {
    var importer = FormatImport(format, to: folder, id: "test")
    let summary = try importer.run()
    let data = try DataFolder.load(from: folder)
    return (summary, data, Lookup(folder: data))
}
