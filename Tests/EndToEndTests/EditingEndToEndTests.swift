import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Editing mode through the real binary in tmux: `e`, typing a link that is styled before it is
/// saved, undo and redo, Ctrl-S, Esc, a click on the new link; an entry created from a red link;
/// a personal note on an imported entry; an edit that survives a hang-up. Every test edits a
/// copy of the sample dictionary in a folder of its own.
@Suite(.serialized, .hangGuard) struct EditingEndToEndTests {
    /// A copy of the shipped sample (marked an import when `importer` is given), with state, data and cache folders.
    final class Workspace {
        let root = Subprocess.temporaryPath("editing-e2e")
        var data: String { root + "/sample" }
        var environment: [String: String] {
            ["XDG_STATE_HOME": root + "/state", "XDG_DATA_HOME": root + "/user-data", "XDG_CACHE_HOME": root + "/cache"]
        }

        init(importer: String? = nil) throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: TmuxSession.data, toPath: data)
            if let importer {
                let path = data + "/dictionary.json"
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let marked = text.replacingOccurrences(of: "\"source\": {", with: "\"source\": {\"importer\": \"\(importer)\", ")
                #expect(marked != text)
                try marked.write(toFile: path, atomically: true, encoding: .utf8)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func browser(_ name: String, _ arguments: [String] = []) throws -> TmuxSession {
            try TmuxSession(name: name, columns: 80, rows: 20, data: data, arguments: arguments, environment: environment)
        }

        func file(_ name: String) -> String { (try? String(contentsOfFile: data + "/entries/" + name, encoding: .utf8)) ?? "" }
    }

    /// The screen with its SGR sequences (tmux's `capture-pane -e`).
    func styledScreen(_ session: TmuxSession) throws -> String { try session.tmux(["capture-pane", "-p", "-e"]) }

    /// The SGR parameters in force where `text` starts on the styled screen: everything since the last reset.
    func style(before text: String, in styled: String) throws -> String {
        let range = try #require(styled.range(of: text), "\(text) is not on the screen")
        let before = styled[..<range.lowerBound]
        let reset = before.range(of: "\u{1b}[0m", options: .backwards)?.upperBound ?? before.startIndex
        return String(before[reset...])
    }

    /// Whether SGR sequences (as `style(before:in:)` gives them) turn underline on: a parameter 4 in any of them.
    func isUnderlined(_ sgr: String) -> Bool {
        sgr.split(separator: "\u{1b}").contains { sequence in
            guard sequence.hasPrefix("["), let end = sequence.firstIndex(of: "m") else { return false }
            return sequence[sequence.index(after: sequence.startIndex)..<end].split(separator: ";").contains("4")
        }
    }

    @Test func typeALinkSeeItStyledUndoSaveLeaveAndFollowIt() throws {
        let workspace = try Workspace()
        let session = try workspace.browser("edit-link", ["river"])
        try session.waitFor(text: "river  noun")
        try session.send("e")
        try session.waitFor(text: "Editing: river")
        try session.send("End")
        try session.type(" zebra")
        try session.waitFor(text: "zebra")
        try session.send("C-z")
        try session.waitFor("undo took the word back") { !$0.joined().contains("zebra") }
        try session.send("C-y")
        try session.waitFor(text: "zebra")
        try session.type(" See [[bank]] or [[nowhere-at-all]].")
        try session.waitFor(text: "[[nowhere-at-all]]")
        // Styled before anything is saved: both links underlined, in two different colours; the brackets not underlined.
        let styled = try styledScreen(session)
        let bank = try style(before: "bank", in: styled), nowhere = try style(before: "nowhere-at-all", in: styled)
        #expect(isUnderlined(bank) && isUnderlined(nowhere), "links are underlined: \(bank.debugDescription) \(nowhere.debugDescription) in \(styled.debugDescription)")
        #expect(bank != nowhere, "a resolved and an unresolved link look different")
        #expect(try session.screen().contains { $0.contains("unsaved changes") })
        #expect(!workspace.file("river-n.json").contains("zebra"), "nothing is written before Ctrl-S")
        try session.send("C-s")
        try session.waitFor(text: "Saved “river”.")
        #expect(workspace.file("river-n.json").contains("or a lake. zebra See [[bank]] or [[nowhere-at-all]]."), "End moved the caret to the end")
        try session.send("Escape")
        let page = try session.waitFor("the page again") { $0[0].contains("wordlink · river") }
        #expect(page.joined(separator: " ").contains("zebra See") && page.contains { $0.contains("bank or nowhere-at-all.") }, "markup shows as a page again: \(page.joined(separator: "\n"))")
        let bank2 = try #require(try session.locate("bank"))
        try session.click(column: bank2.column + 1, row: bank2.row)
        try session.waitFor("the bank page") { $0[0].contains("bank") && !$0[0].contains("river") }
    }

