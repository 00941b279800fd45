import Foundation
import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport

/// A damaged source (cut short, its offsets past the end) is refused, naming the file, and the
/// earlier import at the destination is kept byte for byte.
@Suite struct ImportDamagedSourceTests {
    /// A copy of wordnet-mini in `scratch` with `file` changed by `change`.
    static func damagedWordNet(in scratch: String, _ file: String, _ change: (Data) -> Data) throws -> String {
        let source = scratch + "/damaged-wordnet"
        try FileManager.default.copyItem(atPath: Fixtures.path("wordnet-mini"), toPath: source)
        let data = try #require(FileManager.default.contents(atPath: source + "/" + file))
        try change(data).write(to: URL(fileURLWithPath: source + "/" + file))
        return source
    }

    /// How a file is damaged: cut in half, after its first lines, or short of its last bytes.
    enum Cut: Sendable, CustomTestStringConvertible {
        case half, lines(Int), dropLast(Int)

        func apply(_ data: Data) -> Data {
            switch self {
            case .half: data.prefix(data.count / 2)
            case .lines(let count):
                Data(String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).prefix(count)
                    .map { $0 + "\n" }.joined().utf8)
            case .dropLast(let count): data.dropLast(count)
            }
        }

        var testDescription: String {
            switch self {
            case .half: "cut in half"
            case .lines(let count): "the first \(count) lines"
            case .dropLast(let count): "short of its last \(count) bytes"
            }
        }
    }

    @Test(arguments: [
        // data.noun cut in half, inside a line.
        ("data.noun", Cut.half,
         "it is cut short: its last line, 8, ends without a line break"),
        // data.noun cut after a whole line: the index names synsets past its last.
        ("data.noun", Cut.lines(9),
         "it is cut short, or index.noun was made for another: 3 of index.noun's senses name synsets past its last, 00003000 (such as \"dog\" 00003500)"),
        // index.verb cut inside a line.
        ("index.verb", Cut.dropLast(5),
         "it is cut short: its last line, 9, ends without a line break"),
    ] as [(String, Cut, String)])
    func aDamagedWordNetIsRefusedAndTheEarlierImportKept(file: String, cut: Cut, reason: String) throws {
        let scratch = ImportScratch.folder("damaged")
        defer { ImportScratch.remove(scratch) }
        let destination = scratch + "/wn"
        _ = try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: destination, entriesPerFile: 2).run()
        let before = ImportScratch.snapshot(destination)
        let source = try Self.damagedWordNet(in: scratch, file, cut.apply)
        #expect(throws: DictionaryModelError.invalidSource(path: source + "/" + file, line: 0, reason: reason)) {
            try WordNetImporter(from: source, to: destination, entriesPerFile: 2).run()
        }
        #expect(ImportScratch.snapshot(destination) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).sorted() == ["damaged-wordnet", "wn"])
    }

    /// Offsets inside the data file that name no synset: a few are the source's flaws, left out
    /// and counted; more than one in a thousand (and more than five) is damage.
    @Test(arguments: [(2_000, 2, false), (2_000, 6, true), (100_000, 100, false), (100_000, 101, true)])
    func sensesThatNameNoSynsetAreDamageOnlyInNumbers(senses: Int, missing: Int, isDamage: Bool) {
        #expect(WordNetImporter.isDamage(missing: missing, of: senses) == isDamage)
    }

    @Test func aDictdIndexPastTheEndOfItsDataIsRefusedAndTheEarlierImportKept() throws {
        let scratch = ImportScratch.folder("damaged")
        defer { ImportScratch.remove(scratch) }
        let (index, dict) = ImportDictdTests.writeDictionary(ImportDictdTests.jargon, name: "jargon", in: scratch)
        let destination = scratch + "/out"
        _ = try DictdImporter(index: index, dict: dict, to: destination).run()
        let before = ImportScratch.snapshot(destination)
        // The data cut short: the last records' offsets run past its end.
        let text = Array(ImportDictdTests.jargon.map(\.text).joined().utf8)
        ImportScratch.write(Dictzip.compress(Array(text.prefix(text.count - 40)), chunkLength: 50), to: dict)
        #expect(throws: DictionaryModelError.invalidSource(path: index, line: 7, reason: "\"unices\" points past the end of \(dict)")) {
            try DictdImporter(index: index, dict: dict, to: destination).run()
        }
        #expect(ImportScratch.snapshot(destination) == before)
    }
}
