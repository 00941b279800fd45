import Foundation
import Testing
import TestSupport

/// The zsh and fish completions of `Scripts/completions` (what `make install` installs) run
/// in the real shells: commands, options, option values, dictionary ids and headwords (from
/// `wordlink complete`, on the sample fixture). zsh completes only in an interactive shell,
/// so it runs in tmux and gets a real Tab; fish answers `complete -C` without a terminal.
/// A test whose shell is missing is skipped with the reason (`make deps` installs both).
@Suite(.serialized, .hangGuard) struct CompletionShellsEndToEndTests {
    static let scripts = TmuxSession.packageRoot.appendingPathComponent("Scripts/completions").path
    static var binaryFolder: String { URL(fileURLWithPath: TmuxSession.binary).deletingLastPathComponent().path }

    static func installed(_ shell: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/" + shell) }

    /// What each typed line completes to (the line after one Tab, as the shell shows it).
    static let zshCases: [(typed: String, completed: String)] = [
        ("wordlink define ban", "wordlink define bank"),
        ("wordlink hist", "wordlink history"),
        ("wordlink history --f", "wordlink history --format"),
        ("wordlink -d fix", "wordlink -d fixture-sample"),
        ("wordlink --theme au", "wordlink --theme auto"),
        ("wordlink define --so", "wordlink define --sources"),
        ("wordlink ban", "wordlink bank"),
    ]

    @Test(.enabled(if: installed("zsh"), "/usr/bin/zsh is missing: install the Debian package zsh (make deps does)"))
    func zshCompletesCommandsOptionsIdsAndHeadwords() throws {
        let name = "zsh-completion"
        let folder = TmuxSession.folder(for: name).path
        let rc = folder + "-zshrc"
        try "fpath=(\(Self.scripts) $fpath)\nautoload -U compinit; compinit -u -D\nPS1='> '\n".write(toFile: rc, atomically: true, encoding: .utf8)
        defer { unlink(rc) }
        let environment = "env WORDLINK_DATA=\"\(Fixtures.path("sample"))\" XDG_CACHE_HOME=\"\(folder)/cache\" XDG_STATE_HOME=\"\(folder)/state\" "
            + "PATH=\"\(Self.binaryFolder):$PATH\""
        let session = try TmuxSession(name: name, columns: 100, rows: 20, shellCommand: environment + " zsh -f -i")
        try session.send("source \(rc)", "Enter")
        try session.waitFor("the prompt") { $0.contains { $0 == ">" } }
        for (typed, completed) in Self.zshCases {
            try session.send("C-l")
            try session.waitFor("a clear screen") { $0.first == ">" }
            try session.type(typed)
            try session.send("Tab")
            try session.waitFor("“\(typed)” to complete to “\(completed)”") { screen in
                screen.contains { $0 == "> " + completed || $0 == "> " + completed.trimmingCharacters(in: .whitespaces) }
            }
            try session.send("C-u")
        }
    }

    @Test(.enabled(if: installed("fish"), "/usr/bin/fish is missing: install the Debian package fish (make deps does)"))
    func fishCompletesCommandsOptionsIdsAndHeadwords() throws {
        let cache = Subprocess.temporaryPath("fish-cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let queries = ["wordlink define ban", "wordlink hi", "wordlink -d ", "wordlink history --format ", "wordlink --theme ",
                       "wordlink define --so", "wordlink ban"]
        let script = "source \(Self.scripts)/wordlink.fish; " + queries.map { "complete -C '\($0)'; echo ---" }.joined(separator: "; ")
        let result = Subprocess.run(["/usr/bin/env", "WORDLINK_DATA=" + Fixtures.path("sample"), "XDG_CACHE_HOME=" + cache,
                                     "PATH=\(Self.binaryFolder):/usr/bin:/bin", "/usr/bin/fish", "--no-config", "-c", script],
                                    outputFile: Subprocess.temporaryPath("fish-out"), errorFile: Subprocess.temporaryPath("fish-err"))
        #expect(result.status == 0, "\(result.error)")
        let answers = result.output.components(separatedBy: "---\n").map { $0.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } }
        try #require(answers.count == queries.count + 1, "\(result.output)")
        #expect(answers[0] == ["bank"])
        #expect(answers[1].contains("history"))
        #expect(answers[2] == ["fixture-sample"])
        #expect(Set(answers[3]) == ["text", "json", "csv"])
        #expect(Set(answers[4]) == ["auto", "dark", "light", "monochrome"])
        #expect(answers[5] == ["--sources"])
        #expect(answers[6] == ["bank"])
    }
}
