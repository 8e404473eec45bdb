import Foundation

/// What `fetch` read about each repository the collection links to (`ProjectAddress`), kept in
/// `projects.json` beside `metadata.json`: sorted JSON, one field per line, meant to be committed, so a
/// refresh is a small diff and `build` (which never uses the network) shows stars, the last update, the
/// licence and language, and flags archived and stale projects.
public struct ProjectData: Sendable, Equatable {
    public static let fileName = "projects.json"
    /// The file's format version.
    public static let formatVersion = 1

    /// One repository as its forge described it on the day it was fetched.
    public struct Project: Sendable, Hashable, Codable {
        public var forge: ProjectAddress.Forge
        public var stars: Int?
        /// The last push (GitHub) or activity (GitLab, Gitea), as a day: `2026-11-02`.
        public var updated: String?
        public var archived: Bool?
        /// The SPDX id (`MIT`, `Apache-2.0`); nil when the forge names none or not an SPDX one.
        public var license: String?
        public var language: String?
        public var release: Release?
        public var description: String?
        /// The repository's address as the forge gives it now, when it is not the address the link has
        /// (renamed or moved: the forge redirected).
        public var movedTo: String?
        /// The forge answered that there is no such repository (deleted, or made private).
        public var missing: Bool?
        /// The day this entry was fetched: staleness is counted from it, so builds stay reproducible.
        public var fetched: String

        public struct Release: Sendable, Hashable, Codable {
            public var tag: String
            public var date: String?

            public init(tag: String, date: String?) {
                self.tag = tag
                self.date = date
            }
        }

        enum CodingKeys: String, CodingKey {
            case forge, stars, updated, archived, license, language, release, description, fetched, missing
            case movedTo = "moved_to"
        }

        public init(forge: ProjectAddress.Forge, fetched: String) {
            self.forge = forge
            self.fetched = fetched
        }

        /// Whether the last update is more than `days` days before the day the entry was fetched.
        public func isStale(after days: Int) -> Bool {
            guard let updated = Self.dayNumber(updated), let fetched = Self.dayNumber(fetched) else { return false }
            return fetched - updated > days
        }

        /// The days from 1970-01-01 to the day `text` starts with (`2026-11-02`, `2026-11-02T08:00:00Z`),
        /// in the proleptic Gregorian calendar; nil when it starts with no such day. Worked out, not asked
        /// of `Calendar`: a build asks it twice per project link.
        public static func dayNumber(_ text: String?) -> Int? {
            guard let text else { return nil }
            let parts = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
            guard text.count >= 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
                let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                (1...12).contains(month), (1...31).contains(day)
            else { return nil }
            // Howard Hinnant's days_from_civil.
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }
    }

    /// By `ProjectAddress.key`.
    public var projects: [String: Project]

    public init(projects: [String: Project] = [:]) {
        self.projects = projects
    }

    public subscript(project: ProjectAddress) -> Project? {
        get { projects[project.key] }
        set { projects[project.key] = newValue }
    }

    private struct File: CommittedJSON {
        var version: Int
        var projects: [String: Project]
    }

    /// The site's file, or none when it has not been fetched.
    public static func load(fromSiteFolder siteFolder: URL) throws -> ProjectData {
        let file = siteFolder.appending(path: fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return ProjectData() }
        switch RegularFile.read(file.path) {
        case .success(let data): return try decode(data)
        case .failure(let failure): throw MetadataCache.Failure.unreadable("cannot read \(fileName): \(failure.reason)")
        }
    }

    /// Replaces the site's file atomically, so a killed `fetch` leaves the old one.
    public func save(toSiteFolder siteFolder: URL) throws {
        try ConfinedFolder(siteFolder).write(encoded(), to: Self.fileName)
    }

    public static func decode(_ data: Data) throws(MetadataCache.Failure) -> ProjectData {
        ProjectData(projects: try File.decoded(data, what: "a projects file", newest: formatVersion).projects)
    }

    public func encoded() -> Data {
        File(version: Self.formatVersion, projects: projects).encoded()
    }
}
