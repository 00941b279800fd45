/// Where a link leads: the outcome of resolving its target as the data format says.
public struct LinkResolution: Hashable, Sendable {
    /// Whether and how the link can be followed.
    public var state: LinkState
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
    /// The library's key of the dictionary the link leads into, when several are open (nil
    /// with one dictionary, and for a link that leads nowhere).
    public var dictionary: String?
    /// Whether that is another dictionary than the one the link stands in: its target named
    /// nothing in its own.
    public var leadsElsewhere: Bool

    public init(state: LinkState, entryIDs: [String] = [], sense: String? = nil,
                destination: String? = nil, isMissingSense: Bool = false, dictionary: String? = nil, leadsElsewhere: Bool = false) {
        self.state = state
        self.entryIDs = entryIDs
        self.sense = sense
        self.destination = destination
        self.isMissingSense = isMissingSense
        self.dictionary = dictionary
        self.leadsElsewhere = leadsElsewhere
    }
}
