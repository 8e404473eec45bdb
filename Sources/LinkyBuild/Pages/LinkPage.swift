import LinkyModel
import LinkyTemplates
import LinkyTheme

/// A link's own page (`l/<category>/<slug>/index.html`, for a link with a note): the note, the tags,
/// the preview.
struct LinkPage: HTMLPageKind {
    var id: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        // By index: iterating `site.links` copies each `Link`.
        planning.site.links.indices.filter { planning.site.links[$0].hasPage }.map {
            PlannedFile(path: planning.paths.link($0), kind: LinkPage(id: $0))
        }
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "link" }
    func linksShown(_ site: Site) -> LinksShown { .these([id]) }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(rendering.context.paths.link(id)).linkPageContext(id))
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(1)
        fingerprints.links(CollectionOfOne(id), into: &writer)
    }
}

private extension TemplateContext {
    func linkPageContext(_ id: Int) -> TemplateValue {
        let link = site.links[id]
        var extra: TemplateMap = ["link": linkItem(id, withNote: true), "breadcrumbs": breadcrumbs(link.category)]
        if let image = link.image { extra["og_image"] = .string(ogImage(image, picture: link.preview)) }
        return page(path: paths.link(id), kind: "link", title: link.title, description: link.description, extra: extra)
    }
}
