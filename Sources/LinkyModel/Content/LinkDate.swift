import Foundation

/// The day a link was saved, as its author wrote it (`2024-05-01` or ISO 8601 with a time and offset).
///
/// The calendar day is kept as written, so a link saved late on 1 May in Seoul is filed under May;
/// `instant` is the exact moment for feeds (midnight UTC when only a day was given).
public struct LinkDate: Hashable, Sendable, Comparable, Codable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// Seconds since 1970-01-01T00:00:00Z.
    public var instant: Int64
    /// Whether the source gave a time of day (and so `instant` is exact).
    public var hasTime: Bool

    public init(year: Int, month: Int, day: Int, instant: Int64, hasTime: Bool) {
        self.year = year
        self.month = month
        self.day = day
        self.instant = instant
        self.hasTime = hasTime
    }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` and ISO 8601 `YYYY-MM-DDTHH:MM[:SS][.fff](Z|±HH:MM)`.
    public init?(parsing raw: String) {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let scalars = Array(text.unicodeScalars)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for index in range {
                guard
                    let digit = scalars[index].properties.numericType == .decimal && scalars[index].isASCII
                        ? Int(String(scalars[index])) : nil
                else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard scalars.count >= 10, scalars[4] == "-", scalars[7] == "-",
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year)
        else { return nil }
        var seconds = Self.daysFromEpoch(year: year, month: month, day: day) * 86_400
        var hasTime = false
        if scalars.count > 10 {
            guard scalars[10] == "T" || scalars[10] == " ", scalars.count >= 16, scalars[13] == ":",
                let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60
            else { return nil }
            var index = 16
            var second = 0
            if index < scalars.count, scalars[index] == ":" {
                guard let value = number(index + 1..<index + 3), value < 61 else { return nil }
                second = value
                index += 3
                if index < scalars.count, scalars[index] == "." || scalars[index] == "," {
                    index += 1
                    while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
                }
            }
            var offset = 0
            if index < scalars.count {
                if scalars[index] == "Z" || scalars[index] == "z" {
                    index += 1
                } else if scalars[index] == "+" || scalars[index] == "-" {
                    let sign = scalars[index] == "-" ? -1 : 1
                    guard let offsetHour = number(index + 1..<index + 3) else { return nil }
                    var next = index + 3
                    if next < scalars.count, scalars[next] == ":" { next += 1 }
                    guard let offsetMinute = number(next..<next + 2), offsetHour < 24, offsetMinute < 60
                    else { return nil }
                    offset = sign * (offsetHour * 3600 + offsetMinute * 60)
                    index = next + 2
                } else {
                    return nil
                }
            }
            guard index == scalars.count else { return nil }
            seconds += Int64(hour * 3600 + minute * 60 + second - offset)
            hasTime = true
        }
        self.init(year: year, month: month, day: day, instant: seconds, hasTime: hasTime)
    }

    /// `2024-05-01`.
    public var isoDay: String {
        Self.digits(year, 4) + "-" + Self.digits(month, 2) + "-" + Self.digits(day, 2)
    }

    /// `2024-05`, the archive's grouping.
    public var isoMonth: String {
        Self.digits(year, 4) + "-" + Self.digits(month, 2)
    }

    /// RFC 3339 in UTC, for feeds: `2024-05-01T00:00:00Z`.
    public var rfc3339: String {
        Self.rfc3339(instant)
    }

    public static func < (a: LinkDate, b: LinkDate) -> Bool {
        (a.instant, a.year, a.month, a.day) < (b.instant, b.year, b.month, b.day)
    }

    /// RFC 3339 in UTC for any instant.
    public static func rfc3339(_ instant: Int64) -> String {
        let days = Int(floorDivide(instant, 86_400))
        let secondsOfDay = Int(instant - Int64(days) * 86_400)
        let (year, month, day) = civil(fromDays: days)
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T" + digits(secondsOfDay / 3600, 2)
            + ":" + digits(secondsOfDay / 60 % 60, 2) + ":" + digits(secondsOfDay % 60, 2) + "Z"
    }

    /// The calendar day (UTC) of an instant, as a `LinkDate`.
    public static func day(ofInstant instant: Int64) -> LinkDate {
        let (year, month, day) = civil(fromDays: Int(floorDivide(instant, 86_400)))
        return LinkDate(year: year, month: month, day: day, instant: instant, hasTime: true)
    }
}

// MARK: - Weeks

extension LinkDate {
    /// Days since 1970-01-01 of the calendar day (as written, not of the instant).
    public var dayNumber: Int { Int(Self.daysFromEpoch(year: year, month: month, day: day)) }

    /// The ISO 8601 week of the calendar day: its year (that of the week's Thursday) and number (1–53).
    public var isoWeek: (year: Int, week: Int) {
        let thursday = dayNumber - weekday + 3
        let (year, _, _) = Self.civil(fromDays: thursday)
        let firstDay = Int(Self.daysFromEpoch(year: year, month: 1, day: 1))
        return (year, (thursday - firstDay) / 7 + 1)
    }

    /// The Monday of the calendar day's ISO week, as a day (midnight UTC).
    public var weekStart: LinkDate {
        let monday = dayNumber - weekday
        let (year, month, day) = Self.civil(fromDays: monday)
        return LinkDate(year: year, month: month, day: day, instant: Int64(monday) * 86_400, hasTime: false)
    }

    /// The day of the week, Monday 0 to Sunday 6 (1970-01-01 was a Thursday).
    private var weekday: Int {
        let days = Int64(dayNumber) + 3
        return Int(days - Self.floorDivide(days, 7) * 7)
    }

    /// The day `days` after this one (midnight UTC).
    public func adding(days: Int) -> LinkDate {
        let (year, month, day) = Self.civil(fromDays: dayNumber + days)
        return LinkDate(year: year, month: month, day: day, instant: Int64(dayNumber + days) * 86_400, hasTime: false)
    }
}

// MARK: - Calendar arithmetic

// Proleptic Gregorian day counts (Howard Hinnant's algorithms): no Calendar, no time zone, no locale,
// so dates come out the same on every machine.
private extension LinkDate {
    /// Zero-padded decimal (`String(format:)` is slow enough to show in a profile of a large build).
    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = Int64(days) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
