import Foundation
import LinkyModel

/// The context of each kind of HTML page (documented in Templates/README.md).
extension TemplateContext {
    func home() -> [String: Any] { at(SitePaths.home).homeContext() }

    func homeContext() -> [String: Any] {
        let config = site.config
        let root = site.categories[0]
        var extra: [String: Any] = [
            "categories": site.rootCategories.map { categorySummary($0) },
            "favorites": site.links.filter(\.favorite).map { linkItem($0.id) },
            "recent": site.links.filter { $0.date != nil }.prefix(config.recentCount).map { linkItem($0.id) },
            "links": root.links.map { linkItem($0) },
            "top_tags": site.tags.sorted { ($0.links.count, $1.name) > ($1.links.count, $0.name) }.prefix(20)
                .map { tagReference($0.id) },
        ]
        if let intro = root.intro { extra["intro_html"] = intro.html }
        extra["has_favorites"] = !(extra["favorites"] as! [Any]).isEmpty
        extra["has_recent"] = !(extra["recent"] as! [Any]).isEmpty
        extra["has_links"] = !root.links.isEmpty
        extra["has_top_tags"] = !site.tags.isEmpty
        return page(
            path: SitePaths.home, kind: "home", title: config.title, description: config.description, extra: extra)
    }

    func category(_ id: Int, page number: Int, of count: Int) -> [String: Any] {
        at(paths.category(id, page: number)).categoryContext(id, page: number, of: count)
    }

    func categoryContext(_ id: Int, page number: Int, of count: Int) -> [String: Any] {
        let category = site.categories[id]
        let pageSize = max(site.config.pageSize, 1)
        let slice = category.links.dropFirst((number - 1) * pageSize).prefix(pageSize)
        var info = categorySummary(id)
        if let intro = category.intro, number == 1 { info["intro_html"] = intro.html }
        info["direct_count"] = category.links.count
        var extra: [String: Any] = [
            "category": info, "breadcrumbs": breadcrumbs(id),
            "links": slice.map { linkItem($0) }, "has_links": !slice.isEmpty,
        ]
        if let pagination = pagination(page: number, of: count, path: { paths.category(id, page: $0) }) {
            extra["pagination"] = pagination
        }
        let title = number > 1 ? "\(category.title) (\(strings["page"]!) \(number))" : category.title
        return page(
            path: paths.category(id, page: number), kind: "category", title: title, description: category.description,
            extra: extra)
    }

    func tagIndex() -> [String: Any] { at(SitePaths.tagIndex).tagIndexContext() }

    func tagIndexContext() -> [String: Any] {
        let tags = site.tags.map { tag -> [String: Any] in
            var reference = tagReference(tag.id)
            reference["children"] = tag.children.map { tagReference($0) }
            reference["has_children"] = !tag.children.isEmpty
            reference["is_top"] = tag.parent == nil
            // A weight from 1 to 5 for a tag cloud: logarithmic, since tag use is Zipf-like.
            let most = max(site.tags.map(\.links.count).max() ?? 1, 1)
            let weight =
                tag.links.isEmpty
                ? 1 : 1 + Int((4 * log2(Double(tag.links.count)) / max(log2(Double(most)), 1)).rounded())
            reference["weight"] = min(weight, 5)
            return reference
        }
        return page(
            path: SitePaths.tagIndex, kind: "tag_index", title: strings["tags"]!, description: nil,
            extra: ["tags": tags, "has_tags": !tags.isEmpty])
    }

    func tag(_ id: Int, page number: Int, of count: Int) -> [String: Any] {
        at(paths.tag(id, page: number)).tagContext(id, page: number, of: count)
    }

    func tagContext(_ id: Int, page number: Int, of count: Int) -> [String: Any] {
        let tag = site.tags[id]
        let pageSize = max(site.config.pageSize, 1)
        let slice = tag.links.dropFirst((number - 1) * pageSize).prefix(pageSize)
        var info = tagReference(id)
        info["children"] = tag.children.map { tagReference($0) }
        info["has_children"] = !tag.children.isEmpty
        if let parent = tag.parent { info["parent"] = tagReference(parent) }
        var extra: [String: Any] = [
            "tag": info, "links": slice.map { linkItem($0) }, "has_links": !slice.isEmpty,
        ]
        if let pagination = pagination(page: number, of: count, path: { paths.tag(id, page: $0) }) {
            extra["pagination"] = pagination
        }
        let title = number > 1 ? "#\(tag.name) (\(strings["page"]!) \(number))" : "#\(tag.name)"
        return page(
            path: paths.tag(id, page: number), kind: "tag", title: title, description: tag.description, extra: extra)
    }

    func linkPage(_ id: Int) -> [String: Any] { at(paths.link(id)).linkPageContext(id) }

