import ArgumentParser
import Foundation
import LinkyCuration
import LinkyModel

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Read every link's page into metadata.json: titles, descriptions, images, icons.",
        discussion: """
            Fetches the pages of the collection (a few at a time per host, all hosts in parallel) and \
            stores what each says about itself — Open Graph, Twitter card, <title>, icon — in \
            metadata.json in the site folder: sorted JSON, meant to be committed, so that `build` (which \
            never uses the network) shows titles, descriptions, images and favicons the files leave out. \
            What a link file says always wins over the cache.

            Then the pictures of link cards: each link's preview picture (its file's `image:`, else the \
            page's) and its site's icon are downloaded (at most 10 MB and 40 million pixels each; the \
            type is read from the bytes), made into small WebP files (400 and 800 pixels wide, icons 32 \
            and 64) with a JPEG or PNG for print, and kept in pictures/ beside metadata.json, named \
            by their content and listed in pictures/index.json: commit them too. A picture that \
            cannot be used (SVG, damaged, too large, not a picture) is a warning naming its link; \
            pictures no link uses any more are removed. --no-pictures skips this step.

            A link file without a title is fine once fetch has found one. Pages that cannot be read \
            keep their previous entry; entries of links no longer in the collection are removed. Your \
            files are not touched unless you pass --write, which adds the missing title, description \
            and image lines to link files (every other byte kept).

            Only public addresses are fetched: a page, redirect, preview picture or icon at a loopback, \
            private, link-local or reserved address (127.0.0.1, 10.0.0.0/8, 192.168.0.0/16, \
            169.254.169.254, ::1, fc00::/7, …, after the host name is looked up) is not requested but a \
            warning at its link (LINKY211), so a list from someone else cannot make fetch read your network \
            or a cloud's metadata service. --allow-private fetches them too (a trusted intranet list, tests \
            on 127.0.0.1).

            Exit codes: 0 done (even if some pages could not be read; they are listed); 1 the site has \
            content errors that hide links; 64 usage; 66 site folder not found; 74 metadata.json or a file \
            could not be written.

            Examples:
              linky-site fetch                  refresh every page
              linky-site fetch --missing-only   only links with no entry yet, and their pictures (fast)
              linky-site fetch my-links --write fill the files themselves too
            """
    )

    @OptionGroup var site: SiteArgument

    @Flag(name: .customLong("missing-only"), help: "Only fetch links that have no entry in metadata.json yet.")
    var missingOnly = false

    @Flag(help: "Also write the missing title, description and image into the link files.")
    var write = false

    @Flag(name: .customLong("no-pictures"), help: "Do not download the links' preview pictures and icons.")
    var noPictures = false

    @Option(name: .customLong("per-host"), help: "Pages (and pictures) fetched at once from one host.")
    var perHost: Int = 2

    @Option(help: "Pages fetched at once in all.")
    var concurrency: Int = 16

    @Option(help: "Seconds to wait for each page.")
    var timeout: Int = 20

    @Flag(
        name: .customLong("allow-private"),
        help: "Also fetch from loopback, private, link-local and reserved addresses (127.0.0.1, 10.x, 169.254.x, …).")
    var allowPrivate = false

    func validate() throws {
        guard perHost >= 1, concurrency >= 1, timeout >= 1 else {
            throw ValidationError("--per-host, --concurrency and --timeout must be at least 1")
        }
    }

    func run() async throws {
        let folder = try site.open()
        var options = MetadataFetch.Options(siteFolder: folder.url, today: AddCommand.today())
        options.missingOnly = missingOnly
        options.perHost = perHost
        options.concurrency = concurrency
        options.timeout = .seconds(timeout)
        options.allowPrivateAddresses = allowPrivate
        let fetch = MetadataFetch(options: options)
        do throws(MetadataFetch.Failure) {
            let plan = try await fetch.plan()
            let progress = ProgressLine(total: plan.pages.count, label: "pages")
            let report: MetadataFetchReport
            do {
                report = try await fetch.fetch(plan) { page in
                    progress.advance(note: page.warning == nil ? nil : "unreadable")
                }
                progress.finish()
            } catch {
                progress.finish()
                throw error
            }
            printPages(report, prefix: folder.prefix)
            let filled = try write ? fetch.fill(report) : []
            for file in filled {
                Terminal.output("\(folder.prefix)\(file.path): added \(file.added.joined(separator: ", "))")
            }
            Terminal.error("\(summary(report, filled: filled.count))\n")
            if !noPictures {
                // With --missing-only, only the new links' pictures (as only their pages were read).
                let only = missingOnly ? Set(plan.pages.map(\.comparisonKey)) : nil
                let pictures = try await fetchPictures(folder.url, only: only, prefix: folder.prefix)
                Terminal.error("\(Self.summary(pictures))\n")
            }
        } catch {
            throw exitCode(error, prefix: folder.prefix)
        }
    }
}

