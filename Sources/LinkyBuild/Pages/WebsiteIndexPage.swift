import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `sites/index.html` (`sites`, on by default): every website the collection links to, with how many
/// links it has, the most first, then by name.
struct WebsiteIndexPage: HTMLPageKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard planning.site.config.sites else { return [] }
        return [PlannedFile(path: SitePaths.websiteIndex, kind: WebsiteIndexPage())]
    }

    var inputs: PlannedFile.Inputs { .shape }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "website_index" }
    func linksShown(_ site: Site) -> LinksShown { .none }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        let context = rendering.context.at(SitePaths.websiteIndex)
        let websites = context.site.websites.map { TemplateValue.map(context.websiteReference($0.id)) }
        return context.page(
            path: SitePaths.websiteIndex, kind: "website_index", title: context.words["sites"], description: nil,
            extra: [
                "websites": .list(websites), "has_websites": .bool(!websites.isEmpty),
                "website_count": .int(websites.count),
                "website_count_text": .string(context.words.number(websites.count)),
            ])
    }

    /// Every website's name, address and count: not in the shape, which the other pages share.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(22)
        writer.array(fingerprints.model.websites) { writer, website in
            writer.string(website.name)
            writer.string(website.slug)
            writer.int(website.links.count)
        }
    }
}

extension TemplateContext {
    /// A website as lists name it: `name`, `slug`, `href` (its first page), `count`.
    func websiteReference(_ id: Int) -> TemplateMap {
        let website = site.websites[id]
        return [
            "name": .string(website.name), "slug": .string(website.slug),
            "href": .string(href(SitePaths.website(slug: website.slug))), "count": .int(website.links.count),
            "count_text": .string(words.number(website.links.count)),
        ]
    }
}
