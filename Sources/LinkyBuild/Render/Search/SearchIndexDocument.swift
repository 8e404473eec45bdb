import Foundation
import LinkyModel

/// `search-index.json` and `search-index.js` (`files(path:)` makes both): what the search page
/// searches, kept small with short keys. Format version 1, documented in docs/formats.md. The
/// sharded index under `search/data/` (`SearchShards`) is made from the same document.
struct SearchIndexDocument: Encodable {
    /// Notes are cut to this many characters: enough to find a link by its note, small enough for 100k links.
    static let noteLimit = 300

    struct CategoryEntry: Encodable {
        var title: String
        var trail: String
        var href: String
        var parent: Int?
    }
    /// A facet (`Site.facets`): its values' names, in its order. A link's `labels` number the values
    /// of all facets one after another: the first facet's from 0, the next from where those end.
    struct FacetEntry: Encodable {
        var name: String
        var key: String
        var values: [String]
    }
    /// One link. Its keys are one letter each (`CodingKeys`): they repeat for every link, and the
    /// index of 100,000 links is loaded whole.
    struct LinkEntry: Encodable {
        var title: String
        var url: String
        /// The host as people read it (`LinkURL.displayHost`).
        var domain: String
        var description: String?
        /// The note as plain text, after the secondary links' names and hosts, cut to `noteLimit`.
        var note: String?
        /// Tag ids (indices into `tags`); nil for none.
        var tags: [Int]?
        /// The category id (an index into `categories`).
        var category: Int
        /// The link's own page, as an `href` from the output root; nil when it has none.
        var page: String?
        /// 1 when that page has no note (`link_pages: all`), which an item calls "Details", not "Note".
        var detailsPage: Int? = nil
        /// The day (`YYYY-MM-DD`).
        var date: String?
        /// 1 for a favorite, nil (left out) for the others.
        var favorite: Int?
        /// The card's picture (`thumbnail`): a path from the output root (`pictures/…-400w.webp`), or an
        /// address with `images: remote`; nil for none.
        var picture: String? = nil
        /// The picture's size in pixels, when it is a file of `pictures/`.
        var pictureWidth: Int? = nil
        var pictureHeight: Int? = nil
        /// The site's icon (`site_icon`), as `picture`.
        var icon: String? = nil
        /// The fallback's colour (`fallback.tone`, 0–11), for a link without a picture.
        var tone: Int? = nil
        /// The day `check --links` found it dead (`link-status.json`); nil for a live link.
        var deadSince: String? = nil
        /// Its labels, as values of `facets` numbered across them (`FacetEntry`); nil for none.
        var labels: [Int]? = nil
        /// Its project's stars and last update (`projects.json`), and 1 when it is archived, 2 when stale;
        /// nil for a link without project data.
        var stars: Int? = nil
        var updated: String? = nil
        var projectState: Int? = nil

        enum CodingKeys: String, CodingKey {
            case title = "t"
            case url = "u"
            case domain = "d"
            case description = "s"
            case note = "n"
            case tags = "g"
            case category = "c"
            case page = "p"
            case detailsPage = "e"
            case date = "a"
            case favorite = "f"
            case picture = "i"
            case pictureWidth = "w"
            case pictureHeight = "h"
            case icon = "o"
            case tone = "k"
            case deadSince = "x"
            case labels = "l"
            case stars = "r"
            case updated = "q"
            case projectState = "v"
        }
    }

    var version = 1
    var categories: [CategoryEntry]
    var tags: [String]
    /// Nil when the site has none (no labels).
    var facets: [FacetEntry]?
    var links: [LinkEntry]
    /// The links with project data (`projects.json`), by stars (most first) and by last update (newest
    /// first), for the search page's sorts; nil on a site without. Not in `search-index.json`.
    var projectOrders: ProjectOrders? = nil

    struct ProjectOrders: Equatable {
        var stars: [UInt32]
        var updated: [UInt32]
    }

