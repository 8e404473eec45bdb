import Foundation
import LinkyModel

/// Builds the dictionaries templates receive. Every path in them is relative to the output root;
/// templates put `{{root}}` in front, which makes each page's links relative to where it is.
///
/// Dictionaries, not structs: swift-mustache reads structs through reflection, about 3× slower.
struct TemplateContext {
    let site: Site
    let paths: SitePaths
    let strings: [String: String]
    /// The page being rendered's way back to the output root (`../../`).
    private(set) var root = ""
    /// Each link's `partials/link_item`, rendered once (see `LinkItemCache`).
    var itemCache: LinkItemCache?
    /// Built once: every page shows them.
    private(set) var siteInfo: [String: Any] = [:]
    private(set) var navigation: [String: Any] = [:]
    private var tagReferences: [[String: Any]] = []
    private var categoryReferences: [[String: Any]] = []

    init(site: Site) {
        self.site = site
        self.paths = SitePaths(site: site)
        self.strings = UIStrings.table(for: site.config.language)
        tagReferences = site.tags.indices.map(makeTagReference)
        categoryReferences = site.categories.indices.map(makeCategoryReference)
        siteInfo = makeSiteInfo()
        navigation = makeNavigation()
    }

    /// This context for the page at `path`.
    ///
    /// Items repeat `root` and `t` although the page has them: swift-mustache looks a
    /// name up through the whole context stack with dynamic casts at each level, and for the thousands
    /// of items a big site renders, finding them on the item itself halves the render time.
    func at(_ path: String) -> TemplateContext {
        var copy = self
        copy.root = path == SitePaths.notFound ? notFoundRoot : SitePaths.root(of: path)
        return copy
    }

    /// For `LinkItemCache`: a root that pages replace with their own.
    mutating func overrideRoot(_ marker: String) { root = marker }

    /// 404.html is served at any address, so its links cannot be relative.
    var notFoundRoot: String { site.config.baseURL.map(Self.pathPart) ?? "/" }

    /// A root-relative path as it goes in an `href`: `index.html` dropped with `clean_urls`.
    func href(_ path: String) -> String {
        guard site.config.cleanURLs, path.hasSuffix("index.html") else { return path }
        let folder = String(path.dropLast("index.html".count))
        return folder.isEmpty ? "./" : folder
    }

    /// The public address of a page, when `base_url` is known.
    func absolute(_ path: String) -> String? {
        let relative = href(path)
        return site.config.baseURL.map { $0 + (relative == "./" ? "" : relative) }
    }

    // MARK: - Shared parts of every page

    func page(
        path: String, kind: String, title: String, description: String?, extra: [String: Any] = [:]
    ) -> [String: Any] {
        let config = site.config
        let isNotFound = path == SitePaths.notFound
        var pageInfo: [String: Any] = [
            "title": title, "kind": kind, "is_\(kind)": true, "path": href(path),
            "description": description ?? config.description,
            "full_title": title == config.title ? title : "\(title) · \(config.title)",
        ]
        if let canonical = absolute(path), !isNotFound { pageInfo["canonical"] = canonical }
        var context: [String: Any] = [
            "root": root,
            "site": siteInfo,
            "page": pageInfo,
            "t": strings,
            "nav": navigation,
        ]
        for (key, value) in extra { context[key] = value }
        return context
    }

    func makeNavigation() -> [String: Any] {
        [
            "home": href(SitePaths.home), "tags": href(SitePaths.tagIndex), "archive": href(SitePaths.archive),
            "search": href(SitePaths.search), "print": href(SitePaths.print), "feed": "feed.xml",
            "json_feed": "feed.json", "bookmarks": "bookmarks.html", "links_json": "links.json",
            "categories": site.rootCategories.map { categoryReference($0) },
        ]
    }

    func makeSiteInfo() -> [String: Any] {
        let config = site.config
        var info: [String: Any] = [
            "title": config.title, "description": config.description, "language": config.language,
            "link_count": site.links.count, "category_count": site.categories.count - 1, "tag_count": site.tags.count,
        ]
        if let author = config.author { info["author"] = author }
        if let base = config.baseURL { info["base_url"] = base }
        if let newest = site.newestDate { info["newest_date"] = newest.isoDay }
        return info
    }

    // MARK: - Links, categories, tags

