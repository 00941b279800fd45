/// One problem found in a data folder, rendered the way compilers do:
///
/// ```
/// error: duplicate id "dog~n"
///   --> entries/b.json:3:9
/// note: first defined at entries/a.json:2:9
/// ```
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad it is: errors make `check` fail, warnings do not.
    public enum Severity: String, Hashable, Sendable {
        case error, warning
    }

    /// A further remark, optionally pointing at another place.
    public struct Note: Hashable, Sendable {
        public var message: String
        public var location: SourceLocation?

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    public var notes: [Note]

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// The diagnostic for `error` in `file`, placed at the error's offset.
    public init(_ error: DictionaryModelError, in file: SourceFile) {
        let location = error.offset.map { file.location(ofOffset: $0) } ?? SourceLocation(file: file.path)
        self.init(.error, error.message, at: location)
    }

    public var isError: Bool { severity == .error }

    /// The compiler-style text: a `severity: message` line, a `  --> place` line, then one
    /// line per note (`note: message at place`, or `note: message` when it has no place).
    public var description: String {
        var text = "\(severity.rawValue): \(message)"
        if let location { text += "\n  --> \(location)" }
        for note in notes {
            text += "\nnote: \(note.message)"
            if let location = note.location { text += " \(location)" }
        }
        return text
    }
}
