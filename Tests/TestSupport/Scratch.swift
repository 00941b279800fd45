import DictionaryIndex
import Foundation

/// A scratch folder for one test: a copy of a fixture and a cache directory of its own.
public struct Scratch {
    public let root: String
    public var folder: String { root + "/data" }
    public var cache: String { root + "/cache" }

    public init(copying fixture: String) throws {
        root = NSTemporaryDirectory() + "wordlink-index-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.path(fixture), toPath: folder)
    }

    public func open() throws -> IndexedDictionary {
        try IndexStore.open(folder: folder, cacheDirectory: cache)
    }

    /// The library index in the scratch's cache folder.
    public var indexFile: String { cache + "/" + LibraryIndex.fileName }

    public func write(_ text: String, to path: String) throws {
        try text.write(toFile: folder + "/" + path, atomically: false, encoding: .utf8)
    }

    public func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// Waits until the clock's second has moved on (at most a second): a miss looks at a folder's
/// files again in a later second when nothing but a file's content changed
/// (`IndexedLookup`'s look after a miss).
public func waitForTheNextSecond() {
    let start = Date().timeIntervalSince1970
    usleep(UInt32((start.rounded(.down) + 1.02 - start) * 1_000_000))
}
