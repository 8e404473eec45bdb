import LinkyModel
import LinkyTheme

/// `links.json`: the whole collection as data (`CollectionDocument`), each link's entry a part.
struct LinksJSON: DataFileKind {
    static let path = "links.json"

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: path, kind: LinksJSON())]
    }

    var inputs: PlannedFile.Inputs { .everyLink }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        ([CollectionDocument.file(rendering.context, path: rendering.path)])
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var renderWeight: Int { 2 }
}
