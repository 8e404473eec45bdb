import Foundation
import LinkyModel
import LinkyTheme
import Synchronization

/// The write end of `SiteBuilder.build`: taking the output, rendering into it, and what a failure
/// leaves there.
extension SiteBuilder {
    /// A build's hold on its output: the lock, and whether taking it finished a killed build's update.
    struct TakenOutput: Sendable {
        var lock: OutputLock
        var finishedInterruptedUpdate: Bool
    }

    /// Why a build may not write its output: the report it ends with.
    struct RefusedOutput: Error {
        var report: BuildReport
    }

    /// For a build that writes: takes the output's lock, then finishes (or undoes) an update of it that a
    /// killed build committed. Whatever the build does, the output is then wholly the old or the new
    /// site, and no other build writes it meanwhile.
    static func takeOutput(_ settings: Settings, _ options: BuildOptions) -> Result<TakenOutput?, RefusedOutput> {
        guard options.writeOutput else { return .success(nil) }
        let output = settings.output
        func refused(_ diagnostic: Diagnostic, left: BuildReport.OutputLeft?) -> Result<TakenOutput?, RefusedOutput> {
            var report = BuildReport(
                outcome: .outputFailed, diagnostics: deduplicated(settings.diagnostics + [diagnostic]),
                outputFolder: output)
            report.outputLeft = left
            return .failure(RefusedOutput(report: report))
        }
        let lock: OutputLock
        do {
            lock = try OutputLock.acquire(output)
        } catch {
            switch error {
            case .held:
                // The output is the other build's: what is there is not this build's to say.
                return refused(
                    .error(
                        .outputLocked, at: SourceLocation(path: output.path),
                        "another build is running on \(output.path)",
                        hint: "wait for it to finish, then build again; this build changed nothing"), left: nil)
            case .io(let message):
                return refused(
                    .error(
                        .outputWriteFailed, at: SourceLocation(path: output.path), message,
                        hint: "check free disk space and permissions; nothing was written"),
                    left: OutputWriter.left(at: output))
            }
        }
        do {
            return .success(TakenOutput(lock: lock, finishedInterruptedUpdate: try OutputUpdate.recover(output)))
        } catch let refusal as OutputUpdate.Refusal {
            lock.release()
            return refused(
                .error(
                    .untrustedJournal, at: SourceLocation(path: refusal.journal),
                    "this journal of an interrupted build is not applied: \(refusal.reason)",
                    hint:
                        "if no build into \(output.path) was interrupted on this machine, the file came from elsewhere: remove it (`rm \(refusal.journal)`) and build again; nothing was changed"
                ), left: FileManager.default.fileExists(atPath: output.path) ? .previousOutput : .nothing)
        } catch {
            lock.release()
            let left = OutputWriter.left(at: output)
            return refused(
                .error(
                    .outputWriteFailed, at: SourceLocation(path: output.path),
                    "an interrupted build's update of the output could be neither finished nor undone: \(error.systemReason)",
                    hint: "check free disk space and permissions; \(left.phrase)"), left: left)
        }
    }

    /// The last build's state, for a build that writes (and reuses it) a safe output from valid
    /// settings; nil otherwise. Nothing is written beside an output the build will refuse (the site
    /// folder, `/`…), nor when the settings themselves are wrong (an `output_dir` that leaves the site).
    static func cache(_ settings: Settings, _ options: BuildOptions) -> BuildCache? {
        guard options.writeOutput, options.reuseState, !settings.diagnostics.containsErrors,
            writer(settings).isSafe
        else { return nil }
        return BuildCache(
            beside: settings.output, config: settings.config, siteFolder: settings.siteFolder,
            layers: options.cacheLayers)
    }

    /// What writes the output: it refuses an output that is, holds or sits in the site's sources.
    static func writer(_ settings: Settings) -> OutputWriter {
        let site = settings.siteFolder
        return OutputWriter(
            output: settings.output, siteFolder: site,
            sourceFolders: [
                site.appending(path: settings.config.contentDir), site.appending(path: "templates"),
                site.appending(path: "static"), site.appending(path: PictureIndex.folderName),
            ])
    }

