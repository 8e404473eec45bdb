import Foundation
import LinkyModel

/// Every date an export writes, read by one function (`read`): Unix time in seconds, milliseconds or
/// microseconds (`ADD_DATE`, Pocket's `time_added`, Raindrop's and Karakeep's `created`), ISO 8601
/// with or without a zone (`2024-05-01`, `2024-05-01T10:00:00`, `…:00.000Z`, `… +0200`), RFC 2822
/// (`Wed, 01 May 2024 13:55:36 +0200`) and Apache log style (`10/Oct/2000:13:55:36 -0700`).
///
/// A date with a zone is filed under its UTC day, as Unix times are; one without a zone under the
/// day written. An unreadable date is reported at its line (`LINKY105`), never dropped in silence.
public enum BookmarkTimestamp {
    /// What a date field held.
    enum Reading: Equatable {
        /// Nothing, or 0 ("unknown", as browsers write it).
        case missing
        /// The day, `YYYY-MM-DD`.
        case day(String)
        /// Text that is none of the forms: the caller reports it.
        case unreadable(String)
    }

    /// Reads any of the forms above.
    static func read(_ text: String?) -> Reading {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return .missing }
        if let number = unixNumber(text) {
            guard number > 0 else { return .missing }
            return .day(LinkDate.day(ofInstant: number).isoDay)
        }
        if let date = iso(text) ?? rfc2822(text) ?? apacheLog(text) {
            return .day(date.hasTime ? LinkDate.day(ofInstant: date.instant).isoDay : date.isoDay)
        }
        return .unreadable(text)
    }

    /// The day of `text`, or nil; an unreadable one is added to `problems` as a warning at `location`,
    /// naming `field`.
    public static func day(
        _ text: String?, field: String, at location: SourceLocation, problems: inout [Diagnostic]
    ) -> String? {
        switch read(text) {
        case .missing: return nil
        case .day(let day): return day
        case .unreadable(let written):
            let shown = written.count > 60 ? String(written.prefix(59)) + "…" : written
            problems.append(
                .warning(
                    .invalidDate, at: location,
                    "the bookmark's \(field) \"\(shown)\" is not a date linky-site reads, so it is imported without a date",
                    hint:
                        "write Unix time, ISO 8601 (2024-05-01T10:00:00Z), RFC 2822 or Apache log style (10/Oct/2000:13:55:36 +0300), or add `date:` to the file afterwards"
                ))
            return nil
        }
    }

    /// Unix time in seconds (from 10^11 on, milliseconds; from 10^14, microseconds; a fraction
    /// after a point is dropped): nil when `text` is not a number.
    static func unixNumber(_ text: String) -> Int64? {
        var whole = Substring(text)
        if let point = text.firstIndex(of: "."), point != text.startIndex,
            text[text.index(after: point)...].allSatisfy(\.isASCIIDigit)
        {
            whole = text[..<point]
        }
        let digits = whole.hasPrefix("-") ? whole.dropFirst() : whole
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCIIDigit), let value = Int64(whole) else {
            return nil
        }
        // Seconds reach 10^11 in the year 5138; milliseconds pass it in 1973, microseconds long before.
        if value >= 100_000_000_000_000 { return value / 1_000_000 }
        if value >= 100_000_000_000 { return value / 1_000 }
        return value
    }

    /// ISO 8601 as `LinkDate` reads it, also with a space or `UTC`/`GMT` before the zone.
    static func iso(_ text: String) -> LinkDate? {
        if let date = LinkDate(parsing: text) { return date }
        var spaced = text
        for suffix in [" UTC", " GMT"] where spaced.hasSuffix(suffix) { spaced = String(spaced.dropLast(4)) + "Z" }
        spaced = spaced.replacingOccurrences(of: #"(\d) ([+-]\d\d:?\d\d)$"#, with: "$1$2", options: .regularExpression)
        return spaced == text ? nil : LinkDate(parsing: spaced)
    }

    /// `[Wed, ]01 May 2024 13:55[:36] (+0200|GMT|UTC|Z|EST…)`.
    static func rfc2822(_ text: String) -> LinkDate? {
        var words = text.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        if let first = words.first, first.count >= 3, first.allSatisfy(\.isLetter) { words.removeFirst() }
        guard words.count >= 4, let day = Int(words[0]), let month = month(words[1]), let year = Int(words[2]),
            year >= 100
        else { return nil }
        return instant(year: year, month: month, day: day, time: words[3], zone: words.count > 4 ? words[4] : nil)
    }

    /// `10/Oct/2000:13:55:36 -0700`, as web servers log.
    static func apacheLog(_ text: String) -> LinkDate? {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        let date = parts[0].split(separator: "/", maxSplits: 2).map(String.init)
        guard date.count == 3, let day = Int(date[0]), let month = month(date[1]),
            let colon = date[2].firstIndex(of: ":"), let year = Int(date[2][..<colon])
        else { return nil }
        return instant(
            year: year, month: month, day: day, time: String(date[2][date[2].index(after: colon)...]),
            zone: parts.count > 1 ? parts[1] : nil)
    }

    static func month(_ name: String) -> Int? {
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return months.firstIndex(of: String(name.lowercased().prefix(3))).map { $0 + 1 }
    }

    /// The instant of a day, `HH:MM[:SS]` and a zone (`+0200`, `-07:00`, `GMT`, `Z`, US zones).
    static func instant(year: Int, month: Int, day: Int, time: String, zone: String?) -> LinkDate? {
        let clock = time.split(separator: ":").map { Int($0) }
        guard clock.count == 2 || clock.count == 3, clock.allSatisfy({ $0 != nil }) else { return nil }
        let hour = clock[0]!
        let minute = clock[1]!
        let second = clock.count == 3 ? clock[2]! : 0
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var offset = "Z"
        if let zone = zone?.trimmingCharacters(in: .whitespaces), !zone.isEmpty {
            let named = [
                "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7,
                "MDT": -6, "PST": -8, "PDT": -7,
            ]
            if let hours = named[zone.uppercased()] {
                offset = hours == 0 ? "Z" : (hours < 0 ? "-" : "+") + two(abs(hours)) + ":00"
            } else if zone.first == "+" || zone.first == "-" {
                offset = zone
            } else {
                return nil
            }
        }
        let year = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return LinkDate(
            parsing: "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))\(offset)")
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
