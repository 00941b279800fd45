import Foundation
import Testing
import TestSupport

/// Full-text search and backlinks through the real binary: `wordlink search` and `links-to`
/// on the shipped dictionary, and in tmux `s`, a phrase, a result clicked, the entry opened
/// at the matched sense, and `Linked from` at the end of its page.
@Suite(.serialized) struct SearchEndToEndTests {
    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let out = Subprocess.temporaryPath("search-out")
        defer { unlink(out); unlink(out + ".err") }
        let result = Subprocess.run([TmuxSession.binary] + arguments + ["--data", TmuxSession.data], outputFile: out, errorFile: out + ".err")
        return (result.status, result.output, result.error)
    }

    @Test func searchPrintsRankedResultsWithMarkedSnippets() {
        let result = run(["search", "\"natural stream\"", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix(#"{"query":"\"natural stream\"","results":[{"dictionary":"wordlink-sample","entryId":"river~n","headword":"river","sense":"1","snippet":"A large [natural stream] of water"#))
        let words = run(["search", "stream", "NATURAL", "--limit", "1"])
        #expect(words.output.hasPrefix("river, sense 1  [river~n]\n  A large [natural] [stream] of water"))
        let none = run(["search", "zzzqqq"])
        #expect(none.status == 1)
        #expect(none.error == "wordlink: nothing in The wordlink Sample Dictionary matches \"zzzqqq\"; try fewer words, or a prefix such as word*.\n")
        #expect(run(["search", "\"\""]).status == 2)
    }

    /// With more than three dictionaries open, a miss says how many were asked, not every
    /// title (forty made a message of 2,000 characters); up to three, it names them.
    @Test func aMissNamesManyDictionariesByTheirNumber() throws {
        let root = Subprocess.temporaryPath("many-dictionaries")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var data: [String] = []
        for number in 0..<4 {
            try FileManager.default.copyItem(atPath: TmuxSession.data, toPath: root + "/d\(number)")
            data += ["--data", root + "/d\(number)"]
        }
        let environment = ["/usr/bin/env", "XDG_CACHE_HOME=" + root + "/cache", "XDG_STATE_HOME=" + root + "/state", TmuxSession.binary]
        let out = root + "/out", err = root + "/err"
        let search = Subprocess.run(environment + ["search", "zzzqqq"] + data, outputFile: out, errorFile: err)
        #expect(search.status == 1 && search.error == "wordlink: nothing in the 4 open dictionaries matches \"zzzqqq\"; try fewer words, or a prefix such as word*.\n")
        let define = Subprocess.run(environment + ["define", "zzzqqq"] + data, outputFile: out, errorFile: err)
        #expect(define.status == 1 && define.error.hasPrefix("wordlink: no entry for \"zzzqqq\" in the 4 open dictionaries"), "\(define.error)")
        let linksTo = Subprocess.run(environment + ["links-to", "zzzqqq"] + data, outputFile: out, errorFile: err)
        #expect(linksTo.status == 1 && linksTo.error.hasPrefix("wordlink: no entry for \"zzzqqq\" in the 4 open dictionaries"), "\(linksTo.error)")
        let three = Subprocess.run(environment + ["search", "zzzqqq"] + data.prefix(6), outputFile: out, errorFile: err)
        let title = "The wordlink Sample Dictionary"
        #expect(three.error.hasPrefix("wordlink: nothing in \(title), \(title), \(title) matches"), "\(three.error)")
    }

    @Test func linksToListsTheEntriesThatLinkHere() {
        let result = run(["links-to", "river", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix(#"{"word":"river","entries":[{"dictionary":"wordlink-sample","id":"river~n"}],"links":[{"dictionary":"wordlink-sample","entryId":"bank~n","headword":"bank","sense":"1","text":"river","to":"river~n"}"#))
        #expect(run(["links-to", "zzzqqq"]).status == 1)
    }

    @Test func aSearchResultClickedOpensTheEntryAtTheMatchedSense() throws {
        let session = try TmuxSession(name: "search", columns: 90, rows: 12, data: TmuxSession.data, arguments: ["hello"])
        try session.waitFor(text: "hello")
        try session.send("s")
        try session.type("\"large flow\"")
        try session.waitFor("a result") { rows in rows.contains { $0.hasPrefix(" river noun, sense 2") } }
        let result = try #require(try session.locate("river noun, sense 2"))
        try session.click(column: result.column + 1, row: result.row)
        // The page opens at sense 2 (its first row at the top), with "Linked from" below.
        let screen = try session.waitFor("river at sense 2") { rows in rows.count > 1 && rows[1].contains("2. (figurative) A large flow of anything.") }
        #expect(screen[0].contains("river"))
        try session.send("G")
        try session.waitFor(text: "Linked from")
    }
}