    /// Issue 34, item 1, as a person types it: Ctrl-End, the sentence, a real pause, ` xyzzy`; Ctrl-Z takes back
    /// ` xyzzy` and nothing before it, Ctrl-Y gives it back, each time the row exactly as it was.
    @Test func undoTakesTheWordTypedAfterAPauseAndRedoGivesItBack() throws {
        let workspace = try Workspace()
        let session = try workspace.browser("edit-undo-groups", ["river"])
        try session.waitFor(text: "river  noun")
        try session.send("e")
        try session.waitFor(text: "Editing: river")
        try session.send("C-End")
        try session.type(" See [[ocean]] and [[nowhere]].")
        let sentence = try session.waitFor(text: "and [[nowhere]].")
        let row = try #require(sentence.firstIndex { $0.hasSuffix(" See [[ocean]] and [[nowhere]].") },
                               "Ctrl-End put the caret at the end: \(sentence.joined(separator: "\n"))")
        try session.waitForStableScreen()
        usleep(1_500_000) // a pause: longer than the editor's (TextEditor.typingPause)
        try session.type(" xyzzy")
        let typed = try session.waitFor(text: "[[nowhere]]. xyzzy")
        #expect(typed[row] == sentence[row] + " xyzzy", "\(typed.joined(separator: "\n"))")
        try session.send("C-z")
        let undone = try session.waitFor("undo took the word") { !$0.joined().contains("xyzzy") }
        #expect(undone[row] == sentence[row], "Ctrl-Z took only ` xyzzy`: \(undone.joined(separator: "\n"))")
        try session.send("C-y")
        let redone = try session.waitFor(text: "xyzzy")
        #expect(redone[row] == typed[row], "Ctrl-Y gave back exactly what was there: \(redone.joined(separator: "\n"))")
        try session.send("C-z")
        try session.waitFor("undo again") { !$0.joined().contains("xyzzy") }
        try session.send("C-z")
        let bracketsUndone = try session.waitFor("the closing brackets and full stop undone") { $0.indices.contains(row) && !$0[row].hasSuffix("]].") }
        #expect(bracketsUndone[row] == String(sentence[row].dropLast(3)), "\(bracketsUndone.joined(separator: "\n"))")
    }

    @Test func aRedLinkBecomesAnEntry() throws {
        let workspace = try Workspace()
        let session = try workspace.browser("edit-create", ["river"])
        try session.waitFor(text: "river  noun")
        try session.send("e")
        try session.waitFor(text: "Editing: river")
        try session.send("End")
        try session.type(" [[tarn]]")
        try session.send("C-s")
        try session.waitFor(text: "Saved")
        try session.send("Escape")
        try session.waitFor(text: "wordlink · river")
        // Focus the red link, then e: the new entry it names.
        var screen: [String] = []
        for _ in 0..<12 {
            try session.send("Tab")
            screen = try session.waitForStableScreen()
            if screen.last?.contains("tarn") == true { break }
        }
        #expect(screen.last?.contains("No entry for “tarn”") == true, "\(screen.last ?? "")")
        try session.send("e")
        try session.waitFor(text: "New entry: tarn")
        try session.type("A small mountain lake.")
        try session.send("C-s")
        try session.waitFor(text: "Saved “tarn”.")
        #expect(workspace.file("tarn.json").contains("A small mountain lake."))
        try session.send("Escape")
        try session.waitFor("the river page again") { $0[0].contains("wordlink · river") }
        try session.send("Tab")
        try session.send("BTab")
        let back = try session.waitFor("the link live") { ($0.last ?? "").contains("tarn") && !($0.last ?? "").contains("No entry") && !($0.last ?? "").contains("Saved") }
        #expect(back.last?.contains("A small mountain lake") == true, "the status line describes the new entry: \(back.joined(separator: "\n"))")
    }

    @Test func anImportedEntryGetsANoteOfYourOwn() throws {
        let workspace = try Workspace(importer: "wordnet")
        let before = workspace.file("river-n.json")
        let session = try workspace.browser("edit-note", ["river"])
        try session.waitFor(text: "river  noun")
        try session.send("e")
        try session.waitFor(text: "Your note on: river")
        try session.type("Seen at the [[bank]] in May.")
        try session.send("C-s")
        try session.waitFor(text: "Saved your note")
        try session.send("Escape")
        let page = try session.waitFor(text: "Your notes")
        #expect(page.contains { $0.contains("Seen at the bank in May.") })
        #expect(workspace.file("river-n.json") == before, "an import is never edited in place")
        let notes = try FileManager.default.subpathsOfDirectory(atPath: workspace.root + "/user-data/wordlink/notes")
        #expect(notes.contains { $0.hasSuffix(".json") }, "\(notes)")
    }

    @Test func escAsksBeforeLosingChanges() throws {
        let workspace = try Workspace()
        let before = workspace.file("river-n.json")
        let session = try workspace.browser("edit-esc", ["river"])
        try session.waitFor(text: "river  noun")
        try session.send("e")
        try session.waitFor(text: "Editing: river")
        try session.type("scratch ")
        try session.send("Escape")
        try session.waitFor(text: "y saves · n discards")
        try session.send("n")
        try session.waitFor(text: "Changes discarded.")
        #expect(workspace.file("river-n.json") == before)
    }

    @Test func helpSaysHowToEdit() {
        let out = Subprocess.temporaryPath("editing-help"), err = Subprocess.temporaryPath("editing-help-err")
        let (status, text, _) = Subprocess.run([TmuxSession.binary, "--help"], outputFile: out, errorFile: err)
        #expect(status == 0)
        for part in ["'e' edits the entry", "Ctrl-S saves", "'E' a new one", "your own note", "unsaved-edit"] {
            #expect(text.contains(part), "--help lacks \(part)")
        }
    }

    /// Issue 34, item 2: a hang-up in the middle of an edit of “river” (tmux's server killed: SIGHUP), then
    /// `wordlink bank`: bank's page opens and the status line names the unsaved edit of river with its time and asks;
    /// `define` leaves the copy alone; Esc keeps it for the next start, which asks again; `r` resumes it, Ctrl-S saves it.
    @Test func aRecoveredEditIsOfferedNotImposed() throws {
        let workspace = try Workspace()
        let copy = workspace.root + "/state/wordlink/unsaved-edit"
        let first = try workspace.browser("edit-hangup-a", ["river"])
        try first.waitFor(text: "river  noun")
        try first.send("e")
        try first.waitFor(text: "Editing: river")
        try first.type("unsaved words ")
        try first.waitFor(text: "unsaved words")
        try first.waitForStableScreen()
        first.kill()
        let kept = try String(contentsOfFile: copy, encoding: .utf8)
        #expect(kept.contains("unsaved words"))

        // define never reads or deletes the copy.
        let out = Subprocess.temporaryPath("recovery-define")
        let define = Subprocess.run(["/usr/bin/env", "XDG_STATE_HOME=" + workspace.root + "/state", TmuxSession.binary, "define", "bank",
                                     "--data", workspace.data], outputFile: out, errorFile: out + ".err")
        #expect(define.status == 0 && define.output.contains("bank"))
        #expect((try? String(contentsOfFile: copy, encoding: .utf8)) == kept, "define left the copy as it was")

        let second = try workspace.browser("edit-hangup-b", ["bank"])
        let screen = try second.waitFor(text: "Unsaved edit of “river” from ")
        #expect(screen[0].contains("wordlink · bank"), "the page asked for opens: \(screen.joined(separator: "\n"))")
        #expect(!screen.joined().contains("unsaved words"), "the recovered text is not shown unasked")
        let question = try #require(screen.last)
        #expect(question.range(of: #"from [0-9]{2}:[0-9]{2} — r resume · s show · d discard · Esc later"#, options: .regularExpression) != nil,
                "\(question)")
        try second.send("Escape")
        try second.waitFor(text: "Kept the unsaved edit of “river”")
        try second.send("q")
        try second.waitFor("the browser quit") { !$0.joined().contains("wordlink · bank") }
        second.kill()
        #expect((try? String(contentsOfFile: copy, encoding: .utf8)) == kept, "Esc and quitting left the copy as it was")

        let third = try workspace.browser("edit-hangup-c", ["water"])
        let again = try third.waitFor(text: "Unsaved edit of “river” from ")
        #expect(again[0].contains("wordlink · water"))
        try third.send("r")
        let resumed = try third.waitFor(text: "unsaved words")
        #expect(resumed[0].contains("Editing: river"), "\(resumed.joined(separator: "\n"))")
        try third.send("C-s")
        try third.waitFor(text: "Saved “river”.")
        #expect(workspace.file("river-n.json").contains("unsaved words"))
        #expect(!FileManager.default.fileExists(atPath: copy), "a save ends the copy")
    }
}