    enum CodingKeys: String, CodingKey {
        case version, categories, tags, facets, links
    }

    init(categories: [CategoryEntry], tags: [String], facets: [FacetEntry] = [], links: [LinkEntry]) {
        self.categories = categories
        self.tags = tags
        self.facets = facets.isEmpty ? nil : facets
        self.links = links
    }

    /// Every facet value's name, by its number in a link's `labels`.
    var labelNames: [String] { (facets ?? []).flatMap(\.values) }

    /// `withLinks` false leaves `links` empty, for `indexFile`, which writes them itself.
    init(_ context: TemplateContext, withLinks: Bool = true) {
        let site = context.site
        categories = site.categories.map { category in
            CategoryEntry(
                title: category.id == 0 ? site.config.title : category.title,
                trail: context.trail(category.id).map(\.title).joined(separator: " › "),
                href: context.href(context.paths.category(category.id)), parent: category.parent)
        }
        tags = site.tags.map(\.name)
        facets =
            site.facets.isEmpty
            ? nil : site.facets.map { FacetEntry(name: $0.name, key: $0.key, values: $0.values.map(\.name)) }
        let firsts = Self.labelFirsts(site.facets)
        links = withLinks ? site.links.indices.map { Self.entry(site.links, $0, context, labelFirsts: firsts) } : []
        if withLinks, site.hasProjects { projectOrders = Self.projectOrders(site.links) }
    }

    /// The ids of the links with project data, by stars then by last update (ties in id order).
    static func projectOrders(_ links: [Link]) -> ProjectOrders {
        let ids = links.indices.filter { links[$0].project != nil }
        let stars = ids.map { links[$0].project?.data.stars ?? -1 }
        let updated = ids.map { links[$0].project?.data.updated ?? "" }
        let positions = Array(ids.indices)
        return ProjectOrders(
            stars: positions.sorted { stars[$0] != stars[$1] ? stars[$0] > stars[$1] : $0 < $1 }.map {
                UInt32(ids[$0])
            },
            updated: positions.sorted { updated[$0] != updated[$1] ? updated[$0] > updated[$1] : $0 < $1 }.map {
                UInt32(ids[$0])
            })
    }

    /// Per facet, the number of its first value in a link's `labels`.
    private static func labelFirsts(_ facets: [Facet]) -> [Int] {
        var first = 0
        return facets.map { facet in
            defer { first += facet.values.count }
            return first
        }
    }

    /// The entry of `links[id]`, read a field at a time: a `Link` bound to a name (or handed to a
    /// closure) is a copy of the whole link, a few dozen retains and releases.
    private static func entry(
        _ links: [Link], _ id: Int, _ context: TemplateContext, labelFirsts: [Int]
    ) -> LinkEntry {
        var note = links[id].note?.plainText
        // Secondary links are found by their names and hosts, ranked as the note is.
        if !links[id].secondaryLinks.isEmpty {
            let names = links[id].secondaryLinks.map { "\($0.title) \($0.url.displayHost)" }.joined(separator: " · ")
            note = note.map { names + " · " + $0 } ?? names
        }
        if let text = note, let cut = text.characterPrefix(ifLongerThan: Self.noteLimit) { note = String(cut) }
        var entry = LinkEntry(
            title: links[id].title, url: links[id].url.absoluteString, domain: links[id].url.displayHost,
            description: links[id].description, note: note, tags: links[id].tags.isEmpty ? nil : links[id].tags,
            category: links[id].category, page: links[id].hasPage ? context.href(context.paths.link(id)) : nil,
            date: links[id].date?.isoDay, favorite: links[id].favorite ? 1 : nil)
        switch context.site.config.images {
        case .local:
            if let file = links[id].preview?.screenFiles.first {
                entry.picture = PictureIndex.folderName + "/" + file.name
                entry.pictureWidth = file.width
                entry.pictureHeight = file.height
            }
            if let file = links[id].icon?.screenFiles.first { entry.icon = PictureIndex.folderName + "/" + file.name }
        case .remote:
            entry.picture = links[id].image?.absoluteString
            entry.icon = links[id].favicon?.absoluteString
        case .none: break
        }
        if links[id].hasPage && links[id].note == nil { entry.detailsPage = 1 }
        entry.deadSince = links[id].health?.deadSince
        if let project = links[id].project {
            entry.stars = project.data.stars
            entry.updated = project.data.updated
            entry.projectState = project.flag?.rawValue
        }
        if !links[id].labels.isEmpty { entry.labels = links[id].labels.map { labelFirsts[$0.facet] + $0.value } }
        if entry.picture == nil || entry.icon == nil {
            entry.tone = CardPictureFields.tone(host: links[id].url.displayHost)
        }
        return entry
    }
}

