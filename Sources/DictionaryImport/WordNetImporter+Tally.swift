import DictionaryModel

extension WordNetImporter {
    /// What the import read, and what it found and could not place, for the summary.
    struct Tally {
        /// Kinds of things the import could not place.
        enum Problem: Int, CaseIterable {
            case unparsedLine, unknownPointerSymbol, missingSynset, missingPointerTarget, missingPointerWord
            case unknownFrame, unknownMarker, unmatchedCount

            var description: String {
                switch self {
                case .unparsedLine: "lines not read (left out)"
                case .unknownPointerSymbol: "pointers of an unknown kind (left out)"
                case .missingSynset: "index senses naming a synset data.* lacks (left out)"
                case .missingPointerTarget: "pointers to a synset that does not exist (left out)"
                case .missingPointerWord: "pointers to a word number their synset lacks (left out)"
                case .unknownFrame: "verb frames of an unknown number (left out)"
                case .unknownMarker: "adjective markers of an unknown kind (ignored)"
                case .unmatchedCount: "cntlist.rev tag counts whose sense key names no sense"
                }
            }
        }

        var counts: [Problem: Int] = [:]
        var examples: [Problem: [String]] = [:]
        /// What was read, in the order the summary lists it.
        var read: [ImportCount] = []

        mutating func note(_ problem: Problem, _ example: String, count: Int = 1) {
            counts[problem, default: 0] += count
            if examples[problem, default: []].count < 5 { examples[problem, default: []].append(example) }
        }

        mutating func count(_ name: String, _ value: Int) {
            read.append(ImportCount(name, value))
        }

        var problems: [ImportProblem] {
            Problem.allCases.compactMap { problem in
                counts[problem].map { ImportProblem(problem.description, count: $0, examples: examples[problem] ?? []) }
            }
        }
    }
}