    func linkPageContext(_ id: Int) -> [String: Any] {
        let link = site.links[id]
        var extra: [String: Any] = ["link": linkItem(id, withNote: true), "breadcrumbs": breadcrumbs(link.category)]
        if let image = link.image { extra["og_image"] = image.absoluteString }
        return page(path: paths.link(id), kind: "link", title: link.title, description: link.description, extra: extra)
    }

    /// Years with months and counts; the links themselves too while the collection is small.
    func archive() -> [String: Any] { at(SitePaths.archive).archiveContext() }

    func archiveContext() -> [String: Any] {
        let showLinks = site.links.count <= 1000
        let years = archiveYears().map { year, months -> [String: Any] in
            [
                "year": year, "href": href(SitePaths.archiveYear(year)),
                "count": months.reduce(0) { $0 + $1.links.count },
                "months": months.map { month(year: year, month: $0.month, links: $0.links, withLinks: showLinks) },
            ]
        }
        let undated = site.links.filter { $0.date == nil }.map { linkItem($0.id) }
        return page(
            path: SitePaths.archive, kind: "archive", title: strings["archive"]!, description: nil,
            extra: ["years": years, "show_links": showLinks, "undated": undated, "has_undated": !undated.isEmpty])
    }

    func archiveYear(_ year: Int) -> [String: Any] { at(SitePaths.archiveYear(year)).archiveYearContext(year) }

    func archiveYearContext(_ year: Int) -> [String: Any] {
        let months = archiveYears().first { $0.year == year }?.months ?? []
        return page(
            path: SitePaths.archiveYear(year), kind: "archive_year", title: "\(year)", description: nil,
            extra: [
                "year": year,
                "months": months.map { month(year: year, month: $0.month, links: $0.links, withLinks: true) },
                "archive_href": href(SitePaths.archive),
            ])
    }

    func search() -> [String: Any] { at(SitePaths.search).searchContext() }

    func searchContext() -> [String: Any] {
        let categories = site.categories.dropFirst().map { category -> [String: Any] in
            ["id": category.id, "trail": trail(category.id).map(\.title).joined(separator: " › ")]
        }
        return page(
            path: SitePaths.search, kind: "search", title: strings["search"]!, description: nil,
            extra: ["filter_categories": categories, "filter_tags": site.tags.map { ["id": $0.id, "name": $0.name] }])
    }

    /// Every category in reading order, each with all its links and notes.
    func printPage() -> [String: Any] { at(SitePaths.print).printContext() }

    func printContext() -> [String: Any] {
        let sections = site.categories.filter { !$0.links.isEmpty || $0.id != 0 }.map { category -> [String: Any] in
            var section: [String: Any] = [
                "anchor": category.id == 0 ? "top-level" : "c-" + category.slugPath.joined(separator: "-"),
                "title": category.id == 0 ? site.config.title : category.title,
                "trail": category.id == 0
                    ? site.config.title : trail(category.id).map(\.title).joined(separator: " › "),
                "depth": max(category.depth, 1), "count": category.links.count,
                "total_count": category.id == 0 ? category.links.count : category.totalCount,
                "links": category.links.map { linkItem($0, withNote: true) }, "has_links": !category.links.isEmpty,
            ]
            if let description = category.description { section["description"] = description }
            if let intro = category.intro { section["intro_html"] = intro.html }
            return section
        }
        var extra: [String: Any] = ["sections": sections]
        if let newest = site.newestDate { extra["newest_date"] = newest.isoDay }
        return page(path: SitePaths.print, kind: "print", title: site.config.title, description: nil, extra: extra)
    }

    func notFound() -> [String: Any] {
        at(SitePaths.notFound).page(
            path: SitePaths.notFound, kind: "not_found", title: strings["not_found"]!, description: nil)
    }
}

// MARK: - Archive

private extension TemplateContext {
    /// Years newest first, each with months newest first and their links newest first.
    func archiveYears() -> [(year: Int, months: [(month: Int, links: [Int])])] {
        var byMonth: [Int: [Int: [Int]]] = [:]
        for link in site.links {
            guard let date = link.date else { continue }
            byMonth[date.year, default: [:]][date.month, default: []].append(link.id)
        }
        return byMonth.keys.sorted(by: >).map { year in
            (year, byMonth[year]!.keys.sorted(by: >).map { ($0, byMonth[year]![$0]!) })
        }
    }

    func month(year: Int, month: Int, links: [Int], withLinks: Bool) -> [String: Any] {
        var info: [String: Any] = [
            "title": UIStrings.monthTitle(year: year, month: month, language: site.config.language),
            "anchor": String(format: "m-%04d-%02d", year, month), "count": links.count,
            "href": href(SitePaths.archiveYear(year)) + String(format: "#m-%04d-%02d", year, month),
        ]
        if withLinks { info["links"] = links.map { linkItem($0) } }
        return info
    }
}
