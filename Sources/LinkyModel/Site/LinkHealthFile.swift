import Foundation

/// What `check --links` found about each link, kept across runs in the committed file
/// `link-status.json` beside `metadata.json`: `build` reads it (offline) to mark dead and moved links
/// on the site. One failure is not death: a link is dead once it has failed in two runs at least
/// `dead_after` apart (one day unless said otherwise), and any answer that works brings it back.
/// Sorted, pretty-printed JSON, so a check shows as a small diff.
public struct LinkHealthFile: Sendable, Equatable {
    public static let fileName = "link-status.json"
    public static let formatVersion = 1

    /// One address, as the last runs found it.
    public struct Entry: Sendable, Hashable, Codable {
        public enum State: String, Sendable, Hashable, Codable {
            /// It works.
            case ok
            /// It works through a permanent redirect: `finalURL` is where it went.
            case moved
            /// The server answered with an error status (`code`).
            case broken
            /// No answer: timeout, refused connection, unknown host.
            case unreachable
        }

        /// The address as written in the site.
        public var url: String
        public var state: State
        /// The last HTTP status, if the server answered.
        public var code: Int?
        /// For a moved link, the address it now answers at.
        public var finalURL: String?
        /// The first and the last run that found it failing, in this spell of failures (ISO 8601, UTC).
        public var firstFailed: String?
        public var lastFailed: String?
        /// How many runs in a row found it failing.
        public var failedRuns: Int?
        /// When it was found dead (`YYYY-MM-DD`): failing in two runs at least `dead_after` apart.
        public var deadSince: String?
        /// The last run that asked (ISO 8601, UTC).
        public var checked: String
        /// The nearest archived copy of a dead link (`check --links --suggest`).
        public var archive: String?

        enum CodingKeys: String, CodingKey {
            case url, state, code
            case finalURL = "final_url"
            case firstFailed = "first_failed"
            case lastFailed = "last_failed"
            case failedRuns = "failed_runs"
            case deadSince = "dead_since"
            case checked
            case archive = "archive_url"
        }

        public init(url: String, state: State, checked: String) {
            self.url = url
            self.state = state
            self.checked = checked
        }

        public var isDead: Bool { deadSince != nil }
    }

    /// Entries by the link's URL comparison key (`LinkURL.comparisonKey`).
    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    public subscript(url: LinkURL) -> Entry? {
        get { entries[url.comparisonKey] }
        set { entries[url.comparisonKey] = newValue }
    }

    /// Records one run's answer for `url` at `now` (seconds since 1970). A failure extends the spell
    /// of failures (or starts one); the link is dead once the spell spans two runs `deadAfter` seconds
    /// apart or more (with 0, any two runs). An answer that works ends the spell.
    public mutating func record(
        _ url: LinkURL, state: Entry.State, code: Int?, finalURL: String?, now: Int64, deadAfter: Int64
    ) {
        let time = Self.iso(now)
        var entry = self[url] ?? Entry(url: url.absoluteString, state: state, checked: time)
        let wasFailing = entry.state == .broken || entry.state == .unreachable
        entry.url = url.absoluteString
        entry.state = state
        entry.code = code
        entry.checked = time
        switch state {
        case .ok, .moved:
            entry.archive = nil
            entry.finalURL = state == .moved ? finalURL : nil
            entry.firstFailed = nil
            entry.lastFailed = nil
            entry.failedRuns = nil
            entry.deadSince = nil
        case .broken, .unreachable:
            entry.finalURL = nil
            if !wasFailing || entry.firstFailed == nil {
                entry.firstFailed = time
                entry.failedRuns = 0
                entry.deadSince = nil
            }
            entry.lastFailed = time
            entry.failedRuns = (entry.failedRuns ?? 0) + 1
            if entry.deadSince == nil, let runs = entry.failedRuns, runs >= 2,
                let first = entry.firstFailed.flatMap(Self.seconds), now - first >= deadAfter
            {
                entry.deadSince = String(time.prefix(10))
            }
        }
        self[url] = entry
    }

    /// Keeps only the addresses in `keys` (the site's links, after a check of all of them).
    public mutating func keep(only keys: Set<String>) {
        entries = entries.filter { keys.contains($0.key) }
    }

    // MARK: - Times

    static func iso(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    static func seconds(_ iso: String) -> Int64? {
        ISO8601DateFormatter().date(from: iso).map { Int64($0.timeIntervalSince1970) }
    }

    // MARK: - The file

    private struct File: CommittedJSON {
        var version: Int
        var links: [String: Entry]
    }

    /// The file of the site in `siteFolder`; an empty one when there is none yet.
    public static func load(fromSiteFolder siteFolder: URL) throws(MetadataCache.Failure) -> LinkHealthFile {
        let file = siteFolder.appending(path: fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return LinkHealthFile() }
        switch RegularFile.read(file.path) {
        case .success(let data): return try decode(data)
        case .failure(let failure): throw .unreadable("cannot read \(fileName): \(failure.reason)")
        }
    }

    public static func decode(_ data: Data) throws(MetadataCache.Failure) -> LinkHealthFile {
        LinkHealthFile(
            entries: LinkURL.rekeyed(try File.decoded(data, what: "a link status file", newest: formatVersion).links))
    }

    public func encoded() -> Data {
        File(version: Self.formatVersion, links: entries).encoded()
    }

    /// Replaces the site's file atomically.
    public func save(toSiteFolder siteFolder: URL) throws {
        try ConfinedFolder(siteFolder).write(encoded(), to: Self.fileName)
    }
}
