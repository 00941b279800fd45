import Foundation
import Testing
import TestSupport

/// Hunspell's morphology in the real binary, on the hand-written Hunspell dictionary of the
/// morphology tests (language `xx`, found through `DICPATH`), so no package is needed: `define`
/// says which form led where, a miss offers Hunspell's spelling and the base word, and so does
/// the browser's lookup prompt while a word is typed; `doctor` names a language without a dictionary and its package.
@Suite(.serialized, .hangGuard) struct MorphologyEndToEndTests {
    static let hunspell = TmuxSession.packageRoot.appendingPathComponent("Tests/MorphologyTests/Fixtures/hunspell").path

    /// A data folder of language `language` with cheval, manger and maison.
    static func folder(language: String) throws -> String {
        let data = Subprocess.temporaryPath("morphology-data")
        try FileManager.default.createDirectory(atPath: data + "/entries", withIntermediateDirectories: true)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "mini", "title": "Mini", "language": "\#(language)"}"#
            .write(toFile: data + "/dictionary.json", atomically: true, encoding: .utf8)
        try #"""
            [{"id": "cheval", "headword": "cheval", "pos": "nom", "senses": [{"glosses": ["horse"]}]},
             {"id": "manger", "headword": "manger", "pos": "verbe", "senses": [{"glosses": ["to eat"]}]},
             {"id": "maison", "headword": "maison", "senses": [{"glosses": ["house"]}]}]
            """#.write(toFile: data + "/entries/a.json", atomically: true, encoding: .utf8)
        return data
    }

    static func run(_ arguments: [String], state: String) -> (status: Int32, output: String, error: String) {
        Subprocess.run(["/usr/bin/env", "DICPATH=" + hunspell, "XDG_STATE_HOME=" + state, TmuxSession.binary] + arguments,
                       outputFile: Subprocess.temporaryPath("morphology-out"), errorFile: Subprocess.temporaryPath("morphology-err"))
    }

    @Test func defineSaysWhichFormLedWhereAndOffersSpellings() throws {
        let data = try Self.folder(language: "xx"), state = Subprocess.temporaryPath("morphology-state")
        defer { for path in [data, state] { try? FileManager.default.removeItem(atPath: path) } }
        let found = Self.run(["define", "mangeaient", "--data", data], state: state)
        #expect(found.status == 0)
        #expect(found.output == "mangeaient: imperfect, 3rd person plural of manger\n\nmanger  verbe\n\n    to eat\n")
        let missed = Self.run(["define", "mangeaiont", "--data", data], state: state)
        #expect(missed.status == 1)
        #expect(missed.error == "wordlink: no entry for \"mangeaiont\" in Mini; nearest headwords: mangeaient, manger.\n")
        // A language without a Hunspell dictionary: lookups work, finding what the keys find.
        let other = try Self.folder(language: "zz")
        defer { try? FileManager.default.removeItem(atPath: other) }
        #expect(Self.run(["define", "mangeaient", "--data", other], state: state).status == 1)
        #expect(Self.run(["define", "manger", "--data", other], state: state).status == 0)
        let doctor = Self.run(["doctor", "--data", data, "--data", other], state: state)
        #expect(doctor.output.contains("  xx  Mini (mini): xx (\(Self.hunspell)/xx.dic)"), "\(doctor.output)")
        #expect(doctor.output.contains("  zz  Mini (mini): no Hunspell dictionary in \(Self.hunspell) or /usr/share/hunspell; apt-get install hunspell-zz brings one"),
                "\(doctor.output)")
    }

    @Test func theLookupPromptOffersThemToo() throws {
        let data = try Self.folder(language: "xx")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let session = try TmuxSession(name: "morphology", columns: 100, data: data, arguments: ["--new", "cheval"],
                                      environment: ["DICPATH": Self.hunspell])
        try session.waitFor(text: "cheval  nom")
        try session.type(":")
        try session.type("chevaux")
        try session.waitFor(text: "chevaux")
        try session.send("Enter")
        let page = try session.waitFor(text: "chevaux: masculine plural of cheval")
        #expect(page.contains { $0.contains("horse") })
        // A misspelt form: Hunspell's spellings come while the prompt is open, first among
        // the candidates, and Enter opens the first.
        try session.type(":")
        try session.type("mangeaiont")
        try session.waitFor("Hunspell's spelling among the candidates") { screen in
            screen.contains { $0.contains("mangeaient") && $0.contains("did you mean?") }
        }
        try session.send("Enter")
        try session.waitFor(text: "mangeaient: imperfect, 3rd person plural of manger")
    }
}
