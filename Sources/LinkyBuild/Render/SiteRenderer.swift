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

    /// More files to render (see `renderAndStore`), the last build's parts they may copy, and the links
    /// whose items they show but for those parts (`linksShown(by:fields:reusing:)`; nil: every link).
    struct Later: Sendable {
        var files: [PlannedFile]
        var parts: (any PreviousParts)?
        var itemsShown: Set<Int>?
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
        func items(for plan: [PlannedFile], shown: @autoclosure () -> Set<Int>?) async throws -> LinkItemCache? {
            if let itemCache { return itemCache }
            if plan.allSatisfy({ readsNoItems($0, fields: fields) }) { return nil }
            return try await LinkItemCache.render(site: site, theme: theme, only: shown())
        }
        typealias Chunk = (files: ArraySlice<PlannedFile>, items: LinkItemCache?, parts: (any PreviousParts)?)
        let firstItems = try await items(for: plan, shown: linksShown(by: plan, fields: fields))
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
                        let template = htmlTemplate(file)
                        var context = context
                        context.itemFields = fields[template]
                        let outputs = try render(file, template: template, context: context, search: &search)
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
                let cache = try await items(for: more.files, shown: more.itemsShown)
                queue += chunks(more.files, workers: workers).map { Chunk($0, cache, more.parts) }
            }
            for _ in 0..<(workers * 2) { startNext() }
            while let files = try await group.next() {
                startNext()
                try deliver(files)
            }
        }
    }

    /// The most pages one render task renders before it stores them.
    static let maximumChunk = 400

    /// The large files (`PlannedFile.isLarge`: the print page, links.json, the search index, the
    /// bookmarks file…) are each as much work as hundreds of pages: each gets a task of its own and
    /// comes first, heaviest first (`PageKind.renderWeight`), so they run beside the pages instead of
    /// last, on one core. The search index and its script share a task, which writes the index once.
    private func chunks(_ plan: [PlannedFile], workers: Int) -> [ArraySlice<PlannedFile>] {
        let searchIndex = plan.filter { $0.kind.sharesSearchIndex }
        // The heaviest first, so that the last to finish is a short one.
        let others = plan.enumerated().filter { $0.element.isLarge && !$0.element.kind.sharesSearchIndex }
        let whole =
            (others.map { (files: [$0.element][...], weight: $0.element.kind.renderWeight, order: $0.offset) }
            + (searchIndex.isEmpty ? [] : [(files: searchIndex[...], weight: 2, order: -1)]))
            .sorted { ($0.weight, $1.order) > ($1.weight, $0.order) }.map(\.files)
        let pages = plan.filter { !$0.isLarge }
        // A few files (a preview's incremental update) go one per task. A task holds its pages until it
        // stores them, so a task has at most `maximumChunk`: at 100,000 links a sixteenth of the pages
        // was 5,400 a task, and pages waiting to be stored were a third of the build's peak memory
        // (heaptrack: 523 MB of 1.46 GB); at 1,000,000 links, gigabytes.
        let chunkSize = pages.count <= 256 ? 1 : min(max(16, pages.count / (workers * 8) + 1), Self.maximumChunk)
        return whole
            + stride(from: 0, to: pages.count, by: chunkSize).map { pages[$0..<min($0 + chunkSize, pages.count)] }
    }

    /// One planned file's output: an HTML page rendered with its `template`, or a data file's bytes.
    /// `search` keeps what the search files share (their document, the index's encoding), made by the
    /// first of them that needs it.
    func render(
        _ file: PlannedFile, template: String?, context: TemplateContext, search: inout SearchFiles
    ) throws -> [OutputFile] {
        var context = context
        // Only a page that keeps parts has any (`TemplatePart`); the others' lists are plain.
        context.keepsParts = template != nil && keepsParts(file)
        let rendering = PageRendering(path: file.path, context: context, theme: theme, searchWords: searchWords)
        guard let template else { return try file.kind.data(rendering, search: &search) }
        guard let value = file.kind.context(rendering) else {
            preconditionFailure("\(file.path) names the template \(template), and its kind gives no context")
        }
        var parts: [TemplatePartRange] = []
        let bytes = try theme.render(template, value, capacity: file.kind.capacity(site), parts: &parts)
        return [
            OutputFile(path: file.path, contents: bytes, parts: parts.map { LinkPart(link: $0.id, range: $0.range) })
        ]
    }

    /// The links whose cached item (`html`) the pages of `plan` show; nil for every link. A rebuild that
    /// renders a few pages renders only their items, and none of a link whose part of a page it copies
    /// (`reusing`: whether the last build's part of that link in that page is kept).
    func linksShown(
        by plan: [PlannedFile], fields: ItemFieldsByTemplate, reusing: ((PlannedFile, Int) -> Bool)? = nil
    ) -> Set<Int>? {
        var shown = Set<Int>()
        for file in plan where !readsNoItems(file, fields: fields) {
            switch file.kind.linksShown(site) {
            case .none: continue
            case .every: return nil
            case .these(let ids):
                if let reusing {
                    shown.formUnion(ids.lazy.filter { !reusing(file, $0) })
                } else {
                    shown.formUnion(ids)
                }
            }
        }
        return shown
    }

    /// The template an HTML page renders with; nil for the other files.
    func htmlTemplate(_ file: PlannedFile) -> String? { file.kind.template(in: theme) }

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
        let rendering = PageRendering(path: file.path, context: context, theme: theme, searchWords: searchWords)
        return file.kind.context(rendering).map { (template, $0) }
    }
}
