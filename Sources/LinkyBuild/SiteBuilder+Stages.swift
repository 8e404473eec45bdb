import Foundation
import LinkyModel
import LinkyTheme

/// The stages of `SiteBuilder.build`, each from values to values. The values they pass are the types
/// below; a stage that a `BuildCache` can spare work is handed what it needs of it (a `ParseReuse`, the
/// previous output's paths), never the cache itself.
extension SiteBuilder {
    /// What the settings files say (`linky.yml`, `tags.yml`, `metadata.json`), applied to the options.
    struct Settings: Sendable {
        var siteFolder: URL
        var config: SiteConfig
        var tagDefinitions: [TagDefinition]
        var metadata: MetadataCache
        /// `link-status.json`: what `check --links` found.
        var health: LinkHealthFile
        /// `projects.json`: what `fetch` read of the repositories.
        var projects = ProjectData()
        /// `pictures/index.json`, without entries whose files are missing: read while the content loads
        /// (`loadPictures`), then set here before the site resolves.
        var pictures: PictureIndex
        /// The theme's words in the site's language.
        var words: Words
        var output: URL
        var diagnostics: [Diagnostic]
    }

    /// Every content file parsed (or its stored parse), in path order.
    struct Parsed: Sendable {
        /// Each file's path and stamp: the texts of those read are dropped once parsed (a million links'
        /// were 1 GB that every later stage held).
        var sources: [SiteLoader.ContentSource]
        var files: [ParsedContent]
        /// The files read and parsed by this build (the others' parses were reused).
        var filesRead: Int
        var folders: [String]
        /// Files of `static/`, relative to it.
        var staticFiles: [String]
        var diagnostics: [Diagnostic]
    }

    /// The site model, or nil when the content has errors.
    struct Resolved: Sendable {
        var site: Site?
        var unusedTags: [(name: String, location: SourceLocation)]
        /// Link files with a URL but no title, in the files or the metadata cache.
        var untitledLinks: [(url: LinkURL, location: SourceLocation)]
        /// The content files' own diagnostics, and resolving's.
        var diagnostics: [Diagnostic]
    }

    /// The files to make, and the theme they are made with.
    struct Planned: Sendable {
        var files: [PlannedFile]
        var theme: Theme
        var diagnostics: [Diagnostic]
    }

    // MARK: - Load

    static func loadTheme(_ siteFolder: URL) -> (Theme, [Diagnostic]) {
        let templates = siteFolder.appending(path: "templates")
        return Theme.load(overrides: FileManager.default.fileExists(atPath: templates.path) ? templates : nil)
    }

    /// Reads and parses the settings; where the output goes comes from them and the options.
    static func loadSettings(_ options: BuildOptions, loader: SiteLoader) -> Settings {
        let files = loader.loadSettings()
        var diagnostics = files.diagnostics
        var (config, configDiagnostics, baseURLWritten) = ConfigParser.parse(files.config)
        diagnostics += configDiagnostics
        if let baseURL = options.baseURL {
            config.baseURL = ConfigParser.checkedBaseURL(baseURL, at: SourceLocation(path: "--base-url"), &diagnostics)
        }
        config.includeDrafts = options.includeDrafts
        config.fileLimits = options.limits.fitting(config.host)
        // A base_url given but refused is its own error; "not set" would contradict it.
        let given = baseURLWritten || options.baseURL != nil
        if config.baseURL == nil, !given, options.writeOutput || options.reportMissingBaseURL {
            // Without linky.yml the site folder is named, not a file that is not there.
            let location = files.config.map { SourceLocation(path: $0.path) }
            diagnostics.append(
                .warning(
                    .missingBaseURL, at: location,
                    "`base_url` is not set, so feeds and the sitemap carry relative addresses",
                    hint: files.config == nil
                        ? "create linky.yml with `base_url: https://…/`, or pass `--base-url`"
                        : "add `base_url: https://…/` to linky.yml or pass `--base-url`"))
        }
        let (tagDefinitions, tagDiagnostics) = TagsFileParser.parse(files.tags)
        diagnostics += tagDiagnostics
        let metadata = loader.loadMetadataCache()
        diagnostics += metadata.diagnostics
        let health = loader.loadLinkHealth()
        diagnostics += health.diagnostics
        let projects = loader.loadProjects()
        diagnostics += projects.diagnostics
        let words = loader.loadWords(language: config.language, config: files.config)
        diagnostics += words.diagnostics
        let output =
            options.outputFolder?.standardizedFileURL ?? loader.siteFolder.appending(path: config.outputDir)
        return Settings(
            siteFolder: loader.siteFolder, config: config, tagDefinitions: tagDefinitions, metadata: metadata.cache,
            health: health.file, projects: projects.data, pictures: PictureIndex(), words: words.words, output: output,
            diagnostics: diagnostics)
    }

