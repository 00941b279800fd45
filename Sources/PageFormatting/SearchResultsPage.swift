import TerminalText
import DictionaryModel
import DictionaryIndex

/// One result of a full-text search, as the browser's results page shows it.
public struct SearchResultItem: Hashable, Sendable {
    /// The library position of the result's dictionary.
    public var member: Int
    public var entryID: String
    public var headword: String
    /// The number path of the matched sense (nil: the entry's notes).
    public var sense: String?
    /// The snippet's text and its matched words (UTF-8 ranges into it).
    public var snippet: String
    public var marks: [Range<Int>]
    /// The other headwords sharing this text (a WordNet synset's), each with its entry id.
    public var others: [(entryID: String, headword: String)] { zip(otherIDs, otherHeadwords).map { ($0, $1) } }
    var otherIDs: [String]
    var otherHeadwords: [String]

    public init(member: Int, entryID: String, headword: String, sense: String?, snippet: String, marks: [Range<Int>],
                others: [(entryID: String, headword: String)] = []) {
        self.member = member
        self.entryID = entryID
        self.headword = headword
        self.sense = sense
        self.snippet = snippet
        self.marks = marks
        otherIDs = others.map(\.entryID)
        otherHeadwords = others.map(\.headword)
    }
}

extension LibraryPages {
    /// The page of search results for `query`: one block a result, its headword a link to
    /// the entry at the matched sense, then the snippet with the matched words in bold, coloured as headwords.
    public func searchResultsPage(query: String, results: [SearchResultItem]) -> StyledText {
        var builder = PageBuilder()
        builder.begin(.plain)
        builder.append("Search: ", role: .secondary)
        builder.append(query, role: .headword, strong: true)
        builder.append(results.isEmpty ? " — nothing matches" : results.count == 1 ? " — 1 result" : " — \(results.count) results, best first",
                       role: .secondary)
        builder.end()
        for result in results {
            builder.blankLine()
            let member = library.members[result.member]
            builder.begin(.hanging(2))
            let resolution = LinkResolution(state: .resolved, entryIDs: [result.entryID], sense: result.sense, destination: result.entryID,
                                            dictionary: library.isShared ? member.key : nil)
            builder.appendLink(result.headword, target: result.entryID, resolution: resolution, TextAttributes(isStrong: true))
            var detail = ""
            if let pos = member.lookup.entryNumber(forID: result.entryID).flatMap(member.lookup.pos(ofEntryAt:)) { detail += " " + pos }
            if let sense = result.sense { detail += ", sense " + sense }
            if library.isShared { detail += " · " + LibraryPages.name(of: member) }
            builder.append(detail, role: .secondary)
            for (i, other) in result.others.prefix(6).enumerated() {
                builder.append(i == 0 ? " · also " : ", ", role: .secondary)
                builder.appendLink(other.headword, target: other.entryID,
                                   resolution: LinkResolution(state: .resolved, entryIDs: [other.entryID], sense: result.sense,
                                                              destination: other.entryID, dictionary: library.isShared ? member.key : nil))
            }
            builder.end()
            builder.begin(.hanging(0, indent: 4))
            let bytes = Array(result.snippet.utf8)
            var at = 0
            for mark in result.marks where mark.lowerBound >= at && mark.upperBound <= bytes.count {
                builder.append(String(decoding: bytes[at..<mark.lowerBound], as: UTF8.self))
                builder.append(String(decoding: bytes[mark], as: UTF8.self), role: .headword, strong: true)
                at = mark.upperBound
            }
            builder.append(String(decoding: bytes[at...], as: UTF8.self))
            builder.end()
        }
        builder.end()
        return builder.text
    }
}
