/// Days as study cards and `--since` write them: `2026-12-01`, in UTC (as `wordlink history`
/// gives its times).
public enum CardDate {
    /// The UTC day of `seconds` since 1970: `2026-12-01`.
    public static func day(_ seconds: Double) -> String {
        let days = Int((seconds / 86_400).rounded(.down))
        let (year, month, day) = civil(days: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let y = year < 0 ? "-" + String(-year) : String(year)
        return (y.count < 4 ? String(repeating: "0", count: 4 - y.count) + y : y) + "-" + two(month) + "-" + two(day)
    }

    /// The start (00:00 UTC) of the day `text` names, `YYYY-MM-DD`, in seconds since 1970; nil
    /// for anything else (another layout, a month or day that does not exist: `2026-02-30`).
    public static func start(of text: String) -> Double? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), day >= 1 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        // A day past the month's end comes out in the next month.
        guard civil(days: days) == (year, month, day) else { return nil }
        return Double(days) * 86_400
    }

    /// Howard Hinnant's `days_from_civil`: days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian year, month and day of day `days` since 1970-01-01 (Howard
    /// Hinnant's `civil_from_days`); the browser's clock reads its dates here too.
    public static func civil(days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
