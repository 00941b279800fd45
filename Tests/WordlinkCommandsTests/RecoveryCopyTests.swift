import BrowserCore
import BrowsingHistory
import Foundation
import Testing
@testable import WordlinkCommands

/// The editor's recovery copy in the state folder: what is written comes back whole (its time too), a copy cut
/// short is not offered, and clearing it removes the file.
@Suite struct RecoveryCopyTests {
    func memory() throws -> (HistoryMemory, String) { try HistoryMemory.scratch("recovery") }

    @Test func whatIsWrittenComesBack() throws {
        let (memory, folder) = try memory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(memory.loadRecovery() == nil)
        let text = "湖\n1. still [[water]] \"quoted\" 👩‍👩‍👧 e\u{301}\n\n   ex: \\ back\u{1b}slash\n"
        let copy = EditorRecovery(kind: "entry", dictionary: "sample~2", entryID: "lake~n", title: "湖", text: text, caret: 7,
                                  time: 1_773_496_920)
        memory.saveRecovery(copy)
        #expect(memory.loadRecovery() == copy)
        // A copy that does not say when (one an earlier version wrote) comes back without a time.
        let undated = EditorRecovery(kind: "note", dictionary: "wn", entryID: "lake~n", title: "lake", text: "x", caret: 0)
        memory.saveRecovery(undated)
        #expect(memory.loadRecovery() == undated)
        memory.saveRecovery(nil)
        #expect(memory.loadRecovery() == nil)
        #expect(!FileManager.default.fileExists(atPath: memory.recoveryPath))
    }

    @Test func aCopyCutShortIsNotOffered() throws {
        let (memory, folder) = try memory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        memory.saveRecovery(EditorRecovery(kind: "newEntry", dictionary: "d", entryID: nil, title: "t", text: "0123456789", caret: 0))
        let data = try Data(contentsOf: URL(fileURLWithPath: memory.recoveryPath))
        try data.dropLast(3).write(to: URL(fileURLWithPath: memory.recoveryPath))
        #expect(memory.loadRecovery() == nil)
        try Data("not json\n".utf8).write(to: URL(fileURLWithPath: memory.recoveryPath))
        #expect(memory.loadRecovery() == nil)
    }
}
