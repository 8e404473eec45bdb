import LinkyModel

/// One file the site will have, and what goes in it.
struct PlannedFile: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case home
        case category(Int, page: Int, of: Int)
        case tagIndex
        case tag(Int, page: Int, of: Int)
        case link(Int)
        case archive
        case archiveYear(Int)
        case search
        case print
        case notFound
        case atomFeed
        case jsonFeed
        /// The pages to list, in plan order.
        case sitemap([String])
        case bookmarks
        case linksJSON
        /// `search-index.json` and `search-index.js`, from one encoding.
        case searchIndex
        /// The sharded index the search page loads, under `search/data/` (the manifest's path).
        case searchShards
        case asset(String)
        /// A small page at an old address (an alias) that sends the reader to the page at `to`.
        case redirect(to: String, title: String)
    }

    var path: String
    var kind: Kind

    /// Made from every link, or from a year of them (an archive year is not paginated): large, and
    /// worth a render task of their own.
    var isWholeCollection: Bool {
        switch kind {
        case .archive, .archiveYear, .print, .atomFeed, .jsonFeed, .sitemap, .bookmarks, .linksJSON, .searchIndex,
            .searchShards:
            true
        default: false
        }
    }

    /// Whether `path` is the only file it makes. The search index also makes its script
    /// (`searchIndexScript`), and the shards every file of their folder, named after the index's words:
    /// only rendering them says which, so they are never skipped (`PageFingerprints`), and what a build
    /// leaves for the next to remove from is every file it made, not this list (`RebuildPlan.writeState`).
    var writesOnlyItsPath: Bool {
        switch kind {
        case .searchIndex, .searchShards: false
        default: true
        }
    }

    /// The script the search index is also written as, for pages opened from disk.
    static let searchIndexScript = "search-index.js"

    /// HTML pages are listed in the sitemap (except 404).
    var isPage: Bool {
        switch kind {
        case .home, .category, .tagIndex, .tag, .link, .archive, .archiveYear, .search, .print: true
        default: false
        }
    }
}

/// The plan stage: from the site model to the list of files to write, in a fixed order.
struct PagePlanner {
    let site: Site
    let assetNames: [String]

    /// Every file, with the redirects of the site's aliases; the diagnostics say which aliases could not be kept.
    func planWithRedirects() -> (files: [PlannedFile], diagnostics: [Diagnostic]) {
        var files = plan()
        let (redirects, diagnostics) = RedirectPlanner(site: site, paths: SitePaths(site: site)).plan(
            avoiding: Set(files.map(\.path)))
        files += redirects
        return (files, diagnostics)
    }

    /// Every page and file of the site, without the redirects.
    func plan() -> [PlannedFile] {
        let paths = SitePaths(site: site)
        var files: [PlannedFile] = [PlannedFile(path: SitePaths.home, kind: .home)]
        let pageSize = max(site.config.pageSize, 1)
        for category in site.categories where category.id != 0 {
            let count = Self.pageCount(category.links.count, pageSize)
            for page in 1...count {
                files.append(
                    PlannedFile(
                        path: paths.category(category.id, page: page),
                        kind: .category(category.id, page: page, of: count)))
            }
        }
        files.append(PlannedFile(path: SitePaths.tagIndex, kind: .tagIndex))
        for tag in site.tags {
            let count = Self.pageCount(tag.links.count, pageSize)
            for page in 1...count {
                files.append(
                    PlannedFile(path: paths.tag(tag.id, page: page), kind: .tag(tag.id, page: page, of: count)))
            }
        }
        // By index: iterating `site.links` copies each `Link`.
        for id in site.links.indices where site.links[id].hasPage {
            files.append(PlannedFile(path: paths.link(id), kind: .link(id)))
        }
        files.append(PlannedFile(path: SitePaths.archive, kind: .archive))
        for year in Set(site.links.indices.compactMap { site.links[$0].date?.year }).sorted(by: >) {
            files.append(PlannedFile(path: SitePaths.archiveYear(year), kind: .archiveYear(year)))
        }
        files += [
            PlannedFile(path: SitePaths.search, kind: .search),
            PlannedFile(path: SitePaths.print, kind: .print),
            PlannedFile(path: SitePaths.notFound, kind: .notFound),
            PlannedFile(path: "feed.xml", kind: .atomFeed),
            PlannedFile(path: "feed.json", kind: .jsonFeed),
            PlannedFile(path: "bookmarks.html", kind: .bookmarks),
            PlannedFile(path: "links.json", kind: .linksJSON),
            PlannedFile(path: "search-index.json", kind: .searchIndex),
            PlannedFile(path: SearchShardFormat.path(SearchShardFormat.manifestName), kind: .searchShards),
        ]
        // After every page is planned, so the sitemap lists them all.
        let pages = files.filter { $0.isPage && $0.kind != .print }.map(\.path)
        files.append(PlannedFile(path: "sitemap.xml", kind: .sitemap(pages)))
        files += assetNames.sorted().map { PlannedFile(path: "assets/\($0)", kind: .asset($0)) }
        return files
    }

    static func pageCount(_ items: Int, _ pageSize: Int) -> Int {
        max(1, (items + pageSize - 1) / pageSize)
    }
}