// MARK: - Files

extension SearchIndexDocument {
    /// The bytes of `search-index.json`.
    func indexJSON() -> [UInt8] {
        // About what a link adds, so that the buffer of a large collection is not outgrown.
        json(pretty: false, capacity: 4096 + links.count * 768)
    }

    /// `search-index.json` at `path`, with where each link's entry is (`OutputFile.parts`): an entry the
    /// last build's file has as it would be now (`context.previousParts`) is copied, the others made.
    static func indexFile(_ context: TemplateContext, path: String) -> OutputFile {
        let links = context.site.links
        var json = JSONText(pretty: false, capacity: 4096 + links.count * 768)
        var parts: [LinkPart] = []
        let firsts = labelFirsts(context.site.facets)
        SearchIndexDocument(context, withLinks: false).write(to: &json) { json in
            json.key("links")
            json.linkParts(
                links.count, previous: { context.previousParts?.part(of: path, link: $0) }, parts: &parts
            ) { json, id in entry(links, id, context, labelFirsts: firsts).write(to: &json) }
        }
        return OutputFile(path: path, contents: json.finish(), parts: parts)
    }

    /// `search-index.json` of a collection split in parts (`DataPart`, format version 2): the document
    /// without its links, `link_count` and the `parts` files (paths from the output root) that hold them.
    static func indexOfParts(_ context: TemplateContext, path: String, parts: [String]) -> OutputFile {
        var document = SearchIndexDocument(context, withLinks: false)
        document.version = 2
        var json = JSONText(pretty: false, capacity: 4096 + context.site.categories.count * 128)
        document.write(to: &json) { json in
            json.member("link_count", context.site.links.count)
            json.member("parts", parts)
        }
        return OutputFile(path: path, contents: json.finish())
    }

    /// A part of a split search index: `{"links":[…],"part":number,"version":2}`, the entries of `links`
    /// as version 1 has them, each a part a rebuild can copy.
    static func partFile(_ context: TemplateContext, path: String, number: Int, links ids: Range<Int>) -> OutputFile {
        let links = context.site.links
        var json = JSONText(pretty: false, capacity: 4096 + ids.count * 768)
        var parts: [LinkPart] = []
        let firsts = labelFirsts(context.site.facets)
        json.linkPartsDocument(
            ids, number: number, previous: { context.previousParts?.part(of: path, link: $0) }, parts: &parts
        ) { json, id in entry(links, id, context, labelFirsts: firsts).write(to: &json) }
        return OutputFile(path: path, contents: json.finish(), parts: parts)
    }

