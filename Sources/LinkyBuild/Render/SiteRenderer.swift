import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTheme

/// The render stage: every planned file to bytes, HTML through the theme's templates, data through
/// `Codable`. Pages render in parallel; the result keeps the plan's order.
struct SiteRenderer: Sendable {
    let site: Site
    let theme: Theme
    /// The last build's search word table, for the shards to patch (a rebuild's cache gives it).
    var searchWords: (any SearchWordMemory)?

    /// One planned file's output: the file of its path, and for one that makes more than its path
    /// (`PlannedFile.writesOnlyItsPath`), the others. Which files it no longer makes only this says.
    struct Rendered: Sendable {
        var planned: PlannedFile
        var outputs: [OutputFile]
    }

    /// Renders every planned file and hands the results to `deliver` a chunk at a time, as chunks
    /// finish (on the caller's task, one chunk at a time). At most a few chunks are in flight, so a
    /// 100k-link site never holds its whole output (over a gigabyte) in memory; each file is complete
    /// and independent, so the order of delivery does not change the output.
    func render(
        _ plan: [PlannedFile], itemCache: LinkItemCache? = nil, deliver: ([Rendered]) throws -> Void
    ) async throws {
        try await render(plan, itemCache: itemCache, store: nil, deliver: deliver)
    }

    /// Renders every planned file and has the render tasks themselves `store` each chunk, in
    /// parallel: writing (or comparing with an existing output) is as much work as rendering.
    ///
    /// `later`, when given, is run while the files of `plan` render and returns more files to render,
    /// with the last build's parts they may copy (a rebuild fingerprints the site and works out which
    /// pages it can skip while the files it never skips and that keep no parts are made).
    func renderAndStore(
        _ plan: [PlannedFile], itemCache: LinkItemCache? = nil, later: (() async -> Later)? = nil,
        store: @escaping @Sendable ([OutputFile]) throws -> Void
    ) async throws {
        try await render(plan, itemCache: itemCache, later: later, store: Optional(store)) { _ in }
    }

    /// More files to render (see `renderAndStore`), and the last build's parts they may copy.
    struct Later: Sendable {
        var files: [PlannedFile]
        var parts: (any PreviousParts)?
    }

    /// Whether the file never shows a link's cached item: the files made from data, not templates
    /// (feeds, the sitemap, the bookmarks file, links.json, the search index), and pages whose templates
    /// do not read `html` (the default theme's print page).
    func readsNoItems(_ file: PlannedFile, fields: ItemFieldsByTemplate) -> Bool {
        guard let template = htmlTemplate(file) else { return true }
        return !fields[template].html
    }

    private func render(
        _ plan: [PlannedFile], itemCache: LinkItemCache?, later: (() async -> Later)? = nil,
        store storeFiles: (@Sendable ([OutputFile]) throws -> Void)?, deliver: ([Rendered]) throws -> Void
    ) async throws {
        let workers = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        let fields = ItemFieldsByTemplate(theme: theme)
        // The links whose items the files show, rendered first (all of them unless a few pages are asked for).
        func items(for plan: [PlannedFile], parts: (any PreviousParts)?) async throws -> LinkItemCache? {
            if let itemCache { return itemCache }
            if plan.allSatisfy({ readsNoItems($0, fields: fields) }) { return nil }
            return try await LinkItemCache.render(
                site: site, theme: theme, only: linksShown(by: plan, fields: fields, parts: parts))
        }
        typealias Chunk = (files: ArraySlice<PlannedFile>, items: LinkItemCache?, parts: (any PreviousParts)?)
        let firstItems = try await items(for: plan, parts: nil)
        var queue = chunks(plan, workers: workers).map { Chunk($0, firstItems, nil) }[...]
        // What every page shares (the tags' and categories' references, the navigation), made once.
        let shared = TemplateContext(site: site)
        try await withThrowingTaskGroup(of: [Rendered].self) { group in
            func startNext() {
                guard let (chunk, itemCache, parts) = queue.popFirst() else { return }
                group.addTask {
                    var context = shared
                    context.itemCache = itemCache
                    context.previousParts = parts
                    // Built by the chunk that holds the search files, once for all of them.
                    var search = SearchFiles()
                    var files: [Rendered] = []
                    files.reserveCapacity(chunk.count)
                    for file in chunk {
                        var context = context
                        context.itemFields = fields[htmlTemplate(file)]
                        let outputs = try render(file, context: context, search: &search)
                        files.append(Rendered(planned: file, outputs: outputs))
                    }
                    return try store(files)
                }
            }
            // Stores a task's files itself when the caller asked for it, else hands them back.
            @Sendable func store(_ files: [Rendered]) throws -> [Rendered] {
                guard let storeFiles else { return files }
                try storeFiles(files.flatMap(\.outputs))
                return []
            }
            if let later {
                // `later` (a rebuild's fingerprints) gets a core of its own: behind files that each take
                // a core for a tenth of a second, it would wait for them, and the pages it returns
                // would render last.
                for _ in 0..<max(workers - 1, 1) { startNext() }
                let more = await later()
                let cache = try await items(for: more.files, parts: more.parts)
                queue += chunks(more.files, workers: workers).map { Chunk($0, cache, more.parts) }
            }
            for _ in 0..<(workers * 2) { startNext() }
            while let files = try await group.next() {
                startNext()
                try deliver(files)
            }
        }
    }

