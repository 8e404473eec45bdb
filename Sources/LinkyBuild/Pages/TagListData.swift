import LinkyModel
import LinkyTheme

/// The data a tag's pages load to filter and sort all its links in the browser
/// (`tags/<tag>/links.js`; see `ListDataRenderer`): for every tag.
struct TagListData: DataFileKind {
    var id: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        planning.site.tags.map { tag in
            PlannedFile(path: planning.paths.tagListData(tag.id), kind: TagListData(id: tag.id))
        }
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        let renderer = ListDataRenderer(context: rendering.context)
        return [
            OutputFile(path: rendering.path, contents: renderer.script(rendering.site.tags[id].links, categories: true))
        ]
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(31)
        fingerprints.links(fingerprints.model.tags[id].links, into: &writer)
    }

    func capacity(_ site: Site) -> Int { 1024 + site.tags[id].links.count * 320 }
}
