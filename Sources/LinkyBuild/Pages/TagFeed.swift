import LinkyModel
import LinkyTheme

/// A tag's own feeds (`tags/<tag>/feed.xml`, `feed.json`; with `section_feeds`): its dated links,
/// newest first.
struct TagFeed: DataFileKind {
    var id: Int
    var json: Bool

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        var files: [PlannedFile] = []
        for tag in planning.site.tags where PageLinks.hasSectionFeed(planning.site, tag: tag.id) {
            for json in [false, true] {
                files.append(
                    PlannedFile(path: planning.paths.tagFeed(tag.id, json: json), kind: TagFeed(id: tag.id, json: json))
                )
            }
        }
        return files
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        let feed = FeedRenderer(context: rendering.context, section: .tag(id))
        return ([OutputFile(path: rendering.path, contents: json ? try feed.json() : feed.atom())])
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(json ? 16 : 15)
        fingerprints.links(PageLinks.tagFeed(fingerprints.model, id), into: &writer)
    }
}
