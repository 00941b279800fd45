import DictionaryModel

/// A link in the data that leads nowhere, and where it stands: what `wordlink check` warns
/// about.
public struct UnresolvedLink: Hashable, Sendable {
    /// Why the link is reported.
    public enum Problem: Hashable, Sendable {
        /// The target names no entry.
        case noEntry
        /// The target names entries, none of which has the sense anchor.
        case noSense(entryIDs: [String])
    }

    public var target: String
    public var sense: String?
    /// The entry whose text holds the link.
    public var entryID: String
    /// Where the JSON string (or relation link object) holding the link starts.
    public var location: SourceLocation
    public var problem: Problem

    /// The warning `check` prints.
    public var diagnostic: Diagnostic {
        let written = sense.map { "\(target)#\($0)" } ?? target
        switch problem {
        case .noEntry:
            return Diagnostic(.warning, "unresolved link \"\(written)\" in entry \"\(entryID)\"", at: location)
        case .noSense(let ids):
            let names = ids.map { "\"\($0)\"" }.joined(separator: ", ")
            return Diagnostic(.warning, "link \"\(written)\" in entry \"\(entryID)\" names a sense that \(names) \(ids.count == 1 ? "does" : "do") not have", at: location)
        }
    }
}

extension DataFolder {
    /// Every inline and relation link of every entry that resolves to nothing, or to
    /// entries without its sense; external links are never reported. In file order.
    /// `progress` is told every thousand entries.
    public func unresolvedLinks(lookup: any EntryLookup, progress: (ProgressStep) -> Void = { _ in }) -> [UnresolvedLink] {
        var result: [UnresolvedLink] = []
        // A target is resolved once: WordNet's 155,000 entries hold about 400,000 links to
        // fewer than half as many targets.
        struct Written: Hashable { var target: String, sense: String? }
        var problems: [Written: UnresolvedLink.Problem?] = [:]
        for (number, entry) in entries.enumerated() {
            if number % 1000 == 999 || number == entries.count - 1 {
                progress(ProgressStep(phase: "checking the links of " + info.title, completed: number + 1, total: entries.count))
            }
            let file = files[entry.origin.file]
            func check(_ target: String, _ sense: String?, offset: Int) {
                let written = Written(target: target, sense: sense)
                let problem: UnresolvedLink.Problem?
                if let known = problems[written] {
                    problem = known
                } else {
                    let resolution = lookup.resolve(target: target, sense: sense)
                    if resolution.state == .unresolved {
                        problem = .noEntry
                    } else if resolution.isMissingSense {
                        problem = .noSense(entryIDs: resolution.entryIDs)
                    } else {
                        problem = nil
                    }
                    problems[written] = problem
                }
                guard let problem else { return }
                let location = file?.location(ofOffset: offset) ?? SourceLocation(file: entry.origin.file)
                result.append(UnresolvedLink(target: target, sense: sense, entryID: entry.id, location: location, problem: problem))
            }
            entry.forEachLink(check)
        }
        // Files are loaded in name order, so sorting by place keeps file order and puts the
        // links of one file in the order an author reads them.
        return result.enumerated().sorted { a, b in
            a.element.location != b.element.location ? a.element.location < b.element.location : a.offset < b.offset
        }.map(\.element)
    }
}

extension DataFolder {
    /// A warning when `dictionary.json`'s `start` names nothing a query finds (no entry id,
    /// headword, form or lookup rule leads anywhere), placed at the `start` value.
    public func startProblem(lookup: any EntryLookup) -> Diagnostic? {
        guard let start = info.start, !lookup.lookUp(start).isFound else { return nil }
        var location = SourceLocation(file: "dictionary.json")
        if let file = files["dictionary.json"], let value = try? JSONParser.parse(file.bytes)["start"] {
            location = file.location(ofOffset: value.offset)
        }
        return Diagnostic(.warning, "\"start\" names no entry: \"\(start)\"; the browser opens on the index page instead",
                          at: location)
    }
}
