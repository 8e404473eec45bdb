import Foundation
import LinkyModel
import LinkyTemplates

/// Builds the typed values templates receive. Every path in them is relative to the output root;
/// templates put `{{root}}` in front, which makes each page's links relative to where it is.
struct TemplateContext: Sendable {
    let site: Site
    let paths: SitePaths
    /// The theme's words in the site's language (`Site.words`, or the built-in English).
    let words: Words
    private(set) var stringValues: TemplateValue
    /// The page being rendered's way back to the output root (`../../`).
    private(set) var root = ""
    /// Each link's `partials/link_item`, rendered once (see `LinkItemCache`).
    var itemCache: LinkItemCache?
    /// The entries link items get: those the page's templates can look up (see `ItemFields`).
    var itemFields = ItemFields.all
    /// The last build's parts of the files made from every link, when a rebuild has them (`PreviousParts`).
    var previousParts: (any PreviousParts)?
    /// Whether the links the page lists (the print page, an archive year) are parts (`TemplatePart`):
    /// while its template is the built-in one (see `SiteRenderer.keepsParts`).
    var keepsParts = false
    /// Built once: every page shows them.
    private(set) var siteInfo: TemplateMap = [:]
    private(set) var navigation: TemplateMap = [:]
    /// `list_tools`' `words_json` (`makeListWords`), the same on every category and tag page.
    private(set) var listWords = ""
    private var tagReferences: [TemplateMap] = []
    private var categoryReferences: [TemplateMap] = []

    init(site: Site) {
        self.site = site
        self.paths = SitePaths(site: site)
        self.words = site.words.texts.isEmpty ? Words.builtInEnglish : site.words
        self.stringValues = .map(words.texts.mapValues(TemplateValue.string))
        tagReferences = site.tags.indices.map(makeTagReference)
        categoryReferences = site.categories.indices.map(makeCategoryReference)
        siteInfo = makeSiteInfo()
        navigation = makeNavigation()
        listWords = makeListWords()
    }

    /// This context for the page at `path`.
    ///
    /// Items repeat `root` and `t` although the page has them, so a name an item's template uses is
    /// found on the item itself rather than through the stack of values around it.
    func at(_ path: String) -> TemplateContext {
        var copy = self
        copy.root = path == SitePaths.notFound ? notFoundRoot : SitePaths.root(of: path)
        return copy
    }

    /// For `LinkItemCache`: a root that pages replace with their own.
    mutating func overrideRoot(_ marker: String) { root = marker }

    /// 404.html is served at any address, so its links cannot be relative.
    var notFoundRoot: String { site.config.basePath }

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

    /// The page's own values and the site's; `links` are the links its lists show, from which
    /// `link_view: auto` chooses the page's view (`page.link_view`).
    func page(
        path: String, kind: String, title: String, description: String?, showing links: [Int] = [],
        extra: TemplateMap = [:]
    ) -> TemplateValue {
        let config = site.config
        let isNotFound = path == SitePaths.notFound
        let description = description ?? config.description
        var pageInfo: TemplateMap = [
            "title": .string(title), "kind": .string(kind), "is_\(kind)": true, "path": .string(href(path)),
            "description": description.isEmpty ? false : .string(description),
            "full_title": .string(title == config.title ? title : "\(title) · \(config.title)"),
            "link_view": .string(linkView(showing: links).rawValue),
        ]
        if let canonical = absolute(path), !isNotFound { pageInfo["canonical"] = .string(canonical) }
        var context: TemplateMap = [
            "root": .string(root),
            "site": .map(siteInfo),
            "page": .map(pageInfo),
            "t": stringValues,
            "nav": .map(navigation),
        ]
        for (key, value) in extra { context[key] = value }
        return .map(context)
    }

    /// The view of a page that shows `links`: the site's `link_view`, or for `auto` cards when most of
    /// them have a card picture (as `thumbnail` gives it), else the list.
    func linkView(showing links: [Int]) -> SiteConfig.LinkView {
        let view = site.config.linkView
        guard view == .auto else { return view }
        var pictured = 0
        for id in links where hasCardPicture(id) { pictured += 1 }
        return view.resolved(pictured: pictured, of: links.count)
    }

