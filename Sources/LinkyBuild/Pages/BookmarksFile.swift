import LinkyModel
import LinkyTheme

/// `bookmarks.html`: the collection as a Netscape bookmark file, each link's `<DT>` a part a rebuild
/// copies. A collection whose entries would pass `FileLimits.bookmarkBytes` (about 100,000 links) is
/// split into files each a bookmark file of its own, `bookmarks.html`, `bookmarks-2.html`, …: the links
/// in the file's order (`BookmarksRenderer.order`), a run of them in each, under their folders. Imported
/// one after the other, they give every link once; the footer names them all (`nav.bookmark_parts`).
struct BookmarksFile: DataFileKind {
    /// Which file of a split collection this is, from 1; 0 for the file of every link.
    var number = 0
    /// The links it holds, as positions in `BookmarksRenderer.order`; ignored when `number` is 0.
    var first = 0
    var end = 0

    static let path = "bookmarks.html"

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        let parts = split(planning.site)
        guard parts.count > 1 else { return [PlannedFile(path: path, kind: BookmarksFile())] }
        return parts.enumerated().map { offset, positions in
            PlannedFile(
                path: partPath(offset + 1),
                kind: BookmarksFile(number: offset + 1, first: positions.lowerBound, end: positions.upperBound))
        }
    }

    /// `bookmarks.html` for the first file, `bookmarks-<number>.html` for the others.
    static func partPath(_ number: Int) -> String { number <= 1 ? path : "bookmarks-\(number).html" }

    /// The positions (in `BookmarksRenderer.order`) of each file's links: one range of every link when
    /// they fit in one file.
    static func split(_ site: Site) -> [Range<Int>] {
        let limit = site.config.fileLimits.bookmarkBytes
        // Most sites are far below the limit: their links are not weighed one by one.
        guard DataPart.mayPass(limit, site, overhead: 160) else { return [0..<site.links.count] }
        let order = BookmarksRenderer.order(site)
        return DataPart.split(order.count, partBytes: limit) { estimate(site, order[$0]) }
    }

    /// About how many bytes `links[id]`'s entry takes (its `<DT>` line and its `<DD>`).
    static func estimate(_ site: Site, _ id: Int) -> Int {
        var bytes = 96 + site.links[id].url.absoluteString.utf8.count * 9 / 8 + site.links[id].title.utf8.count
        bytes += site.links[id].description.map { $0.utf8.count + 24 } ?? 0
        for tag in site.links[id].tags { bytes += site.tags[tag].name.utf8.count + 1 }
        return bytes
    }

    var inputs: PlannedFile.Inputs { .everyLink }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        ([
            BookmarksRenderer(site: rendering.site).file(
                path: rendering.path, previous: rendering.context.previousParts,
                positions: number == 0 ? nil : first..<end)
        ])
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var renderWeight: Int { 1 }
}
