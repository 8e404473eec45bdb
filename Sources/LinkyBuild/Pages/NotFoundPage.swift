import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `404.html`, which hosts serve at any address: its links start at the site's base path.
struct NotFoundPage: HTMLPageKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: SitePaths.notFound, kind: NotFoundPage())]
    }

    var inputs: PlannedFile.Inputs { .shape }
    func template(in theme: Theme) -> String? { "404" }
    func linksShown(_ site: Site) -> LinksShown { .none }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        let context = rendering.context
        return
            (context.at(SitePaths.notFound).page(
                path: SitePaths.notFound, kind: "not_found", title: context.words["not_found"], description: nil))
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) { writer.byte(7) }
}
