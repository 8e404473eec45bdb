import Foundation
import LinkyModel

/// Links found alive recently, so a second `check --links` within the maximum age asks the network
/// only about the others. Broken links are never cached: they are checked again every time, since
/// the point of a re-run is usually to see whether they were fixed. The file is local state
/// (`.linky-check-cache.json`, like lychee's `.lycheecache`), not something to commit.
public struct LinkCheckCache: Sendable, Equatable {
    public static let fileName = ".linky-check-cache.json"

    public struct Entry: Sendable, Equatable, Codable {
        /// Seconds since 1970 when the link was checked.
        public var checked: Int64
        public var status: LinkStatus
    }

    /// Entries by `LinkURL.comparisonKey`.
    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// Reads the cache file; a missing or unreadable file is an empty cache (it is only a cache).
    public static func load(from file: URL) -> LinkCheckCache {
        guard let data = FileManager.default.contents(atPath: file.path) else { return LinkCheckCache() }
        do {
            return LinkCheckCache(entries: LinkURL.rekeyed(try JSONDecoder().decode([String: Entry].self, from: data)))
        } catch {
            return LinkCheckCache()
        }
    }

    /// A fresh result for `url`, if one was stored less than `maximumAge` before `now`.
    public func fresh(_ url: LinkURL, now: Int64, maximumAge: Int64) -> LinkStatus? {
        guard let entry = entries[url.comparisonKey], now - entry.checked < maximumAge, now >= entry.checked else {
            return nil
        }
        var status = entry.status
        status.cached = true
        status.url = url.absoluteString
        return status
    }

    /// Keeps results that are not errors; forgets errors (and addresses refused as private) so they
    /// are checked again.
    public mutating func record(_ status: LinkStatus, for url: LinkURL, now: Int64) {
        if status.verdict.isError || status.verdict == .refused {
            entries[url.comparisonKey] = nil
        } else if !status.cached {
            entries[url.comparisonKey] = Entry(checked: now, status: status)
        }
    }

    /// Drops entries older than `maximumAge`, then writes the file atomically.
    public func save(to file: URL, now: Int64, maximumAge: Int64) throws {
        let kept = entries.filter { now - $0.value.checked < maximumAge }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try ConfinedFolder(file.deletingLastPathComponent()).write(
            try encoder.encode(kept), to: file.lastPathComponent)
    }
}
