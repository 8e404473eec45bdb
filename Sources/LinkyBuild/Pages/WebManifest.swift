import LinkyModel
import LinkyTheme

/// `manifest.webmanifest` (with `repository`): the site as a web app whose share target is the save
/// page (`TemplateContext.webManifest()`).
struct WebManifest: DataFileKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard planning.site.config.repository != nil else { return [] }
        return [PlannedFile(path: SitePaths.webManifest, kind: WebManifest())]
    }

    var inputs: PlannedFile.Inputs { .shape }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        ([OutputFile(path: rendering.path, contents: rendering.context.webManifest())])
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) { writer.byte(21) }
}
