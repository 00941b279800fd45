import Foundation
import Testing
import TestSupport

/// A page of several entries lists in its `Linked from` section what links to any of them,
/// each linking entry once, and its last row opens the page of all of them: the same entries,
/// the same count.
@Suite struct LinkedFromEndToEndTests {
    @Test func theLastRowOpensWhatLinksToEveryEntryOfThePage() throws {
        let root = Subprocess.temporaryPath("linked-from")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data"
        try FileManager.default.createDirectory(atPath: data + "/entries", withIntermediateDirectories: true)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "lakes", "title": "Lakes"}"#
            .write(toFile: data + "/dictionary.json", atomically: true, encoding: .utf8)
        // Two entries named 湖, and twelve entries linking to them: four to the first (by id),
        // four to the second, four to both (by the headword, which finds both).
        var entries = [#"{"id": "湖~1", "headword": "湖", "senses": [{"definition": "a lake"}]}"#,
                       #"{"id": "湖~2", "headword": "湖", "senses": [{"definition": "a pond 👩‍👩‍👧"}]}"#]
        for i in 0..<12 {
            let link = i < 4 ? "[[湖~1|湖]]" : i < 8 ? "[[湖~2|湖]]" : "[[湖]]"
            entries.append(#"{"id": "w\#(i)", "headword": "water\#(i)", "senses": [{"definition": "near a \#(link)"}]}"#)
        }
        try ("[" + entries.joined(separator: ",\n") + "]").write(toFile: data + "/entries/all.json", atomically: true, encoding: .utf8)
        let session = try TmuxSession(name: "linked-from", columns: 90, rows: 40, data: data, arguments: ["湖"],
                                      environment: ["XDG_CACHE_HOME": root + "/cache"])
        let page = try session.waitFor("the section's last row", timeout: 30) { $0.contains { $0.contains("all 12 that link here") } }
        let row = try #require(page.firstIndex { $0.contains("all 12 that link here") })
        // Focused (the page's last link), the status line says where it leads.
        try session.send("BTab")
        try session.waitFor(text: "→ the page of every entry that links to 湖 and 1 more")
        let column = try #require(try session.locate("all 12", below: row)).column
        try session.click(column: column + 2, row: row)
        let all = try session.waitFor("the page of all of them", timeout: 30) { $0.contains { $0.contains("What links to 湖, 湖") } }
        #expect(all.first?.contains("Linked from: 湖~1 and 1 more") == true, "\(all)")
        for i in 0..<12 { #expect(all.contains { $0.contains("water\(i)") }, "water\(i) is missing: \(all)") }
        #expect(!all.contains { $0.contains("that link here") })
    }
}
