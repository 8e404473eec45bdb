import Foundation
import LinkyModel
import LinkyTemplates

/// The context of each kind of HTML page (documented in Templates/README.md).
extension TemplateContext {
    /// `Page 2`, in the site's language.
    func pageNumber(_ number: Int) -> String {
        words["page_number"].replacingOccurrences(of: "{number}", with: String(number))
    }

    func home() -> TemplateValue { at(SitePaths.home).homeContext() }

    func homeContext() -> TemplateValue {
        let config = site.config
        let root = site.categories[0]
        let shown = homeLinks()
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
        extra["has_favorites"] = .bool(!favorites.isEmpty)
        extra["has_recent"] = .bool(!recent.isEmpty)
        extra["has_links"] = .bool(!shown.topLevel.isEmpty)
        extra["has_top_tags"] = .bool(!site.tags.isEmpty)
        return page(
            path: SitePaths.home, kind: "home", title: config.title, description: config.description, extra: extra)
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

    /// The links the home page lists: the favorites, the most recent and those at the top level.
    func homeLinks() -> (favorites: [Int], recent: [Int], topLevel: [Int]) { PageLinks.home(site) }

    func category(_ id: Int, page number: Int, of count: Int) -> TemplateValue {
        at(paths.category(id, page: number)).categoryContext(id, page: number, of: count)
    }

    func categoryContext(_ id: Int, page number: Int, of count: Int) -> TemplateValue {
        let category = site.categories[id]
        let pageSize = max(site.config.pageSize, 1)
        let slice = category.links.dropFirst((number - 1) * pageSize).prefix(pageSize)
        var info = categorySummary(id)
        if let intro = category.intro, number == 1 {
            info["intro_html"] = .string(withSectionLinks(intro.html, from: id))
        }
        info["direct_count"] = .int(category.links.count)
        var extra: TemplateMap = [
            "category": .map(info), "breadcrumbs": breadcrumbs(id),
            "links": .list(slice.map { linkItem($0) }), "has_links": .bool(!slice.isEmpty),
        ]
        if let pagination = pagination(page: number, of: count, path: { paths.category(id, page: $0) }) {
            extra["pagination"] = pagination
        }
        if PageLinks.hasSectionFeed(site, category: id) {
            extra["section_feed"] = sectionFeed(FeedRenderer(context: self, section: .category(id)))
        }
        let title = number > 1 ? "\(category.title) (\(pageNumber(number)))" : category.title
        return page(
            path: paths.category(id, page: number), kind: "category", title: title, description: category.description,
            extra: extra)
    }

    func tagIndex() -> TemplateValue { at(SitePaths.tagIndex).tagIndexContext() }

    func tagIndexContext() -> TemplateValue {
        // Once, not once per tag: with 5,083 tags that loop took a tenth of a 100,000-link build.
        var most = 1
        for tag in site.tags { most = max(most, tag.links.count) }
        let tags = site.tags.map { tag -> TemplateValue in
            var reference = tagReferenceMap(tag.id)
            reference["children"] = .list(tag.children.map { tagReference($0) })
            reference["has_children"] = .bool(!tag.children.isEmpty)
            reference["is_top"] = .bool(tag.parent == nil)
            // A weight from 1 to 5 for a tag cloud: logarithmic, since tag use is Zipf-like.
            let weight =
                tag.links.isEmpty
                ? 1 : 1 + Int((4 * log2(Double(tag.links.count)) / max(log2(Double(most)), 1)).rounded())
            reference["weight"] = .int(min(weight, 5))
            return .map(reference)
        }
        return page(
            path: SitePaths.tagIndex, kind: "tag_index", title: words["tags"], description: nil,
            extra: ["tags": .list(tags), "has_tags": .bool(!tags.isEmpty)])
    }

    func tag(_ id: Int, page number: Int, of count: Int) -> TemplateValue {
        at(paths.tag(id, page: number)).tagContext(id, page: number, of: count)
    }

    func tagContext(_ id: Int, page number: Int, of count: Int) -> TemplateValue {
        let tag = site.tags[id]
        let pageSize = max(site.config.pageSize, 1)
        let slice = tag.links.dropFirst((number - 1) * pageSize).prefix(pageSize)
        var info = tagReferenceMap(id)
        info["children"] = .list(tag.children.map { tagReference($0) })
        info["has_children"] = .bool(!tag.children.isEmpty)
        if let parent = tag.parent { info["parent"] = tagReference(parent) }
        var extra: TemplateMap = [
            "tag": .map(info), "links": .list(slice.map { linkItem($0) }), "has_links": .bool(!slice.isEmpty),
        ]
        if let pagination = pagination(page: number, of: count, path: { paths.tag(id, page: $0) }) {
            extra["pagination"] = pagination
        }
        if PageLinks.hasSectionFeed(site, tag: id) {
            extra["section_feed"] = sectionFeed(FeedRenderer(context: self, section: .tag(id)))
        }
        let title = number > 1 ? "#\(tag.name) (\(pageNumber(number)))" : "#\(tag.name)"
        return page(
            path: paths.tag(id, page: number), kind: "tag", title: title, description: tag.description, extra: extra)
    }

    func linkPage(_ id: Int) -> TemplateValue { at(paths.link(id)).linkPageContext(id) }

    func linkPageContext(_ id: Int) -> TemplateValue {
        let link = site.links[id]
        var extra: TemplateMap = ["link": linkItem(id, withNote: true), "breadcrumbs": breadcrumbs(link.category)]
        if let image = link.image { extra["og_image"] = .string(ogImage(image, picture: link.preview)) }
        return page(path: paths.link(id), kind: "link", title: link.title, description: link.description, extra: extra)
    }

    /// `section_feed` of a tag's or category's pages: its feeds' paths (from the root) and title.
    func sectionFeed(_ feed: FeedRenderer) -> TemplateValue {
        .map([
            "atom": .string(feed.path(json: false)), "json": .string(feed.path(json: true)),
            "title": .string(feed.title),
        ])
    }

    /// The address a shared link page previews with: the copy in `pictures/` (its JPEG, which every
    /// reader of Open Graph knows; `CopiedFiles` copies it for link pages) where the site has one and a
    /// `base_url`, else the picture's own.
    func ogImage(_ image: LinkURL, picture: PictureIndex.Entry?) -> String {
        guard site.config.images == .local, let base = site.config.baseURL, let file = picture?.printFile else {
            return image.absoluteString
        }
        return base + PictureIndex.folderName + "/" + file.name
    }

    /// Years with months and counts; the links themselves too while the collection is small.
    func archive() -> TemplateValue { at(SitePaths.archive).archiveContext() }

    /// Whether the archive page lists every link (else it gives counts and links to the years).
    var archiveShowsLinks: Bool { PageLinks.archiveListsEveryLink(site) }

    func archiveContext() -> TemplateValue {
        let showLinks = archiveShowsLinks
        let years = archiveYears().map { year, months -> TemplateValue in
            [
                "year": .int(year), "href": .string(href(SitePaths.archiveYear(year))),
                "count": .int(months.reduce(0) { $0 + $1.links.count }),
                "months": .list(
                    months.map { month(year: year, month: $0.month, links: $0.links, withLinks: showLinks) }),
            ]
        }
        let undated = site.links.indices.filter { site.links[$0].date == nil }.map { linkItem($0) }
        return page(
            path: SitePaths.archive, kind: "archive", title: words["archive"], description: nil,
            extra: [
                "years": .list(years), "show_links": .bool(showLinks), "undated": .list(undated),
                "has_undated": .bool(!undated.isEmpty),
            ])
    }

    func archiveYear(_ year: Int) -> TemplateValue { at(SitePaths.archiveYear(year)).archiveYearContext(year) }

    func archiveYearContext(_ year: Int) -> TemplateValue {
        let months = archiveYears().first { $0.year == year }?.months ?? []
        return page(
            path: SitePaths.archiveYear(year), kind: "archive_year", title: "\(year)", description: nil,
            extra: [
                "year": .int(year),
                "months": .list(
                    months.map {
                        month(
                            year: year, month: $0.month, links: $0.links, withLinks: true,
                            path: SitePaths.archiveYear(year))
                    }),
                "archive_href": .string(href(SitePaths.archive)),
            ])
    }

    func search() -> TemplateValue { at(SitePaths.search).searchContext() }

    func searchContext() -> TemplateValue {
        let categories = site.categories.dropFirst().map { category -> TemplateValue in
            ["id": .int(category.id), "trail": .string(trail(category.id).map(\.title).joined(separator: " › "))]
        }
        let tags = site.tags.map { tag -> TemplateValue in ["id": .int(tag.id), "name": .string(tag.name)] }
        return page(
            path: SitePaths.search, kind: "search", title: words["search"], description: nil,
            extra: [
                "filter_categories": .list(categories), "filter_tags": .list(tags),
                "words_json": .string(searchWords()),
            ])
    }

    /// What the search script says numbers and dates with, as JSON for a `data-` attribute: the result
    /// count's plural forms, the months, the day format and the digit grouping.
    func searchWords() -> String {
        struct ScriptWords: Encodable {
            var results: [String: String]
            var months: [String]
            var day: String
            var group: String
            var minGrouping: Int
        }
        let forms = words.plurals["search_results"] ?? [.other: words["search_results"]]
        let script = ScriptWords(
            results: Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) }), months: words.months,
            day: words.dayFormat, group: words.digitGroup, minGrouping: words.minimumGrouping)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(script)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Every category in reading order, each with all its links and notes.
    func printPage() -> TemplateValue { at(SitePaths.print).printContext() }

    func printContext() -> TemplateValue {
        let sections = site.categories.filter { !$0.links.isEmpty || $0.id != 0 }.map { category -> TemplateValue in
            var section: TemplateMap = [
                "anchor": .string(category.id == 0 ? "top-level" : "c-" + category.slugPath.joined(separator: "-")),
                "title": .string(category.id == 0 ? site.config.title : category.title),
                "trail": .string(
                    category.id == 0 ? site.config.title : trail(category.id).map(\.title).joined(separator: " › ")),
                "depth": .int(max(category.depth, 1)), "count": .int(category.links.count),
                "total_count": .int(category.id == 0 ? category.links.count : category.totalCount),
                "links": .list(category.links.map { part($0, of: SitePaths.print) { linkItem($0, withNote: true) } }),
                "has_links": .bool(!category.links.isEmpty),
            ]
            if let description = category.description { section["description"] = .string(description) }
            if let intro = category.intro {
                section["intro_html"] = .string(withSectionLinks(intro.html, from: category.id))
            }
            return .map(section)
        }
        var extra: TemplateMap = ["sections": .list(sections)]
        if let newest = site.newestDate {
            extra["newest_date"] = .string(newest.isoDay)
            extra["newest_date_text"] = .string(words.day(newest))
        }
        extra["has_pictures"] = .bool(
            site.config.images != .none
                && site.links.indices.contains {
                    site.config.images == .local ? site.links[$0].preview != nil : site.links[$0].image != nil
                })
        return page(path: SitePaths.print, kind: "print", title: site.config.title, description: nil, extra: extra)
    }

    /// A link the page at `path` lists: with `keepsParts`, a part, copied from the last build's page when
    /// the link is as it was (`PreviousParts`); else its item.
    func part(_ id: Int, of path: String, item: (Int) -> TemplateValue) -> TemplateValue {
        guard keepsParts else { return item(id) }
        if let previousParts, let previous = previousParts.part(of: path, link: id) {
            // The bytes stay in the last build's file, which `previousParts` keeps mapped.
            return .part(
                TemplatePart(id: id, value: true, rendered: TemplateBytes(unsafeBytes: previous, owner: previousParts)))
        }
        return .part(TemplatePart(id: id, value: item(id)))
    }

    /// An old address (an alias): `redirect.target` is the page's address relative to the root,
    /// `redirect.canonical` its public address (relative without `base_url`).
    func redirect(from path: String, to target: String, title: String) -> TemplateValue {
        let context = at(path)
        var redirect: TemplateMap = ["target": .string(href(target)), "title": .string(title)]
        redirect["canonical"] = .string(absolute(target) ?? context.root + href(target))
        return context.page(
            path: path, kind: "redirect", title: title, description: nil, extra: ["redirect": .map(redirect)])
    }

    /// The curator's page of dead and moved links, each with where it is written.
    func brokenLinks() -> TemplateValue {
        let context = at(SitePaths.brokenLinks)
        let broken = PageLinks.broken(site)
        func items(_ ids: [Int]) -> TemplateValue {
            .list(
                ids.map { id in
                    var item = context.linkItemMap(id)
                    item["source"] = .string(site.links[id].urlSource.description)
                    return .map(item)
                })
        }
        return context.page(
            path: SitePaths.brokenLinks, kind: "broken", title: words["broken_links"], description: nil,
            extra: [
                "dead": items(broken.dead), "has_dead": .bool(!broken.dead.isEmpty),
                "moved": items(broken.moved), "has_moved": .bool(!broken.moved.isEmpty),
            ])
    }

    func notFound() -> TemplateValue {
        at(SitePaths.notFound).page(
            path: SitePaths.notFound, kind: "not_found", title: words["not_found"], description: nil)
    }
}

