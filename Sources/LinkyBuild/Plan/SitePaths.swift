import LinkyModel

/// Where every page lives in the output, relative to its root. The one place that knows the layout.
struct SitePaths: Sendable {
    let site: Site

    static let home = "index.html"
    static let tagIndex = "tags/index.html"
    static let archive = "archive/index.html"
    static let search = "search/index.html"
    static let print = "print/index.html"
    static let notFound = "404.html"
    static let brokenLinks = "broken/index.html"
    static let save = "save/index.html"
    static let webManifest = "manifest.webmanifest"
    static let websiteIndex = "sites/index.html"
    static let bookmarks = "bookmarks.html"

    /// A page of a print page split by category: `print/index.html` for the first, `print/2/index.html`, ….
    static func print(part: Int) -> String { part <= 1 ? print : "print/\(part)/index.html" }

    /// A file of a split bookmark file: `bookmarks.html` for the first, `bookmarks-2.html`, ….
    static func bookmarks(part: Int) -> String { part <= 1 ? bookmarks : "bookmarks-\(part).html" }

    /// A website's page (`sites/github-com/index.html`, `…/page/2/index.html`), by its slug.
    static func website(slug: String, page: Int = 1) -> String { paged("sites/\(slug)/", page) }

    /// `c/programming/swift/index.html`, `…/page/2/index.html`; the root category is the home page.
    func category(_ id: Int, page: Int = 1) -> String {
        let category = site.categories[id]
        if category.slugPath.isEmpty { return Self.home }
        return Self.paged("c/\(category.pathString)/", page)
    }

    func tag(_ id: Int, page: Int = 1) -> String {
        Self.paged("tags/\(site.tags[id].slug)/", page)
    }

    /// A tag's or category's Atom feed, in its page's folder: `tags/swift/feed.xml`.
    func tagFeed(_ id: Int) -> String { "tags/\(site.tags[id].slug)/feed.xml" }

    func categoryFeed(_ id: Int) -> String { "c/\(site.categories[id].pathString)/feed.xml" }

    /// The data a tag's or category's pages filter and sort in the browser, in its page's folder:
    /// `tags/swift/links.js`, `c/programming/links.js`, and a very long list's further parts of its
    /// index, `links-index-2.js`… (a slug has no dot, so no folder is named so).
    func tagListData(_ id: Int, part: Int = 1) -> String {
        "tags/\(site.tags[id].slug)/" + Self.listDataName(part)
    }

    func categoryListData(_ id: Int, part: Int = 1) -> String {
        "c/\(site.categories[id].pathString)/" + Self.listDataName(part)
    }

    /// The index's part `part` (`ListDataRenderer.parts`): `links.js`, then `links-index-2.js`, …
    private static func listDataName(_ part: Int) -> String {
        part == 1 ? "links.js" : "links-index-\(part).js"
    }

    /// `l/programming/swift/some-article/index.html`.
    func link(_ id: Int) -> String {
        // The two fields, not a copy of the whole link.
        let slug = site.links[id].slug
        let category = site.categories[site.links[id].category].pathString
        return category.isEmpty ? "l/\(slug)/index.html" : "l/\(category)/\(slug)/index.html"
    }

    /// The folder of a category page below `c/`, which is also its links' folder below `l/`:
    /// `c/lang/sub/index.html` → `lang/sub`; nil for a path that is not a category page.
    static func categoryFolder(ofPage path: String) -> String? {
        guard path.hasPrefix("c/"), path.hasSuffix("/index.html") else { return nil }
        let folder = path.dropFirst(2).dropLast("/index.html".count)
        return folder.isEmpty ? nil : String(folder)
    }

    static func archiveYear(_ year: Int) -> String { "archive/\(year)/index.html" }

    /// A month of a year too large for one page (`PageLinks.archiveYearByMonth`): `archive/2024/03/index.html`.
    static func archiveMonth(_ year: Int, _ month: Int) -> String {
        "archive/\(year)/" + String(format: "%02d", month) + "/index.html"
    }

    /// Page `page` of the new page: `new/index.html`, `new/page/2/index.html`.
    static func new(page: Int) -> String { paged("new/", page) }

    /// The new page's digest feeds.
    static func newFeed(json: Bool) -> String { json ? "new/feed.json" : "new/feed.xml" }

    static func paged(_ folder: String, _ page: Int) -> String {
        page <= 1 ? folder + "index.html" : folder + "page/\(page)/index.html"
    }

    /// How to get from the folder of `path` back to the output root: `../../`.
    static func root(of path: String) -> String {
        String(repeating: "../", count: path.reduce(0) { $1 == "/" ? $0 + 1 : $0 })
    }
}
