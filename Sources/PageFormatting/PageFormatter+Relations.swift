import TerminalText
import DictionaryModel
import DictionaryIndex

extension PageFormatter {
    /// A sense's relation of more links than this is folded: its first
    /// `foldedRelationShown` links, then a link "… and 10 more" that opens the page at
    /// the sense, where its relations are shown whole. WordNet's noun `dog` has 18
    /// hyponyms in its first sense, `city` 661 instances; a page of such lists is a wall
    /// of names in which the senses are lost.
    public static let foldedRelationLimit = 12
    /// How many links a folded relation shows before its "… and N more".
    public static let foldedRelationShown = 8

    /// One paragraph per relation: its label, then its links separated by commas. With
    /// `folding` (the entry's id and the sense's anchor), a long relation is folded to a
    /// link to that sense.
    func formatRelations(_ relations: [Relation], indent: Int, folding: (entryID: String, anchor: String)? = nil,
                         into builder: inout PageBuilder) {
        for relation in relations where !relation.links.isEmpty {
            builder.begin(.hanging(2, indent: indent))
            builder.append(info.label(forRelationType: relation.type) + ":", role: .relationLabel, strong: true)
            builder.append(" ")
            var shown = relation.links[...]
            if folding != nil, relation.links.count > Self.foldedRelationLimit {
                shown = shown.prefix(Self.foldedRelationShown)
            }
            for (i, link) in shown.enumerated() {
                if i > 0 { builder.append(", ") }
                builder.appendLink(link.shownText, target: link.target, resolution: resolve(link.target, link.sense))
            }
            if let folding, shown.count < relation.links.count {
                builder.append(", ")
                builder.appendLink("… and \(relation.links.count - shown.count) more", target: folding.entryID,
                                   resolution: resolve(folding.entryID, folding.anchor), TextAttributes(colorRole: .secondary))
            }
            builder.end()
        }
    }
}
