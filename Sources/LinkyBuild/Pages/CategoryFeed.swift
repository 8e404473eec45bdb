import LinkyModel
import LinkyTheme

/// A category's own feeds (`c/<category>/feed.xml`, `feed.json`; with `section_feeds`): the dated links
/// of it and its subcategories, newest first.
struct CategoryFeed: DataFileKind {
    var id: Int
    var json: Bool

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard planning.site.config.sectionFeeds else { return [] }
        var files: [PlannedFile] = []
        for category in planning.site.categories
        where category.id != 0 && PageLinks.hasSectionFeed(planning.site, category: category.id) {
            for json in [false, true] {
                files.append(
                    PlannedFile(
                        path: planning.paths.categoryFeed(category.id, json: json),
                        kind: CategoryFeed(id: category.id, json: json)))
            }
        }
        return files
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        let feed = FeedRenderer(context: rendering.context, section: .category(id))
        return ([OutputFile(path: rendering.path, contents: json ? try feed.json() : feed.atom())])
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(json ? 18 : 17)
        fingerprints.links(PageLinks.categoryFeed(fingerprints.model, id), into: &writer)
    }
}