    /// Whether the link's card has a picture (`thumbnail` is not `false`).
    func hasCardPicture(_ id: Int) -> Bool {
        switch site.config.images {
        case .local: return site.links[id].preview != nil
        case .remote: return site.links[id].image != nil
        case .none: return false
        }
    }

    func makeNavigation() -> TemplateMap {
        var navigation: TemplateMap = [
            "home": .string(href(SitePaths.home)), "tags": .string(href(SitePaths.tagIndex)),
            "archive": .string(href(SitePaths.archive)), "search": .string(href(SitePaths.search)),
            "print": site.hasPrintPage ? .string(href(SitePaths.print)) : false,
            "feed": "feed.xml", "json_feed": "feed.json",
            "bookmarks": .string(SitePaths.bookmarks), "links_json": "links.json",
            "categories": .list(site.rootCategories.map { categoryReference($0) }),
        ]
        // With a repository: the save page, and the manifest that makes the site a share target.
        navigation["save"] = site.config.repository == nil ? false : .string(href(SitePaths.save))
        navigation["manifest"] = site.config.repository == nil ? false : .string(SitePaths.webManifest)
        navigation["sites"] = site.config.sites ? .string(href(SitePaths.websiteIndex)) : false
        navigation["new"] = site.config.newPage ? .string(href(SitePaths.new(page: 1))) : false
        navigation["new_feed"] = site.config.newPage ? .string(SitePaths.newFeed(json: false)) : false
        // A split bookmark file: each of its files, numbered.
        let bookmarkFiles = BookmarksRenderer.split(site).count
        navigation["bookmark_parts"] =
            bookmarkFiles < 2
            ? false
            : .list(
                (1...bookmarkFiles).map {
                    .map([
                        "href": .string(SitePaths.bookmarks(part: $0)), "number": .int($0), "first": .bool($0 == 1),
                        "last": .bool($0 == bookmarkFiles),
                    ])
                })
        return navigation
    }

    func makeSiteInfo() -> TemplateMap {
        let config = site.config
        var info: TemplateMap = [
            "title": .string(config.title), "description": .string(config.description),
            "language": .string(config.language), "link_count": .int(site.links.count),
            "dir": .string(TextDirection(language: config.language).rawValue),
            "is_rtl": .bool(TextDirection(language: config.language) == .rightToLeft),
            "category_count": .int(site.categories.count - 1), "tag_count": .int(site.tags.count),
        ]
        info["link_view"] = .string(config.linkView.rawValue)
        info["has_projects"] = .bool(site.hasProjects)
        info["images"] = .string(config.images.rawValue)
        if let author = config.author { info["author"] = .string(author) }
        if let base = config.baseURL { info["base_url"] = .string(base) }
        if let newest = site.newestDate {
            info["newest_date"] = .string(newest.isoDay)
            info["newest_date_text"] = .string(words.day(newest))
        }
        info["counts"] = .map([
            "links": counted("links", site.links.count),
            "categories": counted("categories_count", site.categories.count - 1),
            "tags": counted("tags_count", site.tags.count),
        ])
        return info
    }

    // MARK: - Links, categories, tags

    /// Everything a template shows about one link; `withNote` adds the note's HTML.
    func linkItem(_ id: Int, withNote: Bool = false) -> TemplateValue { .map(linkItemMap(id, withNote: withNote)) }