    /// `pictures/index.json` (with `images: local`), from the cache's copy when it has an unchanged one.
    static func loadPictures(
        _ settings: Settings, loader: SiteLoader, cache: BuildCache?
    ) -> (index: PictureIndex, diagnostics: [Diagnostic]) {
        guard settings.config.images == .local else { return (PictureIndex(), []) }
        return cache?.loadPictures(loader) ?? loader.loadPictureIndex()
    }

    /// Lists and reads the content, while the cache reads the last build's parses: a file whose parse
    /// it holds is not read.
    static func loadContent(
        _ settings: Settings, loader: SiteLoader, cache: inout BuildCache?
    ) async -> SiteLoader.LoadedContent {
        async let listing = loader.listContent(contentDir: settings.config.contentDir)
        cache?.readParses()
        return await loader.readContent(listing, stamping: cache != nil, unchanged: unchanged(cache?.parses))
    }

    /// Lists and reads the content; a file whose parse `reusing` holds is not read.
    static func loadContent(
        _ settings: Settings, loader: SiteLoader, stamping: Bool, reusing parses: (any ParseReuse)?
    ) async -> SiteLoader.LoadedContent {
        await loader.readContent(
            loader.listContent(contentDir: settings.config.contentDir), stamping: stamping, unchanged: unchanged(parses)
        )
    }

    /// What loading asks of the parses a build has: whether a file need not be read.
    private static func unchanged(_ parses: (any ParseReuse)?) -> (@Sendable (String, FileStamp) -> Bool)? {
        guard let parses else { return nil }
        return { path, stamp in parses.holds(path, stamp: stamp) }
    }

    // MARK: - Parse

