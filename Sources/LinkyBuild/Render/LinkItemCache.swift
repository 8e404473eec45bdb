import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTheme

/// Every link's `partials/link_item`, rendered once with a stand-in for `root` that each page
/// replaces with its own.
///
/// A link appears on its category page, its tag pages, the archive and the home page; rendering
/// the partial for each appearance was most of a large build's time (swift-mustache spends about
/// 2.5 µs per name it looks up). Pages put the result in with `{{{html}}}`.
struct LinkItemCache: Sendable {
    /// Stands for `{{root}}` while rendering; no text in an item can contain it (control characters
    /// are refused in URLs and YAML, and removed from list-file text).
    static let rootMarker = "\u{1}"

    /// Each rendering split at the root marker, so a page joins the parts with its own root.
    private let parts: [[Substring]]

    /// Every link's item, or those of `only`: reading another's is a programming error.
    static func render(site: Site, theme: Theme, only: Set<Int>? = nil) async throws -> LinkItemCache {
        let workers = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        let ids = only.map { $0.sorted() } ?? Array(site.links.indices)
        let chunkSize = max(64, ids.count / (workers * 4) + 1)
        let chunks = stride(from: 0, to: ids.count, by: chunkSize).map { ids[$0..<min($0 + chunkSize, ids.count)] }
        let rendered = try await withThrowingTaskGroup(of: (Int, [[Substring]]).self) { group in
            for (index, chunk) in chunks.enumerated() {
                group.addTask {
                    let context = TemplateContext(site: site).marked()
                    return (index, try chunk.map { LinkItemCache.split(try context.renderItem($0, theme: theme)) })
                }
            }
            var rendered = [[[Substring]]](repeating: [], count: chunks.count)
            for try await (index, parts) in group { rendered[index] = parts }
            return rendered.flatMap { $0 }
        }
        guard only != nil else { return LinkItemCache(parts: rendered) }
        var parts = [[Substring]](repeating: [], count: site.links.count)
        for (id, item) in zip(ids, rendered) { parts[id] = item }
        return LinkItemCache(parts: parts)
    }

    /// An item's HTML cut at each root marker. The marker is one ASCII byte, a grapheme cluster of its
    /// own, so cutting the UTF-8 bytes gives what cutting the characters would, without grapheme breaking.
    static func split(_ html: String) -> [Substring] {
        html.utf8.split(separator: 1, omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The cache with one link's item rendered again, after an incremental update changed it.
    func replacing(_ id: Int, site: Site, theme: Theme) throws -> LinkItemCache {
        var parts = parts
        parts[id] = Self.split(try TemplateContext(site: site).marked().renderItem(id, theme: theme))
        return LinkItemCache(parts: parts)
    }

    /// The cache for a site whose links were reordered: `previousIDs[id]` is where link `id` was.
    func reordered(_ previousIDs: [Int]) -> LinkItemCache {
        LinkItemCache(parts: previousIDs.map { parts[$0] })
    }

    func html(_ id: Int, root: String) -> String {
        let parts = parts[id]
        precondition(!parts.isEmpty, "link \(id)'s item was not rendered")
        var html = String(parts[0])
        guard parts.count > 1 else { return html }
        html.reserveCapacity(parts.reduce(0) { $0 + $1.utf8.count } + root.utf8.count * (parts.count - 1))
        for part in parts.dropFirst() {
            html += root
            html += part
        }
        return html
    }
}

extension TemplateContext {
    /// This context with `root` replaced by the cache's marker.
    func marked() -> TemplateContext {
        var copy = at(SitePaths.home)
        copy.overrideRoot(LinkItemCache.rootMarker)
        return copy
    }

    /// The item plus what the partial may read from its page: `site`, `t`, `root`.
    func renderItem(_ id: Int, theme: Theme) throws -> String {
        String(decoding: try theme.render("partials/link_item", cachedItem(id)), as: UTF8.self)
    }

    /// What the cache renders `partials/link_item` with.
    func cachedItem(_ id: Int) -> TemplateValue {
        var item = linkItemMap(id)
        item["site"] = .map(siteInfo)
        return .map(item)
    }
}
