import CursesTerminal
import DictionaryModel
import Morphology

/// `wordlink doctor`: checks that this terminal draws characters where wordlink expects, and
/// says which open dictionaries' languages have a Hunspell dictionary for their morphology.
enum DoctorCommand {
    static func run(library: LibraryOptions = LibraryOptions()) -> Int32 {
        let morphology = morphologyReport(LibraryLocation.choose(options: library).folders.compactMap(LibraryLocation.info(ofFolder:)))
        let results: [WidthProbe.Result]
        do {
            results = try WidthProbe.run()
        } catch {
            Terminal.error(error.description + ".")
            Terminal.write(morphology)
            return 1
        }
        var output = "Cell widths: the layout's against this terminal's cursor, for hard text.\n"
        let nameWidth = results.map(\.name.count).max() ?? 10
        for result in results {
            let measured = result.measured.map(String.init) ?? "no answer"
            let mark = result.agrees ? "ok  " : "DIFF"
            output += "  \(mark) \(result.name + String(repeating: " ", count: max(0, nameWidth - result.name.count)))  layout \(result.expected), terminal \(measured)\n"
        }
        let disagreements = results.filter { !$0.agrees }
        if disagreements.isEmpty {
            output += "All \(results.count) samples agree: clicks land on the characters you see.\n"
            Terminal.write(output + morphology)
            return 0
        }
        output += "\(disagreements.count) of \(results.count) samples disagree: text after them on a row is drawn "
            + "away from where wordlink expects it, and clicks there can land on the wrong word. "
            + "A terminal with up-to-date Unicode widths (or tmux 3.3 or later) fixes it.\n"
        Terminal.write(output + morphology)
        return 1
    }

    /// For each dictionary looked up through morphology (one with a language and no lookup
    /// rules of its own), the Hunspell dictionary its language chooses, or that there is none
    /// (or it cannot be opened) and the Debian package that brings one. Lookups work either
    /// way; without one, a form finds only what the dictionary's own keys find.
    static func morphologyReport(_ infos: [DictionaryInfo], hunspell: HunspellMorphology = .process) -> String {
        let needing = infos.filter { $0.lookupRules.isEmpty && !($0.language ?? "").isEmpty }
        guard !needing.isEmpty else {
            return "Morphology: no open dictionary needs Hunspell (each has lookup rules of its own, or no language).\n"
        }
        var output = "Morphology (Hunspell) by language, for the dictionaries without lookup rules of their own:\n"
        let folders = hunspell.dictionaries.folders.joined(separator: " or ")
        for info in needing {
            let language = info.language ?? ""
            let package = HunspellDictionaries.package(for: language)
            let line: String
            if let files = hunspell.dictionaries.files(for: language) {
                line = hunspell.hunspell(for: language) != nil
                    ? "\(files.name) (\(files.dictionary))"
                    : "\(files.dictionary) cannot be opened (unreadable, or neither UTF-8 nor ISO 8859-1); apt-get install --reinstall \(package) restores it"
            } else {
                line = "no Hunspell dictionary in \(folders); apt-get install \(package) brings one (lookups work without it, finding only what the dictionary's own keys find)"
            }
            output += "  \(language)  \(info.title) (\(info.id)): \(line)\n"
        }
        return output
    }
}