    /// The large files (`PlannedFile.isLarge`: the print page, links.json, the search index, the
    /// bookmarks file…) are each as much work as hundreds of pages: each gets a task of its own and
    /// comes first, so they run beside the pages instead of last, on one core. The search index and its
    /// script share a task, which writes the index once.
    static func isSearchIndex(_ file: PlannedFile) -> Bool {
        [.searchIndex, .searchIndexScript].contains(file.kind)
    }

    /// About how heavy a large file is: the search shards most, links.json and the print page a few
    /// times what the bookmarks file does, and the others (archive years, feeds, the sitemap) less again.
    private static func weight(_ file: PlannedFile) -> Int {
        switch file.kind {
        case .searchShards: 3
        case .linksJSON, .print, .searchIndex: 2
        case .bookmarks: 1
        default: 0
        }
    }

    private func chunks(_ plan: [PlannedFile], workers: Int) -> [ArraySlice<PlannedFile>] {
        let searchIndex = plan.filter(Self.isSearchIndex)
        // The heaviest first, so that the last to finish is a short one.
        let others = plan.enumerated().filter { $0.element.isLarge && !Self.isSearchIndex($0.element) }
        let whole =
            (others.map { (files: [$0.element][...], weight: Self.weight($0.element), order: $0.offset) }
            + (searchIndex.isEmpty ? [] : [(files: searchIndex[...], weight: 2, order: -1)]))
            .sorted { ($0.weight, $1.order) > ($1.weight, $0.order) }.map(\.files)
        let pages = plan.filter { !$0.isLarge }
        // A few files (a preview's incremental update) go one per task.
        let chunkSize = pages.count <= 256 ? 1 : max(16, pages.count / (workers * 8) + 1)
        return whole
            + stride(from: 0, to: pages.count, by: chunkSize).map { pages[$0..<min($0 + chunkSize, pages.count)] }
    }

    /// One planned file's output. `search` keeps what the search files share (their document, the
    /// index's encoding), made by the first of them that needs it.
    func render(_ file: PlannedFile, context: TemplateContext, search: inout SearchFiles) throws -> [OutputFile] {
        // Only a page that keeps parts has any (`TemplatePart`); the others' lists are plain.
        if let page = htmlPage(file, context: context, keepingParts: keepsParts(file)) {
            var parts: [TemplatePartRange] = []
            let bytes = try theme.render(page.template, page.context, capacity: capacity(file), parts: &parts)
            return [
                OutputFile(
                    path: file.path, contents: bytes, parts: parts.map { LinkPart(link: $0.id, range: $0.range) })
            ]
        }
        switch file.kind {
        case .atomFeed: return [OutputFile(path: file.path, contents: FeedRenderer(context: context).atom())]
        case .jsonFeed: return [OutputFile(path: file.path, contents: try FeedRenderer(context: context).json())]
        case .tagFeed(let id, let json), .categoryFeed(let id, let json):
            let section: FeedRenderer.Section =
                if case .tagFeed = file.kind { .tag(id) } else { .category(id) }
            let feed = FeedRenderer(context: context, section: section)
            return [OutputFile(path: file.path, contents: json ? try feed.json() : feed.atom())]
        case .sitemap(let pages):
            return [OutputFile(path: file.path, contents: SitemapRenderer(context: context).render(pages))]
        case .bookmarks: return [BookmarksRenderer(site: site).file(path: file.path, previous: context.previousParts)]
        case .webManifest: return [OutputFile(path: file.path, contents: context.webManifest())]
        case .linksJSON: return [CollectionDocument.file(context, path: file.path)]
        case .searchIndex: return [search.indexJSON(context, path: file.path)]
        case .searchIndexScript:
            return [search.indexScript(context, path: file.path, jsonPath: PlannedFile.searchIndex)]
        case .searchShards: return try SearchShards(search.document(context), memory: searchWords).files()
        case .asset(let name): return [OutputFile(path: file.path, contents: theme.assets[name] ?? Data())]
        default: preconditionFailure("\(file.kind) is an HTML page")
        }
    }

