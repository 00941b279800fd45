import DictionaryModel
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Temporary folders and files for the importer tests.
public enum ImportScratch {
    /// Every file under `root` (relative path → bytes), folders included as empty values: to
    /// compare a folder before and after something that must not change it.
    public static func snapshot(_ root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            result[path] = FileManager.default.contents(atPath: root + "/" + path) ?? Data()
        }
        return result
    }

    /// A new empty folder under /tmp, unique to this call.
    public static func folder(_ name: String = "import") -> String {
        Subprocess.isolate()
        var template = Array("/tmp/wordlink-\(name)-XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        return path
    }

    /// Removes a folder made by `folder(_:)` and everything in it.
    public static func remove(_ path: String) {
        guard path.hasPrefix("/tmp/wordlink-") else { return }
        _ = system("rm -rf '\(path)'")
    }

    /// Makes the folder `path` and its parents.
    public static func makeFolder(_ path: String) {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public static func write(_ bytes: [UInt8], to path: String) {
        let file = fopen(path, "wb")!
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    public static func write(_ text: String, to path: String) {
        write(Array(text.utf8), to: path)
    }

    /// The bytes of the file at `path` (none when it cannot be read).
    public static func bytes(_ path: String) -> [UInt8] { Array((read(path) ?? "").utf8) }

    public static func read(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The links of a relation type in a sense, as `target#sense|text`.
    public static func links(_ type: String, in sense: Sense) -> [String] {
        sense.relations.filter { $0.type == type }.flatMap(\.links).map { "\($0.target)#\($0.sense ?? "")|\($0.shownText)" }
    }
}