    func linkItemMap(_ id: Int, withNote: Bool = false) -> TemplateMap {
        let fields = itemFields
        // A field at a time: `let link = links[id]` would copy the whole link (a few dozen retains).
        let links = site.links
        var item: TemplateMap = [:]
        item.reserveCapacity(20)
        if fields.id { item["id"] = .int(id) }
        if fields.title { item["title"] = .string(links[id].title) }
        if fields.dir { item["dir"] = textDirection(of: links[id].title, or: links[id].description) }
        if fields.url { item["url"] = .string(links[id].url.absoluteString) }
        if fields.displayURL { item["display_url"] = .string(links[id].url.displayString) }
        if fields.domain { item["domain"] = .string(links[id].url.displayHost) }
        if fields.domainHref {
            // The page of the link's website (`sites`), which the card's domain links to.
            let website = site.websiteOfLink.isEmpty ? nil : site.websiteOfLink[id]
            item["domain_href"] =
                website.map { .string(href(SitePaths.website(slug: site.websites[$0].slug))) } ?? false
        }
        if fields.favorite { item["favorite"] = .bool(links[id].favorite) }
        if fields.hasPage { item["has_page"] = .bool(links[id].hasPage) }
        if fields.hasNote { item["has_note"] = .bool(links[id].note != nil) }
        if fields.tags { item["tags"] = .list(links[id].tags.map { tagReference($0) }) }
        if fields.hasTags { item["has_tags"] = .bool(!links[id].tags.isEmpty) }
        if fields.labels {
            item["labels"] = .list(
                links[id].labels.map { label in
                    [
                        "name": .string(label.name), "facet": .string(site.facets[label.facet].name),
                        "facet_key": .string(site.facets[label.facet].key),
                    ]
                })
        }
        if fields.hasLabels { item["has_labels"] = .bool(!links[id].labels.isEmpty) }
        if fields.category { item["category"] = categoryReference(links[id].category) }
        if fields.root { item["root"] = .string(root) }
        if fields.strings { item["t"] = stringValues }
        // An optional field a link lacks is `false`, not missing: a missing name would be looked up in
        // the enclosing contexts (the page's `description`, a category's `image`…) and show theirs.
        if fields.description { item["description"] = links[id].description.map { .string($0) } ?? false }
        if fields.date { item["date"] = links[id].date.map { .string($0.isoDay) } ?? false }
        if fields.dateText { item["date_text"] = links[id].date.map { .string(words.day($0)) } ?? false }
        if fields.datetime {
            item["datetime"] = links[id].date.map { .string($0.hasTime ? $0.rfc3339 : $0.isoDay) } ?? false
        }
        if fields.page { item["page"] = links[id].hasPage ? .string(href(paths.link(id))) : false }
        if fields.image { item["image"] = links[id].image.map { .string($0.absoluteString) } ?? false }
        if fields.favicon { item["favicon"] = links[id].favicon.map { .string($0.absoluteString) } ?? false }
        if fields.thumbnail {
            switch site.config.images {
            case .local: item["thumbnail"] = links[id].preview.map { CardPictureFields.local($0, root: root) } ?? false
            case .remote: item["thumbnail"] = links[id].image.map(CardPictureFields.remote) ?? false
            case .none: item["thumbnail"] = false
            }
        }
        if fields.siteIcon {
            switch site.config.images {
            case .local: item["site_icon"] = links[id].icon.map { CardPictureFields.local($0, root: root) } ?? false
            case .remote: item["site_icon"] = links[id].favicon.map(CardPictureFields.remote) ?? false
            case .none: item["site_icon"] = false
            }
        }
        if fields.fallback { item["fallback"] = CardPictureFields.fallback(host: links[id].url.displayHost) }
        if fields.deadSince { item["dead_since"] = links[id].health?.deadSince.map { .string($0) } ?? false }
        if fields.movedTo { item["moved_to"] = links[id].health?.movedTo.map { .string($0) } ?? false }
        if fields.archiveURL {
            item["archive_url"] = .string(
                links[id].archive?.absoluteString ?? links[id].health?.archive
                    ?? Self.archiveURL(links[id].url, date: links[id].date))
        }
        if fields.noteHTML {
            item["note_html"] =
                withNote
                ? links[id].note.map { .string(withSectionLinks($0.html, path: links[id].source.path)) } ?? false
                : false
        }
        if fields.secondaryLinks {
            item["secondary_links"] = .list(
                links[id].secondaryLinks.map { ["title": .string($0.title), "url": .string($0.url.absoluteString)] })
        }
        if fields.hasSecondaryLinks { item["has_secondary_links"] = .bool(!links[id].secondaryLinks.isEmpty) }
        if fields.related {
            item["related"] =
                links[id].related.map { other in
                    ["title": .string(site.links[other].title), "url": .string(site.links[other].url.absoluteString)]
                } ?? false
        }
        if fields.project { item["project"] = links[id].project.map(projectValue) ?? false }
        if fields.extra, !links[id].extra.isEmpty {
            item["extra"] = .map(links[id].extra.mapValues(Self.templateValue))
        }
        if fields.html, let html = itemCache?.html(id, root: root) { item["html"] = .string(html) }
        return item
    }

