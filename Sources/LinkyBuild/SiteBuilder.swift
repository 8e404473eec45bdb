import Foundation
import LinkyModel
import LinkyTheme
import Synchronization

/// What a build is asked to do.
public struct BuildOptions: Sendable {
    public var siteFolder: URL
    /// Where to write; nil means the config's `output_dir` inside the site folder.
    public var outputFolder: URL?
    /// Overrides `base_url` from linky.yml.
    public var baseURL: String?
    public var includeDrafts = false
    /// Warnings fail the build (and so leave the output untouched).
    public var strict = false
    /// False for `check`: everything but writing.
    public var writeOutput = true
    /// Warn about a missing `base_url` even when not writing, as `check` does so that it reports
    /// exactly what `build` would (commands that only read the site leave it off).
    public var reportMissingBaseURL = false
    /// Also write `print.pdf` with WeasyPrint.
    public var pdf = false
    /// Start from what the last build into this output left beside it (`BuildState`): unchanged files
    /// are not parsed again, unchanged pages not rendered again. Off, everything is made anew (the
    /// state is still written for the next build).
    public var reuseState = true

    public init(siteFolder: URL, outputFolder: URL? = nil, baseURL: String? = nil) {
        self.siteFolder = siteFolder
        self.outputFolder = outputFolder
        self.baseURL = baseURL
    }
}

/// What a build did.
public struct BuildReport: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// The output was written (or, for a check, would have been).
        case success
        /// Content problems (or warnings under `--strict`): nothing was written.
        case contentErrors
        /// The output could not be written (or was refused, or another build is writing it);
        /// `outputLeft` says what is there.
        case outputFailed
        /// A program the build was asked to use (WeasyPrint for `--pdf`) is not installed.
        case toolMissing
    }

    public var outcome: Outcome
    /// Every problem found, sorted by file and line.
    public var diagnostics: [Diagnostic]
    public var outputFolder: URL
    public var linkCount = 0
    public var fileCount = 0
    /// What writing did: a rebuild into an existing output writes only the files whose bytes changed.
    public var filesWritten = 0
    public var filesUnchanged = 0
    public var filesRemoved = 0
    /// Content files parsed; the others' parses came from the last build's state (`BuildState`).
    public var filesParsed = 0
    /// Planned files not rendered, because the last build wrote them as this one would.
    public var filesSkipped = 0
    /// Whether an existing output was updated in place (rather than written anew and swapped in).
    public var updatedInPlace = false
    /// Whether the build first finished an update of the output that a killed build had committed.
    public var finishedInterruptedUpdate = false
    /// What a failed build left where its output goes; nil after a success, and for a build that did
    /// not write (`check`) or was refused because another build is writing the output.
    public var outputLeft: OutputLeft?
    public var site: Site?
    /// `tags.yml` entries that no link uses (directly or as a parent), in file order.
    public var unusedTagDefinitions: [(name: String, location: SourceLocation)] = []
    /// Link files with a URL but no title, in the files or the metadata cache (`fetch` fills them).
    public var untitledLinks: [(url: LinkURL, location: SourceLocation)] = []
}

extension BuildReport {
    /// What a failed build left where its output goes.
    public enum OutputLeft: Sendable, Equatable {
        /// There is no output, and the build left nothing beside it either.
        case nothing
        /// The previous output is as it was.
        case previousOutput
        /// An update stopped part-way and could not be undone (the output is not writable, say): the
        /// next build finishes or undoes it before anything else.
        case unfinishedUpdate

        /// Says it in a few words, for the end of a message.
        public var phrase: String {
            switch self {
            case .nothing: "nothing was written"
            case .previousOutput: "the previous output is unchanged"
            case .unfinishedUpdate: "the output is partly updated, and the next build finishes or undoes the update"
            }
        }
    }
}

/// The whole pipeline: load → parse → resolve → plan → render → write.
public struct SiteBuilder: Sendable {
    public init() {}