    /// About how many bytes `links[id]`'s entry takes, for where the parts of a split index end.
    static func estimate(_ site: Site, _ id: Int) -> Int {
        var bytes = 160 + site.links[id].url.absoluteString.utf8.count * 2 + site.links[id].title.utf8.count
        bytes += site.links[id].description?.utf8.count ?? 0
        // The note is cut to `noteLimit` characters (up to four bytes each), after the secondary links.
        let note = site.links[id].note?.markdown.utf8.count ?? 0
        bytes += min(note, noteLimit * 4) + site.links[id].secondaryLinks.count * 60
        if site.links[id].hasPage { bytes += 40 + site.categories[site.links[id].category].pathString.utf8.count * 2 }
        bytes += site.links[id].tags.count * 6 + site.links[id].labels.count * 5
        if site.links[id].preview != nil || site.links[id].image != nil { bytes += 120 }
        if site.links[id].icon != nil || site.links[id].favicon != nil { bytes += 100 }
        if site.links[id].project != nil { bytes += 40 }
        return bytes
    }

    /// The bytes of `search-index.js`: the same object as a script, for file://, where browsers
    /// refuse to fetch JSON.
    static func script(_ json: [UInt8]) -> [UInt8] {
        JSONText.script("window.LINKY_SEARCH_INDEX = ", json, ";\n")
    }

    /// A part of a split `search-index.js`: the part's object, kept by its number in
    /// `window.LINKY_SEARCH_INDEX_PARTS` (whichever part loads first makes it).
    static func partScript(_ json: [UInt8], number: Int) -> [UInt8] {
        JSONText.script("(window.LINKY_SEARCH_INDEX_PARTS ||= {})[\(number)] = ", json, ";\n")
    }
}

// MARK: - Encoding

extension SearchIndexDocument: JSONTextWritable {
    func write(to json: inout JSONText) {
        write(to: &json) { json in
            json.key("links")
            json.array(links) { $1.write(to: &$0) }
        }
    }

    /// The document with `between` writing the members between `facets` and `tags`: the array of links
    /// (`links`), or where they are (`link_count`, `parts`).
    private func write(to json: inout JSONText, between: (inout JSONText) -> Void) {
        json.object { json in
            json.key("categories")
            json.array(categories) { $1.write(to: &$0) }
            if let facets {
                json.key("facets")
                json.array(facets) { $1.write(to: &$0) }
            }
            between(&json)
            json.member("tags", tags)
            json.member("version", version)
        }
    }
}

extension SearchIndexDocument.CategoryEntry: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            json.member("href", href)
            json.member("parent", parent)
            json.member("title", title)
            json.member("trail", trail)
        }
    }
}

extension SearchIndexDocument.FacetEntry: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            json.member("key", key)
            json.member("name", name)
            json.member("values", values)
        }
    }
}

extension SearchIndexDocument.LinkEntry: JSONTextWritable {
    /// The one-letter keys of `CodingKeys`, in UTF-8 order.
    func write(to json: inout JSONText) {
        json.object { json in
            json.member(CodingKeys.date.rawValue, date)
            json.member(CodingKeys.category.rawValue, category)
            json.member(CodingKeys.domain.rawValue, domain)
            json.member(CodingKeys.detailsPage.rawValue, detailsPage)
            json.member(CodingKeys.favorite.rawValue, favorite)
            json.member(CodingKeys.tags.rawValue, tags)
            json.member(CodingKeys.pictureHeight.rawValue, pictureHeight)
            json.member(CodingKeys.picture.rawValue, picture)
            json.member(CodingKeys.tone.rawValue, tone)
            json.member(CodingKeys.labels.rawValue, labels)
            json.member(CodingKeys.note.rawValue, note)
            json.member(CodingKeys.icon.rawValue, icon)
            json.member(CodingKeys.page.rawValue, page)
            json.member(CodingKeys.updated.rawValue, updated)
            json.member(CodingKeys.stars.rawValue, stars)
            json.member(CodingKeys.description.rawValue, description)
            json.member(CodingKeys.title.rawValue, title)
            json.member(CodingKeys.url.rawValue, url)
            json.member(CodingKeys.projectState.rawValue, projectState)
            json.member(CodingKeys.pictureWidth.rawValue, pictureWidth)
            json.member(CodingKeys.deadSince.rawValue, deadSince)
        }
    }
}
