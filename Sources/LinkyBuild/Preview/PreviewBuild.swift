import Foundation
import LinkyModel
import LinkyTheme

/// The site rendered into memory for `linky-site serve`, kept up to date as its files change.
///
/// An update runs the build's own stages (`SiteBuilder.prepare`): files whose stamp did not change
/// keep their parse (`ParseMemory`), and of the planned files only those whose fingerprint changed
/// (`PageFingerprints`, from what each page is made of: `PlannedFile.inputs`) are rendered again, as a
/// rebuild into an output does. The files made from every link (the print page, feeds, links.json, the
/// search index: `PlannedFile.waitsForReload`) are left for `renderDeferred()`, after the reload. After
/// content errors the last good output stays and `diagnostics` say what is wrong.
public struct PreviewBuild: Sendable {
    /// What an update did.
    public enum Update: Sendable, Equatable {
        /// Nothing the site is made from changed (editor temp files, the output folder…).
        case unchanged
        /// These output paths were rendered again (or removed).
        case incremental([String])
        /// The whole site was rendered again: what every page shows changed (settings, the theme, a
        /// category or tag, the newest date…), or there was no good build to start from.
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

    /// The last good build.
    var state: State?
    /// Every content file's parse, under the stamp it had when read.
    var parses = ParseMemory()
    /// What the last preparation read of git history: the next reads only the commits after it.
    var history: HistoryDates?
    /// The search word table the last render of the shards made, for the next to patch.
    let searchWords = SearchWordStore()
    /// Every file each planned file that makes more than its path (`PlannedFile.writesOnlyItsPath`:
    /// the search shards) made when last rendered, by its path: when it is rendered again, those it no
    /// longer makes go (`store`), as a fresh build would not write them.
    var madeBy: [String: Set<String>] = [:]
    /// Paths of planned files an update left for `renderDeferred()` (`PlannedFile.waitsForReload`).
    var deferred: Set<String> = []
    /// Whether `renderDeferred()` has work: the print page, links.json, the search index… are out of date.
    public var hasDeferredFiles: Bool { !deferred.isEmpty }

    /// The last good build: what it rendered, and from what.
    struct State: Sendable {
        var site: Site
        var theme: Theme
        var plan: [PlannedFile]
        /// The site's shape and each planned file's fingerprint (nil: always rendered), by path.
        var shape: Fingerprint
        var fingerprints: [String: Fingerprint?]
        /// Link file path → id of its link.
        var linkOfFile: [String: Int]
    }

    /// Builds the whole site into memory.
    public init(options: BuildOptions) async {
        self.options = options
        _ = await refresh()
    }

    /// Builds everything from the files again, reusing nothing.
    @discardableResult
    public mutating func rebuild() async -> Update {
        state = nil
        parses = ParseMemory()
        return await refresh()
    }

    /// Brings the output up to date with the files at `paths` (relative to the site folder; folders
    /// end with `/`), which were created, changed, renamed or deleted.
    public mutating func update(_ paths: Set<String>) async -> Update {
        var changed = false
        var staticChanged = false
        for path in paths {
            switch PreviewChange.classify(path, contentDir: contentDir) {
            case .ignored: continue
            case .staticFile: staticChanged = true
            case .contentFile: changed = true
            case .structural:
                changed = true
                // The settings and `metadata.json` are part of every parse.
                if PreviewChange.changesParses(path) { parses = ParseMemory() }
            }
        }
        guard changed else { return staticChanged ? .staticFiles : .unchanged }
        return await refresh()
    }

    /// Renders the files the last updates left out of date (the print page, feeds, bookmarks,
    /// links.json, the search index) and returns every path that changed.
    public mutating func renderDeferred() async -> [String] {
        guard let state, !deferred.isEmpty else { return [] }
        let plan = state.plan.filter { deferred.contains($0.path) }
        deferred = []
        do {
            return try await render(plan, site: state.site, theme: state.theme)
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

// MARK: - Updating

private extension PreviewBuild {
    /// load → parse → resolve → plan, then renders what changed since the last good build.
    mutating func refresh() async -> Update {
        var clock = StageClock()
        defer { clock.report() }
        var buildOptions = options
        buildOptions.writeOutput = false
        buildOptions.strict = false
        let started = FileStamp.now()
        let prepared = await SiteBuilder().prepare(buildOptions, reusing: parses, history: history)
        history = prepared.history
        clock.lap("prepare")
        parses = ParseMemory(prepared.sources, prepared.parses, settledBefore: started)
        if let config = prepared.report.site?.config {
            contentDir = config.contentDir
            basePath = config.basePath
            outputDir = config.outputDir
        }
        diagnostics = prepared.report.diagnostics
        guard prepared.report.outcome == .success, let site = prepared.site else { return .failed }

        let fingerprints = await PageFingerprints(site: site, theme: prepared.theme)
        var planned: [String: Fingerprint?] = [:]
        planned.reserveCapacity(prepared.plan.count)
        for file in prepared.plan { planned[file.path] = fingerprints.fingerprint(file) }
        clock.lap("fingerprints")
        let previous = state.flatMap { $0.shape == fingerprints.site ? $0 : nil }
        var now: [PlannedFile] = []
        var later: [PlannedFile] = []
        for file in prepared.plan {
            // Unchanged: it was rendered with this fingerprint, and is not left for later.
            if let previous, let fingerprint = planned[file.path]!, previous.fingerprints[file.path] == fingerprint,
                !deferred.contains(file.path)
            {
                continue
            }
            if previous != nil, file.waitsForReload { later.append(file) } else { now.append(file) }
        }
        let kept = Set(prepared.plan.map(\.path))
        let removed = (state?.plan ?? []).map(\.path).filter { !kept.contains($0) }
        let rendered: [String]
        do {
            rendered = try await render(now, site: site, theme: prepared.theme)
        } catch {
            diagnostics.append(
                .error(.outputWriteFailed, at: nil, "rendering failed: \(error)", hint: "fix the template or content"))
            return .failed
        }
        clock.lap("render(\(now.count))")
        let gone = remove(removed)
        if previous == nil {
            // Everything was rendered: whatever the last build made and this one did not goes.
            let made = Set(madeBy.values.joined()).union(prepared.plan.map(\.path))
            for path in files.keys where !made.contains(path) { files[path] = nil }
        }
        deferred = Set(later.map(\.path))
        state = State(
            site: site, theme: prepared.theme, plan: prepared.plan, shape: fingerprints.site, fingerprints: planned,
            linkOfFile: Self.linkOfFile(site))
        return previous == nil ? .full : .incremental(Set(rendered + gone).sorted())
    }

    /// Content file path → id of the first link it holds (a link file's only one).
    static func linkOfFile(_ site: Site) -> [String: Int] {
        var result: [String: Int] = [:]
        for link in site.links where link.sourceOrder == 0 { result[link.source.path] = link.id }
        return result
    }
}
