import LinkyModel
import LinkyTheme

/// A category's own feed (`c/<category>/feed.xml`; with `section_feeds`): the dated links of it and its
/// subcategories, newest first. Atom only, as a tag's (`TagFeed`).
struct CategoryFeed: DataFileKind {
    var id: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        planning.site.categories.filter { $0.id != 0 && PageLinks.hasSectionFeed(planning.site, category: $0.id) }
            .map { PlannedFile(path: planning.paths.categoryFeed($0.id), kind: CategoryFeed(id: $0.id)) }
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        [
            OutputFile(
                path: rendering.path, contents: FeedRenderer(context: rendering.context, section: .category(id)).atom())
        ]
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(17)
        fingerprints.links(PageLinks.categoryFeed(fingerprints.model, id), into: &writer)
    }
}