// MARK: - Archive

private extension TemplateContext {
    /// Years newest first, each with months newest first and their links newest first.
    func archiveYears() -> [(year: Int, months: [(month: Int, links: [Int])])] {
        var byMonth: [Int: [Int: [Int]]] = [:]
        // By index, reading only the date: copying each `Link` cost more than the rest.
        for id in site.links.indices {
            guard let date = site.links[id].date else { continue }
            byMonth[date.year, default: [:]][date.month, default: []].append(id)
        }
        return byMonth.keys.sorted(by: >).map { year in
            (year, byMonth[year]!.keys.sorted(by: >).map { ($0, byMonth[year]![$0]!) })
        }
    }

    /// `path`: the page's, when it lists the links and they may be parts.
    func month(year: Int, month: Int, links: [Int], withLinks: Bool, path: String? = nil) -> TemplateValue {
        var info: TemplateMap = [
            "title": .string(words.month(year: year, month: month)),
            "anchor": .string(String(format: "m-%04d-%02d", year, month)), "count": .int(links.count),
            "href": .string(href(SitePaths.archiveYear(year)) + String(format: "#m-%04d-%02d", year, month)),
        ]
        if withLinks {
            info["links"] = .list(links.map { id in path.map { part(id, of: $0) { linkItem($0) } } ?? linkItem(id) })
        }
        return .map(info)
    }
}
