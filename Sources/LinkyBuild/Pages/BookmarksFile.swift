import LinkyModel
import LinkyTheme

/// `bookmarks.html`: the collection as a Netscape bookmark file, each link's `<DT>` a part a rebuild
/// copies. A collection whose entries would pass `FileLimits.bookmarkBytes` (about 100,000 links) is
/// split into files each a bookmark file of its own, `bookmarks.html`, `bookmarks-2.html`, …: the links
/// in the file's order (`BookmarksRenderer.order`, `split`), a run of them in each, under their folders. Imported
/// one after the other, they give every link once; the footer names them all (`nav.bookmark_parts`).
struct BookmarksFile: DataFileKind {
    /// Which file of a split collection this is, from 1; 0 for the file of every link.
    var number = 0
    /// The links it holds, as positions in `BookmarksRenderer.order`; ignored when `number` is 0.
    var first = 0
    var end = 0

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        let parts = BookmarksRenderer.split(planning.site)
        guard parts.count > 1 else { return [PlannedFile(path: SitePaths.bookmarks, kind: BookmarksFile())] }
        return parts.enumerated().map { offset, positions in
            PlannedFile(
                path: SitePaths.bookmarks(part: offset + 1),
                kind: BookmarksFile(number: offset + 1, first: positions.lowerBound, end: positions.upperBound))
        }
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
