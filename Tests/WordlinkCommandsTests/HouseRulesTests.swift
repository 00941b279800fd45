import Foundation
import Testing
import TestSupport

/// Rules of the house that the compiler does not hold, read from the sources themselves.
@Suite struct HouseRulesTests {
    /// The repository's `Sources/` (beside `Data/`).
    static let sources: String = {
        let data = Fixtures.shippedData
        return String(data[..<data.lastIndex(of: "/")!]) + "/Sources"
    }()

    /// Every Swift file under `Sources/`, as a path relative to it.
    static func swiftFiles() throws -> [String] {
        let walker = try #require(FileManager.default.enumerator(atPath: sources))
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(path) }
        }
        return files.sorted()
    }

    /// The product's modules do not import Foundation (docs/decisions.md, "No Foundation, and a
    /// fully static release build"): it brings ICU's tables into the static binary and its
    /// start-up into every command. Once a `Thread` for the import queue brought it back, and
    /// `define` was slower for it; a thread of its own is Dispatch's (`ImportQueue`).
    @Test func noModuleOfTheProductImportsFoundation() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100, "the sources were not found at \(Self.sources)")
        var importing: [String] = []
        for file in files {
            let text = try String(contentsOfFile: Self.sources + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                      words[..<at].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" }) else { continue }
                if words[at + 1].hasPrefix("Foundation") { importing.append(file) }
            }
        }
        #expect(importing.isEmpty, "import Foundation in \(importing)")
    }
}