    /// About how many bytes a page takes: pages that list every link (the print page, the archive's years)
    /// grow to megabytes, and copying them each time they outgrow their buffer was measurable at 100,000
    /// links. Only a guess, which the buffer outgrows when it is wrong; a guess too large costs address
    /// space only, as the pages never written are never mapped.
    private func capacity(_ file: PlannedFile) -> Int {
        switch file.kind {
        case .print: 16_384 + site.links.count * 1_536
        // Every link may be of one year; pages reserved and never written cost no memory.
        case .archiveYear: 16_384 + site.links.count * 1_024
        default: 16_384
        }
    }

    /// The links whose cached item (`html`) the pages of `plan` show; nil for every link. A rebuild that
    /// renders a few pages renders only their items.
    func linksShown(
        by plan: [PlannedFile], fields: ItemFieldsByTemplate, parts: (any PreviousParts)? = nil
    ) -> Set<Int>? {
        var shown = Set<Int>()
        let context = TemplateContext(site: site)
        let pageSize = max(site.config.pageSize, 1)
        func add(_ ids: [Int], page number: Int) {
            shown.formUnion(PageLinks.page(ids, number: number, pageSize: pageSize))
        }
        for file in plan {
            guard !readsNoItems(file, fields: fields) else { continue }
            switch file.kind {
            case .category(let id, let number, _): add(site.categories[id].links, page: number)
            case .tag(let id, let number, _): add(site.tags[id].links, page: number)
            case .link(let id): shown.insert(id)
            case .home:
                let home = context.homeLinks()
                shown.formUnion(home.favorites + home.recent + home.topLevel)
            case .archive:
                guard !context.archiveShowsLinks else { return nil }
                shown.formUnion(site.links.indices.lazy.filter { site.links[$0].date == nil })
            case .archiveYear(let year):
                // A link whose part the last build's page has shows that, not its item.
                let previous = keepsParts(file) ? parts : nil
                shown.formUnion(
                    site.links.indices.lazy.filter {
                        site.links[$0].date?.year == year && previous?.part(of: file.path, link: $0) == nil
                    })
            case .redirect, .notFound, .search, .tagIndex, .tagFeed, .categoryFeed, .save, .webManifest: continue
            case .brokenLinks:
                let broken = PageLinks.broken(site)
                shown.formUnion(broken.dead + broken.moved)
            // The print page, and whatever a theme makes of the rest: every link.
            default: return nil
            }
        }
        return shown
    }

    /// The template an HTML page renders with; nil for the other files.
    func htmlTemplate(_ file: PlannedFile) -> String? {
        switch file.kind {
        case .home: "home"
        case .category: "category"
        case .tagIndex: "tag_index"
        case .tag: "tag"
        case .link: "link"
        case .archive: "archive"
        case .archiveYear: theme.hasTemplate("archive_year") ? "archive_year" : "archive"
        case .search: "search"
        case .print: "print"
        case .notFound: "404"
        case .brokenLinks: "broken"
        case .save: "save"
        case .redirect: "redirect"
        case .webManifest, .atomFeed, .jsonFeed, .tagFeed, .categoryFeed, .sitemap, .bookmarks, .linksJSON,
            .searchIndex,
            .searchIndexScript, .searchShards, .asset:
            nil
        }
    }

    /// Whether an HTML page's links are parts (`PreviousParts`): a page that keeps parts
    /// (`PlannedFile.keepsParts`: the print page, each archive year) while its template is the built-in
    /// one, whose items show only their link — a site's own template may show anything of the page in
    /// an item.
    func keepsParts(_ file: PlannedFile) -> Bool {
        file.keepsParts && (htmlTemplate(file).map(theme.isBuiltIn) ?? false)
    }

    /// The template and data of an HTML page; nil for the other files.
    func htmlPage(
        _ file: PlannedFile, context: TemplateContext, keepingParts: Bool = false
    ) -> (template: String, context: TemplateValue)? {
        guard let template = htmlTemplate(file) else { return nil }
        var context = context
        context.keepsParts = keepingParts
        let value: TemplateValue =
            switch file.kind {
            case .home: context.home()
            case .category(let id, let page, let count): context.category(id, page: page, of: count)
            case .tagIndex: context.tagIndex()
            case .tag(let id, let page, let count): context.tag(id, page: page, of: count)
            case .link(let id): context.linkPage(id)
            case .archive: context.archive()
            case .archiveYear(let year): context.archiveYear(year)
            case .search: context.search()
            case .print: context.printPage()
            case .notFound: context.notFound()
            case .brokenLinks: context.brokenLinks()
            case .save: context.savePage()
            case .redirect(let target, let title): context.redirect(from: file.path, to: target, title: title)
            case .webManifest, .atomFeed, .jsonFeed, .tagFeed, .categoryFeed, .sitemap, .bookmarks, .linksJSON,
                .searchIndex,
                .searchIndexScript, .searchShards, .asset:
                preconditionFailure("\(file.kind) is not an HTML page")
            }
        return (template, value)
    }
}
