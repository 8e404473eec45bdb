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
            and image lines to link files and writes a moved repository's new address into their url: \
            lines (every other byte kept; list files are never rewritten).

            Only public addresses are fetched: a page, redirect, preview picture or icon at a loopback, \
            private, link-local or reserved address (127.0.0.1, 10.0.0.0/8, 192.168.0.0/16, \
            169.254.169.254, ::1, fc00::/7, …, after the host name is looked up) is not requested but a \
            warning at its link (LINKY211), so a list from someone else cannot make fetch read your network \
            or a cloud's metadata service. --allow-private fetches them too (a trusted intranet list, tests \
            on 127.0.0.1).

            Then project data: for every link or secondary link that points at a GitHub repository, its \
            stars, last push, archived flag, licence (SPDX id), language, description and latest release, \
            kept in projects.json beside metadata.json (commit it too; each entry has the day it was \
            fetched). With GITHUB_TOKEN set (as GitHub Actions provide it), 50 repositories per GraphQL \
            request; without one, one REST request per repository within GitHub's 60 an hour (no latest \
            release). GITHUB_API_URL and GITHUB_GRAPHQL_URL are honoured (GitHub Enterprise). A rate \
            limit stops this step cleanly: what was read is saved, and the exit code is 75 — run again \
            after the time it names. A renamed repository is a note (LINKY220), a deleted one a warning \
            (LINKY221), at the file that links to it. --projects-only does only this step; --max-age DAYS \
            reads only entries older than DAYS; --no-projects skips it.

            Exit codes: 0 done (even if some pages could not be read; they are listed); 1 the site has \
            content errors that hide links; 64 usage; 66 site folder not found; 74 metadata.json or a file \
            could not be written; 75 a rate limit stopped the project data step (run again later).

            Examples:
              linky-site fetch                  refresh every page
              linky-site fetch --missing-only   only links with no entry yet, and their pictures (fast)
              linky-site fetch my-links --write fill the files themselves too
            """
    )

    @OptionGroup var site: SiteArgument

    @Flag(name: .customLong("missing-only"), help: "Only fetch links that have no entry in metadata.json yet.")
    var missingOnly = false

    @Flag(
        help:
            "Also write the missing title, description and image into the link files, and moved repositories' new addresses."
    )
    var write = false

    @Flag(name: .customLong("no-pictures"), help: "Do not download the links' preview pictures and icons.")
    var noPictures = false

    @Flag(name: .customLong("projects-only"), help: "Only read project data (stars, last update…) of repository links.")
    var projectsOnly = false

    @Flag(name: .customLong("no-projects"), help: "Do not read project data of repository links.")
    var noProjects = false

    @Option(name: .customLong("max-age"), help: "Only read project data older than this many days.")
    var maxAge: Int?

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
        guard !(projectsOnly && noProjects) else {
            throw ValidationError("--projects-only and --no-projects ask for opposite things; give one")
        }
        if let maxAge, maxAge < 0 { throw ValidationError("--max-age must be 0 or more days") }
    }

    func run() async throws {
        let folder = try site.open()
        if !projectsOnly { try await fetchPages(folder) }
        if !noProjects { try await fetchProjects(folder) }
    }

    func fetchPages(_ folder: SiteFolder) async throws {
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

// MARK: - Project data

extension FetchCommand {
    /// Reads the project data of the site's repository links into projects.json, and says what it found.
    func fetchProjects(_ folder: SiteFolder) async throws {
        var options = ProjectFetch.Options(siteFolder: folder.url, today: AddCommand.today())
        options.maxAge = maxAge
        options.timeout = .seconds(timeout)
        options.allowPrivateAddresses = allowPrivate
        let projects = ProjectFetch(options: options)
        let plan: ProjectFetch.Plan
        let report: ProjectFetch.Report
        do {
            plan = try await projects.plan()
            // A site that links to no repository: nothing to say.
            guard !plan.repositories.isEmpty else { return }
            report = try await projects.fetch(plan)
        } catch let failure as MetadataFetch.Failure {
            throw exitCode(failure, prefix: folder.prefix)
        } catch {
            Terminal.error("linky-site: error: \(ProjectData.fileName): \(error)\n")
            throw ExitCode(74)
        }
        var rewritten: [String] = []
        if write {
            do {
                rewritten = try projects.writeMoved(report, listFiles: plan.listFiles)
            } catch {
                throw exitCode(error, prefix: folder.prefix)
            }
        }
        for path in rewritten {
            Terminal.output("\(folder.prefix)\(path): the moved repository's new address written")
        }
        // Each move at every line that still names the old address (all of them without --write).
        let written = Set(rewritten)
        for moved in report.moved {
            for use in moved.uses where !written.contains(use.path) {
                Terminal.output(
                    "\(Self.location([use], folder)): note[\(DiagnosticCode.projectMoved.rawValue)]: \(moved.project.url) moved to \(moved.to)"
                )
            }
        }
        for missing in report.missing {
            Terminal.output(
                "\(Self.location(missing.uses, folder)): warning[\(DiagnosticCode.projectMissing.rawValue)]: \(missing.project.url) does not exist (deleted, or private)"
            )
        }
        // Each failure at its link; many alike (GitHub unreachable) once.
        let messages = Set(report.failures.map(\.message))
        if report.failures.count > 10, messages.count == 1 {
            Terminal.output(
                "warning: project data of \(report.failures.count) repositories could not be read: \(messages.first!)")
        } else {
            for failure in report.failures {
                Terminal.output(
                    "\(Self.location(failure.uses, folder)): warning: project data of \(failure.project.url) could not be read: \(failure.message)"
                )
            }
        }
        let token = options.environment["GITHUB_TOKEN"].map { !$0.isEmpty } ?? false
        var summary =
            "Projects: \(plan.repositories.count) repositories linked, \(plan.due.count) due, \(report.read) read in \(report.requests) request\(report.requests == 1 ? "" : "s")"
            + (report.otherForgeRequests > 0 && report.otherForgeRequests < report.requests
                ? " (\(report.requests - report.otherForgeRequests) to GitHub)" : "")
        if plan.due.contains(where: { $0.forge == .github }) {
            summary +=
                token
                ? " (with GITHUB_TOKEN)"
                : " (without a token: GitHub allows 60 requests an hour; set GITHUB_TOKEN for more)"
        }
        Terminal.error("\(summary).\n")
        if let stop = report.stopped {
            let when = stop.resetAt.map { Self.utcTime($0) } ?? "a few minutes"
            let whose = stop.host.map { "\($0)'s " } ?? "GitHub's \(stop.secondary ? "secondary " : "")"
            Terminal.error(
                "\(whose)rate limit stopped the run with \(stop.left) repositories left; what was read is saved. Run again after \(when).\n"
            )
            throw ExitCode(75)
        }
    }

    static func location(_ uses: [SourceLocation], _ folder: SiteFolder) -> String {
        uses.first.map { DiagnosticFormat.displayed($0, prefix: folder.prefix).description } ?? ""
    }

    static func utcTime(_ seconds: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
