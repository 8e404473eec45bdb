import Foundation
import LinkyModel
import LinkyTheme

/// The render stage: every planned file to bytes, HTML through the theme's templates, data through
/// `Codable`. Pages render in parallel; the result keeps the plan's order.
struct SiteRenderer: Sendable {
    let site: Site
    let theme: Theme

    /// Renders every planned file and hands the results to `deliver` a chunk at a time, as chunks
    /// finish. At most a few chunks are in flight, so a 100k-link site never holds its whole output
    /// (over a gigabyte) in memory; each file is complete and independent, so the order of delivery
    /// does not change the output.
    func render(
        _ plan: [PlannedFile], itemCache: LinkItemCache? = nil, deliver: ([OutputFile]) throws -> Void
    ) async throws {
        let workers = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        // A few files (a preview's incremental update) go one per task, so the large ones — the
        // print page, links.json, the search index — render side by side rather than in one chunk.
        let chunkSize = plan.count <= 256 ? 1 : max(16, plan.count / (workers * 8) + 1)
        let chunks = stride(from: 0, to: plan.count, by: chunkSize).map { plan[$0..<min($0 + chunkSize, plan.count)] }
        var cache = itemCache
        if cache == nil { cache = await LinkItemCache.render(site: site, theme: theme) }
        let itemCache = cache
        try await withThrowingTaskGroup(of: [OutputFile].self) { group in
            var next = chunks.makeIterator()
            func startNext() {
                guard let chunk = next.next() else { return }
                group.addTask {
                    var context = TemplateContext(site: site)
                    context.itemCache = itemCache
                    return try chunk.flatMap { try render($0, context: context) }
                }
            }
            for _ in 0..<(workers * 2) { startNext() }
            while let files = try await group.next() {
                startNext()
                try deliver(files)
            }
        }
    }

    func render(_ file: PlannedFile, context: TemplateContext) throws -> [OutputFile] {
        let data: Data
        switch file.kind {
        case .home: data = html("home", context.home())
        case .category(let id, let page, let count):
            data = html("category", context.category(id, page: page, of: count))
        case .tagIndex: data = html("tag_index", context.tagIndex())
        case .tag(let id, let page, let count): data = html("tag", context.tag(id, page: page, of: count))
        case .link(let id): data = html("link", context.linkPage(id))
        case .archive: data = html("archive", context.archive())
        case .archiveYear(let year):
            data = html(theme.hasTemplate("archive_year") ? "archive_year" : "archive", context.archiveYear(year))
        case .search: data = html("search", context.search())
        case .print: data = html("print", context.printPage())
        case .notFound: data = html("404", context.notFound())
        case .atomFeed: data = FeedRenderer(context: context).atom()
        case .jsonFeed: data = try FeedRenderer(context: context).json()
        case .sitemap(let pages): data = sitemap(pages, context)
        case .bookmarks: data = BookmarksRenderer(site: site).render()
        case .linksJSON: data = try DataEncoding.json(CollectionDocument(context))
        case .searchIndex:
            // The same object for file://, where browsers refuse to fetch JSON: one encoding, two files.
            let json = try DataEncoding.json(SearchIndexDocument(context), pretty: false)
            var script = Data("window.LINKY_SEARCH_INDEX = ".utf8)
            script.append(json.dropLast())
            script.append(Data(";\n".utf8))
            return [OutputFile(path: file.path, contents: json), OutputFile(path: "search-index.js", contents: script)]
        case .searchShards: return try SearchShards(SearchIndexDocument(context)).files()
        case .asset(let name): data = theme.assets[name] ?? Data()
        }
        return [OutputFile(path: file.path, contents: data)]
    }

    private func html(_ template: String, _ context: [String: Any]) -> Data {
        Data(theme.render(template, context).utf8)
    }

    private func sitemap(_ pages: [String], _ context: TemplateContext) -> Data {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in pages {
            let location = context.absolute(path) ?? context.href(path)
            xml += "  <url><loc>\(location.xmlEscaped)</loc></url>\n"
        }
        xml += "</urlset>\n"
        return Data(xml.utf8)
    }
}
