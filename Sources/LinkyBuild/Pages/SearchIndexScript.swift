import LinkyModel
import LinkyTheme

/// `search-index.js`: the bytes of `search-index.json` as a script, for pages opened from disk
/// (browsers refuse to fetch JSON over `file://`); rendered with the index, from one encoding. Split as
/// the index is: `search-index/1.js`, … each keep their part in `window.LINKY_SEARCH_INDEX_PARTS`.
/// Written only for a theme that loads it (`PagePlanning.wholeSearchScript`): the built-in one searches
/// the shards.
struct SearchIndexScript: DataFileKind {
    var file: DataPart

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard planning.wholeSearchScript else { return [] }
        let site = planning.site
        return DataPart.plan(
            planning, path: SearchFiles.scriptPath, partPath: { SearchFiles.partPath($0, script: true) },
            kind: SearchIndexScript.init, overhead: 400
        ) { SearchIndexDocument.estimate(site, $0) }
    }

    var inputs: PlannedFile.Inputs { .everyLink }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        [search.indexScript(rendering.context, file)]
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var sharesSearchIndex: Bool { true }
}
