import Foundation
import LinkyModel

/// `links.json`: the whole collection as data (format version 1, documented in docs/formats.md).
struct CollectionDocument: Encodable {
    struct SiteInfo: Encodable {
        var title: String
        var description: String
        var baseURL: String?
        var language: String
        var author: String?
        enum CodingKeys: String, CodingKey {
            case title, description, language, author
            case baseURL = "base_url"
        }
    }
    struct CategoryEntry: Encodable {
        var id: Int
        var path: String
        var title: String
        var description: String?
        var icon: String?
        var parent: Int?
        var children: [Int]
        var count: Int
        var page: String
    }
    struct TagEntry: Encodable {
        var id: Int
        var name: String
        var slug: String
        var description: String?
        var parent: Int?
        var count: Int
        var page: String
    }
    struct LinkEntry: Encodable {
        var id: Int
        var url: String
        var title: String
        var description: String?
        var tags: [String]
        var category: String
        var date: String?
        var favorite: Bool
        var image: String?
        var note: String?
        var page: String?
        var source: String
        var extra: [String: ExtraValue]?
    }

    var version = 1
    var generator = "linky-site"
    var site: SiteInfo
    var categories: [CategoryEntry]
    var tags: [TagEntry]
    var links: [LinkEntry]

    init(_ context: TemplateContext) {
        let site = context.site
        let config = site.config
        self.site = SiteInfo(
            title: config.title, description: config.description, baseURL: config.baseURL, language: config.language,
            author: config.author)
        categories = site.categories.dropFirst().map { category in
            CategoryEntry(
                id: category.id, path: category.pathString, title: category.title, description: category.description,
                icon: category.icon, parent: category.parent == 0 ? nil : category.parent, children: category.children,
                count: category.totalCount, page: context.paths.category(category.id))
        }
        tags = site.tags.map { tag in
            TagEntry(
                id: tag.id, name: tag.name, slug: tag.slug, description: tag.description, parent: tag.parent,
                count: tag.links.count, page: context.paths.tag(tag.id))
        }
        links = site.links.map { link in
            LinkEntry(
                id: link.id, url: link.url.absoluteString, title: link.title, description: link.description,
                tags: link.tags.map { site.tags[$0].name }, category: site.categories[link.category].pathString,
                date: link.date.map { $0.hasTime ? $0.rfc3339 : $0.isoDay }, favorite: link.favorite,
                image: link.image?.absoluteString, note: link.note?.markdown,
                page: link.hasPage ? context.paths.link(link.id) : nil, source: link.source.description,
                extra: link.extra.isEmpty ? nil : link.extra)
        }
    }
}

/// `search-index.json` (and `search-index.js`): what the search page searches, kept small with
/// short keys. Format version 1, documented in docs/formats.md.
struct SearchIndexDocument: Encodable {
    /// Notes are cut to this many characters: enough to find a link by its note, small enough for 100k links.
    static let noteLimit = 300

    struct CategoryEntry: Encodable {
        var title: String
        var trail: String
        var href: String
        var parent: Int?
    }
    struct LinkEntry: Encodable {
        var t: String
        var u: String
        var d: String
        var s: String?
        var n: String?
        var g: [Int]?
        var c: Int
        var p: String?
        var a: String?
        var f: Int?
    }

    var version = 1
    var categories: [CategoryEntry]
    var tags: [String]
    var links: [LinkEntry]

    init(_ context: TemplateContext) {
        let site = context.site
        categories = site.categories.map { category in
            CategoryEntry(
                title: category.id == 0 ? site.config.title : category.title,
                trail: context.trail(category.id).map(\.title).joined(separator: " › "),
                href: context.href(context.paths.category(category.id)), parent: category.parent)
        }
        tags = site.tags.map(\.name)
        links = site.links.map { link in
            var note = link.note?.plainText
            if let text = note, text.hasMoreCharacters(than: Self.noteLimit) {
                note = String(text.prefix(Self.noteLimit))
            }
            return LinkEntry(
                t: link.title, u: link.url.absoluteString, d: link.url.displayHost, s: link.description, n: note,
                g: link.tags.isEmpty ? nil : link.tags, c: link.category,
                p: link.hasPage ? context.href(context.paths.link(link.id)) : nil, a: link.date?.isoDay,
                f: link.favorite ? 1 : nil)
        }
    }
}

extension String {
    /// `count > limit`, counting only as far as needed: `count` breaks a whole note into characters
    /// (most of the search index's time), this at most `limit + 1` of them.
    func hasMoreCharacters(than limit: Int) -> Bool {
        guard utf8.count > limit else { return false }
        guard let end = index(startIndex, offsetBy: limit, limitedBy: endIndex) else { return false }
        return end != endIndex
    }
}
