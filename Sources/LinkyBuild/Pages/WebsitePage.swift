import LinkyModel
import LinkyTemplates
import LinkyTheme

/// A page of a website's links (`sites/<host>/index.html`, paginated as tag pages are; `sites`, on by
/// default): the links of the collection to that host, in the site's order.
struct WebsitePage: HTMLPageKind {
    var id: Int
    var page: Int
    var of: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard planning.site.config.sites else { return [] }
        var files: [PlannedFile] = []
        for website in planning.site.websites {
            files += planning.pages(of: website.links.count) { page, count in
                PlannedFile(
                    path: SitePaths.website(slug: website.slug, page: page),
                    kind: WebsitePage(id: website.id, page: page, of: count))
            }
        }
        return files
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "website" }

    /// The links of this page.
    func links(_ site: Site) -> ArraySlice<Int> {
        PageLinks.page(site.websites[id].links, number: page, pageSize: max(site.config.pageSize, 1))
    }

    func linksShown(_ site: Site) -> LinksShown { .these(Array(links(site))) }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        let site = rendering.site
        let slug = site.websites[id].slug
        let path = SitePaths.website(slug: slug, page: page)
        let context = rendering.context.at(path)
        let slice = links(site)
        let info = context.websiteReference(id)
        var extra: TemplateMap = [
            "website": .map(info), "links": .list(slice.map { context.linkItem($0) }),
            "has_links": .bool(!slice.isEmpty),
            // An undated row keeps the date column only where other rows have a date in it.
            "dated": .bool(slice.contains { site.links[$0].date != nil }),
            // What each link is, under its title: on a website's page the domain tells them apart no more
            // (the archive's rows, by date, leave it out: 14 MiB at 100,000 links).
            "described": true,
        ]
        if let pagination = context.pagination(
            page: page, of: of, path: { SitePaths.website(slug: slug, page: $0) })
        {
            extra["pagination"] = pagination
        }
        let name = site.websites[id].name
        let title = page > 1 ? "\(name) (\(context.pageNumber(page)))" : name
        return context.page(
            path: path, kind: "website", title: title, description: nil, showing: Array(slice), extra: extra)
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(23)
        let website = fingerprints.model.websites[id]
        writer.string(website.name)
        writer.string(website.slug)
        writer.int(website.links.count)
        writer.int(page)
        writer.int(of)
        fingerprints.links(links(fingerprints.model), into: &writer)
    }
}