    /// render → write: the planned files the cache cannot show unchanged are rendered into the output,
    /// the static files copied, and (with `--pdf`) the PDF made; the cache records what was written.
    static func renderAndWrite(
        _ planned: Planned, site: Site, staticFiles: [String], _ settings: Settings, _ options: BuildOptions,
        cache: BuildCache?, _ report: BuildReport
    ) async -> BuildReport {
        var report = report
        var pdf: PrintPDF?
        if options.pdf {
            guard site.hasPrintPage else {
                let why =
                    site.config.print == .never
                    ? "`print: false`"
                    : "`print: auto` leaves it out past \(OutputMeasure.grouped(site.config.fileLimits.printAutoLinks)) "
                        + "links, and this site has \(OutputMeasure.grouped(site.links.count))"
                report.outcome = .contentErrors
                report.diagnostics.append(
                    .error(
                        .invalidConfig, at: site.config.printLocation,
                        "--pdf makes print.pdf from the print page, and this site has none (\(why))",
                        hint: "set `print: true` in linky.yml, or build without --pdf"))
                return report
            }
            pdf = PrintPDF.locate()
            guard pdf != nil else {
                report.outcome = .toolMissing
                report.diagnostics.append(
                    .error(
                        .pdfToolMissing, at: nil, "WeasyPrint is not installed, so print.pdf cannot be made",
                        hint: PrintPDF.installHint))
                return report
            }
        }
        let writer = writer(settings)
        let words = cache?.searchWords()
        let renderer = SiteRenderer(site: site, theme: planned.theme, searchWords: words)
        let inPlace = writer.updatesInPlace(finish: pdf != nil)
        let stamps = cache == nil ? nil : StampLog()
        let parts = PartLog()
        let selected = Mutex<BuildCache.Selection?>(nil)
        // The output as the cache looked at it, waited for only at the commit.
        var listing: (@Sendable () async -> [String]?)?
        var sizes: OutputWriter.Sizes?
        if let cache {
            listing = { await cache.existingFiles() }
            sizes = { await cache.existingStamps() }
        }
        let fit = HostFit(config: site.config)
        do {
            let counts = try await writer.write(
                staticFolder: settings.siteFolder.appending(path: "static"), staticFiles: staticFiles,
                copies: CopiedFiles.pictures(of: site, siteFolder: settings.siteFolder), inPlace: true,
                layers: options.cacheLayers, stamps: stamps, existing: listing, sizes: sizes,
                check: { fit.problems($0) },
                produce: { store, keep in
                    guard let cache else { return try await renderer.renderAndStore(planned.files, store: store) }
                    // What the last build's output gives and what is made anew is the cache's to say.
                    let selection = try await cache.render(
                        planned.files, site: site, theme: planned.theme, renderer: renderer, inPlace: inPlace,
                        keep: keep,
                        store: { files in
                            parts.record(files)
                            try store(files)
                        })
                    selected.withLock { $0 = selection }
                }, finish: pdf.map(Self.finishing))
            let selection = selected.withLock { $0 }
            let pdfFiles = pdf == nil ? [] : [PrintPDF.fileName]
            // Every rendered and static file was either written or found unchanged.
            report.fileCount = counts.written + counts.unchanged + pdfFiles.count
            report.filesWritten = counts.written + pdfFiles.count
            report.filesUnchanged = counts.unchanged
            report.filesRemoved = counts.removed
            report.updatedInPlace = counts.inPlace
            report.output = counts.measure
            report.filesSkipped = selection?.plan.kept.count ?? 0
            if let selection, let stamps {
                cache?.record(
                    selection.plan, made: stamps.all, parts: parts.all, keys: selection.partKeys, words: words)
            }
        } catch .doesNotFit(let problems) {
            report.outcome = .contentErrors
            report.diagnostics += problems
            report.outputLeft = OutputWriter.left(at: settings.output)
        } catch {
            report.outcome = error.isRenderFailure ? .contentErrors : .outputFailed
            report.diagnostics.append(failure(error, output: settings.output, theme: planned.theme, &report))
        }
        return report
    }

    /// What the writer runs on the complete new output: `pdf` makes the PDF in it.
    private static func finishing(_ pdf: PrintPDF) -> (URL) throws(OutputWriter.Failure) -> Void {
        { (folder: URL) throws(OutputWriter.Failure) in
            do {
                try pdf.make(in: folder)
            } catch {
                throw .pdf(error.localizedDescription)
            }
        }
    }

    /// The diagnostic of a failed write; `report` learns what the failure left in the output.
    private static func failure(
        _ error: OutputWriter.Failure, output: URL, theme: Theme, _ report: inout BuildReport
    ) -> Diagnostic {
        switch error {
        case .unsafe(let message, let hint):
            return .error(.unsafeOutputFolder, at: SourceLocation(path: output.path), message, hint: hint)
        case .render(let failure):
            let origin = theme.templateOrigins[failure.partial] ?? "templates/\(failure.partial).mustache"
            return .error(
                .invalidTemplate, at: SourceLocation(path: origin), "the template cannot render: \(failure)",
                hint: "make the partial stop including itself, e.g. inside a section over a finite list")
        case .pdf(let message):
            let left = OutputWriter.left(at: output)
            report.outputLeft = left
            return .error(
                .pdfFailed, at: SourceLocation(path: "print/index.html"), message,
                hint: "\(left.phrase); build without --pdf to publish the rest")
        case .doesNotFit(let problems):
            report.outputLeft = OutputWriter.left(at: output)
            return problems[0]
        case .io(let message):
            let left = OutputWriter.left(at: output)
            report.outputLeft = left
            return .error(
                .outputWriteFailed, at: SourceLocation(path: output.path), message,
                hint: "check free disk space and permissions; \(left.phrase)")
        }
    }

    /// Lets go of the output: after a failure, says what is there (a build refused the lock says
    /// nothing of it), and leaves nothing beside an output that is not there.
    static func release(_ taken: TakenOutput?, after report: BuildReport) -> BuildReport {
        guard let taken else { return report }
        var report = report
        if report.outcome != .success, report.outputLeft == nil {
            report.outputLeft = OutputWriter.left(at: report.outputFolder)
        }
        if report.outputLeft == .nothing { taken.lock.releaseLeavingNothing(report.outputFolder) }
        taken.lock.release()
        return report
    }
}

extension OutputWriter.Failure {
    /// A template that cannot render: a content error, not the output's.
    var isRenderFailure: Bool {
        if case .render = self { true } else { false }
    }
}
