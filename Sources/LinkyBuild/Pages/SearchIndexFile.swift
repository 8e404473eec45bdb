import LinkyModel
import LinkyTheme

/// `search-index.json`, the whole search index, for tools (a documented, versioned format). A large
/// collection's is split as `links.json` is (`DataPart`): the index, format version 2, and
/// `search-index/1.json`, `2.json`, … of the links in order. Past 10,000 links only when asked
/// (`search_index: true`) or when the theme loads it whole (`SiteConfig.writesSearchIndex`).
struct SearchIndexFile: DataFileKind {
    var file: DataPart

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        let site = planning.site
        guard site.config.writesSearchIndex(links: site.links.count, themeLoadsIt: planning.wholeSearchScript) else {
            return []
        }
        return DataPart.plan(
            planning, path: SearchFiles.indexPath, partPath: { SearchFiles.partPath($0) }, kind: SearchIndexFile.init,
            overhead: 400
        ) { SearchIndexDocument.estimate(site, $0) }
    }

    var inputs: PlannedFile.Inputs { .everyLink }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        [search.indexJSON(rendering.context, file)]
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var renderWeight: Int { 2 }
    var sharesSearchIndex: Bool { true }
}
