import Foundation
import Testing
import TestSupport
@testable import WordlinkCommands

/// `wordlink define WORD --sources`: the page with where each entry and sense comes from.
@Suite struct DefineSourcesTests {
    static let binary: String = {
        let root = #filePath.components(separatedBy: "/Tests/")[0]
        return root + "/.build/debug/wordlink"
    }()

    func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build wordlink first: \(Self.binary) is missing")
        let result = Subprocess.run([Self.binary] + arguments, outputFile: Subprocess.temporaryPath("out"),
                                    errorFile: Subprocess.temporaryPath("err"))
        return (result.status, result.output, result.error)
    }

    @Test func theOptionParses() throws {
        #expect(try Arguments.parse(["define", "wolf", "--sources"]) == .define(DefineOptions(word: "wolf", showsSources: true)))
        #expect(try Arguments.parse(["define", "wolf"]) == .define(DefineOptions(word: "wolf")))
        #expect(throws: ArgumentError.self) { try Arguments.parse(["define", "wolf", "--sources=yes"]) }
    }

    @Test func definePrintsSourcesOnlyWithTheOption() throws {
        let data = ["--data", Fixtures.path("sample"), "--width", "40"]
        let plain = try run(["define", "wolf"] + data)
        #expect(plain.status == 0)
        #expect(!plain.output.contains("Source:"))
        let shown = try run(["define", "wolf", "--sources"] + data)
        #expect(shown.status == 0)
        #expect(shown.output.hasPrefix("Wolf  noun\nSource: name Sample; version 2\n\n    a wild animal of the dog family\n    Source: Webster 1913\n"))
        let json = try run(["define", "wolf", "--sources", "--format", "json"] + data)
        #expect(json.output.contains(#""    Source: Webster 1913""#))
        let help = try run(["define", "--help"])
        #expect(help.output.contains("--sources"))
    }
}
