import DictionaryModel
import DictionaryIndex
import DictionarySearch
import PageFormatting

/// The options of `wordlink links-to`.
struct LinksToOptions: Equatable {
    var word: String
    var json = false
    var library = LibraryOptions()
}

/// `wordlink links-to WORD`: every link, in every open dictionary, that resolves to the
/// entries WORD names (what the page's `Linked from` section lists).
enum LinksToCommand {
    static func run(_ options: LinksToOptions) -> Int32 {
        LibraryLocation.printAnswer(options.library, purpose: "look in") { answer(options, library: $0) }
    }

    /// What `links-to` prints, worked out before anything is printed.
    static func answer(_ options: LinksToOptions, library: Library) -> CommandAnswer {
        let matches = library.lookUp(options.word)
        guard !matches.isEmpty else {
            let nearest = library.suggestions(for: options.word, limit: 5).map(\.text)
            let titles = CommandAnswer.dictionaries(titled: library.members.map(\.info.title))
            let near = nearest.isEmpty ? "." : "; nearest headwords: " + nearest.joined(separator: ", ") + "."
            return .error("no entry for \"\(options.word)\" in \(titles)" + near + (library.damageNote().map { " " + $0 } ?? ""), status: 1)
        }
        let search = LibrarySearch(library: library)
        var targets: [(member: Int, id: String, headword: String, links: [Backlink])] = []
        do throws(SearchIndexError) {
            for match in matches {
                let lookup = library.members[match.member].lookup
                for number in match.result.entryNumbers {
                    targets.append((match.member, lookup.id(ofEntryAt: number), lookup.headword(ofEntryAt: number), []))
                }
            }
            // Every entry's links found at once: the index read and each link target resolved once.
            for (t, links) in try search.backlinksByTarget(targets.map { ($0.member, $0.id) }).enumerated() { targets[t].links = links }
        } catch {
            return .error(error.message + "; run the command again: a damaged index is built anew.", status: 1)
        }
        if options.json {
            let entries = targets.map { JSONValue.object(["dictionary": .string(library.members[$0.member].key), "id": .string($0.id)]) }
            let links = targets.flatMap { target in
                target.links.map { link in
                    JSONValue.object(["dictionary": .string(link.dictionary), "entryId": .string(link.entryID), "headword": .string(link.headword),
                                      "sense": .string(link.sense), "text": .string(link.text), "to": .string(target.id)])
                }
            }
            let json = JSONValue.object(["word": .string(options.word), "entries": JSONValue(.array(entries)),
                                         "links": JSONValue(.array(links))]).serialized + "\n"
            return CommandAnswer { Terminal.write(json: json); return 0 }
        }
        var text = ""
        for target in targets {
            var heading = target.headword + "  [" + target.id + "]"
            if library.isShared { heading += " (" + LibraryPages.name(of: library.members[target.member]) + ")" }
            let count = target.links.count
            text += heading + ": " + (count == 0 ? "no entry links here" : count == 1 ? "1 link" : "\(count) links") + "\n"
            for link in target.links {
                text += "  " + link.headword
                if let sense = link.sense { text += ", sense " + sense }
                if library.isShared { text += " (" + LibraryPages.name(of: library.members[link.member]) + ")" }
                text += "  [" + link.entryID + "]" + (LookupKey.normalise(link.text) == LookupKey.normalise(target.headword) ? "" : ": \"" + link.text + "\"") + "\n"
            }
        }
        return CommandAnswer { Terminal.write(text); return 0 }
    }
}

extension Arguments {
    /// `links-to WORD [--format text|json]`.
    static func parseLinksTo(_ arguments: ArraySlice<String>) throws(ArgumentError) -> Command {
        var scanner = OptionScanner(arguments, command: "links-to")
        var options = LinksToOptions(word: "")
        var word: String?
        while let item = try scanner.next() {
            switch item {
            case .option("--format", _, let inline):
                options.json = try parseFormat(try scanner.value(for: "--format", inline: inline), command: "links-to")
            case .option(_, let argument, _): throw scanner.unknown(argument)
            case .operand(let argument):
                if word != nil { throw scanner.unexpected(argument) }
                word = argument
            }
        }
        options.library = scanner.library
        if scanner.wantsHelp { return .help(topic: "links-to", library: options.library) }
        guard let word else { throw .missingArgument("word", command: "links-to") }
        guard !word.allSatisfy(\.isWhitespace) else { throw .emptyWord(command: "links-to") }
        options.word = word
        return .linksTo(options)
    }
}
