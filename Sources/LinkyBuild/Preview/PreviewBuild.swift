import Foundation
import LinkyModel
import LinkyTheme

/// The site rendered into memory for `linky-site serve`, kept up to date as its files change.
///
/// A change to one link file that keeps the link's category, slug, tags, address and place in the
/// order is patched into the model and re-renders only the pages that show the link (its page, the
/// home page, its categories and tags, the archive, feeds, search index…). Anything else — config,
/// templates, `tags.yml`, files added, removed or renamed, `_index.md`, list files — rebuilds the
/// whole site. After content errors the last good output stays and `diagnostics` say what is wrong.
public struct PreviewBuild: Sendable {
    /// What an update did.
    public enum Update: Sendable, Equatable {
        /// Nothing the site is made from changed (editor temp files, the output folder…).
        case unchanged
        /// These output paths were rendered again from the patched model.
        case incremental([String])
        /// The whole site was rebuilt.
        case full
        /// Only `static/` changed: it is served from disk, so there is nothing to render.
        case staticFiles
        /// The content has errors: the output is the last good one, `diagnostics` say why.
        case failed
    }

    public let options: BuildOptions
    /// Every rendered output file, by its path relative to the output root.
    public internal(set) var files: [String: Data] = [:]
    /// The current problems, sorted; errors mean `files` is the last good output.
    public internal(set) var diagnostics: [Diagnostic] = []
    public var hasErrors: Bool { diagnostics.containsErrors }
    public var siteFolder: URL { options.siteFolder.standardizedFileURL }
    /// The content folder, relative to the site folder (from the last config read).
    public private(set) var contentDir = "links"
    public private(set) var outputDir = "_site"
    /// The path of `base_url` (`/links/` for `https://example.org/links/`): the server answers under it
    /// too, as the published site does, so the 404 page's root-relative links work in the preview.
    public private(set) var basePath = "/"

    var state: State?
    /// Every file each planned file that makes more than its path (`PlannedFile.writesOnlyItsPath`:
    /// the search index, the shards) made when last rendered, by its path: when it is rendered again,
    /// those it no longer makes go (`store`), as a fresh build would not write them.
    var madeBy: [String: Set<String>] = [:]
    /// Files an incremental update left for `renderDeferred()` (`PlannedFile.waitsForReload`).
    var deferred: Set<PlannedFile> = []
    /// Whether `renderDeferred()` has work: the print page, links.json, the search index… are out of date.
    public var hasDeferredFiles: Bool { !deferred.isEmpty }
    /// The one file whose errors an incremental update found; while only it is broken, fixing it is
    /// incremental again.
    var brokenFile: String?

    /// The last good build, with what an incremental update needs to patch it.
    struct State: Sendable {
        var prepared: PreparedBuild
        var site: Site
        var itemCache: LinkItemCache
        /// Content file path → index in `prepared.contentFiles`.
        var fileIndex: [String: Int]
        /// Link file path → id of its link.
        var linkOfFile: [String: Int]
    }

    /// Builds the whole site into memory.
    public init(options: BuildOptions) async {
        self.options = options
        _ = await rebuild()
    }

    /// Rebuilds everything from the files.
    @discardableResult
    public mutating func rebuild() async -> Update {
        var clock = StageClock()
        defer { clock.report() }
        var buildOptions = options
        buildOptions.writeOutput = false
        buildOptions.strict = false
        let prepared = await SiteBuilder().prepare(buildOptions, clock: &clock)
        if let config = prepared.report.site?.config {
            contentDir = config.contentDir
            basePath = config.basePath
            outputDir = config.outputDir
        }
        diagnostics = prepared.report.diagnostics
        brokenFile = nil
        deferred = []
        guard prepared.report.outcome == .success, let site = prepared.site else {
            state = nil
            return .failed
        }
        var rendered: [String: Data] = [:]
        var made: [String: Set<String>] = [:]
        let itemCache: LinkItemCache
        do {
            itemCache = try await LinkItemCache.render(site: site, theme: prepared.theme)
            // Stored as chunks arrive: a big site's output is not held twice.
            try await SiteRenderer(site: site, theme: prepared.theme).render(prepared.plan, itemCache: itemCache) {
                _ = Self.store($0, in: &rendered, madeBy: &made)
            }
        } catch {
            diagnostics.append(
                .error(.outputWriteFailed, at: nil, "rendering failed: \(error)", hint: "fix the template or content"))
            state = nil
            return .failed
        }
        clock.lap("render")
        files = rendered
        madeBy = made
        var fileIndex: [String: Int] = [:]
        for (index, file) in prepared.contentFiles.enumerated() { fileIndex[file.path] = index }
        state = State(
            prepared: prepared, site: site, itemCache: itemCache, fileIndex: fileIndex,
            linkOfFile: Self.linkOfFile(site))
        return .full
    }

