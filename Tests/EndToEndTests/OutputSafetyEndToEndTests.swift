import Foundation
import Testing
import TestSupport

/// Text from the data never reaches the terminal as itself, on any channel: a hostile link
/// target, title, file name or source headword shows as placeholders in what `check`,
/// `define` and `import` print, on standard output and standard error alike.
@Suite struct OutputSafetyEndToEndTests {
    /// ESC ] 0 ; title BEL sets a terminal's title; ESC ] 52 writes its clipboard; CSI 201~
    /// ends a bracketed paste; U+202E reorders what follows; U+009B is an 8-bit CSI.
    static let hostile = "x\u{1B}]0;PWNED\u{07}\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}\u{1B}[201~\r\u{202E}\u{9B}y"

    static func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let out = Subprocess.temporaryPath("safe-out"), err = Subprocess.temporaryPath("safe-err")
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        return Subprocess.run(arguments, outputFile: out, errorFile: err)
    }

    /// No byte that can start or end a control sequence: C0 but newline, DEL, C1 (as UTF-8),
    /// and no bidi override.
    static func expectHarmless(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let harmful = (v < 0x20 && v != 0x0A) || v == 0x7F || (v >= 0x80 && v < 0xA0) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v) || (0xE0000...0xE007F).contains(v)
            #expect(!harmful, "U+\(String(v, radix: 16)) in \(text.debugDescription)", sourceLocation: sourceLocation)
            if harmful { return }
        }
    }

    /// A data folder whose title, a link target, an id and a file name carry `hostile`.
    static func hostileFolder() throws -> String {
        let folder = Subprocess.temporaryPath("hostile")
        let entries = folder + "/entries"
        try FileManager.default.createDirectory(atPath: entries, withIntermediateDirectories: true)
        func json(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                if scalar.value < 0x20 || scalar.value == 0x22 || scalar.value == 0x5C || scalar.value >= 0x7F {
                    out += String(format: "\\u%04x", scalar.value)
                } else { out.unicodeScalars.append(scalar) }
            }
            return out + "\""
        }
        try """
            {"format": "wordlink-dictionary", "formatVersion": 1, "id": "hostile", "title": \(json("Evil " + hostile)),
             "start": \(json(hostile))}
            """.write(toFile: folder + "/dictionary.json", atomically: true, encoding: .utf8)
        try """
            {"id": "dog", "headword": "dog", "senses": [{"definition": \(json("See [[" + hostile + "]]."))}]}
            """.write(toFile: entries + "/dog.json", atomically: true, encoding: .utf8)
        try """
            [{"id": \(json(hostile)), "headword": "h", "senses": []}, {"id": \(json(hostile)), "headword": "h", "senses": []}]
            """.write(toFile: entries + "/dup.json", atomically: true, encoding: .utf8)
        try "{ broken".write(toFile: entries + "/bad\u{1B}]0;NAME\u{07}.json", atomically: true, encoding: .utf8)
        try "{\"format\": \(json(hostile))}".write(toFile: folder + "/odd.json", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func checkPrintsHostileTargetsIdsAndFileNamesAsPlaceholders() throws {
        let folder = try Self.hostileFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = Self.run([TmuxSession.binary, "check", "--data", folder])
        #expect(result.status == 1)
        let all = result.output + result.error
        Self.expectHarmless(all)
        #expect(all.contains("x^[]0;PWNED^G^[]52;c;"), "\(all)")
        #expect(all.contains("<U+202E>"))
        #expect(all.contains("bad^[]0;NAME^G.json"), "\(all)")
    }

    @Test func defineKeepsEveryChannelHarmless() throws {
        let folder = try Self.hostileFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = Self.run([TmuxSession.binary, "define", "nothing-like-it", "--data", folder])
        #expect(missing.status == 1)
        Self.expectHarmless(missing.error)
        #expect(missing.error.contains("Evil x^[]0;PWNED^G"), "\(missing.error)")
        for format in ["text", "ansi", "json"] {
            let page = Self.run([TmuxSession.binary, "define", "dog", "--data", folder, "--format", format, "--width", "200"])
            #expect(page.status == 0)
            // The ANSI format's own SGR sequences are the only escapes.
            let withoutSGR = page.output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            Self.expectHarmless(withoutSGR)
            Self.expectHarmless(page.error)
        }
        let json = Self.run([TmuxSession.binary, "define", "dog", "--data", folder, "--format", "json"])
        // In JSON the characters stay the same value, as escapes.
        let parsed = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let links = parsed?["links"] as? [[String: Any]]
        #expect(links?.first?["target"] as? String == Self.hostile)
    }

    @Test func importErrorsNameSourceHeadwordsWithoutTheirControls() throws {
        let folder = Subprocess.temporaryPath("hostile-dictd")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A record that points past the end of the .dict file: the error names its headword.
        try "evil\u{1B}]0;PWNED\u{07}\tA\tZZZ\n".write(toFile: folder + "/evil.index", atomically: true, encoding: .utf8)
        try "short".write(toFile: folder + "/evil.dict", atomically: true, encoding: .utf8)
        let result = Self.run([TmuxSession.binary, "import", "dictd", "--index", folder + "/evil.index",
                               "--dict", folder + "/evil.dict", "--to", folder + "/out"])
        #expect(result.status == 1)
        Self.expectHarmless(result.output + result.error)
        // Named as cleaned (its control characters removed, as every headword of a source is),
        // with the index's file and line to find it by.
        #expect(result.error.contains("evil.index:1: \"evil]0;PWNED\" points past the end of"), "\(result.error)")
    }

    @Test(arguments: [("de_DE.ISO-8859-1", [0xE9] as [UInt8], "<U+011B>"), ("ja_JP.eucJP", [], "<U+00E9>"), ("C.UTF-8", [0xC3, 0xA9], "")])
    func outputIsEncodedForTheLocale(locale: String, eAcute: [UInt8], placeholder: String) throws {
        let folder = Subprocess.temporaryPath("locale")
        try FileManager.default.createDirectory(atPath: folder + "/entries", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "l", "title": "L"}"#
            .write(toFile: folder + "/dictionary.json", atomically: true, encoding: .utf8)
        try #"{"id": "cafe", "headword": "café", "senses": [{"definition": "ě"}]}"#
            .write(toFile: folder + "/entries/cafe.json", atomically: true, encoding: .utf8)
        let out = Subprocess.temporaryPath("locale-out")
        defer { try? FileManager.default.removeItem(atPath: out) }
        // Subprocess reads its output files as UTF-8 text; the bytes themselves are wanted here.
        let command = "LC_ALL=\(locale) '\(TmuxSession.binary)' define cafe --data '\(folder)' > '\(out)'"
        _ = Subprocess.run(["sh", "-c", command], outputFile: Subprocess.temporaryPath("locale-sh"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        // Never a byte an 8-bit terminal reads as a C1 control (ě is C4 9B in UTF-8).
        if locale != "C.UTF-8" { #expect(!bytes.contains { $0 >= 0x80 && $0 < 0xA0 }) }
        let text = String(decoding: bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        if !placeholder.isEmpty { #expect(text.contains(placeholder), "\(text)") }
        if !eAcute.isEmpty {
            let caf = Array("caf".utf8) + eAcute
            #expect(bytes.indices.contains { Array(bytes[$0...].prefix(caf.count)) == caf })
        }
    }
}

/// `define --format ansi` draws with the browser's theme (the same `Theme.appearance`).
@Suite struct DefineANSIEndToEndTests {
    @Test func ansiUsesTheBrowsersThemeAndHonoursNoColor() {
        let out = Subprocess.temporaryPath("ansi")
        let coloured = Subprocess.run(["env", "-u", "NO_COLOR", "-u", "WORDLINK_THEME", TmuxSession.binary, "define", "dog", "--data", TmuxSession.data, "--format", "ansi", "--width", "60"], outputFile: out)
        // The dark theme: headword bold yellow, part of speech italic cyan, links underlined blue.
        #expect(coloured.output.hasPrefix("\u{1B}[0;1;33mdog\u{1B}[0m  \u{1B}[0;3;36mnoun\u{1B}[0m"), "\(coloured.output.debugDescription)")
        #expect(coloured.output.contains("\u{1B}[0;4;34manimal\u{1B}[0m"))
        let plain = Subprocess.run(["env", "NO_COLOR=1", TmuxSession.binary, "define", "dog", "--data", TmuxSession.data, "--format", "ansi", "--width", "60"], outputFile: out)
        #expect(plain.output.hasPrefix("\u{1B}[0;1mdog\u{1B}[0m  \u{1B}[0;3mnoun\u{1B}[0m  /d"), "\(plain.output.debugDescription)")
        #expect(plain.output.range(of: ";3[0-7]", options: .regularExpression) == nil, "no colour under NO_COLOR")
    }
}