    /// A link's project as templates see it: `url`, `stars` (a number) and `stars_text` (`12.3k`),
    /// `updated` (a day) and `updated_text`, `archived`, `stale`, `license`, `language`, `release`
    /// (`tag`, `date`), `fetched`; what the forge did not say is `false`.
    func projectValue(_ project: LinkProject) -> TemplateValue {
        let data = project.data
        return [
            "url": .string(data.movedTo ?? project.address.url),
            "host": .string(project.address.host),
            "stars": data.stars.map { .int($0) } ?? false,
            "stars_text": data.stars.map { .string(Self.compactCount($0, words: words)) } ?? false,
            "stars_exact": data.stars.map { .string(words.number($0)) } ?? false,
            "updated": data.updated.map { .string(String($0.prefix(10))) } ?? false,
            "updated_text": data.updated.flatMap {
                LinkDate(parsing: String($0.prefix(10))).map { .string(words.day($0)) }
            } ?? false,
            "archived": .bool(project.flag == .archived),
            "stale": .bool(project.flag == .stale),
            "license": data.license.map { .string($0) } ?? false,
            "language": data.language.map { .string($0) } ?? false,
            "release": data.release.map { release in
                ["tag": .string(release.tag), "date": release.date.map { .string(String($0.prefix(10))) } ?? false]
            } ?? false,
            "fetched": .string(data.fetched),
        ]
    }

    /// A count as a card shows it: `950`, `1.2k`, `12.3k`, `123k`, `1.2M` (one decimal below a hundred
    /// of the unit, none from there; the decimal mark is the one the language's digit groups are not).
    static func compactCount(_ count: Int, words: Words) -> String {
        let mark = words.digitGroup == "." ? "," : "."
        func scaled(_ unit: Int, _ suffix: String) -> String {
            let tenths = (count * 10 + unit / 2) / unit
            if tenths >= 1_000 || tenths % 10 == 0 { return "\((count + unit / 2) / unit)\(suffix)" }
            return "\(tenths / 10)\(mark)\(tenths % 10)\(suffix)"
        }
        switch count {
        case ..<1_000: return String(count)
        case ..<999_500: return scaled(1_000, "k")
        default: return scaled(1_000_000, "M")
        }
    }

    /// The Wayback Machine's copy of `url` nearest the day it was saved (its newest without a date):
    /// an address only, built here, no request made.
    static func archiveURL(_ url: LinkURL, date: LinkDate?) -> String {
        let day = date.map { $0.isoDay.replacingOccurrences(of: "-", with: "") } ?? "2"
        return "https://web.archive.org/web/\(day)/\(url.absoluteString)"
    }

    /// A number with its plural word (`Words.counted`), whole as `text` and in pieces for styling the
    /// number: `{{before}}<strong>{{number}}</strong>{{after}}`.
    func counted(_ key: String, _ count: Int) -> TemplateValue {
        let text = words.counted(key, count)
        let number = words.number(count)
        guard let range = text.range(of: number) else {
            return .map([
                "text": .string(text), "number": .string(number), "before": .string(text), "after": .string(""),
            ])
        }
        return .map([
            "text": .string(text), "number": .string(number), "before": .string(String(text[..<range.lowerBound])),
            "after": .string(String(text[range.upperBound...])),
        ])
    }

    func tagReference(_ id: Int) -> TemplateValue { .map(tagReferences[id]) }

    func tagReferenceMap(_ id: Int) -> TemplateMap { tagReferences[id] }

    func makeTagReference(_ id: Int) -> TemplateMap {
        let tag = site.tags[id]
        var reference: TemplateMap = [
            "name": .string(tag.name), "slug": .string(tag.slug), "href": .string(href(paths.tag(id))),
            "count": .int(tag.links.count), "count_text": .string(words.number(tag.links.count)),
        ]
        reference["description"] = tag.description.map { .string($0) } ?? false
        return reference
    }

    /// Title and address of a category, with its trail of parents (`Programming › Swift`).
    func categoryReference(_ id: Int) -> TemplateValue { .map(categoryReferences[id]) }

    func makeCategoryReference(_ id: Int) -> TemplateMap {
        let category = site.categories[id]
        var reference: TemplateMap = [
            "title": .string(category.title), "href": .string(href(paths.category(id))),
            "count": .int(category.totalCount), "count_text": .string(words.number(category.totalCount)),
            "path": .string(category.pathString),
            "trail": .string(trail(id).map(\.title).joined(separator: " › ")),
        ]
        // Optional fields are `false` when absent, so a sub-category never shows its parent's (see linkItemMap).
        reference["icon"] = category.icon.map { .string($0) } ?? false
        reference["description"] = category.description.map { .string($0) } ?? false
        reference["is_root"] = .bool(id == 0)
        reference["dir"] = textDirection(of: category.title, or: category.description)
        return reference
    }

