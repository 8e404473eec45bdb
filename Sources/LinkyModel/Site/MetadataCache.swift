import Foundation

/// What `linky-site fetch` learned from the pages: the committed file `metadata.json` that `build`
/// reads to fill a link's missing title, description, image and favicon. The build never fetches,
/// so it stays reproducible; the cache is sorted, pretty-printed JSON, so a fetch shows as a small diff.
public struct MetadataCache: Sendable, Equatable {
    /// The cache's file name in the site folder.
    public static let fileName = "metadata.json"
    /// The format's version, written in the file.
    public static let formatVersion = 1

    /// What one page says about itself.
    public struct Entry: Sendable, Equatable, Codable {
        public var title: String?
        public var description: String?
        public var image: String?
        public var favicon: String?
        /// The day the page was read, `YYYY-MM-DD`.
        public var fetched: String?

        public init(
            title: String? = nil, description: String? = nil, image: String? = nil, favicon: String? = nil,
            fetched: String? = nil
        ) {
            self.title = title
            self.description = description
            self.image = image
            self.favicon = favicon
            self.fetched = fetched
        }

        public var isEmpty: Bool { title == nil && description == nil && image == nil && favicon == nil }
    }

    /// Entries by the link's URL comparison key (`LinkURL.comparisonKey`), so a URL written with a
    /// different case of host or a trailing slash still finds its entry.
    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    public subscript(url: LinkURL) -> Entry? {
        get { entries[url.comparisonKey] }
        set { entries[url.comparisonKey] = newValue }
    }

    // MARK: - The file

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(String)

        public var description: String {
            switch self {
            case .unreadable(let message): message
            }
        }
    }

    private struct File: CommittedJSON {
        var version: Int
        var pages: [String: Entry]
    }

    /// The cache of the site in `siteFolder`, or an empty one when the site has none yet.
    public static func load(fromSiteFolder siteFolder: URL) throws -> MetadataCache {
        let file = siteFolder.appending(path: fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return MetadataCache() }
        switch RegularFile.read(file.path) {
        case .success(let data): return try decode(data)
        case .failure(let failure): throw Failure.unreadable("cannot read \(fileName): \(failure.reason)")
        }
    }

    /// Replaces the site's cache file atomically, so a killed `fetch` leaves the old one.
    public func save(toSiteFolder siteFolder: URL) throws {
        try ConfinedFolder(siteFolder).write(encoded(), to: Self.fileName)
    }

    /// Reads the file's bytes.
    public static func decode(_ data: Data) throws(Failure) -> MetadataCache {
        MetadataCache(
            entries: LinkURL.rekeyed(try File.decoded(data, what: "a metadata cache", newest: formatVersion).pages))
    }

    /// The file's bytes: keys sorted, one field per line, a newline at the end.
    public func encoded() -> Data {
        File(version: Self.formatVersion, pages: entries).encoded()
    }
}
