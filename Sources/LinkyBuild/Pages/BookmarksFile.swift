import LinkyModel
import LinkyTheme

/// `bookmarks.html`: the collection as a Netscape bookmark file, each link's `<DT>` a part a rebuild
/// copies.
struct BookmarksFile: DataFileKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: "bookmarks.html", kind: BookmarksFile())]
    }

    var inputs: PlannedFile.Inputs { .everyLink }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        ([
            BookmarksRenderer(site: rendering.site).file(
                path: rendering.path, previous: rendering.context.previousParts)
        ])
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var renderWeight: Int { 1 }
}
