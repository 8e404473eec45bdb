import LinkyModel
import LinkyTheme

/// The data a tag's pages load to filter and sort all its links in the browser (see
/// `ListDataRenderer`), for every tag: its index, `tags/<tag>/links.js` (part 1), and for a list of more
/// than `ListDataRenderer.indexChunk` links its index's further parts, `links-index-2.js`, … (parts 2, 3,
/// …).
struct TagListData: DataFileKind {
    var id: Int
    var part: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        var files: [PlannedFile] = []
        for tag in planning.site.tags {
            for part in ListDataRenderer.parts(tag.links.count, planning.site.config) {
                files.append(
                    PlannedFile(
                        path: planning.paths.tagListData(tag.id, part: part), kind: TagListData(id: tag.id, part: part))
                )
            }
        }
        return files
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        let renderer = ListDataRenderer(context: rendering.context)
        let links = rendering.site.tags[id].links
        return [
            OutputFile(path: rendering.path, contents: renderer.index(links, categories: true, part: part))
        ]
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(31)
        writer.int(part)
        let links = fingerprints.model.tags[id].links
        fingerprints.links(links[...], into: &writer)
    }

    func capacity(_ site: Site) -> Int { 1024 + min(site.tags[id].links.count, 500) * 320 }
}