    public func build(_ options: BuildOptions) async -> BuildReport {
        var clock = StageClock()
        defer { clock.report() }
        var prepared = await prepare(options, clock: &clock)
        // What only `serve` keeps (every source text and its parse): gone before rendering starts,
        // freed beside it (100,000 parses take a tenth of a second to free).
        let kept = (prepared.contentFiles, prepared.parsedFiles)
        prepared.contentFiles = []
        prepared.parsedFiles = []
        let freed = Task.detached { withExtendedLifetime(kept) {} }
        let parsesWritten = prepared.state?.parsesWritten
        var report = await write(prepared, options, clock: &clock)
        // The parses are written whether or not the site was: each is true of its file.
        await parsesWritten?.value
        await freed.value
        // What a build that held the output's lock left there (one refused the lock says nothing of it).
        if let lock = prepared.lock {
            if report.outcome != .success, report.outputLeft == nil {
                report.outputLeft = OutputWriter.left(at: report.outputFolder)
            }
            // Nothing is left beside an output that is not there.
            if report.outputLeft == .nothing { lock.releaseLeavingNothing(report.outputFolder) }
            lock.release()
        }
        return report
    }

    /// render → write, after `prepare`.
    private func write(_ prepared: PreparedBuild, _ options: BuildOptions, clock: inout StageClock) async -> BuildReport
    {
        var report = prepared.report
        guard report.outcome == .success, let site = prepared.site else { return report }
        let output = report.outputFolder
        let siteFolder = prepared.siteFolder
        let config = site.config
        let theme = prepared.theme
        let plan = prepared.plan
        let staticFiles = prepared.staticFiles
        var printPDF: PrintPDF?
        if options.pdf, options.writeOutput {
            printPDF = PrintPDF.locate()
            if printPDF == nil {
                report.outcome = .toolMissing
                report.diagnostics.append(
                    .error(
                        .pdfToolMissing, at: nil, "WeasyPrint is not installed, so print.pdf cannot be made",
                        hint: PrintPDF.installHint))
                return report
            }
        }
        guard options.writeOutput else { return report }

        do {
            clock.lap("theme+plan")
            let writer = Self.writer(output: output, siteFolder: siteFolder, config: config)
            let renderer = SiteRenderer(site: site, theme: theme)
            var finish: ((URL) throws(OutputWriter.Failure) -> Void)?
            if let printPDF {
                finish = { (folder: URL) throws(OutputWriter.Failure) in
                    do {
                        try printPDF.make(in: folder)
                    } catch {
                        throw .pdf(error.localizedDescription)
                    }
                }
            }
            // A build that leaves a state renders first the files it never skips; meanwhile it works out
            // which pages the last build wrote as this one would, and renders the rest.
            let stamps = prepared.state == nil ? nil : StampLog()
            let rebuild = Mutex<RebuildPlan?>(nil)
            let previous = writer.updatesInPlace(finish: finish != nil) ? prepared.state?.previous : nil
            let look = prepared.state?.outputLook
            let counts = try await writer.write(
                staticFolder: siteFolder.appending(path: "static"), staticFiles: staticFiles, inPlace: true,
                stamps: stamps, existing: await look?.value.existing,
                produce: { store, keep in
                    guard prepared.state != nil else {
                        try await renderer.renderAndStore(plan, store: store)
                        return
                    }
                    // The files never skipped that need no link items start at once.
                    let fields = ItemFieldsByTemplate(theme: theme)
                    let first = plan.filter {
                        $0.isAlwaysRendered && renderer.readsNoItems($0, fields: fields)
                    }
                    let firstPaths = Set(first.map(\.path))
                    try await renderer.renderAndStore(
                        first,
                        later: {
                            let planned = await RebuildPlan(
                                plan: plan, fingerprints: PageFingerprints(site: site, theme: theme),
                                previous: previous, output: output, look: await look?.value)
                            keep(planned.skipped)
                            rebuild.withLock { $0 = planned }
                            return planned.toRender.filter { !firstPaths.contains($0.path) }
                        }, store: store)
                }, finish: finish)
            // Every rendered and static file was either written or found unchanged.
            report.fileCount = counts.written + counts.unchanged + (printPDF == nil ? 0 : 1)
            report.filesWritten = counts.written + (printPDF == nil ? 0 : 1)
            report.filesUnchanged = counts.unchanged
            report.filesRemoved = counts.removed
            report.updatedInPlace = counts.inPlace
            clock.lap("render+write")
            report.filesSkipped = rebuild.withLock { $0?.kept.count ?? 0 }
            if let rebuild = rebuild.withLock({ $0 }), let stamps {
                rebuild.writeState(
                    made: stamps.all, copied: staticFiles + (printPDF == nil ? [] : [PrintPDF.fileName]),
                    marker: counts.marker)
                clock.lap("state")
            }
        } catch {
            // The writer turns every failure, rendering's included, into an `OutputWriter.Failure`.
            report.outcome = .outputFailed
            switch error {
            case .unsafe(let message, let hint):
                report.diagnostics.append(
                    .error(.unsafeOutputFolder, at: SourceLocation(path: output.path), message, hint: hint))
            case .render(let failure):
                report.outcome = .contentErrors
                let origin = theme.templateOrigins[failure.partial] ?? "templates/\(failure.partial).mustache"
                report.diagnostics.append(
                    .error(
                        .invalidTemplate, at: SourceLocation(path: origin), "the template cannot render: \(failure)",
                        hint: "make the partial stop including itself, e.g. inside a section over a finite list"))
            case .pdf(let message):
                let left = OutputWriter.left(at: output)
                report.outputLeft = left
                report.diagnostics.append(
                    .error(
                        .pdfFailed, at: SourceLocation(path: "print/index.html"), message,
                        hint: "\(left.phrase); build without --pdf to publish the rest"))
            case .io(let message):
                let left = OutputWriter.left(at: output)
                report.outputLeft = left
                report.diagnostics.append(
                    .error(
                        .outputWriteFailed, at: SourceLocation(path: output.path), message,
                        hint: "check free disk space and permissions; \(left.phrase)"))
            }
        }
        return report
    }

