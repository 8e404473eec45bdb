import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTheme

/// One kind of file the site has (a tag's page, the Atom feed, an asset…), declared once: which files
/// of it the site has and where (`plan`), what they are made of (`inputs`), which links they show, how
/// they render (a template and its context, or bytes), and what their fingerprint is made of. Planning,
/// rendering, the rebuild's fingerprints and `serve` ask the declaration, never the kind by name.
///
/// A value of the kind is one planned file's own details (which tag, which page of it), a few words
/// held inline in `PlannedFile.kind`. `PageKinds.all` lists the kinds in plan order; see "Adding a kind
/// of page" in docs/architecture.md.
protocol PageKind: Sendable, Hashable {
    /// Every file of this kind the site has, in the order they are planned. `planning.planned` holds
    /// the files of the kinds listed before this one.
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile]

    /// What the file is made of, besides the site's shape; the questions of `PlannedFile` (large, always
    /// rendered, left for after a preview's reload) are answered from it.
    var inputs: PlannedFile.Inputs { get }

    /// Whether the sitemap lists it: a page readers and search engines visit.
    var isPage: Bool { get }

    /// The template of an HTML page; nil for a data file.
    func template(in theme: Theme) -> String?

    /// The links whose item (`partials/link_item`) the page shows, as `SiteRenderer` renders them once
    /// for every page; `.none` for a data file.
    func linksShown(_ site: Site) -> LinksShown

    /// An HTML page's context (`HTMLPageKind`); nil for a data file.
    func context(_ rendering: PageRendering) -> TemplateValue?

    /// A data file's bytes (`DataFileKind`); never asked of an HTML page.
    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile]

    /// What the file shows besides the site's shape and its path, for its fingerprint (see
    /// `PageFingerprints`); never asked of a file always rendered (`PlannedFile.isAlwaysRendered`).
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints)

    /// How heavy a large file is (`PlannedFile.isLarge`), for the order of render tasks: heaviest first.
    var renderWeight: Int { get }

    /// About how many bytes it takes (a guess the buffer outgrows when wrong).
    func capacity(_ site: Site) -> Int

    /// Whether its path is the only file it makes (the search shards make a folder of them).
    var writesOnlyItsPath: Bool { get }

    /// Rendered in one task with the other files that share the search index's encoding.
    var sharesSearchIndex: Bool { get }
}

extension PageKind {
    var isPage: Bool { false }
    var renderWeight: Int { 0 }
    func capacity(_ site: Site) -> Int { 16_384 }
    var writesOnlyItsPath: Bool { true }
    var sharesSearchIndex: Bool { false }

    /// Whether `other` is this same file.
    func isEqual(to other: any PageKind) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// What planning knows while it lists the files: the site, its layout, the theme's assets, the files
/// planned so far, and the diagnostics planning makes (aliases that cannot be kept).
struct PagePlanning {
    let site: Site
    let paths: SitePaths
    let assetNames: [String]
    /// Whether `search-index.js` is written: only for a theme that loads it (`Theme.loadsWholeSearchScript`).
    let wholeSearchScript: Bool
    var planned: [PlannedFile] = []
    var diagnostics: [Diagnostic] = []

    init(site: Site, assetNames: [String], wholeSearchScript: Bool) {
        self.site = site
        self.paths = SitePaths(site: site)
        self.assetNames = assetNames
        self.wholeSearchScript = wholeSearchScript
    }

    /// `max(page_size, 1)`.
    var pageSize: Int { max(site.config.pageSize, 1) }

    /// Files `1...count` of a paginated list of `items` links, `count` the number of pages.
    func pages(of items: Int, _ file: (_ page: Int, _ count: Int) -> PlannedFile) -> [PlannedFile] {
        let count = PagePlanner.pageCount(items, pageSize)
        return (1...count).map { file($0, count) }
    }
}

/// The links whose items a page shows.
enum LinksShown {
    case none
    case these([Int])
    /// Every link (the print page; the archive while it lists them all).
    case every
}

/// What a kind renders from: the file's path, the context at that path, and the renderer's theme and
/// search word memory.
struct PageRendering {
    let path: String
    /// At the site's root: a page calls `context.at(path)` (the 404 page sets its own root).
    let context: TemplateContext
    let theme: Theme
    let searchWords: (any SearchWordMemory)?
    var site: Site { context.site }
}

/// An HTML page: rendered with its template (`template(in:)`) from its context.
protocol HTMLPageKind: PageKind {
    /// The page's context (documented in Templates/README.md).
    func pageContext(_ rendering: PageRendering) -> TemplateValue
}

extension HTMLPageKind {
    func context(_ rendering: PageRendering) -> TemplateValue? { pageContext(rendering) }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        preconditionFailure("an HTML page is rendered from its context, with its template")
    }
}

/// A data file (a feed, the sitemap, an asset…): bytes of its own making, no template, no link items.
protocol DataFileKind: PageKind {}

extension DataFileKind {
    func template(in theme: Theme) -> String? { nil }
    func linksShown(_ site: Site) -> LinksShown { .none }
    func context(_ rendering: PageRendering) -> TemplateValue? { nil }
}
