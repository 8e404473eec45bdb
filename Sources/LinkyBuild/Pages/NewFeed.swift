import LinkyModel
import LinkyTheme

/// The new page's weekly digest feeds, `new/feed.xml` and `new/feed.json` (with `new_page`): an entry
/// per week, the newest `new_feed_weeks` weeks.
struct NewFeed: DataFileKind {
    var json: Bool

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard planning.site.config.newPage else { return [] }
        return [false, true].map { PlannedFile(path: SitePaths.newFeed(json: $0), kind: NewFeed(json: $0)) }
    }

    var inputs: PlannedFile.Inputs { .newestLinks }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        let feed = DigestFeedRenderer(context: rendering.context)
        return [OutputFile(path: rendering.path, contents: json ? try feed.json() : feed.atom())]
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(json ? 34 : 33)
        let site = fingerprints.model
        for week in site.addedWeeks.prefix(max(site.config.newFeedWeeks, 1)) {
            writer.string(week.id)
            writer.int64(week.updated)
            fingerprints.links(week.links, into: &writer)
            writer.array(week.removed) { writer, index in writer.removedLink(site.removedLinks[index]) }
        }
    }
}
