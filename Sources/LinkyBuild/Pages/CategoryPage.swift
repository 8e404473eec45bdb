import LinkyModel
import LinkyTemplates
import LinkyTheme

/// A page of a category (`c/<category>/index.html`, `…/page/2/index.html`): its subcategories and a
/// page's worth of its links.
struct CategoryPage: HTMLPageKind {
    var id: Int
    var page: Int
    var of: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        var files: [PlannedFile] = []
        for category in planning.site.categories where category.id != 0 {
            files += planning.pages(of: category.links.count) { page, count in
                PlannedFile(
                    path: planning.paths.category(category.id, page: page),
                    kind: CategoryPage(id: category.id, page: page, of: count))
            }
        }
        return files
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "category" }

    /// The links of this page.
    func links(_ site: Site) -> ArraySlice<Int> {
        PageLinks.page(site.categories[id].links, number: page, pageSize: max(site.config.pageSize, 1))
    }

    func linksShown(_ site: Site) -> LinksShown { .these(Array(links(site))) }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        let context = rendering.context.at(rendering.context.paths.category(id, page: page))
        return (context.categoryContext(self, links: links(context.site)))
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(2)
        writer.int(page)
        writer.int(of)
        fingerprints.links(links(fingerprints.model), into: &writer)
    }
}

private extension TemplateContext {
    func categoryContext(_ file: CategoryPage, links slice: ArraySlice<Int>) -> TemplateValue {
        let (id, number, count) = (file.id, file.page, file.of)
        let category = site.categories[id]
        var info = categorySummary(id)
        if let intro = category.intro, number == 1 {
            info["intro_html"] = .string(withSectionLinks(intro.html, from: id))
        }
        info["direct_count"] = .int(category.links.count)
        var extra: TemplateMap = [
            "category": .map(info), "breadcrumbs": breadcrumbs(id),
            "links": .list(slice.map { linkItem($0) }), "has_links": .bool(!slice.isEmpty),
        ]
        if !slice.isEmpty {
            extra["list_tools"] = listTools(of: category.links, data: paths.categoryListData(id), categories: false)
        }
        if let pagination = pagination(page: number, of: count, path: { paths.category(id, page: $0) }) {
            extra["pagination"] = pagination
        }
        if PageLinks.hasSectionFeed(site, category: id) {
            extra["section_feed"] = sectionFeed(FeedRenderer(context: self, section: .category(id)))
        }
        let title = number > 1 ? "\(category.title) (\(pageNumber(number)))" : category.title
        return page(
            path: paths.category(id, page: number), kind: "category", title: title, description: category.description,
            showing: Array(slice), extra: extra)
    }
}
