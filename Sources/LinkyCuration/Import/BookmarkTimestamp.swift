import Foundation
import LinkyModel

/// `ADD_DATE` and `LAST_MODIFIED` of bookmark files: Unix time, in seconds by the format, though some
/// exporters write milliseconds or microseconds (and some write 0 for "unknown").
enum BookmarkTimestamp {
    /// Seconds since 1970, or nil for a missing, zero, negative or unreadable value.
    static func seconds(_ attribute: String?) -> Int64? {
        guard let text = attribute?.trimmingCharacters(in: .whitespaces), let value = Int64(text), value > 0 else {
            // A fractional value (`1714564800.123`) is read up to the point.
            if let text = attribute, let point = text.firstIndex(of: "."), point != text.startIndex {
                return seconds(String(text[..<point]))
            }
            return nil
        }
        // Seconds reach 10^11 in the year 5138; milliseconds pass it in 1973, microseconds long before.
        if value >= 100_000_000_000_000 { return value / 1_000_000 }
        if value >= 100_000_000_000 { return value / 1_000 }
        return value
    }

    /// The UTC day of a Unix time as `seconds` reads it: `1714608000` → `2024-05-02`.
    static func day(unix text: String?) -> String? {
        seconds(text).map { LinkDate.day(ofInstant: $0).isoDay }
    }

    /// The UTC day of an ISO 8601 time, or a day as written: `2024-05-01T23:30:00-05:00` → `2024-05-02`.
    /// Fractions of a second (Raindrop's and Linkwarden's `…:00.000Z`), which a link's date does not
    /// take, are dropped first.
    static func day(iso text: String) -> String? {
        let seconds = text.replacingOccurrences(of: #"(:\d\d)\.\d+"#, with: "$1", options: .regularExpression)
        guard let date = LinkDate(parsing: seconds) else { return nil }
        return date.hasTime ? LinkDate.day(ofInstant: date.instant).isoDay : date.isoDay
    }
}
