import Foundation
import Testing
import TestSupport

/// Several dictionaries open at once, through the real binary: `--data` twice, `-d`,
/// `wordlink dictionaries`, `define --format json` naming dictionaries, and in tmux a page
/// with two dictionaries' headings and a click on a link that leads into the other one.
@Suite(.serialized) struct LibraryEndToEndTests {
    static let extra = TmuxSession.fixtures.appendingPathComponent("extra").path
    static let both = ["--data", TmuxSession.data, "--data", extra]

    func run(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String, error: String) {
        let out = Subprocess.temporaryPath("library-out")
        defer { unlink(out); unlink(out + ".err") }
        // Given to the child alone: the test runner's own environment is never changed (other
        // suites start children meanwhile, and would lose the build's XDG folders).
        let prefix = environment.isEmpty ? [] : ["/usr/bin/env"] + environment.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }
        let result = Subprocess.run(prefix + [TmuxSession.binary] + arguments, outputFile: out, errorFile: out + ".err")
        return (result.status, result.output, result.error)
    }

    @Test func definePrintsEachDictionarysEntriesUnderItsHeading() {
        let result = run(["define", "hello", "--width", "60"] + Self.both)
        #expect(result.status == 0)
        let lines = result.output.components(separatedBy: "\n")
        let sample = lines.firstIndex(of: "The wordlink Sample Dictionary")
        let extra = lines.firstIndex(of: "Extra Words")
        #expect(sample != nil && extra != nil && sample! < extra!)
        #expect(lines.contains("hello  noun"))
    }

    /// A dictionary whose title is over 30 columns is named by its id on every line of a list
    /// that names a dictionary (search results, `links-to`, `Linked from`), as the navigator
    /// names it: GCIDE's title made each of `Linked from`'s lines two rows long.
    @Test func longTitlesAreNamedByTheirIDsInLists() throws {
        let folder = Subprocess.temporaryPath("library-long-title")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.extra, toPath: folder)
        let long = "Extra Words of Every Kind, Revised and Enlarged 犬 🐕\u{200D}🦺 e\u{301}"
        let json = try String(contentsOfFile: folder + "/dictionary.json", encoding: .utf8)
        try json.replacingOccurrences(of: "\"Extra Words\"", with: "\"\(long)\"").write(toFile: folder + "/dictionary.json", atomically: true, encoding: .utf8)
        let data = ["--data", TmuxSession.data, "--data", folder]
        let search = run(["search", "striped"] + data)
        #expect(search.status == 0 && search.output.hasPrefix("zebra, sense 1 (extra)  [zebra]\n"), "\(search)")
        let links = run(["links-to", "horse"] + data)
        #expect(links.output.contains("  zebra, sense 1 (extra)  [zebra]\n"), "\(links.output)")
        let horse = run(["define", "horse", "--width", "70"] + data)
        #expect(horse.output.contains("  zebra noun, sense 1 · extra\n"), "\(horse.output)")
        #expect(!horse.output.contains(long) && !search.output.contains(long) && !links.output.contains(long))
        // Its heading gives the title whole (a ZWJ sequence's parts side by side, as drawn).
        #expect(run(["define", "zebra"] + data).output.hasPrefix("Extra Words of Every Kind, Revised and Enlarged 犬 🐕🦺 e\u{301}\n"))
    }

    /// `define WORD#SENSE` prints the page a link to that sense opens; a sense that no entry of
    /// the word has still prints the word's page, and a note on standard error says so.
    @Test func defineOfASenseNoEntryHasSaysSo() {
        let found = run(["define", "bank#2", "--data", TmuxSession.data])
        #expect(found.status == 0 && found.error.isEmpty, "\(found)")
        #expect(found.output.hasPrefix("bank  noun"))
        for missing in ["bank#99", "bank#犬🐕\u{200D}🦺", "bank#e\u{301}"] {
            let result = run(["define", missing, "--data", TmuxSession.data])
            #expect(result.status == 0)
            #expect(result.output == found.output, "the word's whole page")
            let sense = String(missing.split(separator: "#")[1])
            #expect(result.error == "wordlink: note: no entry of \"bank\" has a sense \"\(sense)\"; its whole page is printed.\n", "\(result.error)")
        }
        // What is typed reaches the terminal as text, not as an escape sequence.
        let escape = run(["define", "bank#\u{1B}[31m", "--data", TmuxSession.data])
        #expect(escape.error == "wordlink: note: no entry of \"bank\" has a sense \"^[[31m\"; its whole page is printed.\n", "\(escape.error)")
    }

    /// `}` and `{` move between the dictionaries' entries on a page two dictionaries answered,
    /// the heading at the top, and say which it is; past the last, they say so.
    @Test func braceKeysMoveBetweenTheDictionariesOfAPage() throws {
        let session = try TmuxSession(name: "braces", columns: 70, rows: 8, arguments: ["hello"] + Array(Self.both.dropFirst(2)))
        try session.waitFor(text: "hello")
        try session.send("}")
        let second = try session.waitFor("the second dictionary's heading at the top") { rows in
            rows.count > 1 && rows[1].trimmingCharacters(in: .whitespaces) == "Extra Words"
        }
        #expect(second.last?.hasPrefix("extra: dictionary 2 of 2 on this page.") == true, "\(second)")
        try session.send("}")
        try session.waitFor("the last dictionary said") { $0.last?.hasPrefix("This is the last dictionary on this page.") == true }
        try session.send("{")
        let first = try session.waitFor("the first dictionary's heading at the top") { rows in
            rows.count > 1 && rows[1].trimmingCharacters(in: .whitespaces) == "The wordlink Sample Dictionary"
        }
        #expect(first.last?.hasPrefix("wordlink-sample: dictionary 1 of 2 on this page.") == true, "\(first)")
    }

    @Test func defineJSONNamesTheDictionaryOfEveryEntryAndLink() throws {
        let result = run(["define", "zebra", "--format", "json"] + Self.both)
        #expect(result.status == 0)
        #expect(result.output.contains(#""entries":[{"id":"zebra","headword":"zebra","dictionary":"extra"}]"#))
        // horse is not in Extra Words: the link leads into the sample dictionary.
        #expect(result.output.contains(#""target":"horse","entryId":"horse~n""#))
        #expect(result.output.contains(#""dictionary":"wordlink-sample""#))
        #expect(result.output.contains(#""target":"unicorn","entryId":null"#))
    }

    /// define prints the navigator, as the browser shows it; in json its links are anchors
    /// naming the row of the heading they lead to.
    @Test func defineBeginsWithTheNavigatorAndJSONNamesWhereItsLinksLead() throws {
        let text = run(["define", "hello", "--width", "60"] + Self.both)
        #expect(text.output.hasPrefix("The wordlink Sample Dictionary 1 · Extra Words 1\n\nThe wordlink Sample Dictionary\n"), "\(text.output)")
        let json = run(["define", "hello", "--width", "60", "--format", "json"] + Self.both)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let lines = try #require(document["lines"] as? [String])
        let links = try #require(document["links"] as? [[String: Any]])
        let anchors = links.filter { $0["state"] as? String == "anchor" }
        #expect(anchors.map { $0["target"] as? String } == ["#wordlink-sample", "#extra"])
        #expect(anchors.map { $0["dictionary"] as? String } == ["wordlink-sample", "extra"])
        #expect(anchors.allSatisfy { $0["entryId"] is NSNull })
        let rows = anchors.compactMap { $0["anchorRow"] as? Int }
        #expect(rows.map { lines[$0] } == ["The wordlink Sample Dictionary", "Extra Words"])
    }

    @Test func dashDNarrowsAndAnUnknownIdListsTheKnownOnes() {
        let narrowed = run(["define", "hello", "-d", "extra"] + Self.both)
        #expect(narrowed.status == 0)
        #expect(!narrowed.output.contains("interjection"))
        #expect(narrowed.output.hasPrefix("hello  noun"))
        let unknown = run(["define", "hello", "-d", "nope"] + Self.both)
        #expect(unknown.status == 2)
        #expect(unknown.error == "wordlink: no open dictionary has the id \"nope\"; the ids are: wordlink-sample, extra.\n")
    }

    @Test func dictionariesListsWhatIsOpenAndWhy() {
        let text = run(["dictionaries"] + Self.both)
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("wordlink-sample  The wordlink Sample Dictionary\n"))
        #expect(text.output.contains("extra  Extra Words\n  2 entries, en, written by hand\n  \(Self.extra)\n"))
        #expect(text.output.contains("from --data, in that order"))
        let json = run(["dictionaries", "--format", "json", "--data", Self.extra])
        #expect(json.output.hasPrefix(#"{"dictionaries":[{"id":"extra","title":"Extra Words","entries":2,"language":"en","targetLanguage":null,"folder":"#))
    }

    /// A data home (`XDG_DATA_HOME`) whose library holds the extra words and the sample
    /// dictionary, both English.
    static func libraryOfTwo(_ name: String) throws -> String {
        let home = Subprocess.temporaryPath(name)
        try FileManager.default.createDirectory(atPath: home + "/wordlink", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: extra, toPath: home + "/wordlink/extra")
        try FileManager.default.copyItem(atPath: TmuxSession.data, toPath: home + "/wordlink/sample")
        return home
    }

    @Test func theLibraryFolderIsOpenedWhenNoFolderIsGiven() throws {
        let home = try Self.libraryOfTwo("library-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let listed = run(["dictionaries"], environment: ["XDG_DATA_HOME": home])
        // By title: Extra Words, then The wordlink Sample Dictionary.
        #expect(listed.output.hasPrefix("extra  Extra Words\n"))
        #expect(listed.output.contains("the library in \(home)/wordlink, by title"))
        let help = run(["--help"], environment: ["XDG_DATA_HOME": home])
        #expect(help.output.contains("Dictionaries (the library in \(home)/wordlink, by title):\n  \(home)/wordlink/extra\n  \(home)/wordlink/sample\n"))
    }

    /// The library's default order: monolingual dictionaries first, then bilingual ones (a
    /// FreeDict pair), then those of no stated language, each group by title; a page of a word
    /// the three have lists them in that order.
    @Test func monolingualDictionariesComeBeforeBilingualOnes() throws {
        let home = try Self.libraryOfTwo("library-languages")
        defer { try? FileManager.default.removeItem(atPath: home) }
        // "A Bilingual …" sorts first by title, and "An Unknown …" next.
        for (folder, title, languages) in [("pair", "A Bilingual Pair", #""language": "en", "targetLanguage": "fr""#),
                                           ("unknown", "An Unknown Tongue", "")] {
            try FileManager.default.createDirectory(atPath: home + "/wordlink/\(folder)/entries", withIntermediateDirectories: true)
            try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "\#(folder)", "title": "\#(title)"\#(languages.isEmpty ? "" : ", " + languages)}"#
                .write(toFile: home + "/wordlink/\(folder)/dictionary.json", atomically: true, encoding: .utf8)
            try #"{"id": "hello", "headword": "hello", "senses": [{"definition": "from \#(folder)"}]}"#
                .write(toFile: home + "/wordlink/\(folder)/entries/hello.json", atomically: true, encoding: .utf8)
        }
        let listed = run(["dictionaries"], environment: ["XDG_DATA_HOME": home])
        let ids = listed.output.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("Dictionaries") }.map { String($0.split(separator: " ")[0]) }
        #expect(Array(ids.prefix(4)) == ["extra", "wordlink-sample", "pair", "unknown"], "\(listed.output)")
        #expect(listed.output.contains("by title, monolingual dictionaries first, then bilingual ones"))
        // Each says its languages, which set its place.
        #expect(listed.output.contains("pair  A Bilingual Pair\n  1 entry, en → fr, written by hand\n"), "\(listed.output)")
        #expect(listed.output.contains("unknown  An Unknown Tongue\n  1 entry, written by hand\n"), "\(listed.output)")
        #expect(listed.output.contains("extra  Extra Words\n  2 entries, en, written by hand\n"), "\(listed.output)")
        let page = "\n" + run(["define", "hello", "--width", "60"], environment: ["XDG_DATA_HOME": home]).output
        let order = ["Extra Words", "The wordlink Sample Dictionary", "A Bilingual Pair", "An Unknown Tongue"].map { page.range(of: "\n" + $0 + "\n")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "\(page)")
    }

    /// The reader's language first: a French monolingual dictionary whose title sorts first
    /// comes after the two English ones by default (most of the library is English), and before
    /// them for a French locale or `library.language = fr`; `dictionaries` says why.
    @Test func theReadersLanguageOrdersTheLibrary() throws {
        let home = try Self.libraryOfTwo("library-reader")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/wordlink/trésor/entries", withIntermediateDirectories: true)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "tresor", "title": "A Trésor", "language": "fr"}"#
            .write(toFile: home + "/wordlink/trésor/dictionary.json", atomically: true, encoding: .utf8)
        try #"{"id": "hello", "headword": "hello", "senses": [{"definition": "bonjour, à l'anglaise 👋"}]}"#
            .write(toFile: home + "/wordlink/trésor/entries/hello.json", atomically: true, encoding: .utf8)
        let config = home + "/config"
        try FileManager.default.createDirectory(atPath: config + "/wordlink", withIntermediateDirectories: true)
        func headings(_ environment: [String: String]) -> [String] {
            let page = run(["define", "hello", "--width", "60"], environment: environment.merging(["XDG_DATA_HOME": home]) { a, _ in a }).output
            return page.split(separator: "\n").map(String.init).filter { ["A Trésor", "Extra Words", "The wordlink Sample Dictionary"].contains($0) }
        }
        #expect(headings(["LC_ALL": "C.UTF-8"]) == ["Extra Words", "The wordlink Sample Dictionary", "A Trésor"])
        #expect(headings(["LC_ALL": "fr_FR.UTF-8"]) == ["A Trésor", "Extra Words", "The wordlink Sample Dictionary"])
        #expect(run(["dictionaries"], environment: ["XDG_DATA_HOME": home, "LC_ALL": "fr_FR.UTF-8"]).output.contains("those in fr first (from $LC_ALL)"))
        try "library.language = fr\n".write(toFile: config + "/wordlink/config", atomically: true, encoding: .utf8)
        #expect(headings(["LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": config]) == ["A Trésor", "Extra Words", "The wordlink Sample Dictionary"])
        #expect(run(["dictionaries"], environment: ["XDG_DATA_HOME": home, "XDG_CONFIG_HOME": config]).output.contains("those in fr first (library.language)"))
    }

    /// `-g NAME` opens only the dictionaries of the config file's group NAME; an unknown group
    /// is a command-line error that lists the groups.
    @Test func aGroupOfTheConfigFileNarrowsTheLibrary() throws {
        let config = Subprocess.temporaryPath("library-group")
        try FileManager.default.createDirectory(atPath: config + "/wordlink", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: config) }
        try "group.words = extra\ngroup.all = wordlink-sample extra\n".write(toFile: config + "/wordlink/config", atomically: true, encoding: .utf8)
        let narrowed = run(["define", "hello", "-g", "words"] + Self.both, environment: ["XDG_CONFIG_HOME": config])
        #expect(narrowed.status == 0)
        #expect(narrowed.output.hasPrefix("hello  noun"), "\(narrowed.output)")
        #expect(!narrowed.output.contains("interjection"))
        let all = run(["dictionaries", "--group=all"] + Self.both, environment: ["XDG_CONFIG_HOME": config])
        #expect(all.output.hasPrefix("wordlink-sample  The wordlink Sample Dictionary\n"))
        #expect(all.output.contains("extra  Extra Words\n"))
        let unknown = run(["define", "hello", "-g", "nope"] + Self.both, environment: ["XDG_CONFIG_HOME": config])
        #expect(unknown.status == 2)
        #expect(unknown.error == "wordlink: no group \"nope\" in the config file; the groups are: words, all.\n")
    }

    /// The browser opens a word written as `wn` writes it, underscores for spaces, from the
    /// command line and from the lookup prompt.
    @Test func theBrowserOpensAWordWrittenWithUnderscores() throws {
        let data = Subprocess.temporaryPath("underscores")
        try FileManager.default.createDirectory(atPath: data + "/entries", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "bones", "title": "Bones"}"#
            .write(toFile: data + "/dictionary.json", atomically: true, encoding: .utf8)
        try #"[{"id": "zb", "headword": "zygomatic bone", "senses": [{"definition": "the cheekbone 頬骨 🦴"}]}, {"id": "x", "headword": "zygote", "senses": [{"definition": "a cell"}]}]"#
            .write(toFile: data + "/entries/a.json", atomically: true, encoding: .utf8)
        let session = try TmuxSession(name: "underscores", columns: 60, rows: 12, data: data, arguments: ["zygomatic_bone"])
        try session.waitFor("the page of zygomatic bone") { $0.contains { $0.contains("the cheekbone 頬骨 🦴") } }
        try session.type(":")
        try session.type("zygote")
        try session.send("Enter")
        try session.waitFor("the page of zygote") { $0.contains { $0.contains("a cell") } }
        try session.type(":")
        try session.type("ZYGOMATIC_B")
        try session.waitFor("the completion with a space") { $0.contains { $0.hasPrefix(" zygomatic bone") } }
        try session.type("ONE")
        try session.send("Enter")
        try session.waitFor("the page of zygomatic bone again") { $0.contains { $0.contains("the cheekbone") } }
    }

    @Test func aClickOnALinkIntoTheOtherDictionaryOpensItThere() throws {
        let session = try TmuxSession(name: "library", columns: 100, rows: 30, data: TmuxSession.data, arguments: ["--data", Self.extra, "hello"])
        let screen = try session.waitFor("both headings") { rows in
            rows.contains { $0.contains("The wordlink Sample Dictionary") } && rows.contains { $0.contains("Extra Words") }
        }
        #expect(screen[0].contains("hello (2 entries) · The wordlink Sample Dictionary, Extra Words"))
        let zebra = try #require(try session.locate("zebra"))
        try session.click(column: zebra.column + 1, row: zebra.row)
        try session.waitFor(text: "a striped wild horse")
        // Hovering horse says that it leads into the other dictionary.
        let horse = try #require(try session.locate("horse", below: 2))
        try session.mouse(35, column: horse.column + 1, row: horse.row)
        try session.waitFor("the status line to name the other dictionary") {
            $0.last?.contains("in The wordlink Sample Dictionary") == true
        }
        try session.click(column: horse.column + 1, row: horse.row)
        try session.waitFor("the sample's horse") { $0.contains { $0.hasPrefix(" horse  noun") } }
    }

    @Test func anImportWithoutToGoesIntoTheLibraryAndOpensWithTheRest() throws {
        let home = Subprocess.temporaryPath("library-import")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/wordlink", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.extra, toPath: home + "/wordlink/extra")
        let mini = TmuxSession.packageRoot.appendingPathComponent("Tests/TestSupport/Fixtures/wordnet-mini").path
        let imported = run(["import", "wordnet", "--from", mini], environment: ["XDG_DATA_HOME": home])
        #expect(imported.status == 0)
        #expect(imported.output.contains("to \(home)/wordlink/wordnet.\n"))
        #expect(imported.output.hasSuffix("It is in the library: 'wordlink' opens it with the others; 'wordlink dictionaries' lists them.\n"))
        let listed = run(["dictionaries", "--format", "json"], environment: ["XDG_DATA_HOME": home])
        #expect(listed.output.contains(#""id":"extra""#))
        #expect(listed.output.contains(#""imported":true,"importer":"wordlink import wordnet""#))
        // A word of each: both dictionaries answer one define.
        let hello = run(["define", "hello"], environment: ["XDG_DATA_HOME": home])
        #expect(hello.status == 0)
        #expect(hello.output.contains("Extra Words\n"))
    }

    /// The navigator at the top of a page two dictionaries answered: a click on one of its links
    /// scrolls to that dictionary's heading, and Backspace comes back to the top.
    @Test func aClickOnTheNavigatorJumpsToTheSectionAndBackReturns() throws {
        let session = try TmuxSession(name: "navigator", columns: 70, rows: 10, arguments: ["hello"] + Array(Self.both.dropFirst(2)))
        let first = try session.waitFor("the navigator") { $0.count > 1 && $0[1].contains("The wordlink Sample Dictionary 1 · Extra Words 1") }
        #expect(first[3].trimmingCharacters(in: .whitespaces) == "The wordlink Sample Dictionary", "\(first)")
        let extra = try #require(try session.locate("Extra Words 1"))
        try session.click(column: extra.column + 2, row: extra.row)
        let jumped = try session.waitFor("Extra Words' heading at the top") { $0.count > 1 && $0[1].trimmingCharacters(in: .whitespaces) == "Extra Words" }
        #expect(jumped.last?.hasPrefix("Extra Words: dictionary 2 of 2 on this page.") == true, "\(jumped)")
        try session.send("BSpace")
        try session.waitFor("the navigator again") { $0.count > 1 && $0[1].contains("The wordlink Sample Dictionary 1 · Extra Words 1") }
    }

    /// Several dictionaries and no word: the library's page, a title followed opens that
    /// dictionary's index, and Backspace comes back.
    @Test func aLibraryOpensOnItsDictionariesAndATitleOpensAnIndex() throws {
        let session = try TmuxSession(name: "library-page", columns: 70, rows: 12, arguments: ["--new"] + Array(Self.both.dropFirst(2)))
        let page = try session.waitFor("the library's page") { $0.count > 1 && $0[1].trimmingCharacters(in: .whitespaces) == "Your library: 2 dictionaries" }
        #expect(page.contains { $0.contains("Extra Words  extra · en · 2 entries") }, "\(page)")
        try session.send("Tab")
        try session.send("Tab")
        try session.waitFor("the second title focused") { $0.last?.contains("the index of Extra Words") == true }
        try session.send("Enter")
        try session.waitFor("Extra Words' index") { $0.count > 1 && $0[1].trimmingCharacters(in: .whitespaces) == "Extra Words" && $0.contains { $0.contains("hello, zebra") } }
        try session.send("BSpace")
        try session.waitFor("the library's page again") { $0.count > 1 && $0[1].trimmingCharacters(in: .whitespaces) == "Your library: 2 dictionaries" }
    }

    /// z folds the section at the top to its heading; a click on the heading unfolds it.
    @Test func zFoldsASectionAndAClickOnItsHeadingUnfoldsIt() throws {
        let session = try TmuxSession(name: "fold", columns: 70, rows: 12, arguments: ["hello"] + Array(Self.both.dropFirst(2)))
        try session.waitFor(text: "Extra Words 1")
        try session.send("}")
        try session.waitFor(text: "dictionary 2 of 2")
        try session.send("{")
        try session.waitFor("the sample's heading at the top") { $0.count > 1 && $0[1].trimmingCharacters(in: .whitespaces) == "The wordlink Sample Dictionary" }
        try session.send("z")
        let folded = try session.waitFor("the folded heading") { $0.count > 1 && $0[1].contains("▸ The wordlink Sample Dictionary (1 entry, folded)") }
        // The next section follows the folded heading at once; the folded one's text is gone.
        #expect(folded[3].trimmingCharacters(in: .whitespaces) == "Extra Words", "\(folded)")
        #expect(!folded.contains { $0.contains("interjection") })
        try session.click(column: 5, row: 1)
        let unfolded = try session.waitFor("the section back") { $0.contains { $0.contains("hello  interjection") } }
        #expect(unfolded[1].trimmingCharacters(in: .whitespaces) == "The wordlink Sample Dictionary")
    }

    /// D chooses a group of the config file: the word is opened again in its dictionaries and the
    /// title bar names it; the next start without a word comes back in it, and -g overrides it.
    @Test func theGroupChooserOpensTheWordInAGroupAndTheSessionKeepsIt() throws {
        let config = Subprocess.temporaryPath("library-chooser")
        try FileManager.default.createDirectory(atPath: config + "/wordlink", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: config) }
        try "group.words = extra\ngroup.sample = wordlink-sample\n".write(toFile: config + "/wordlink/config", atomically: true, encoding: .utf8)
        let state = Subprocess.temporaryPath("library-chooser-state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let environment = ["XDG_CONFIG_HOME": config, "XDG_STATE_HOME": state]
        let data = Array(Self.both.dropFirst(2))
        do {
            let session = try TmuxSession(name: "groups", columns: 70, rows: 12, arguments: ["hello"] + data, environment: environment)
            try session.waitFor(text: "Extra Words 1")
            try session.send("D")
            let chooser = try session.waitFor("the chooser") { $0.contains { $0.contains("2   words  Extra Words") } }
            #expect(chooser.contains { $0.contains("1 • all dictionaries") }, "\(chooser)")
            try session.send("Down", "Enter")
            let words = try session.waitFor("the group in the title bar") { $0.first?.contains("wordlink [words] · hello") == true }
            #expect(words[1].trimmingCharacters(in: .whitespaces) == "hello  noun", "\(words)")
            #expect(!words.contains { $0.contains("interjection") })
            try session.send("q")
            usleep(300_000)
            session.kill()
        }
        // Started again without a word: the same page, in the same group.
        let again = try TmuxSession(name: "groups-again", columns: 70, rows: 12, arguments: data, environment: environment)
        try again.waitFor("the group restored") { $0.first?.contains("wordlink [words] · hello") == true }
        again.kill()
        // -g names another group: it wins over the session's.
        let overridden = try TmuxSession(name: "groups-g", columns: 70, rows: 12, arguments: data + ["-g", "sample"], environment: environment)
        let sample = try overridden.waitFor("the other group") { $0.first?.contains("wordlink [sample] · hello") == true }
        #expect(sample.contains { $0.contains("hello  interjection") }, "\(sample)")
    }
}
