import LinkyModel
import LinkyTheme

/// `sitemap.xml`: every page (`PageKind.isPage`), in plan order. A site of more pages than a sitemap
/// may list (`FileLimits.sitemapAddresses`: the sitemap protocol's 50,000) gets a sitemap index there
/// instead, naming `sitemap-1.xml`, `sitemap-2.xml`, … of 50,000 pages each, beside it at the root (a
/// sitemap may only list addresses below its own folder).
struct SitemapFile: DataFileKind {
    static let path = "sitemap.xml"

    /// The pages to list; none for the index of a split sitemap.
    var pages: [String]
    /// Which part of a split sitemap this is, from 1; 0 for the sitemap of every page, or the index.
    var part = 0
    /// How many parts the index names; 0 but for the index of a split sitemap.
    var parts = 0

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        // Listed after every page, so it has them all.
        let pages = planning.planned.filter(\.isPage).map(\.path)
        let limit = max(planning.site.config.fileLimits.sitemapAddresses, 1)
        guard pages.count > limit else { return [PlannedFile(path: path, kind: SitemapFile(pages: pages))] }
        let chunks = stride(from: 0, to: pages.count, by: limit).map { Array(pages[$0..<min($0 + limit, pages.count)]) }
        return [PlannedFile(path: path, kind: SitemapFile(pages: [], parts: chunks.count))]
            + chunks.enumerated().map { offset, pages in
                PlannedFile(path: partPath(offset + 1), kind: SitemapFile(pages: pages, part: offset + 1))
            }
    }

    /// `sitemap-<number>.xml`.
    static func partPath(_ number: Int) -> String { "sitemap-\(number).xml" }

    var inputs: PlannedFile.Inputs { .pageAddresses }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        let renderer = SitemapRenderer(context: rendering.context)
        let contents = parts > 0 ? renderer.index((1...parts).map(Self.partPath)) : renderer.render(pages)
        return [OutputFile(path: rendering.path, contents: contents)]
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(14)
        writer.array(pages) { $0.string($1) }
        if part > 0 || parts > 0 {
            writer.int(part)
            writer.int(parts)
        }
    }
}
