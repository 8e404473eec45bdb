import Foundation
import LinkyModel

// MARK: - Incremental update that moves a link

extension PreviewBuild {
    /// One link file changed its tags or its date (so its place in the lists), and keeps its page:
    /// the parsed files (with this one parsed again) are resolved and planned again, and only the
    /// pages whose content differs are rendered: a new tag's pages, the tag index, every page of a
    /// tag the link joined or left, the pages of its category and tags between its old and new place,
    /// the archive years of both dates. Anything that would change other pages as well — a tag's
    /// name or address, a new newest date, other diagnostics — returns nil: a full rebuild follows.
    mutating func reshape(
        _ state: State, file: SourceFile, fileIndex: Int, parsedFiles: [ParsedContent], diagnostics: [Diagnostic],
        editedID: Int
    ) async -> Update? {
        var clock = StageClock()
        defer { clock.report() }
        let prepared = state.prepared
        let old = state.site
        let config = old.config
        var content = ParsedContent()
        for part in parsedFiles { content.append(part) }
        let (site, resolveDiagnostics) = SiteResolver(config: config, metadata: prepared.metadata).resolve(
            content, folders: prepared.folders, tagDefinitions: prepared.tagDefinitions)
        let (plan, planDiagnostics) = PagePlanner(site: site, assetNames: Array(prepared.theme.assets.keys))
            .planWithRedirects()
        clock.lap("resolve+plan")
        guard resolveDiagnostics + planDiagnostics == prepared.shapeDiagnostics, site.newestDate == old.newestDate,
            site.links.count == old.links.count, site.categories.map(\.slugPath) == old.categories.map(\.slugPath),
            Self.tagsKeepTheirNames(old, site)
        else { return nil }

        // Links by where they are written, to follow each from its old id to its new one.
        let editedKey = Self.linkKey(old.links[editedID])
        var oldID: [String: Int] = [:]
        for link in old.links { oldID[Self.linkKey(link)] = link.id }
        guard let newEditedID = site.links.firstIndex(where: { Self.linkKey($0) == editedKey }) else { return nil }
        let previousIDs = site.links.map { oldID[Self.linkKey($0)] }
        guard !previousIDs.contains(nil) else { return nil }
        let itemCache: LinkItemCache
        do {
            itemCache = try state.itemCache.reordered(previousIDs.map { $0! }).replacing(
                newEditedID, site: site, theme: prepared.theme)
        } catch {
            return nil
        }
        clock.lap("items")

        let before = Self.signatures(old, plan: prepared.plan)
        let after = Self.signatures(site, plan: plan)
        let years = Set([old.links[editedID].date?.year, site.links[newEditedID].date?.year].compactMap { $0 })
        var now: [PlannedFile] = []
        var later: [PlannedFile] = []
        for file in plan {
            switch file.kind {
            case .home, .archive, .tagIndex, .search: now.append(file)
            case .archiveYear(let year) where years.contains(year): now.append(file)
            case .link(let id) where id == newEditedID: now.append(file)
            case .category, .tag, .redirect:
                if before[file.path] != after[file.path] || Self.shows(newEditedID, file, in: site) {
                    now.append(file)
                }
            case _ where file.waitsForReload: later.append(file)
            default: continue
            }
        }
        let kept = Set(plan.map(\.path))
        let removed = prepared.plan.map(\.path).filter { !kept.contains($0) }
        clock.lap("affected(\(now.count))")
        let rendered: [String]
        do {
            rendered = try await render(now, site: site, theme: prepared.theme, itemCache: itemCache)
        } catch {
            return nil
        }
        clock.lap("render")
        let gone = remove(removed)
        var next = state
        next.prepared.contentFiles[fileIndex] = file
        next.prepared.parsedFiles = parsedFiles
        next.prepared.plan = plan
        next.site = site
        next.itemCache = itemCache
        next.linkOfFile = Self.linkOfFile(site)
        self.state = next
        self.diagnostics = diagnostics
        brokenFile = nil
        // Whole-collection files of the old plan that the new one drops (none today) are removed above,
        // with the files they made besides their path.
        deferred = Set(deferred.filter { kept.contains($0.path) }.map { Self.replanned($0, in: plan) }).union(later)
        return .incremental(Set(rendered + gone).sorted())
    }
}

// MARK: - Helpers

extension PreviewBuild {
    /// Content file path → id of the first link it holds (a link file's only one).
    static func linkOfFile(_ site: Site) -> [String: Int] {
        var result: [String: Int] = [:]
        for link in site.links where link.sourceOrder == 0 { result[link.source.path] = link.id }
        return result
    }

    /// Where a link is written: the same link before and after an update.
    static func linkKey(_ link: Link) -> String {
        "\(link.source.path)#\(link.sourceOrder)"
    }

    /// Every tag that exists before and after keeps its name, slug, description and parent.
    static func tagsKeepTheirNames(_ old: Site, _ new: Site) -> Bool {
        let before = Dictionary(uniqueKeysWithValues: old.tags.map { ($0.key, $0) })
        for tag in new.tags {
            guard let previous = before[tag.key] else { continue }
            guard previous.name == tag.name, previous.slug == tag.slug, previous.description == tag.description,
                previous.parent.map({ old.tags[$0].key }) == tag.parent.map({ new.tags[$0].key }),
                previous.aliases == tag.aliases
            else { return false }
        }
        return true
    }

    /// What a category or tag page, or a redirect, shows, in terms that survive a change of ids.
    static func signatures(_ site: Site, plan: [PlannedFile]) -> [String: [String]] {
        let pageSize = max(site.config.pageSize, 1)
        func slice(_ links: [Int], _ page: Int) -> [String] {
            let start = (page - 1) * pageSize
            guard start < links.count else { return [] }
            return links[start..<min(start + pageSize, links.count)].map { linkKey(site.links[$0]) }
        }
        var result: [String: [String]] = [:]
        for file in plan {
            switch file.kind {
            case .category(let id, let page, let count):
                let category = site.categories[id]
                result[file.path] =
                    ["\(page)/\(count)/\(category.links.count)/\(category.totalCount)"]
                    + slice(category.links, page)
            case .tag(let id, let page, let count):
                let tag = site.tags[id]
                let related = tag.children.map { site.tags[$0].key } + [tag.parent.map { site.tags[$0].key } ?? ""]
                result[file.path] =
                    ["\(tag.key)/\(page)/\(count)/\(tag.links.count)"] + related + slice(tag.links, page)
            case .redirect(let target, let title): result[file.path] = [target, title]
            default: continue
            }
        }
        return result
    }

    /// Whether a category or tag page lists the link (whose item changed).
    static func shows(_ id: Int, _ file: PlannedFile, in site: Site) -> Bool {
        let pageSize = max(site.config.pageSize, 1)
        func onPage(_ links: [Int], _ page: Int) -> Bool {
            guard let index = links.firstIndex(of: id) else { return false }
            return index / pageSize + 1 == page
        }
        switch file.kind {
        case .category(let category, let page, _): return onPage(site.categories[category].links, page)
        case .tag(let tag, let page, _): return onPage(site.tags[tag].links, page)
        default: return false
        }
    }

    /// A deferred file as the new plan has it (a sitemap's list of pages changes with the plan).
    static func replanned(_ file: PlannedFile, in plan: [PlannedFile]) -> PlannedFile {
        plan.first { $0.path == file.path } ?? file
    }
}
