#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// The fingerprint of a dictionary's source: each file's path, size and modification time
/// (to the nanosecond), written in `dictionary.json`'s `source.fingerprint` by every import
/// of `wordlink import SOURCE` and `--installed`. An equal fingerprint means the source has
/// not changed since its import, without reading it.
public enum SourceFingerprint {
    /// `path size seconds.nanoseconds` for each file, sorted by path, one per `|`; a file that
    /// cannot be read counts as `path missing`.
    public static func of(_ files: [String]) -> String {
        files.sorted().map { path in
            guard let info = fileStatus(path) else { return path + " missing" }
            return "\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }.joined(separator: "|")
    }

    /// `of(files)` with the importer's revision when past the first (`|importer 2`): an import
    /// of the same files by an earlier importer does not match it. (Revision 1 adds nothing, so
    /// the imports made before revisions were counted still match.)
    public static func of(_ files: [String], importerRevision: Int) -> String {
        importerRevision > 1 ? of(files) + "|importer \(importerRevision)" : of(files)
    }

    /// `fingerprint` without the importer's revision `of(_:importerRevision:)` added: what it
    /// says of the files alone.
    public static func files(of fingerprint: String) -> String {
        fingerprint.split(separator: "|", omittingEmptySubsequences: false).filter { !$0.hasPrefix("importer ") }.joined(separator: "|")
    }

    /// The fingerprint an import in `folder` recorded, if any.
    public static func recorded(in folder: String) -> String? {
        guard let bytes = try? readFile(folder + "/dictionary.json", shownAs: "dictionary.json"),
              let json = try? JSONParser.parse(bytes) else { return nil }
        return json["source"]?["fingerprint"]?.stringValue
    }
}
