import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `index.html`: the categories with their counts, the favorites, the most recent links, those at the
/// top level and the most used tags.
struct HomePage: HTMLPageKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: SitePaths.home, kind: HomePage())]
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "home" }

    func linksShown(_ site: Site) -> LinksShown {
        let shown = PageLinks.home(site)
        return .these(shown.favorites + shown.recent + shown.topLevel)
    }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(SitePaths.home).homeContext())
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        // The favorites, the most recent links and the top-level ones, each list counted; the favourites
        // in all, as the link to them all says whether there are more.
        writer.byte(10)
        let shown = PageLinks.home(fingerprints.model)
        writer.int(shown.favoriteCount)
        for list in [shown.favorites, shown.recent, shown.topLevel] {
            writer.int(list.count)
            fingerprints.links(list, into: &writer)
        }
    }
}

private extension TemplateContext {
    func homeContext() -> TemplateValue {
        let config = site.config
        let root = site.categories[0]
        let shown = PageLinks.home(site)
        let favorites = shown.favorites.map { linkItem($0) }
        let recent = shown.recent.map { linkItem($0) }
        // A site of one list shows that list's sections as its categories.
        let lone = site.loneCategory
        let shownCategories = Self.homeCategories(of: site)
        var extra: TemplateMap = [
            "categories": .list(shownCategories.map { .map(categorySummary($0)) }),
            "favorites": .list(favorites),
            "recent": .list(recent),
            "links": .list(shown.topLevel.map { linkItem($0) }),
            "top_tags": .list(
                site.tags.sorted { ($0.links.count, $1.name) > ($1.links.count, $0.name) }.prefix(20)
                    .map { tagReference($0.id) }),
        ]
        if let intro = root.intro ?? lone.flatMap({ site.categories[$0].intro }) {
            extra["intro_html"] = .string(withSectionLinks(intro.html, from: root.intro == nil ? lone : 0))
        }
        extra["has_categories"] = .bool(!shownCategories.isEmpty)
        // A site of one list (an adopted awesome list): its sections read as the list's contents do.
        extra["categories_as_index"] = .bool(lone != nil)
        extra["has_favorites"] = .bool(!favorites.isEmpty)
        if shown.favoriteCount > favorites.count {
            extra["all_favorites"] = .string(href(SitePaths.search) + "?fav=1")
        }
        extra["has_recent"] = .bool(!recent.isEmpty)
        extra["has_links"] = .bool(!shown.topLevel.isEmpty)
        extra["has_top_tags"] = .bool(!site.tags.isEmpty)
        return page(
            path: SitePaths.home, kind: "home", title: config.title, description: config.description,
            showing: shown.favorites + shown.recent + shown.topLevel, extra: extra)
    }

    /// The categories the home page shows: the top-level ones; for a site of one list, its sections —
    /// and while there are only a few (`## Projects`, `## Resources`), the sections inside those,
    /// as a list's table of contents does.
    static func homeCategories(of site: Site) -> [Int] {
        guard let lone = site.loneCategory else { return site.rootCategories }
        var sections = site.categories[lone].children
        while sections.count < 6, sections.contains(where: { !site.categories[$0].children.isEmpty }) {
            sections = sections.flatMap { id in
                let section = site.categories[id]
                if section.children.isEmpty { return [id] }
                return section.links.isEmpty ? section.children : [id] + section.children
            }
        }
        return sections
    }
}
