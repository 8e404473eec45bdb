import LinkyModel
import LinkyTheme

/// A tag's own feed (`tags/<tag>/feed.xml`; with `section_feeds`): its dated links, newest first.
/// Atom only: every feed reader reads Atom, and a JSON Feed beside it for each of thousands of tags
/// doubled the feeds' bytes and files for no reader (the site's own feed has both).
struct TagFeed: DataFileKind {
    var id: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        planning.site.tags.filter { PageLinks.hasSectionFeed(planning.site, tag: $0.id) }.map {
            PlannedFile(path: planning.paths.tagFeed($0.id), kind: TagFeed(id: $0.id))
        }
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        [OutputFile(path: rendering.path, contents: FeedRenderer(context: rendering.context, section: .tag(id)).atom())]
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(15)
        fingerprints.links(PageLinks.tagFeed(fingerprints.model, id), into: &writer)
    }
}