    /// `rtl` or `ltr` for a text that reads otherwise than the site's language (an Arabic list in an
    /// English site), else `false`: templates write `dir` only where it changes.
    func textDirection(of text: String, or other: String?) -> TemplateValue {
        guard let direction = TextDirection(text: text) ?? other.flatMap({ TextDirection(text: $0) }),
            direction != TextDirection(language: site.config.language)
        else { return false }
        return .string(direction.rawValue)
    }

    /// A category for lists of categories: its reference plus its sub-categories'.
    func categorySummary(_ id: Int) -> TemplateMap {
        var summary = categoryReferences[id]
        let children = site.categories[id].children
        summary["children"] = .list(children.map { categoryReference($0) })
        summary["has_children"] = .bool(!children.isEmpty)
        return summary
    }

    /// A note's or intro's HTML with its in-page links to a list file's headings (`href="#web-frameworks"`)
    /// sent to the pages those headings became.
    func withSectionLinks(_ html: String, from category: Int?) -> String {
        guard let category else { return html }
        return withSectionLinks(html, path: site.categories[category].source.path)
    }

    func withSectionLinks(_ html: String, path: String) -> String {
        // Most notes come from files with no headings to link to, and hold no in-page link: both are
        // asked without Foundation's `contains`, which searched every note of the print page (8% of
        // a 10k rebuild's time).
        guard !site.sectionAnchors.isEmpty, let anchors = site.sectionAnchors[path],
            html.utf8.firstRange(of: "href=\"#".utf8) != nil
        else { return html }
        var result = ""
        var rest = html[...]
        while let start = rest.range(of: "href=\"#") {
            result += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { break }
            let anchor = String(after[..<end])
            let decoded = (anchor.removingPercentEncoding ?? anchor).lowercased()
            if let id = anchors[decoded] {
                result += "href=\"" + (root + href(paths.category(id))).xmlEscaped + "\""
            } else {
                result += "href=\"#" + anchor + "\""
            }
            rest = after[after.index(after: end)...]
        }
        return result + rest
    }

    /// The categories from the top down to `id` (the root excluded, and the lone top category of a
    /// one-list site below itself: the home page stands for it).
    func trail(_ id: Int) -> [Category] {
        var chain: [Category] = []
        var current: Int? = id
        while let index = current, index != 0 {
            chain.append(site.categories[index])
            current = site.categories[index].parent
        }
        if chain.count > 1, let lone = site.loneCategory, chain.last?.id == lone { chain.removeLast() }
        return chain.reversed()
    }

    func breadcrumbs(_ id: Int) -> TemplateValue {
        .list(trail(id).map { ["title": .string($0.title), "href": .string(href(paths.category($0.id)))] })
    }

    /// Previous/next and a window of page numbers; nil when there is one page.
    func pagination(page: Int, of count: Int, path: (Int) -> String) -> TemplateValue? {
        guard count > 1 else { return nil }
        var info: TemplateMap = ["current": .int(page), "total": .int(count)]
        if page > 1 { info["previous"] = .string(href(path(page - 1))) }
        if page < count { info["next"] = .string(href(path(page + 1))) }
        let window = Set([1, count] + Array(max(1, page - 2)...min(count, page + 2)))
        var pages: [TemplateValue] = []
        var last = 0
        for number in window.sorted() {
            if number > last + 1 { pages.append(["gap": true]) }
            pages.append([
                "number": .int(number), "href": .string(href(path(number))), "current": .bool(number == page),
            ])
            last = number
        }
        info["pages"] = .list(pages)
        return .map(info)
    }

    static func templateValue(_ value: ExtraValue) -> TemplateValue {
        switch value {
        case .string(let text): .string(text)
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? .int(Int(number)) : .double(number)
        case .bool(let flag): .bool(flag)
        case .list(let items): .list(items.map(templateValue))
        case .map(let entries): .map(entries.mapValues(templateValue))
        case .null: ""
        }
    }

}
