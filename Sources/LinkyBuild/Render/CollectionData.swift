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
        /// The item's secondary links (`Source Code`, `Demo`) of a list file.
        var links: [SecondaryEntry]?
        /// The id of the link this one is nested under in its list file.
        var related: Int?
    }
    struct SecondaryEntry: Encodable {
        var title: String
        var url: String
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
                extra: link.extra.isEmpty ? nil : link.extra,
                links: link.secondaryLinks.isEmpty
                    ? nil : link.secondaryLinks.map { SecondaryEntry(title: $0.title, url: $0.url.absoluteString) },
                related: link.related)
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

    init(categories: [CategoryEntry], tags: [String], links: [LinkEntry]) {
        self.categories = categories
        self.tags = tags
        self.links = links
    }

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
            // Secondary links are found by their names and hosts, ranked as the note is.
            if !link.secondaryLinks.isEmpty {
                let names = link.secondaryLinks.map { "\($0.title) \($0.url.displayHost)" }.joined(separator: " · ")
                note = note.map { names + " · " + $0 } ?? names
            }
            if let text = note, let cut = text.characterPrefix(ifLongerThan: Self.noteLimit) { note = String(cut) }
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
    func hasMoreCharacters(than limit: Int) -> Bool { characterPrefix(ifLongerThan: limit) != nil }

    /// `prefix(limit)` when the string has more than `limit` characters, else nil.
    ///
    /// Breaking text into characters (grapheme clusters) is slow, and was still most of the time of
    /// cutting notes short. Most text is made of scalars that are each a character and never join
    /// their neighbours (see `standsAlone`), which are counted directly; the first other scalar met
    /// before the cut hands the work back to the standard library.
    func characterPrefix(ifLongerThan limit: Int) -> Substring? {
        guard utf8.count > limit else { return nil }
        let scalars = unicodeScalars
        var index = scalars.startIndex
        var counted = 0
        // The scalar after the cut is looked at too: one that joined the last character would move it.
        while index != scalars.endIndex, Self.standsAlone(scalars[index].value) {
            if counted == limit { return self[..<index] }
            counted += 1
            scalars.formIndex(after: &index)
        }
        if index == scalars.endIndex { return nil }
        guard let end = self.index(startIndex, offsetBy: limit, limitedBy: endIndex), end != endIndex else {
            return nil
        }
        return self[..<end]
    }

    /// Whether a scalar is a character of its own whatever stands around it: no grapheme-cluster rule
    /// (UAX #29) joins it to a neighbour. ASCII but the carriage return (CR LF is one character), Latin
    /// up to the combining marks at U+0300, the general punctuation without its joiners and controls,
    /// the CJK ideographs and the precomposed Hangul syllables (which join only conjoining jamo).
    static func standsAlone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00..<0x0D, 0x0E..<0x0300: true
        case 0x2010...0x2027, 0x2030...0x205E: true
        case 0x4E00...0x9FFF: true
        case 0xAC00...0xD7A3: true
        default: false
        }
    }
}
