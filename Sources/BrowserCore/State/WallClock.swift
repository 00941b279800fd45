import StudyCards
#if canImport(Glibc)
import Glibc
#endif

/// The time of day as a person reads it, for saying when something happened (`14:02`): the
/// seconds since 1970 now, and the local time zone's offset from UTC at a given time. The
/// system's by default; tests pass a fixed one (`fixed(_:utcOffset:)`), so what the status
/// line says does not depend on when or where they run.
public struct WallClock: Sendable {
    /// Seconds since 1970-01-01 00:00 UTC.
    public var now: @Sendable () -> Double
    /// Seconds east of UTC of the local time at a time (seconds since 1970).
    public var utcOffset: @Sendable (Double) -> Int

    public init(now: @escaping @Sendable () -> Double, utcOffset: @escaping @Sendable (Double) -> Int) {
        self.now = now
        self.utcOffset = utcOffset
    }

    /// The system's clock and time zone (`TZ`, else the system's).
    public static let system = WallClock(now: {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }, utcOffset: { time in
        var seconds = time_t(time)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    })

    /// A clock that stands at `now`, `utcOffset` seconds east of UTC.
    public static func fixed(_ now: Double, utcOffset: Int = 0) -> WallClock {
        WallClock(now: { now }, utcOffset: { _ in utcOffset })
    }

    /// `time` in local time, without the locale's words: `14:02` when it is on today's date, else
    /// `2026-03-13 14:02`.
    public func describe(_ time: Double) -> String {
        let local = Self.civil(time + Double(utcOffset(time)))
        let today = Self.civil(now() + Double(utcOffset(now())))
        let clock = Self.two(local.hour) + ":" + Self.two(local.minute)
        guard (local.year, local.month, local.day) != (today.year, today.month, today.day) else { return clock }
        return "\(local.year)-\(Self.two(local.month))-\(Self.two(local.day)) " + clock
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// The proleptic Gregorian date and time of day of `seconds` since 1970 (`CardDate.civil(days:)`).
    static func civil(_ seconds: Double) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        let whole = Int(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = CardDate.civil(days: days)
        return (year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60)
    }
}
