import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `save/index.html` (with `repository`): a form that makes a link file and opens the forge's editor
/// on it (its context: `TemplateContext+Save`).
struct SavePage: HTMLPageKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard planning.site.config.repository != nil else { return [] }
        return [PlannedFile(path: SitePaths.save, kind: SavePage())]
    }

    var inputs: PlannedFile.Inputs { .shape }
    func template(in theme: Theme) -> String? { "save" }
    func linksShown(_ site: Site) -> LinksShown { .none }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(SitePaths.save).saveContext())
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) { writer.byte(20) }
}
