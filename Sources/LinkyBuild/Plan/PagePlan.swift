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
        /// The curator's list of dead and moved links (`broken_links_page`).
        case brokenLinks
        /// The save page and the web app manifest that makes it a share target (`repository`).
        case save
        case webManifest
        case atomFeed
        case jsonFeed
        /// A tag's or a category's own feeds (`section_feeds`).
        case tagFeed(Int, json: Bool)
        case categoryFeed(Int, json: Bool)
        /// The pages to list, in plan order.
        case sitemap([String])
        case bookmarks
        case linksJSON
        /// `search-index.json`, the index the search page fetches.
        case searchIndex
        /// `search-index.js`: the same bytes as a script, for pages opened from disk (browsers refuse
        /// to fetch JSON over `file://`); rendered with the index, from one encoding.
        case searchIndexScript
        /// The sharded index the search page loads, under `search/data/` (the manifest's path).
        case searchShards
        case asset(String)
        /// A small page at an old address (an alias) that sends the reader to the page at `to`.
        case redirect(to: String, title: String)
    }

    var path: String
    var kind: Kind

    /// What a planned file is made of, besides the site's shape (the program, the settings, the theme,
    /// every category and tag with its list of links, what every page's header and footer show). Said
    /// here once, by `inputs`; the renderer, the rebuild's fingerprints and `serve`'s live update ask
    /// the questions below, which are answered from it.
    enum Inputs: Sendable, Hashable {
        /// Nothing more: the tag index, the search page, the 404 page, an asset, a redirect.
        case shape
        /// The links it shows, a page's worth at most: the home page, a page of a category or a tag, a
        /// link's page.
        case linksOnIt
        /// Every link of one year: an archive year, which is not paginated.
        case yearOfLinks
        /// Every link's month, and every link while the archive lists them: the archive.
        case everyLinksMonth
        /// The newest dated links, as many as the feed size: the feeds.
        case newestLinks
        /// Every page's address: the sitemap.
        case pageAddresses
        /// Every link in full: the print page, the bookmarks, links.json, the search index and shards.
        case everyLink
    }

    /// What this file is made of: the one switch a new kind of page adds a case to.
    var inputs: Inputs {
        switch kind {
        case .tagIndex, .search, .notFound, .asset, .redirect, .save, .webManifest: .shape
        case .home, .category, .tag, .link, .tagFeed, .categoryFeed, .brokenLinks: .linksOnIt
        case .archiveYear: .yearOfLinks
        case .archive: .everyLinksMonth
        case .atomFeed, .jsonFeed: .newestLinks
        case .sitemap: .pageAddresses
        case .print, .bookmarks, .linksJSON, .searchIndex, .searchIndexScript, .searchShards: .everyLink
        }
    }

    /// Made from more than a page's worth of links (a year of them, the newest, every link or every
    /// page): large, and worth a render task of its own (`SiteRenderer`).
    var isLarge: Bool {
        switch inputs {
        case .shape, .linksOnIt: false
        case .yearOfLinks, .everyLinksMonth, .newestLinks, .pageAddresses, .everyLink: true
        }
    }

    /// Never skipped by a rebuild, so without a fingerprint (the rebuild's page fingerprints): a file made from
    /// every link in full changes with any link's edit, and its fingerprint would cost about what
    /// rendering it does; a file that makes more than its path (`writesOnlyItsPath`) would lose the
    /// others if skipped, as only rendering names them.
    var isAlwaysRendered: Bool {
        inputs == .everyLink || !writesOnlyItsPath
    }

    /// Left by `serve`'s live update until after the reload (`PreviewBuild.renderDeferred()`): made
    /// from every link or the newest ones, or listing every page, it is seconds of work on a big site,
    /// and not what the reader is looking at. The archive pages, large too, are pages a reader browses,
    /// and are brought up to date at once.
    var waitsForReload: Bool {
        switch inputs {
        case .newestLinks, .pageAddresses, .everyLink: true
        case .shape, .linksOnIt, .yearOfLinks, .everyLinksMonth: false
        }
    }

    /// Whether the file keeps each link's part apart (`OutputFile.parts`), for a rebuild to copy (see
    /// `PreviousParts`): a file made from every link in full or from a year of them, each link's part
    /// its own — but the search shards (`writesOnlyItsPath`), whose terms gather many links.
    /// `SiteRenderer.keepsParts` says which pages do, by their template.
    var keepsParts: Bool {
        (inputs == .everyLink || inputs == .yearOfLinks) && writesOnlyItsPath
    }

    /// Whether `path` is the only file it makes. The search shards make every file of their folder,
    /// named after the index's words: only rendering them says which, so they are never skipped by a
    /// rebuild, and what a build leaves for the next to remove from is every file it made, not this list.
    var writesOnlyItsPath: Bool { kind != .searchShards }

    /// The search index, and its script for pages opened from disk.
    static let searchIndex = "search-index.json"
    static let searchIndexScript = "search-index.js"

    /// HTML pages are listed in the sitemap (except 404).
    var isPage: Bool {
        switch kind {
        case .home, .category, .tagIndex, .tag, .link, .archive, .archiveYear, .search, .print: true
        // For the curator, not for readers or search engines.
        case .brokenLinks: false
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
        if site.config.sectionFeeds {
            // After the categories' pages, in the same order: each category with links has its feeds.
            for category in site.categories
            where category.id != 0 && PageLinks.hasSectionFeed(site, category: category.id) {
                for json in [false, true] {
                    files.append(
                        PlannedFile(
                            path: paths.categoryFeed(category.id, json: json),
                            kind: .categoryFeed(category.id, json: json)))
                }
            }
        }
        files.append(PlannedFile(path: SitePaths.tagIndex, kind: .tagIndex))
        for tag in site.tags {
            let count = Self.pageCount(tag.links.count, pageSize)
            for page in 1...count {
                files.append(
                    PlannedFile(path: paths.tag(tag.id, page: page), kind: .tag(tag.id, page: page, of: count)))
            }
            if PageLinks.hasSectionFeed(site, tag: tag.id) {
                for json in [false, true] {
                    files.append(
                        PlannedFile(path: paths.tagFeed(tag.id, json: json), kind: .tagFeed(tag.id, json: json)))
                }
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
        ]
        if site.config.brokenLinksPage {
            files.append(PlannedFile(path: SitePaths.brokenLinks, kind: .brokenLinks))
        }
        if site.config.repository != nil {
            files.append(PlannedFile(path: SitePaths.save, kind: .save))
            files.append(PlannedFile(path: SitePaths.webManifest, kind: .webManifest))
        }
        files += [
            PlannedFile(path: "feed.xml", kind: .atomFeed),
            PlannedFile(path: "feed.json", kind: .jsonFeed),
            PlannedFile(path: "bookmarks.html", kind: .bookmarks),
            PlannedFile(path: "links.json", kind: .linksJSON),
            PlannedFile(path: PlannedFile.searchIndex, kind: .searchIndex),
            PlannedFile(path: PlannedFile.searchIndexScript, kind: .searchIndexScript),
            PlannedFile(path: SearchShardFormat.path(SearchShardFormat.manifestName), kind: .searchShards),
        ]
        // After every page is planned, so the sitemap lists them all.
        let pages = files.filter(\.isPage).map(\.path)
        files.append(PlannedFile(path: "sitemap.xml", kind: .sitemap(pages)))
        files += assetNames.sorted().map { PlannedFile(path: "assets/\($0)", kind: .asset($0)) }
        return files
    }

    static func pageCount(_ items: Int, _ pageSize: Int) -> Int {
        max(1, (items + pageSize - 1) / pageSize)
    }
}
