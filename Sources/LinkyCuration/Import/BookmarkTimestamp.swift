import Foundation

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
}
