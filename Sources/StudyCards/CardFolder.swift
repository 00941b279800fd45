/// Where the browser's export key writes study cards, and the file's name.
public enum CardFolder {
    /// The documents folder of the XDG user directories (`XDG_DOCUMENTS_DIR` in the
    /// environment, else in `$XDG_CONFIG_HOME/user-dirs.dirs`, else `~/.config/user-dirs.dirs`)
    /// when it is a folder, else the home folder; nil when neither is known. `readFile` reads a
    /// file's text (nil when there is none); `isFolder` says whether a path is a folder.
    public static func documents(environment: [String: String], readFile: (String) -> String?,
                                 isFolder: (String) -> Bool) -> String? {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        var candidates: [String] = []
        if let documents = environment["XDG_DOCUMENTS_DIR"] { candidates.append(documents) }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home.map { $0 + "/.config" }
        if let config, let text = readFile(config + "/user-dirs.dirs"), let documents = userDirectory("XDG_DOCUMENTS_DIR", in: text, home: home) {
            candidates.append(documents)
        }
        for candidate in candidates where candidate.hasPrefix("/") && isFolder(candidate) { return candidate }
        return home
    }

    /// The value of `name` in a `user-dirs.dirs` file (`XDG_DOCUMENTS_DIR="$HOME/Documents"`),
    /// `$HOME` expanded; nil when the file does not set it or sets it to the home folder itself
    /// (what xdg-user-dirs writes for a folder the user turned off).
    static func userDirectory(_ name: String, in text: String, home: String?) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix(name + "=") else { continue }
            var value = String(trimmed.dropFirst(name.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            if value.hasPrefix("$HOME") {
                guard let home else { return nil }
                value = home + value.dropFirst(5)
            }
            guard value.hasPrefix("/"), value != home, value != (home ?? "") + "/" else { return nil }
            return value
        }
        return nil
    }

    /// `wordlink-history-cards-2026-12-01.txt`: where the words came from and the (UTC) day; a
    /// second export the same day replaces the first, which it holds.
    public static func fileName(from source: StudySource, format: CardFormat, time: Double) -> String {
        "wordlink-\(source.rawValue)-cards-\(CardDate.day(time)).\(format.fileExtension)"
    }
}
