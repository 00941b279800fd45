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
        for _ in 0..<2 { try session.click(column: legged.column + 1, row: legged.row) }
        try session.waitFor("the word to be selected") { $0.last?.contains("Selected “legged”") == true }
    }
}
