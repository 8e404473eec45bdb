import LinkyModel
import LinkyTheme

/// The data a category's pages load to filter and sort all its links in the browser
/// (`c/<category>/links.js`; see `ListDataRenderer`): for every category with links.
struct CategoryListData: DataFileKind {
    var id: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        planning.site.categories.compactMap { category in
            guard category.id != 0, !category.links.isEmpty else { return nil }
            return PlannedFile(
                path: planning.paths.categoryListData(category.id), kind: CategoryListData(id: category.id))
        }
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        let renderer = ListDataRenderer(context: rendering.context)
        return [
            OutputFile(
                path: rendering.path, contents: renderer.script(rendering.site.categories[id].links, categories: false))
        ]
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(30)
        fingerprints.links(fingerprints.model.categories[id].links, into: &writer)
    }

    func capacity(_ site: Site) -> Int { 1024 + site.categories[id].links.count * 320 }
}
