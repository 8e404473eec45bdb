import LinkyModel
import LinkyTheme

/// `search-index.json`, the whole search index, for tools (a documented, versioned format).
struct SearchIndexFile: DataFileKind {

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: SearchFiles.indexPath, kind: SearchIndexFile())]
    }

    var inputs: PlannedFile.Inputs { .everyLink }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        ([search.indexJSON(rendering.context, path: rendering.path)])
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var renderWeight: Int { 2 }
    var sharesSearchIndex: Bool { true }
}