    /// Everything a template shows about one link; `withNote` adds the note's HTML.
    func linkItem(_ id: Int, withNote: Bool = false) -> [String: Any] {
        let link = site.links[id]
        var item: [String: Any] = [
            "title": link.title, "url": link.url.absoluteString, "display_url": link.url.displayString,
            "domain": link.url.displayHost, "favorite": link.favorite, "has_page": link.hasPage,
            "tags": link.tags.map { tagReference($0) }, "has_tags": !link.tags.isEmpty,
            "category": categoryReference(link.category), "root": root, "t": strings,
        ]
        if let description = link.description { item["description"] = description }
        if let date = link.date {
            item["date"] = date.isoDay
            item["datetime"] = date.hasTime ? date.rfc3339 : date.isoDay
        }
        if link.hasPage { item["page"] = href(paths.link(id)) }
        if let image = link.image { item["image"] = image.absoluteString }
        if let favicon = link.favicon { item["favicon"] = favicon.absoluteString }
        if withNote, let note = link.note { item["note_html"] = note.html }
        if !link.extra.isEmpty { item["extra"] = link.extra.mapValues(Self.templateValue) }
        if let html = itemCache?.html(id, root: root) { item["html"] = html }
        return item
    }

    func tagReference(_ id: Int) -> [String: Any] { tagReferences[id] }

    func makeTagReference(_ id: Int) -> [String: Any] {
        let tag = site.tags[id]
        var reference: [String: Any] = [
            "name": tag.name, "slug": tag.slug, "href": href(paths.tag(id)), "count": tag.links.count,
        ]
        if let description = tag.description { reference["description"] = description }
        return reference
    }

    /// Title and address of a category, with its trail of parents (`Programming › Swift`).
    func categoryReference(_ id: Int) -> [String: Any] { categoryReferences[id] }

    func makeCategoryReference(_ id: Int) -> [String: Any] {
        let category = site.categories[id]
        var reference: [String: Any] = [
            "title": category.title, "href": href(paths.category(id)), "count": category.totalCount,
            "path": category.pathString, "trail": trail(id).map(\.title).joined(separator: " › "),
        ]
        if let icon = category.icon { reference["icon"] = icon }
        if let description = category.description { reference["description"] = description }
        if id == 0 { reference["is_root"] = true }
        return reference
    }

    /// A category for lists of categories: its reference plus its sub-categories'.
    func categorySummary(_ id: Int) -> [String: Any] {
        var summary = categoryReference(id)
        let children = site.categories[id].children
        summary["children"] = children.map { categoryReference($0) }
        summary["has_children"] = !children.isEmpty
        return summary
    }

    /// The categories from the top down to `id` (the root excluded).
    func trail(_ id: Int) -> [Category] {
        var chain: [Category] = []
        var current: Int? = id
        while let index = current, index != 0 {
            chain.append(site.categories[index])
            current = site.categories[index].parent
        }
        return chain.reversed()
    }

    func breadcrumbs(_ id: Int) -> [[String: Any]] {
        trail(id).map { ["title": $0.title, "href": href(paths.category($0.id))] }
    }

    /// Previous/next and a window of page numbers; nil when there is one page.
    func pagination(page: Int, of count: Int, path: (Int) -> String) -> [String: Any]? {
        guard count > 1 else { return nil }
        var info: [String: Any] = ["current": page, "total": count]
        if page > 1 { info["previous"] = href(path(page - 1)) }
        if page < count { info["next"] = href(path(page + 1)) }
        let window = Set([1, count] + Array(max(1, page - 2)...min(count, page + 2)))
        var pages: [[String: Any]] = []
        var last = 0
        for number in window.sorted() {
            if number > last + 1 { pages.append(["gap": true]) }
            pages.append(["number": number, "href": href(path(number)), "current": number == page])
            last = number
        }
        info["pages"] = pages
        return info
    }

    static func templateValue(_ value: ExtraValue) -> Any {
        switch value {
        case .string(let text): text
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? Int(number) as Any : number
        case .bool(let flag): flag
        case .list(let items): items.map(templateValue)
        case .map(let entries): entries.mapValues(templateValue)
        case .null: ""
        }
    }

    /// `https://example.com/links/` → `/links/`.
    static func pathPart(of url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return "/" }
        let rest = url[schemeEnd.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...])
    }
}
