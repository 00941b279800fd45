import Testing
@testable import PageFormatting

/// `Linked from` drops a linking entry and sense met twice on a page by its identity string:
/// equal for equal items only, whatever the texts hold (separators, digits, CJK, emoji,
/// combining marks, an empty sense).
@Suite struct LinkedFromIdentityTests {
    @Test func identitiesAreEqualForEqualItemsOnly() {
        var items: [LinkedFromItem] = []
        for member in [0, 1, 12] {
            for entryID in ["dog~n", "dog~n1", "1:dog", "犬~n", "e\u{301}~n", "👩‍👩‍👧", ""] {
                for headword in ["dog", "1:dog", "犬", "", "dog\u{0}1"] {
                    for sense in [nil, "", "1", "1.2", "\u{0}1"] as [String?] {
                        items.append(LinkedFromItem(member: member, entryID: entryID, headword: headword, sense: sense))
                    }
                }
            }
        }
        var byIdentity: [String: LinkedFromItem] = [:]
        for item in items {
            if let earlier = byIdentity[item.identity] {
                #expect(earlier == item, "\(earlier) and \(item) share \(item.identity.debugDescription)")
            }
            byIdentity[item.identity] = item
        }
        #expect(byIdentity.count == Set(items).count)
        #expect(LinkedFromItem(member: 3, entryID: "a", headword: "b", sense: "1").identity
                == LinkedFromItem(member: 3, entryID: "a", headword: "b", sense: "1").identity)
    }
}
