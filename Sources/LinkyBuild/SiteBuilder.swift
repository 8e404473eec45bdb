import Foundation
import LinkyModel
import LinkyTheme

/// The whole pipeline: load → parse → resolve → plan → render → write, each stage a function from
/// values to values (in `SiteBuilder+Stages.swift`). Incremental work is beside it: a `BuildCache`
/// that the stages are handed and that a build without one (`--no-cache`, `check`) does not have.
public struct SiteBuilder: Sendable {
    public init() {}

    /// How many content files a build may have and keep their texts and parses through the render.
    static let releasesParsesPast = 50_000

    public func build(_ options: BuildOptions) async -> BuildReport {
        var clock = StageClock()
        defer { clock.report() }
        let loader = SiteLoader(siteFolder: options.siteFolder)
        async let theme = Self.loadTheme(loader.siteFolder)  // load: the theme, meanwhile
        var settings = Self.loadSettings(options, loader: loader)  // load + parse: linky.yml, tags.yml
        let lock: TakenOutput?
        switch Self.takeOutput(settings, options) {  // write: the output is this build's alone
        case .success(let taken): lock = taken
        case .failure(let refused): return refused.report
        }
        var cache = Self.cache(settings, options)  // the last build's state, or nil
        if !options.pdf { cache?.lookAtOutput() }  // meanwhile, as the content loads and the site resolves
        let (settingsNow, cacheNow) = (settings, cache)
        async let pictures = Self.loadPictures(settingsNow, loader: loader, cache: cacheNow)  // load, meanwhile
        // load, meanwhile: git history, from where the last build left it
        async let history = Self.readHistory(settingsNow, storedBeside: cacheNow == nil ? nil : settingsNow.output)
        var parsed: Parsed
        do {  // the texts read go with `loaded`, once parsed
            let loaded = await Self.loadContent(settings, loader: loader, cache: &cache)  // load
            parsed = await Self.parse(loaded, settings, loader: loader, reusing: cache?.parses)  // parse
        }
        if parsed.sources.count > Self.releasesParsesPast { FreedMemory.giveBack() }
        cache?.keepParses(parsed.sources, parsed.files)
        let staticFiles = parsed.staticFiles
        clock.lap("load+parse")
        let dates = await history
        Self.date(&parsed, dates)  // date: what history says of the links no file dates
        clock.lap("date")
        (settings.pictures, settings.diagnostics) = await (pictures.index, settings.diagnostics + pictures.diagnostics)
        let resolved = Self.resolve(parsed, settings, history: dates.dates)  // resolve
        clock.lap("resolve")
        let planned = Self.plan(  // plan
            resolved, await theme, settings, comparing: options.writeOutput, previous: cache?.previousOutput)
        clock.lap("plan")
        var report = Self.report(settings, parsed, resolved, planned, options)
        report.finishedInterruptedUpdate = lock?.finishedInterruptedUpdate ?? false
        let contentFiles = parsed.sources.count
        if report.outcome == .success, options.writeOutput, let site = resolved.site {
            // A large collection's parses go before the render, which needs none (the site holds what it
            // shows; the texts went after the parse): at a million links they were 1.2 GB of the peak with
            // the texts. Freed on a task of
            // their own, beside the render. A smaller one keeps them to the end, as freeing them is work
            // its build would wait for (a tenth of a 10k site's one-file rebuild, freed in line).
            if contentFiles > Self.releasesParsesPast {
                let released = ReleasedParses(parsed)
                parsed = Parsed(
                    sources: [], files: [], filesRead: 0, folders: [], staticFiles: [], diagnostics: [])
                Task.detached(priority: .utility) { released.drop() }
            }
            report = await Self.renderAndWrite(  // render → write
                planned, site: site, staticFiles: staticFiles, settings, options, cache: cache, report)
            clock.lap("render+write")
            clock.note(
                "\(report.filesParsed) of \(contentFiles) content files parsed, "
                    + "\(report.filesSkipped) of \(planned.files.count) planned files skipped")
        }
        await cache?.finish()
        report.workingSet = (parsed, planned, cache)
        return Self.release(lock, after: report)
    }

    /// load → parse → resolve → plan, as `build` does them, for what renders in memory (`serve`'s
    /// preview, tests): no output is taken, and nothing is left beside one. `reusing` gives the parses
    /// of files that have not changed since the caller last prepared.
    /// `history` is what the caller's last preparation read of git history.
    func prepare(
        _ options: BuildOptions, reusing parses: (any ParseReuse)? = nil, history previous: HistoryDates? = nil
    ) async -> PreparedBuild {
        let loader = SiteLoader(siteFolder: options.siteFolder)
        async let theme = Self.loadTheme(loader.siteFolder)
        var settings = Self.loadSettings(options, loader: loader)
        let settingsNow = settings
        async let pictures = Self.loadPictures(settingsNow, loader: loader, cache: nil)
        async let history = Self.readHistory(settingsNow, previous: previous)
        let loaded = await Self.loadContent(settings, loader: loader, stamping: parses != nil, reusing: parses)
        let unchanged = await Self.parse(loaded, settings, loader: loader, reusing: parses)
        var parsed = unchanged
        let dates = await history
        Self.date(&parsed, dates)
        (settings.pictures, settings.diagnostics) = await (pictures.index, settings.diagnostics + pictures.diagnostics)
        let resolved = Self.resolve(parsed, settings, history: dates.dates)
        let planned = Self.plan(resolved, await theme, settings, comparing: false)
        let report = Self.report(settings, parsed, resolved, planned, options)
        return PreparedBuild(
            report: report, siteFolder: settings.siteFolder, theme: planned.theme,
            site: report.outcome == .success ? resolved.site : nil,
            plan: report.outcome == .success ? planned.files : [], staticFiles: loaded.staticFiles,
            sources: unchanged.sources, parses: unchanged.files, history: dates.dates)
    }
}

/// A large collection's parses, handed to a task of their own to be freed beside the render, and the
/// pages they held given back to the system then (`FreedMemory.giveBack`). Only that task touches
/// them once made.
private final class ReleasedParses: @unchecked Sendable {
    private var parsed: SiteBuilder.Parsed?

    init(_ parsed: SiteBuilder.Parsed) { self.parsed = parsed }

    func drop() {
        parsed = nil
        FreedMemory.giveBack()
    }
}
