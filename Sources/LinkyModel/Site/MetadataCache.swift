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

    private struct File: Codable {
        var version: Int
        var pages: [String: Entry]
    }

    /// The cache of the site in `siteFolder`, or an empty one when the site has none yet.
    public static func load(fromSiteFolder siteFolder: URL) throws -> MetadataCache {
        let file = siteFolder.appending(path: fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return MetadataCache() }
        return try decode(try Data(contentsOf: file))
    }

    /// Replaces the site's cache file atomically, so a killed `fetch` leaves the old one.
    public func save(toSiteFolder siteFolder: URL) throws {
        try encoded().write(to: siteFolder.appending(path: Self.fileName), options: .atomic)
    }

    /// Reads the file's bytes.
    public static func decode(_ data: Data) throws(Failure) -> MetadataCache {
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            guard file.version <= formatVersion else {
                throw Failure.unreadable(
                    "written by a newer linky-site (format \(file.version)); update linky-site to read it")
            }
            return MetadataCache(entries: file.pages)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unreadable("not a metadata cache: \(error)")
        }
    }

    /// The file's bytes: keys sorted, one field per line, a newline at the end.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(File(version: Self.formatVersion, pages: entries))
            data.append(0x0A)
            return data
        } catch {
            preconditionFailure("encoding strings and integers as JSON cannot fail: \(error)")
        }
    }
}