    /// load → parse → resolve → plan: everything writing and serving share. On content errors (or
    /// warnings under `--strict`) the report's outcome says so and there is no plan.
    func prepare(_ options: BuildOptions, clock: inout StageClock) async -> PreparedBuild {
        let siteFolder = options.siteFolder.standardizedFileURL
        let loader = SiteLoader(siteFolder: siteFolder)
        // The theme depends on nothing else: it loads while the content is read.
        let themeLoad = Task {
            let templatesFolder = siteFolder.appending(path: "templates")
            return Theme.load(
                overrides: FileManager.default.fileExists(atPath: templatesFolder.path) ? templatesFolder : nil)
        }

        // Load and parse the settings first: they say where the content is.
        let settings = loader.loadSettings()
        var diagnostics = settings.diagnostics
        var (config, configDiagnostics) = ConfigParser.parse(settings.config)
        diagnostics += configDiagnostics
        if let baseURL = options.baseURL {
            config.baseURL = ConfigParser.checkedBaseURL(
                baseURL, at: SourceLocation(path: "--base-url"), &diagnostics)
        }
        config.includeDrafts = options.includeDrafts
        let output = options.outputFolder?.standardizedFileURL ?? siteFolder.appending(path: config.outputDir)
        if config.baseURL == nil, options.writeOutput || options.reportMissingBaseURL {
            diagnostics.append(
                .warning(
                    .missingBaseURL, at: SourceLocation(path: settings.config?.path ?? "linky.yml"),
                    "`base_url` is not set, so feeds and the sitemap carry relative addresses",
                    hint: "add `base_url: https://…/` to linky.yml or pass `--base-url`"))
        }
        let (tagDefinitions, tagDiagnostics) = TagsFileParser.parse(settings.tags)
        diagnostics += tagDiagnostics

        // Whatever this build does, the output it finds is wholly the old or the new site, and no other
        // build writes it meanwhile.
        var lock: OutputLock?
        var finishedInterruptedUpdate = false
        if options.writeOutput {
            switch Self.takeOutput(output) {
            case .success(let taken): (lock, finishedInterruptedUpdate) = taken
            case .failure(let refusal):
                var report = BuildReport(
                    outcome: .outputFailed, diagnostics: Self.deduplicated(diagnostics + [refusal.diagnostic]),
                    outputFolder: output)
                report.outputLeft = refusal.left
                return PreparedBuild(
                    report: report, siteFolder: siteFolder, theme: await themeLoad.value.0, site: nil, plan: [],
                    staticFiles: [], contentFiles: [], parsedFiles: [], otherDiagnostics: diagnostics,
                    metadata: MetadataCache())
            }
        }
        // A build that writes starts from what the last one into the same output left (see `BuildState`).
        var state: StateInProgress?
        var storeRead: Task<ParseStore?, Never>?
        // Nothing is written beside an output the build will refuse (the site folder, `/`…), nor when
        // the settings themselves are wrong (an `output_dir` that leaves the site, say).
        if options.writeOutput, !diagnostics.containsErrors,
            Self.writer(output: output, siteFolder: siteFolder, config: config).isSafe
        {
            let key = ParseStore.key(config: config, siteFolder: siteFolder)
            var previous: BuildState?
            if options.reuseState {
                // Read while the content folder is listed.
                storeRead = Task { ParseStore.read(beside: output, key: key) }
                previous = BuildState.read(beside: output)
            }
            state = StateInProgress(previous: previous, parseKey: key, started: FileStamp.now())
            clock.lap("state read")
        }
        let loaded = await loader.loadContent(
            contentDir: config.contentDir, stamping: state != nil, reusing: storeRead)
        let store = await storeRead?.value
        diagnostics += loaded.diagnostics
        let metadata = loader.loadMetadataCache()
        diagnostics += metadata.diagnostics
        clock.lap("load")
        let readFiles = loaded.sources.compactMap { source -> SourceFile? in
            if case .read(let file, _) = source { file } else { nil }
        }
        let parsedReadFiles = await ContentParser(
            contentDir: config.contentDir, config: config, metadata: metadata.cache
        ).parseEach(readFiles)
        var parsedFiles: [ParsedContent] = []
        parsedFiles.reserveCapacity(loaded.sources.count)
        var nextRead = parsedReadFiles.makeIterator()
        for source in loaded.sources {
            switch source {
            case .read: parsedFiles.append(nextRead.next()!)
            case .reused(_, let parsed, _): parsedFiles.append(parsed)
            }
        }
        // Beside resolving, which leaves a core idle: the parses the next build may reuse are stored,
        // and the output is looked at (its files listed, those the last build wrote stamped).
        if let current = state {
            let sources = loaded.sources
            state?.parsesWritten = Task {
                StoredParses.write(
                    sources, parsedFiles, previous: store, key: current.parseKey, started: current.started,
                    beside: output)
            }
            if let previous = current.previous, !options.pdf {
                state?.outputLook = Task { OutputLook(output: output, previous: previous) }
            }
        }
        var content = ParsedContent()
        for part in parsedFiles { content.append(part) }
        // Everything but the content files' own parse diagnostics: what an incremental update keeps.
        var otherDiagnostics = diagnostics

        clock.lap("parse")
        let (site, resolveDiagnostics) = SiteResolver(config: config, metadata: metadata.cache).resolve(
            content, folders: loaded.folders, tagDefinitions: tagDefinitions)
        diagnostics += content.diagnostics + resolveDiagnostics
        otherDiagnostics += resolveDiagnostics
        let usedTags = Set(site.tags.map(\.key))
        let unusedTags = tagDefinitions.filter { !usedTags.contains(TagResolver.key($0.name)) }
            .map { (name: $0.name, location: $0.location) }

        clock.lap("resolve")
        let (theme, themeDiagnostics) = await themeLoad.value
        diagnostics += themeDiagnostics
        otherDiagnostics += themeDiagnostics

        // Plan only a site without errors: the redirects of its aliases, and the addresses the
        // previous output had that this one would lose.
        var plan: [PlannedFile] = []
        var planDiagnostics: [Diagnostic] = []
        if !diagnostics.containsErrors {
            let planned = PagePlanner(site: site, assetNames: Array(theme.assets.keys)).planWithRedirects()
            plan = planned.files
            planDiagnostics = planned.diagnostics
            diagnostics += planned.diagnostics
            otherDiagnostics += planned.diagnostics
            if options.writeOutput {
                diagnostics += MovedPaths(site: site, plan: plan).warnings(
                    comparingWith: output, previousPlan: state?.previous)
            }
            clock.lap("plan")
        }

        var report = BuildReport(
            outcome: .success, diagnostics: Self.deduplicated(diagnostics), outputFolder: output,
            linkCount: site.links.count, site: site, unusedTagDefinitions: unusedTags,
            untitledLinks: content.untitledLinks.sorted { $0.location < $1.location })
        report.filesParsed = readFiles.count
        report.finishedInterruptedUpdate = finishedInterruptedUpdate
        var prepared = PreparedBuild(
            report: report, siteFolder: siteFolder, theme: theme, site: nil, plan: [],
            staticFiles: loaded.staticFiles, contentFiles: readFiles, parsedFiles: parsedFiles,
            otherDiagnostics: otherDiagnostics, metadata: metadata.cache, folders: loaded.folders,
            tagDefinitions: tagDefinitions, shapeDiagnostics: resolveDiagnostics + planDiagnostics, state: state,
            lock: lock)
        let failed = diagnostics.containsErrors || (options.strict && !diagnostics.isEmpty)
        guard !failed else {
            report.outcome = .contentErrors
            prepared.report = report
            return prepared
        }
        prepared.site = site
        prepared.plan = plan
        prepared.report.fileCount = prepared.plan.count + loaded.staticFiles.count
        return prepared
    }

