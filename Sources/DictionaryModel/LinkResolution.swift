import TerminalText

/// Where a link leads: the outcome of resolving its target as the data format says.
public struct LinkResolution: Hashable, Sendable {
    /// Whether and how the link can be followed.
    public var state: WordLink.State
    /// The entries the link leads to: one, several homographs, or none.
    public var entryIDs: [String]
    /// The sense anchor, when the link names one.
    public var sense: String?
    /// What following the link opens: the entry id when there is one entry, the target as
    /// written when there are several (it looks them all up again), nil otherwise.
    public var destination: String?
    /// Whether the link names a sense that none of its entries has (a `check` warning; the
    /// link still leads to the entry).
    public var isMissingSense: Bool

    public init(state: WordLink.State, entryIDs: [String] = [], sense: String? = nil,
                destination: String? = nil, isMissingSense: Bool = false) {
        self.state = state
        self.entryIDs = entryIDs
        self.sense = sense
        self.destination = destination
        self.isMissingSense = isMissingSense
    }

    /// The word link for this resolution, with `ordinal` its place on the page.
    public func wordLink(target: String, ordinal: Int) -> WordLink {
        WordLink(target: target, destination: destination, sense: sense, state: state, ordinal: ordinal)
    }
}

extension Lookup {
    /// Schemes that make a target external even without `//` after them.
    static let knownSchemes: Set<String> = ["http", "https", "ftp", "ftps", "mailto", "tel", "news", "urn", "doi",
                                            "file", "data", "irc", "gopher", "geo", "sms", "xmpp"]

    /// Whether `target` is a URL: a known scheme and a colon (`mailto:a@b`), or any
    /// RFC 3986 scheme followed by `://`. A headword with a colon (`re: something`) is not.
    public static func isExternal(_ target: String) -> Bool {
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
        for scalar in scheme.unicodeScalars {
            guard scalar.isASCIILetter || (scalar >= "0" && scalar <= "9") || scalar == "+" || scalar == "-" || scalar == "." else { return false }
        }
        let rest = target[target.index(after: colon)...]
        guard !rest.isEmpty, !rest.contains(" ") else { return false }
        return knownSchemes.contains(scheme.lowercased()) || rest.hasPrefix("//")
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { (self >= "a" && self <= "z") || (self >= "A" && self <= "Z") }
}
