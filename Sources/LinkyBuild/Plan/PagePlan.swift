import LinkyModel

/// One file the site will have, and what goes in it: its kind's declaration (`PageKind`) with the
/// file's own details (which tag, which page of it).
struct PlannedFile: Sendable, Equatable {
    var path: String
    var kind: any PageKind

    init(path: String, kind: some PageKind) {
        self.path = path
        self.kind = kind
    }

    static func == (lhs: PlannedFile, rhs: PlannedFile) -> Bool {
        lhs.path == rhs.path && lhs.kind.isEqual(to: rhs.kind)
    }

    /// What a planned file is made of, besides the site's shape (the program, the settings, the theme,
    /// every category and tag with its list of links, what every page's header and footer show). Each
    /// kind says it (`PageKind.inputs`); the renderer, the rebuild's fingerprints and `serve`'s live
    /// update ask the questions below, which are answered from it.
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

    /// What this file is made of.
    var inputs: Inputs { kind.inputs }

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

    /// Whether `path` is the only file it makes (see `PageKind.writesOnlyItsPath`): what a build leaves
    /// for the next to remove from is every file it made, not this list.
    var writesOnlyItsPath: Bool { kind.writesOnlyItsPath }

    /// An HTML page the sitemap lists.
    var isPage: Bool { kind.isPage }
}

/// The plan stage: from the site model to the list of files to write, in a fixed order: each kind's
/// files (`PageKind.plan`), kind after kind as `PageKinds.all` lists them.
struct PagePlanner {
    let site: Site
    let assetNames: [String]
    /// Whether the theme loads `search-index.js` (`Theme.loadsWholeSearchScript`).
    var wholeSearchScript = false

    /// Every file, with the redirects of the site's aliases; the diagnostics say which aliases could not be kept.
    func planWithRedirects() -> (files: [PlannedFile], diagnostics: [Diagnostic]) {
        var planning = PagePlanning(site: site, assetNames: assetNames, wholeSearchScript: wholeSearchScript)
        for kind in PageKinds.all {
            let files = kind.plan(&planning)
            planning.planned += files
        }
        return (planning.planned, planning.diagnostics)
    }

    static func pageCount(_ items: Int, _ pageSize: Int) -> Int {
        max(1, (items + pageSize - 1) / pageSize)
    }
}
