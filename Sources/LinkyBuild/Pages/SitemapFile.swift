import LinkyModel
import LinkyTheme

/// `sitemap.xml`: every page (`PageKind.isPage`), in plan order.
struct SitemapFile: DataFileKind {
    /// The pages to list.
    var pages: [String]

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        // Listed after every page, so it has them all.
        [PlannedFile(path: "sitemap.xml", kind: SitemapFile(pages: planning.planned.filter(\.isPage).map(\.path)))]
    }

    var inputs: PlannedFile.Inputs { .pageAddresses }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        ([OutputFile(path: rendering.path, contents: SitemapRenderer(context: rendering.context).render(pages))])
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(14)
        writer.array(pages) { $0.string($1) }
    }
}
