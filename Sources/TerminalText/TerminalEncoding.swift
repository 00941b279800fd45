#if canImport(Glibc)
import Glibc
#endif

/// The encoding the user's terminal expects, from the locale.
///
/// UTF-8 locales, and the plain C/POSIX locale (which a UTF-8 terminal without `LANG` has;
/// taken as UTF-8, as Python does since PEP 538), mean UTF-8. Under another locale a UTF-8
/// byte can be a control for the terminal (`ě` is C4 9B, and 9B is CSI to an 8-bit
/// terminal), so text is written in that locale's encoding where this knows it (Latin-1),
/// else as ASCII, and every character it cannot encode becomes a `<U+XXXX>` placeholder.
public enum TerminalEncoding: Equatable, Sendable {
    case utf8, latin1, ascii

    /// The encoding that `LC_ALL`, `LC_CTYPE` or `LANG` (the first set) name.
    public static func fromEnvironment() -> TerminalEncoding {
        let variables = ["LC_ALL", "LC_CTYPE", "LANG"]
        let name = variables.lazy.compactMap { (variable: String) -> String? in
            getenv(variable).map { String(cString: $0) }
        }.first { !$0.isEmpty }
        guard let name else { return .utf8 }
        return forLocale(name) ?? codesetOfLocale()
    }

    /// The encoding a locale's name says (`de_DE.ISO-8859-1`), or nil when it says none.
    public static func forLocale(_ name: String) -> TerminalEncoding? {
        if name == "C" || name == "POSIX" { return .utf8 }
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let codeset = name[name.index(after: dot)...].prefix { $0 != "@" }.lowercased().filter { $0 != "-" && $0 != "_" }
        switch codeset {
        case "utf8": return .utf8
        case "iso88591", "latin1": return .latin1
        default: return .ascii
        }
    }

    /// The locale's codeset as the C library reports it, for a name without one (`de_DE`).
    private static func codesetOfLocale() -> TerminalEncoding {
        guard setlocale(LC_CTYPE, "") != nil, let codeset = nl_langinfo(nl_item(CODESET)) else { return .utf8 }
        return forLocale("x." + String(cString: codeset)) ?? .ascii
    }

    /// The locale's own name for this encoding, for messages.
    public var name: String {
        switch self {
        case .utf8: return "UTF-8"
        case .latin1: return "ISO-8859-1"
        case .ascii: return "an encoding other than UTF-8"
        }
    }

    /// `text` (already made harmless) in this encoding.
    public func encode(_ text: String) -> [UInt8] {
        switch self {
        case .utf8:
            return Array(text.utf8)
        case .latin1, .ascii:
            let limit: UInt32 = self == .latin1 ? 0xFF : 0x7F
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for scalar in text.unicodeScalars {
                if scalar.value <= limit { bytes.append(UInt8(scalar.value)) }
                else { bytes += Array(SafeText.hexPlaceholder(scalar.value).utf8) }
            }
            return bytes
        }
    }
}