    /// Brings the output up to date with the files at `paths` (relative to the site folder; folders
    /// end with `/`), which were created, changed, renamed or deleted.
    public mutating func update(_ paths: Set<String>) async -> Update {
        var content: [String] = []
        var structural = false
        var staticChanged = false
        for path in paths {
            switch PreviewChange.classify(path, contentDir: contentDir) {
            case .ignored: continue
            case .staticFile: staticChanged = true
            case .contentFile: content.append(path)
            case .structural: structural = true
            }
        }
        if !structural, content.isEmpty { return staticChanged ? .staticFiles : .unchanged }
        if !structural, content.count == 1, let update = await patch(content[0]) { return update }
        return await rebuild()
    }

    /// Renders the whole-collection files the last incremental updates left out of date (the print
    /// page, feeds, bookmarks, links.json, the search index) and returns their paths.
    public mutating func renderDeferred() async -> [String] {
        guard let state, !deferred.isEmpty else { return [] }
        let plan = state.prepared.plan.filter { deferred.contains($0) }
        deferred = []
        do {
            return try await render(plan, site: state.site, theme: state.prepared.theme, itemCache: state.itemCache)
        } catch {
            return await rebuild() == .full ? Array(files.keys) : []
        }
    }

    /// Where a link file's page is in the output (nil without a page).
    public func outputPath(ofLinkFile path: String) -> String? {
        guard let state, let id = state.linkOfFile[path], state.site.links[id].hasPage else { return nil }
        return SitePaths(site: state.site).link(id)
    }
}

// MARK: - Incremental update

private extension PreviewBuild {
    /// Re-parses one changed link file and re-renders what shows it; nil when the change is
    /// structural after all (a full rebuild follows).
    mutating func patch(_ path: String) async -> Update? {
        var clock = StageClock()
        defer { clock.report() }
        guard var state, brokenFile == nil || brokenFile == path,
            let fileIndex = state.fileIndex[path], let id = state.linkOfFile[path]
        else { return nil }
        let prepared = state.prepared
        let config = state.site.config
        let loader = SiteLoader(siteFolder: siteFolder)
        let file: SourceFile
        switch loader.read(path) {
        case .success(let read): file = read
        case .failure:
            // Deleted or unreadable: a full rebuild reports it the way `build` does.
            return nil
        }
        let parsed = ContentFileParser(contentDir: config.contentDir, config: config, metadata: prepared.metadata)
            .parse(file)
        var parsedFiles = prepared.parsedFiles
        parsedFiles[fileIndex] = parsed
        let diagnostics = SiteBuilder.deduplicated(
            prepared.otherDiagnostics + parsedFiles.flatMap(\.diagnostics))
        if diagnostics.containsErrors {
            self.diagnostics = diagnostics
            brokenFile = path
            return .failed
        }
        clock.lap("parse")
        let old = prepared.parsedFiles[fileIndex]
        guard parsed.links.count == 1, old.links.count == 1, parsed.categories.isEmpty, old.categories.isEmpty,
            Self.keepsPage(old.links[0], parsed.links[0], includeDrafts: config.includeDrafts),
            old.unknownKeys.map(\.key) == parsed.unknownKeys.map(\.key),
            old.unknownKeys.map(\.location) == parsed.unknownKeys.map(\.location),
            // Warnings about this link from the resolve stage (duplicates, slugs) name its lines.
            !prepared.otherDiagnostics.contains(where: { $0.location?.path == path })
        else { return nil }
        // New tags, or a date that moves the link: the model is resolved again (see `reshape`).
        guard old.links[0].tags.map(\.name) == parsed.links[0].tags.map(\.name) else {
            return await reshape(
                state, file: file, fileIndex: fileIndex, parsedFiles: parsedFiles, diagnostics: diagnostics,
                editedID: id)
        }

        let before = state.site.links[id]
        let resolver = SiteResolver(config: config, metadata: prepared.metadata)
        let after = resolver.resolvedLink(
            parsed.links[0], id: id, slug: before.slug, category: before.category, tags: before.tags)
        var site = state.site
        site.links[id] = after
        guard after.hasPage == before.hasPage, site.newestDate == state.site.newestDate else { return nil }
        guard
            id == 0 || SiteResolver.precedes(SiteResolver.orderKey(site.links[id - 1]), SiteResolver.orderKey(after)),
            id == site.links.count - 1
                || SiteResolver.precedes(SiteResolver.orderKey(after), SiteResolver.orderKey(site.links[id + 1]))
        else {
            return await reshape(
                state, file: file, fileIndex: fileIndex, parsedFiles: parsedFiles, diagnostics: diagnostics,
                editedID: id)
        }

        clock.lap("patch")
        // A failure to render falls back to the full rebuild, which reports it.
        guard let itemCache = try? state.itemCache.replacing(id, site: site, theme: prepared.theme) else { return nil }
        let (affected, later) = Self.affected(by: before, after, in: site, plan: prepared.plan)
        clock.lap("item+affected(\(affected.count))")
        let rendered: [String]
        do {
            rendered = try await render(affected, site: site, theme: prepared.theme, itemCache: itemCache)
        } catch {
            return nil
        }
        clock.lap("render")
        var contentFiles = prepared.contentFiles
        contentFiles[fileIndex] = file
        state.prepared.contentFiles = contentFiles
        state.prepared.parsedFiles = parsedFiles
        state.site = site
        state.itemCache = itemCache
        self.state = state
        self.diagnostics = diagnostics
        brokenFile = nil
        deferred.formUnion(later)
        return .incremental(rendered)
    }

