import LinkyModel
import LinkyTheme

/// The sharded index the search page loads, under `search/data/`: planned at the manifest's path, it
/// makes every file of its folder, named after the index's words — only rendering says which, so it is
/// never skipped by a rebuild.
struct SearchShardFiles: DataFileKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: SearchShardFormat.path(SearchShardFormat.manifestName), kind: SearchShardFiles())]
    }

    var inputs: PlannedFile.Inputs { .everyLink }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        (try SearchShards(
            search.document(rendering.context), memory: rendering.searchWords,
            files: rendering.site.config.fileLimits.searchShardFiles
        ).files())
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var renderWeight: Int { 3 }
    var writesOnlyItsPath: Bool { false }
}
