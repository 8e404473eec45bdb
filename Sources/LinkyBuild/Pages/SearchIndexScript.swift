import LinkyModel
import LinkyTheme

/// `search-index.js`: the bytes of `search-index.json` as a script, for pages opened from disk
/// (browsers refuse to fetch JSON over `file://`); rendered with the index, from one encoding.
struct SearchIndexScript: DataFileKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: "search-index.js", kind: SearchIndexScript())]
    }

    var inputs: PlannedFile.Inputs { .everyLink }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        ([search.indexScript(rendering.context, path: rendering.path, jsonPath: SearchFiles.indexPath)])
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var sharesSearchIndex: Bool { true }
}