    /// The link keeps its page: its category, slug, address, aliases and draft state.
    static func keepsPage(_ old: ParsedLink, _ new: ParsedLink, includeDrafts: Bool) -> Bool {
        old.categoryKey == new.categoryKey && old.slugName == new.slugName
            && old.url.comparisonKey == new.url.comparisonKey && (includeDrafts || (!old.draft && !new.draft))
            && old.source == new.source && old.sourceOrder == new.sourceOrder && old.aliases == new.aliases
            && (old.note == nil) == (new.note == nil)
    }

    /// Every planned file that shows the link, before or after the change: the pages around it
    /// first, then the files that wait for the reload (`PlannedFile.waitsForReload`: seconds of work on
    /// a big site), which `renderDeferred()` brings up to date after it.
    static func affected(
        by before: Link, _ after: Link, in site: Site, plan: [PlannedFile]
    ) -> (now: [PlannedFile], later: [PlannedFile]) {
        // The link keeps its place in every list, so one page of its category and of each tag shows it.
        let pageSize = max(site.config.pageSize, 1)
        func page(_ links: [Int]) -> Int? { links.firstIndex(of: after.id).map { $0 / pageSize + 1 } }
        var categoryPages: [Int: Int] = [:]
        var category: Int? = after.category
        while let current = category {
            if let number = page(site.categories[current].links) { categoryPages[current] = number }
            category = site.categories[current].parent
        }
        var tagPages: [Int: Int] = [:]
        for tag in Set(before.tags + after.tags) {
            if let number = page(site.tags[tag].links) { tagPages[tag] = number }
        }
        let years = Set([before.date?.year, after.date?.year].compactMap { $0 })
        var now: [PlannedFile] = []
        var later: [PlannedFile] = []
        for file in plan {
            switch file.kind {
            case .home, .archive: now.append(file)
            case .category(let id, let number, _) where categoryPages[id] == number: now.append(file)
            case .tag(let id, let number, _) where tagPages[id] == number: now.append(file)
            case .link(let id) where id == after.id: now.append(file)
            case .archiveYear(let year) where years.contains(year): now.append(file)
            // The link keeps its page, so every address stays: the sitemap is as it was.
            case _ where file.waitsForReload && file.inputs != .pageAddresses: later.append(file)
            // The tag index and search page show no link's details; the rest are other pages.
            default: continue
            }
        }
        return (now, later)
    }
}
