import Foundation
import Testing
import TestSupport

/// `make install` into a temporary prefix: the binary finds its dictionary there, the man
/// page renders, the completion scripts load and complete a headword; `make uninstall`
/// takes it all away again.
@Suite(.serialized, .hangGuard) struct InstallEndToEndTests {
    static func shell(_ script: String) -> (status: Int32, output: String) {
        Subprocess.run(["/bin/sh", "-c", script], outputFile: Subprocess.temporaryPath("install-out"))
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @Test func installRendersTheManPageAndCompletes() throws {
        let prefix = Subprocess.temporaryPath("prefix")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let root = TmuxSession.packageRoot.path
        let installed = Self.shell("cd \(Self.quoted(root)) && make --no-print-directory install PREFIX=\(Self.quoted(prefix)) "
            + "INSTALL_BIN=\(Self.quoted(TmuxSession.binary)) 2>&1")
        try #require(installed.status == 0, "\(installed.output)")
        for file in ["bin/wordlink", "share/man/man1/wordlink.1", "share/wordlink/Data/dictionary.json",
                     "share/bash-completion/completions/wordlink", "share/zsh/site-functions/_wordlink",
                     "share/fish/vendor_completions.d/wordlink.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) is installed")
        }
        // An empty library and no WORDLINK_DATA: the installed binary opens its installed copy of Data.
        let library = Subprocess.temporaryPath("empty-library")
        defer { try? FileManager.default.removeItem(atPath: library) }
        let environment = "env -u WORDLINK_DATA XDG_DATA_HOME=\(Self.quoted(library)) PATH=\(Self.quoted(prefix + "/bin")):$PATH "
        let dictionaries = Self.shell(environment + "wordlink dictionaries")
        #expect(dictionaries.output.contains(prefix + "/share/wordlink/Data"), "\(dictionaries.output)")

        let man = Self.shell("command -v man").output
        try #require(!man.isEmpty, "needs man (man-db, in the Makefile's APT_PACKAGES)")
        let page = Self.shell("MANWIDTH=80 man -l \(Self.quoted(prefix + "/share/man/man1/wordlink.1")) 2>&1 | col -b")
        #expect(page.status == 0)
        #expect(page.output.contains("wordlink - a dictionary browser for the terminal"))
        #expect(page.output.contains("Usage: wordlink history [--format text|json|csv] [--clear]"), "the help texts, hyphens and all")
        let complaints = Self.shell("MANWIDTH=80 man -l \(Self.quoted(prefix + "/share/man/man1/wordlink.1")) 2>&1 >/dev/null").output
        #expect(complaints == "", "man and groff say nothing on standard error")
        let viaManpath = Self.shell("MANPATH=\(Self.quoted(prefix + "/share/man")) MANWIDTH=80 man wordlink 2>&1 | col -b")
        #expect(viaManpath.output.contains("wordlink define"))

        let completion = Self.shell(environment + "bash --norc -c " + Self.quoted("""
            source \(prefix)/share/bash-completion/completions/wordlink
            COMP_WORDS=(wordlink define ban); COMP_CWORD=2; _wordlink; printf '%s\\n' "${COMPREPLY[@]}"; echo ---
            COMP_WORDS=(wordlink hi); COMP_CWORD=1; _wordlink; printf '%s\\n' "${COMPREPLY[@]}"; echo ---
            COMP_WORDS=(wordlink -d wo); COMP_CWORD=2; _wordlink; printf '%s\\n' "${COMPREPLY[@]}"; echo ---
            COMP_WORDS=(wordlink history --format ""); COMP_CWORD=3; _wordlink; printf '%s\\n' "${COMPREPLY[@]}"
            """))
        #expect(completion.status == 0, "\(completion.output)")
        let answers = completion.output.components(separatedBy: "---\n")
        #expect(answers.count == 4, "\(completion.output)")
        if answers.count == 4 {
            #expect(answers[0].split(separator: "\n").contains("bank"), "a headword: \(answers[0])")
            #expect(answers[1] == "history\nhit\n" || answers[1].hasPrefix("history\n"), "a command first: \(answers[1])")
            #expect(answers[2] == "wordlink-sample\n")
            #expect(answers[3] == "text\njson\ncsv\n")
        }
        if !Self.shell("command -v zsh").output.isEmpty {
            let zsh = Self.shell("zsh -f -c " + Self.quoted("autoload -U compinit; compinit -u; fpath=(\(prefix)/share/zsh/site-functions $fpath); autoload -U _wordlink && echo loaded"))
            #expect(zsh.output.contains("loaded"), "\(zsh.output)")
        }

        let removed = Self.shell("cd \(Self.quoted(root)) && make --no-print-directory uninstall PREFIX=\(Self.quoted(prefix)) 2>&1")
        #expect(removed.status == 0, "\(removed.output)")
        let left = Self.shell("find \(Self.quoted(prefix)) -type f").output
        #expect(left == "", "make uninstall removes every file: \(left)")
    }
}
