import Foundation
import DictionaryModel
@testable import DictionaryEditing

/// A data folder of one test, written from texts, removed by `remove()`.
struct EditingScratch {
    let root: String
    var folder: String { root + "/data" }
    var cache: String { root + "/cache" }

    init(files: [String: String], importer: String? = nil) throws {
        root = NSTemporaryDirectory() + "wordlink-editing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/data/entries", withIntermediateDirectories: true)
        let source = importer.map { #", "source": {"name": "test", "importer": "\#($0)"}"# } ?? ""
        try write(#"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "test", "title": "Test"\#(source)}"#,
                  to: "dictionary.json")
        for (path, text) in files { try write(text, to: path) }
    }

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + path))
    }

    func bytes(_ path: String) -> [UInt8] {
        (try? Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))) ?? []
    }

    func text(_ path: String) -> String { String(decoding: bytes(path), as: UTF8.self) }

    /// The names in `entries/`, sorted.
    func entryNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/entries")) ?? []).sorted()
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// The path of the save helper, built beside the test runner.
func saveHelperPath() -> String {
    if let path = ProcessInfo.processInfo.environment["WORDLINK_SAVE_HELPER"] { return path }
    let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("wordlink-save-helper").path
}