    /// Parses the files read, in parallel, and takes the others' parses from `reusing`; a stored parse
    /// that cannot be decoded after all has its file read and parsed.
    static func parse(
        _ loaded: SiteLoader.LoadedContent, _ settings: Settings, loader: SiteLoader,
        reusing parses: (any ParseReuse)?
    ) async -> Parsed {
        let loadedSources = loaded.sources
        var sources = loadedSources
        var diagnostics = loaded.diagnostics
        var stored = await ParallelChunks.map(sources.count, minimum: 256, perCore: 4) { indices in
            indices.map { index -> ParsedContent? in
                guard case .unchanged(let path, let stamp) = loadedSources[index] else { return nil }
                return parses?.parse(of: path, stamp: stamp)
            }
        }
        for index in sources.indices {
            guard case .unchanged(let path, let stamp) = sources[index], stored[index] == nil else { continue }
            switch loader.read(path) {
            case .success(let file): sources[index] = .read(file, stamp)
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        let readFiles = sources.readFiles
        let parser = ContentParser(
            contentDir: settings.config.contentDir, config: settings.config, metadata: settings.metadata)
        var fresh = await parser.parseEach(readFiles).makeIterator()
        var files: [ParsedContent] = []
        var kept: [SiteLoader.ContentSource] = []
        files.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            switch source {
            case .read(let file, let stamp):
                files.append(fresh.next()!)
                kept.append(.read(SourceFile(path: file.path, text: ""), stamp))
            case .unchanged:
                guard let parse = stored[index] else { continue }  // unreadable after all: reported above
                files.append(parse)
                stored[index] = nil
                kept.append(source)
            }
        }
        return Parsed(
            sources: kept, files: files, filesRead: readFiles.count, folders: loaded.folders,
            staticFiles: loaded.staticFiles, diagnostics: diagnostics)
    }

    // MARK: - Date

    /// What git history says of the site (`dates_from_history`), read from where `previous` (or the
    /// last build's, stored beside `output`) left it; stored there again when it changed.
    static func readHistory(
        _ settings: Settings, previous: HistoryDates? = nil, storedBeside output: URL? = nil
    ) -> GitHistory.Outcome {
        guard settings.config.datesFromHistory else { return GitHistory.Outcome() }
        let stored = previous ?? output.flatMap { HistoryStore.read(beside: $0, siteFolder: settings.siteFolder) }
        let outcome = GitHistory(siteFolder: settings.siteFolder).read(previous: stored)
        if let output, let dates = outcome.dates, outcome.commitsRead > 0 || stored == nil {
            HistoryStore.write(dates, beside: output, siteFolder: settings.siteFolder)
        }
        return outcome
    }

    /// Dates the links their files leave undated by the day history says they landed; the history's
    /// warnings (a shallow clone) join the content's.
    static func date(_ parsed: inout Parsed, _ history: GitHistory.Outcome) {
        parsed.diagnostics += history.diagnostics
        history.dates?.date(&parsed.files)
    }

    // MARK: - Resolve

    /// The files' parses as one, resolved: their links read where each file's parse holds them; the
    /// list items history says were removed, for the new page.
    static func resolve(_ parsed: Parsed, _ settings: Settings, history: HistoryDates? = nil) -> Resolved {
        var content = ParsedContent()
        for part in parsed.files { content.appendAllButLinks(part) }
        var (site, diagnostics) = SiteResolver(
            config: settings.config, metadata: settings.metadata, health: settings.health,
            pictures: settings.pictures, projects: settings.projects
        ).resolve(
            content, links: ParsedLinks(parsed.files), folders: parsed.folders,
            tagDefinitions: settings.tagDefinitions)
        site.words = settings.words
        if let history { site.removedLinks = history.removedLinks(of: site) }
        if site.config.newPage {
            let weeks = AddedWeek.of(site)
            let shown = site.config.newWeeks > 0 ? min(site.config.newWeeks, weeks.count) : weeks.count
            site.addedWeeks = Array(weeks.prefix(shown))
            site.olderWeeks = weeks.count - shown
        }
        let usedTags = Set(site.tags.map(\.key))
        let unusedTags = settings.tagDefinitions.filter { !usedTags.contains(TagResolver.key($0.name)) }
            .map { (name: $0.name, location: $0.location) }
        return Resolved(
            site: site, unusedTags: unusedTags, untitledLinks: content.untitledLinks,
            diagnostics: content.diagnostics + diagnostics)
    }

    // MARK: - Plan

    /// Plans a site without errors: its pages, the redirects of its aliases, and (for a build that
    /// writes, `comparing`) warnings for the addresses the previous output had that this one would lose.
    static func plan(
        _ resolved: Resolved, _ theme: (Theme, [Diagnostic]), _ settings: Settings, comparing: Bool,
        previous: MovedPaths.PreviousOutput? = nil
    ) -> Planned {
        let (theme, themeDiagnostics) = theme
        var planned = Planned(
            files: [], theme: theme,
            diagnostics: themeDiagnostics + TemplateVocabulary.check(theme, words: settings.words))
        let earlier = settings.diagnostics + resolved.diagnostics + themeDiagnostics
        guard let site = resolved.site, !earlier.containsErrors else { return planned }
        let (files, diagnostics) = PagePlanner(
            site: site, assetNames: Array(theme.assets.keys), wholeSearchScript: theme.loadsWholeSearchScript
        ).planWithRedirects()
        planned.files = files
        planned.diagnostics += diagnostics
        if comparing {
            planned.diagnostics += MovedPaths(site: site, plan: files).warnings(
                comparingWith: settings.output, previous: previous)
        }
        return planned
    }

    /// What load → plan found, as the report of a build that stops there.
    static func report(
        _ settings: Settings, _ parsed: Parsed, _ resolved: Resolved, _ planned: Planned, _ options: BuildOptions
    ) -> BuildReport {
        let diagnostics = deduplicated(
            settings.diagnostics + parsed.diagnostics + resolved.diagnostics
                + planned.diagnostics)
        let failed = diagnostics.containsErrors || (options.strict && !diagnostics.isEmpty)
        var report = BuildReport(
            outcome: failed ? .contentErrors : .success, diagnostics: diagnostics, outputFolder: settings.output,
            linkCount: resolved.site?.links.count ?? 0, site: resolved.site, unusedTagDefinitions: resolved.unusedTags,
            untitledLinks: resolved.untitledLinks.sorted { $0.location < $1.location })
        report.filesParsed = parsed.filesRead
        if !failed { report.fileCount = planned.files.count + parsed.staticFiles.count }
        return report
    }

    /// Sorted by file and line; the same diagnostic twice is reported once.
    static func deduplicated(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        Array(Set(diagnostics)).sorted()
    }
}