    /// What writes the output: it refuses an output that is, holds or sits in the site's sources.
    static func writer(output: URL, siteFolder: URL, config: SiteConfig) -> OutputWriter {
        OutputWriter(
            output: output, siteFolder: siteFolder,
            sourceFolders: [
                siteFolder.appending(path: config.contentDir), siteFolder.appending(path: "templates"),
                siteFolder.appending(path: "static"),
            ])
    }

    /// Why a build may not write its output.
    struct OutputRefusal: Error {
        var diagnostic: Diagnostic
        var left: BuildReport.OutputLeft?
    }

    /// Takes the output's lock, then finishes (or undoes) an update of it that a killed build committed.
    static func takeOutput(_ output: URL) -> Result<(OutputLock, finished: Bool), OutputRefusal> {
        let lock: OutputLock
        do {
            lock = try OutputLock.acquire(output)
        } catch {
            switch error {
            case .held:
                // The output is the other build's: what is there is not this build's to say.
                return .failure(
                    OutputRefusal(
                        diagnostic: .error(
                            .outputLocked, at: SourceLocation(path: output.path),
                            "another build is running on \(output.path)",
                            hint: "wait for it to finish, then build again; this build changed nothing"),
                        left: nil))
            case .io(let message):
                return .failure(
                    OutputRefusal(
                        diagnostic: .error(
                            .outputWriteFailed, at: SourceLocation(path: output.path), message,
                            hint: "check free disk space and permissions; nothing was written"),
                        left: OutputWriter.left(at: output)))
            }
        }
        do {
            return .success((lock, try OutputUpdate.recover(output)))
        } catch {
            lock.release()
            let left = OutputWriter.left(at: output)
            return .failure(
                OutputRefusal(
                    diagnostic: .error(
                        .outputWriteFailed, at: SourceLocation(path: output.path),
                        "an interrupted build's update of the output could be neither finished nor undone: \(error.localizedDescription)",
                        hint: "check free disk space and permissions; \(left.phrase)"),
                    left: left))
        }
    }

    /// Sorted by file and line; the same diagnostic twice is reported once.
    static func deduplicated(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        Array(Set(diagnostics)).sorted()
    }
}

/// Stage timings on standard error when `LINKY_TIMINGS` is set: how the benchmark figures are explained.
/// Each stage gives its wall time and the CPU time of the whole process during it (user + system, all
/// threads), so a stage that leaves cores idle shows as CPU below wall × cores.
struct StageClock {
    private let enabled = ProcessInfo.processInfo.environment["LINKY_TIMINGS"] != nil
    private var last = DispatchTime.now()
    private var lastCPU = StageClock.cpuSeconds()
    private var laps: [(String, Double, Double)] = []

    mutating func lap(_ name: String) {
        guard enabled else { return }
        let now = DispatchTime.now()
        let cpu = Self.cpuSeconds()
        laps.append((name, Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e9, cpu - lastCPU))
        last = now
        lastCPU = cpu
    }

    func report() {
        guard enabled else { return }
        let text = laps.map { String(format: "%@ %.3f s (cpu %.3f s)", $0.0, $0.1, $0.2) }.joined(separator: ", ")
        FileHandle.standardError.write(Data("timings: \(text)\n".utf8))
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