// MARK: - Printing

private extension FetchCommand {
    /// A warning for every page that could not be read, a note for every one that moved for good,
    /// at the first file that uses its address.
    func printPages(_ report: MetadataFetchReport, prefix: String) {
        for page in report.pages {
            if let warning = page.warning {
                Terminal.output(DiagnosticFormat.line(warning, prefix: prefix))
            } else if let moved = page.movedTo {
                let location = page.uses.first.map { DiagnosticFormat.displayed($0, prefix: prefix).description } ?? ""
                Terminal.output(
                    "\(location): note[\(DiagnosticCode.movedLink.rawValue)]: \(page.url.displayString) moved permanently to \(moved)"
                )
            }
        }
    }

    /// The pictures step, with its progress line and a warning for each picture it could not use.
    func fetchPictures(
        _ siteFolder: URL, only: Set<String>?, prefix: String
    ) async throws(MetadataFetch.Failure) -> PictureFetch.Report {
        var options = PictureFetch.Options(siteFolder: siteFolder, today: AddCommand.today())
        options.perHost = perHost
        options.onlyLinks = only
        options.concurrency = min(concurrency, 8)
        options.timeout = .seconds(timeout)
        options.allowPrivateAddresses = allowPrivate
        let pictures = PictureFetch(options: options)
        let plan = try await pictures.plan()
        let progress = ProgressLine(total: plan.downloads, label: "pictures")
        let report: PictureFetch.Report
        do {
            report = try await pictures.run(plan) { progress.advance(note: nil) }
            progress.finish()
        } catch {
            progress.finish()
            throw error
        }
        for warning in report.warnings { Terminal.output(DiagnosticFormat.line(warning, prefix: prefix)) }
        return report
    }

    static func summary(_ pictures: PictureFetch.Report) -> String {
        var summary = "Pictures: \(pictures.stored) downloaded, \(pictures.kept) kept"
        if !pictures.removed.isEmpty { summary += ", \(pictures.removed.count) files no link uses removed" }
        summary += pictures.warnings.isEmpty ? "." : "; \(pictures.warnings.count) could not be used."
        return summary
    }

    func summary(_ report: MetadataFetchReport, filled: Int) -> String {
        let fetched = report.pages.count
        let failed = report.unreadableCount
        var summary = "Fetched \(fetched - failed) of \(fetched) pages"
        if report.skipped > 0 { summary += " (\(report.skipped) already in \(MetadataCache.fileName))" }
        summary += failed > 0 ? "; \(failed) could not be read." : "."
        if write { summary += " Filled \(filled) link files." }
        return summary
    }

    /// Says why the fetch stopped, and gives its exit code: 1 for the site, 74 for a write.
    func exitCode(_ failure: MetadataFetch.Failure, prefix: String) -> ExitCode {
        if case .siteHasErrors(let diagnostics) = failure {
            DiagnosticFormat.text.print(
                diagnostics, prefix: prefix, summary: "The site has errors; fix them so every link can be fetched.",
                colors: false)
            return ExitCode(1)
        }
        Terminal.error("linky-site: error: \(failure.message(pathPrefix: prefix))\n  hint: \(failure.hint)\n")
        switch failure {
        case .siteHasErrors, .unreadableCache: return ExitCode(1)
        case .cacheNotWritten, .unreadableFile, .filesNotWritten: return ExitCode(74)
        }
    }
}
