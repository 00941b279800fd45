import Foundation
import Testing
import TestSupport

/// Study cards: `wordlink export` on the command line, and `A` on the browser's history page,
/// which writes the same Anki file into the documents folder.
@Suite(.serialized, .hangGuard) struct ExportEndToEndTests {
    static func run(_ arguments: [String], state: String) -> (status: Int32, output: String, error: String) {
        HistoryEndToEndTests.run(arguments, state: state)
    }

    @Test func theHistoryPageKeyWritesWhatTheCommandPrints() throws {
        let state = Subprocess.temporaryPath("export-state"), documents = Subprocess.temporaryPath("export-documents")
        try FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(atPath: state)
            try? FileManager.default.removeItem(atPath: documents)
        }
        for word in ["dog", "dgo", "dog"] { _ = Self.run(["define", word, "--data", TmuxSession.data], state: state) }
        let session = try TmuxSession(name: "export-cards", columns: 160, arguments: ["--new", "cat"],
                                      environment: ["XDG_STATE_HOME": state, "XDG_DOCUMENTS_DIR": documents])
        try session.waitFor(text: "cat  noun")
        try session.type("r")
        try session.waitFor(text: "Most looked up")
        try session.type("A")
        let screen = try session.waitFor(text: "Wrote 2 Anki cards to " + documents + "/wordlink-history-cards-")
        #expect(screen.last?.hasSuffix(".txt — in Anki: File, Import.") == true)
        let files = try FileManager.default.contentsOfDirectory(atPath: documents)
        #expect(files.count == 1)
        let name = try #require(files.first)
        #expect(name.hasPrefix("wordlink-history-cards-") && name.hasSuffix(".txt"))
        let written = try String(contentsOfFile: documents + "/" + name, encoding: .utf8)
        let lines = written.split(separator: "\n")
        #expect(lines.prefix(6) == ["#separator:tab", "#html:true", "#notetype:Basic", "#deck:wordlink", "#columns:Front\tBack\tTags", "#tags column:3"])
        #expect(lines.count == 8)
        #expect(lines[6].hasPrefix("dog\t<div><b>dog</b> <i>noun</i>"))
        #expect(lines[6].contains("lookups::2"))
        #expect(lines[7].hasPrefix("cat\t"))
        #expect(!written.contains("dgo"))
        // The command writes the same file (the browser's own page visits are not words).
        let printed = Self.run(["export", "anki", "--data", TmuxSession.data], state: state)
        #expect(printed.status == 0)
        #expect(printed.output == written)
    }

    /// A definition with a tab, a line break, quotes, `<script>` and escape sequences: each stays
    /// inside its field, as text, in both formats; a file given with -o is written whole.
    @Test func hostileDefinitionsStayInsideTheirFields() throws {
        let root = Subprocess.temporaryPath("export-hostile")
        let state = root + "/state", data = root + "/data"
        try FileManager.default.createDirectory(atPath: data + "/entries", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "hostile", "title": "Hostile"}"#
            .write(toFile: data + "/dictionary.json", atomically: true, encoding: .utf8)
        try #"""
            {"id": "trap", "headword": "trap", "senses": [
              {"definition": "a\ttab, a \"quote\", a\nline, <script>alert(1)</script> & \u001b]2;pwned\u0007 \u009b31m red"},
              {"definition": "日本語 and e\u0301 and 👩‍👩‍👧"}]}
            """#.write(toFile: data + "/entries/trap.json", atomically: true, encoding: .utf8)
        #expect(Self.run(["define", "trap", "--data", data], state: state).status == 0)

        let anki = Self.run(["export", "anki", "--data", data], state: state)
        #expect(anki.status == 0)
        let note = try #require(anki.output.split(separator: "\n").last)
        let fields = note.split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 3)
        #expect(fields[1].contains("a&#9;tab, a &quot;quote&quot;, a<br>line, &lt;script&gt;alert(1)&lt;/script&gt; &amp; ^[]2;pwned^G"))
        #expect(fields[1].contains("日本語 and e\u{301} and 👩‍👩‍👧"))
        #expect(!anki.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0 == "\"" || $0 == "\r" })

        let file = root + "/cards.csv"
        let csv = Self.run(["export", "csv", "-o", file, "--data", data], state: state)
        #expect(csv.status == 0)
        #expect(csv.output.isEmpty)
        #expect(csv.error == "wordlink: wrote 1 card to \(file).\n")
        let records = try #require(CSVReader.records(try String(contentsOfFile: file, encoding: .utf8)))
        #expect(records.count == 2)
        #expect(records[0] == ["word", "definition", "html", "dictionary", "lookups", "date"])
        #expect(records[1][0] == "trap")
        #expect(records[1][1].contains("1. a\ttab, a \"quote\", a\nline, <script>alert(1)</script> & ^[]2;pwned^G"))
        #expect(records[1][3...4] == ["hostile", "1"])
    }

    /// A person's notes on an imported entry (written in the browser, kept under the data
    /// folder) end the entry in `define` as on the browser's page, and the back of its study
    /// card: the browser alone showed them. Text of the notes is made safe like the data's.
    @Test func personalNotesEndTheEntryInDefineAndOnItsCard() throws {
        let root = Subprocess.temporaryPath("export-notes")
        let state = root + "/state", data = root + "/data", home = root + "/home"
        try FileManager.default.createDirectory(atPath: data + "/entries", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/wordlink/notes/imported", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "imported", "title": "Imported", "source": {"importer": "wordlink import dictd"}}"#
            .write(toFile: data + "/dictionary.json", atomically: true, encoding: .utf8)
        try #"{"id": "inu", "headword": "犬", "senses": [{"definition": "a dog 🐕\u200D🦺"}]}"#
            .write(toFile: data + "/entries/inu.json", atomically: true, encoding: .utf8)
        try #"{"dictionary": "imported", "entry": "inu", "headword": "犬", "notes": ["mine: ''e\u0301'' <b> \u001b]2;pwned\u0007"]}"#
            .write(toFile: home + "/wordlink/notes/imported/inu.json", atomically: true, encoding: .utf8)
        func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
            Subprocess.run(["/usr/bin/env", "XDG_STATE_HOME=" + state, "XDG_DATA_HOME=" + home, TmuxSession.binary] + arguments + ["--data", data],
                           outputFile: Subprocess.temporaryPath("notes-out"), errorFile: Subprocess.temporaryPath("notes-err"))
        }
        let defined = run(["define", "犬"])
        #expect(defined.status == 0, "\(defined)")
        #expect(defined.output.contains("\nYour notes\n"), "\(defined.output)")
        #expect(defined.output.contains("mine: e\u{301} <b> ^[]2;pwned^G"), "\(defined.output)")
        let anki = run(["export", "anki"])
        #expect(anki.status == 0, "\(anki)")
        let card = try #require(anki.output.split(separator: "\n").last)
        #expect(card.contains("<div><b>Your notes</b><br>mine: <i>e\u{301}</i> &lt;b&gt; ^[]2;pwned^G</div>"), "\(card)")
        #expect(!anki.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        let csv = run(["export", "csv"])
        #expect(csv.output.contains("Your notes\n  mine: e\u{301} <b> ^[]2;pwned^G"), "\(csv.output)")
        // Without the note file, nothing is added.
        try FileManager.default.removeItem(atPath: home + "/wordlink/notes/imported/inu.json")
        #expect(!run(["define", "犬"]).output.contains("Your notes"))
        #expect(!run(["export", "anki"]).output.contains("Your notes"))
    }

    @Test func nothingToExportIsSaid() throws {
        let state = Subprocess.temporaryPath("export-empty")
        defer { try? FileManager.default.removeItem(atPath: state) }
        _ = Self.run(["define", "dgo", "--data", TmuxSession.data], state: state)
        let result = Self.run(["export", "csv", "--data", TmuxSession.data, "-o", state + "/none.csv"], state: state)
        #expect(result.status == 1)
        #expect(result.error == "wordlink: nothing to export: no word was looked up and found; nothing was written.\n")
        #expect(!FileManager.default.fileExists(atPath: state + "/none.csv"))
        let bookmarks = Self.run(["export", "anki", "--from", "bookmarks", "--data", TmuxSession.data], state: state)
        #expect(bookmarks.status == 1)
        #expect(bookmarks.error.contains("there is no bookmark"))
    }
}
