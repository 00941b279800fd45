import Foundation
import Testing
import TestSupport

/// The config file through the real binary: written on request and never over a person's
/// file; a rebound key works in the browser and help shows it; a bad line is said and the
/// rest applies.
@Suite(.serialized, .hangGuard) struct ConfigEndToEndTests {
    static func run(_ arguments: [String], config: String) -> (status: Int32, output: String, error: String) {
        let out = Subprocess.temporaryPath("config-out"), err = Subprocess.temporaryPath("config-err")
        return Subprocess.run(["/usr/bin/env", "XDG_CONFIG_HOME=" + config, TmuxSession.binary] + arguments, outputFile: out, errorFile: err)
    }

    @Test func writeMakesTheDefaultAndNeverOverwrites() throws {
        let config = Subprocess.temporaryPath("config-write")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let path = config + "/wordlink/config"
        #expect(Self.run(["config", "--path"], config: config).output == path + "\n")
        #expect(Self.run(["config", "--check"], config: config).output == "\(path) is not there; the defaults apply.\n")
        let written = Self.run(["config", "--write"], config: config)
        #expect(written.status == 0 && written.output == "wrote \(path)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.run(["config", "--default"], config: config).output)
        try "theme = light\n".write(toFile: path, atomically: true, encoding: .utf8)
        let again = Self.run(["config", "--write"], config: config)
        #expect(again.status == 1)
        #expect(again.error.contains("is already there; it was left as it is"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "theme = light\n")
        #expect(Self.run(["config", "--check"], config: config).output == "\(path): no problems.\n")
    }

    @Test func aReboundKeyWorksAndABadLineIsSaid() throws {
        let config = Subprocess.temporaryPath("config-keys")
        defer { try? FileManager.default.removeItem(atPath: config) }
        try FileManager.default.createDirectory(atPath: config + "/wordlink", withIntermediateDirectories: true)
        try "key.bookmark = B\ntheme = purple\n".write(toFile: config + "/wordlink/config", atomically: true, encoding: .utf8)
        let checked = Self.run(["config", "--check"], config: config)
        #expect(checked.status == 1)
        #expect(checked.error == "wordlink: \(config)/wordlink/config:2: \"theme\": \"purple\" is not a theme; expected auto, dark, light or monochrome.\n")
        let session = try TmuxSession(name: "config-keys", arguments: ["dog"], environment: ["XDG_CONFIG_HOME": config])
        try session.waitFor("the config's problem in the status line") { $0.last?.contains("1 problems in the config file") == true }
        try session.send("B")
        try session.waitFor("the bookmark") { $0.last?.contains("Bookmarked “dog”") == true }
        try session.send("?")
        let help = try session.waitFor(text: "bookmark this page")
        let row = try #require(help.first { $0.contains("bookmark this page") })
        #expect(row.trimmingCharacters(in: .whitespaces).hasPrefix("B "), "help shows the configured key: \(row)")
    }
}
