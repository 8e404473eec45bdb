import Foundation
import LinkyModel

/// Reads and replaces the site's `metadata.json`, atomically, so a killed `fetch` leaves the old file.
public enum MetadataCacheFile {
    public static func url(in siteFolder: URL) -> URL {
        siteFolder.appending(path: MetadataCache.fileName)
    }

    /// The cache, or an empty one when the site has none yet.
    public static func load(from siteFolder: URL) throws -> MetadataCache {
        let file = url(in: siteFolder)
        guard FileManager.default.fileExists(atPath: file.path) else { return MetadataCache() }
        return try MetadataCache.decode(try Data(contentsOf: file))
    }

    /// Writes the cache (sorted, so a fetch shows as a small diff).
    public static func save(_ cache: MetadataCache, to siteFolder: URL) throws {
        try cache.encoded().write(to: url(in: siteFolder), options: .atomic)
    }
}
