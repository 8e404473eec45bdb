import LinkyModel
import LinkyTemplates
import LinkyTheme

/// A small page at an old address (an alias) that sends the reader to the page at `target`
/// (`RedirectPlanner` says which). Planned last, at no path another file has.
struct RedirectPage: HTMLPageKind {
    var target: String
    var title: String

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        let (redirects, diagnostics) = RedirectPlanner(site: planning.site, paths: planning.paths).plan(
            avoiding: planning.planned)
        planning.diagnostics += diagnostics
        return redirects.map {
            PlannedFile(path: $0.from, kind: RedirectPage(target: $0.to, title: $0.title))
        }
    }

    var inputs: PlannedFile.Inputs { .shape }
    func template(in theme: Theme) -> String? { "redirect" }
    func linksShown(_ site: Site) -> LinksShown { .none }

    /// `redirect.target` is the page's address relative to the root, `redirect.canonical` its public
    /// address (relative without `base_url`).
    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        let context = rendering.context.at(rendering.path)
        var redirect: TemplateMap = ["target": .string(context.href(target)), "title": .string(title)]
        redirect["canonical"] = .string(context.absolute(target) ?? context.root + context.href(target))
        return
            (context.page(
                path: rendering.path, kind: "redirect", title: title, description: nil,
                extra: ["redirect": .map(redirect)]))
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(8)
        writer.string(target)
        writer.string(title)
    }
}
