import DictionaryModel

/// Turns the fields of a StarDict record into the parts of an entry, each type by its own
/// rules: `m` (plain text), `l` (text in the locale's encoding: read as UTF-8, bad bytes
/// replaced) and `n` (WordNet's text) as plain text; `g` by `PangoMarkup`; `h` by
/// `HTMLMarkup`; `x` by `XDXFMarkup`; `k` (KingSoft PowerWord's XML) by its tags dropped;
/// `w` by `MediaWikiMarkup`; `t` (a phonetic transcription) and `y` (Chinese YinBiao or
/// Japanese kana) as pronunciations; `r` (a list of resource files, `img:a.png`) named, one
/// a line (`[image: a.png]`); the binary types `W` (a WAV sound), `P` (a picture) and the
/// rest named by their kind, since their bytes are not kept.
enum StarDictConverter {
    /// What a record says, in the data format's terms.
    struct Parts {
        var pronunciations: [Pronunciation] = []
        /// Markup paragraphs in the record's order.
        var texts: [String] = []
    }

    static func parts(of fields: [StarDictReader.Field]) -> Parts {
        var parts = Parts()
        for field in fields {
            let text = String(decoding: field.data, as: UTF8.self)
            switch field.type {
            case "t", "y":
                var writer = MarkupWriter()
                writer.collapsesWhiteSpace = true
                writer.text(text)
                let pronunciation = Markup(writer.finish()).plainText
                if !pronunciation.isEmpty {
                    parts.pronunciations.append(Pronunciation(pronunciation, system: field.type == "t" ? "ipa" : nil))
                }
                continue
            case "g": parts.texts.append(PangoMarkup.convert(text))
            case "h": parts.texts.append(HTMLMarkup.convert(text))
            case "x": parts.texts.append(XDXFMarkup.convert(text))
            case "k": parts.texts.append(PangoMarkup.convert(text))
            case "w": parts.texts.append(MediaWikiMarkup.convert(text))
            case "r": parts.texts.append(resources(text))
            case "m", "l", "n":
                var writer = MarkupWriter()
                writer.text(text)
                parts.texts.append(writer.finish())
            case "W": parts.texts.append(Markup.escaping("[sound]"))
            case "P": parts.texts.append(Markup.escaping("[picture]"))
            default:
                let name = field.type.isUppercase ? "[data of type \(field.type)]" : "[text of type \(field.type)]"
                if field.type.isLowercase {
                    var writer = MarkupWriter()
                    writer.text(text)
                    parts.texts.append(writer.finish())
                } else {
                    parts.texts.append(Markup.escaping(name))
                }
            }
        }
        parts.texts.removeAll { $0.isEmpty }
        return parts
    }

    /// `img:pic/a.png\nsnd:a.wav` → `[image: a.png]` and `[sound: a.wav]`, one a line.
    static func resources(_ text: String) -> String {
        var writer = MarkupWriter()
        let kinds = ["img": "image", "snd": "sound", "vdo": "video", "att": "attachment"]
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let parts = line.split(separator: ":", maxSplits: 1)
            let kind = parts.count == 2 ? kinds[String(parts[0])] : nil
            let file = HTMLMarkup.fileName(String(kind == nil ? line : parts[1]))
            if !writer.isAtLineStart { writer.lineBreak() }
            writer.text("[\(kind ?? "file"): \(file)]")
        }
        return writer.finish()
    }
}
