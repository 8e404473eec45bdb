import LinkyModel
import LinkyTheme

/// The data a category's pages load to filter and sort all its links in the browser (see
/// `ListDataRenderer`), for every category with links: its index, `c/<category>/links.js` (part 1), and
/// for a list of more than `ListDataRenderer.indexChunk` links its index's further parts,
/// `links-index-2.js`, … (parts 2, 3, …).
struct CategoryListData: DataFileKind {
    var id: Int
    var part: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        var files: [PlannedFile] = []
        for category in planning.site.categories where category.id != 0 && !category.links.isEmpty {
            for part in ListDataRenderer.parts(category.links.count, planning.site.config) {
                files.append(
                    PlannedFile(
                        path: planning.paths.categoryListData(category.id, part: part),
                        kind: CategoryListData(id: category.id, part: part)))
            }
        }
        return files
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        let renderer = ListDataRenderer(context: rendering.context)
        let links = rendering.site.categories[id].links
        return [
            OutputFile(path: rendering.path, contents: renderer.index(links, categories: false, part: part))
        ]
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(30)
        writer.int(part)
        let links = fingerprints.model.categories[id].links
        fingerprints.links(links[...], into: &writer)
    }

    func capacity(_ site: Site) -> Int { 1024 + min(site.categories[id].links.count, 500) * 320 }
}
