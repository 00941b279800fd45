/// `wordlink.1`, made from the `--help` texts (so the two cannot disagree): each help shown
/// as it is, unfilled, under the man page's usual sections. `make install` writes it with
/// `wordlink generate man`.
enum ManPage {
    /// The topics with a section of their own, in order.
    static let commands = ["define", "check", "dictionaries", "history", "export", "config", "import", "import wordnet", "import dictd", "doctor"]

    static func text() -> String {
        // No folders, so the help's last line ("Dictionaries: …") is about no machine in particular.
        let none = LibraryLocation(folders: [], origin: "")
        func help(_ topic: String?) -> String {
            let text = Help.text(topic: topic, library: none) ?? ""
            return text.replacing(none.helpLine, with: "")
        }
        var lines = [
            ".TH WORDLINK 1 \"\" \"\(Help.version)\" \"User Commands\"",
            ".SH NAME",
            "wordlink \\- a dictionary browser for the terminal",
            ".SH DESCRIPTION",
        ]
        lines += block(help(nil))
        lines.append(".SH COMMANDS")
        for topic in commands {
            lines.append(".SS wordlink " + topic)
            lines += block(help(topic))
        }
        lines += [
            ".SH FILES",
            ".TP", "\\fI$XDG_DATA_HOME/wordlink/\\fR (default \\fI~/.local/share/wordlink/\\fR)",
            "the library: every dictionary folder in it is opened; \\fBwordlink import\\fR writes there",
            ".TP", "\\fI$XDG_STATE_HOME/wordlink/history.sqlite\\fR (default \\fI~/.local/state/wordlink/\\fR)",
            "history, bookmarks and the last session",
            ".TP", "\\fI$XDG_CONFIG_HOME/wordlink/config\\fR (default \\fI~/.config/wordlink/config\\fR)",
            "the config file (see \\fBwordlink config\\fR)",
            ".TP", "\\fI$XDG_CACHE_HOME/wordlink/\\fR (default \\fI~/.cache/wordlink/\\fR)",
            "the library index (\\fIlibrary.sqlite\\fR: lookup, search and backlinks of every dictionary), made again when missing",
            ".SH ENVIRONMENT",
            ".TP", "\\fBWORDLINK_DATA\\fR", "data folders to open, separated by colons",
            ".TP", "\\fBWORDLINK_THEME\\fR", "auto, dark, light or monochrome",
            ".TP", "\\fBWORDLINK_INSTALLED_PATHS\\fR",
            "folders separated by colons that \\fBwordlink import \\-\\-installed\\fR searches instead of the system's",
            ".TP", "\\fBSTARDICT_DATA_DIR\\fR", "its \\fIdic\\fR folder is one that \\fBwordlink import \\-\\-installed\\fR searches",
            ".TP", "\\fBNO_COLOR\\fR", "when set and not empty, the monochrome theme",
            ".TP", "\\fBDICPATH\\fR", "folders of Hunspell dictionaries, searched before /usr/share/hunspell",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text shown line for line (`.nf`), escaped for roff.
    static func block(_ text: String) -> [String] {
        var lines = [".nf"]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).reversed().drop(while: { $0.isEmpty }).reversed() {
            var escaped = String(line).replacing("\\", with: "\\e").replacing("-", with: "\\-")
            if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
            lines.append(escaped)
        }
        lines.append(".fi")
        return lines
    }
}
