import Foundation
import Testing
import TestSupport

/// Keyboard selection and double-click on the shipped dictionary's non-ASCII pages, in the
/// real binary: these crashed the browser ("String index is out of bounds").
@Suite(.serialized) struct SelectionEndToEndTests {
    @Test(arguments: [("vietnamese", 20, 1), ("字典", 6, 12)])
    func keyboardSelectionOnANonASCIIPageKeepsTheBrowserRunning(word: String, rights: Int, downs: Int) throws {
        let shell = "\"\(TmuxSession.binary)\" --data \"\(TmuxSession.data)\" \(word); echo EXIT=$?; sleep 60"
        let session = try TmuxSession(name: "select-\(word.unicodeScalars.first!.value)", shellCommand: shell)
        try session.waitFor("the page of \(word)") { $0.first?.lowercased().contains("wordlink · \(word)") == true }
        try session.send("v")
        for _ in 0..<downs { try session.send("Down") }
        for _ in 0..<rights { try session.send("Right") }
        try session.send("y")
        try session.waitFor("the copy to be reported") { $0.last?.contains("Copied") == true }
        try session.send("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func doubleClickSelectsTheWordUnderThePointer() throws {
        let session = try TmuxSession(name: "select-double", arguments: ["dog"])
        try session.waitFor(text: "dog  noun")
        let legged = try #require(try session.locate("legged"))
        // The two clicks go in one write (`doubleClick`); should the program still read them
        // more than the double-click interval (0.4 s) apart, they were two clicks: try again.
        var selected = false
        for _ in 0..<4 where !selected {
            try session.doubleClick(column: legged.column + 1, row: legged.row)
            selected = (try? session.waitFor("the word to be selected", timeout: 2) { $0.last?.contains("Selected “legged”") == true }) != nil
        }
        #expect(selected, "a double-click on “legged” selected it")
    }

    /// Any word of a page, not only a link, is looked up: a double-click, then Enter. Here
    /// `ran`, in an example, a form of the verb run.
    @Test func aDoubleClickedWordIsLookedUpWithEnter() throws {
        let session = try TmuxSession(name: "select-lookup", arguments: ["dog"])
        try session.waitFor(text: "dog  noun")
        let ran = try #require(try session.locate("ran to"))
        var selected = false
        for _ in 0..<4 where !selected {
            try session.doubleClick(column: ran.column + 1, row: ran.row)
            selected = (try? session.waitFor("the word to be selected", timeout: 2) { $0.last?.contains("Selected “ran”") == true }) != nil
        }
        #expect(selected, "a double-click on “ran” selected it")
        try session.send("Enter")
        try session.waitFor("the page of run") { $0[0].contains("wordlink · run") }
    }
}
