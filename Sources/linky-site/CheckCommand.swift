import ArgumentParser
import Foundation
import LinkyBuild
import LinkyCuration
import LinkyModel
import LinkyNetwork

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the site for problems, and with --links whether its links still work.",
        discussion: """
            Without --links: reads the whole site and reports every problem, as build does, but writes \
            nothing.

            With --links: also asks every distinct address of the collection whether it still answers \
            (addresses that differ only as the duplicate check ignores, e.g. a fragment or utm_* parameters, \
            are asked once) and reports the result at every file and line that uses it: HEAD first, GET \
            when HEAD is refused; redirects followed; 429 Too Many Requests answered by waiting as long as \
            Retry-After says; timeouts, refused connections and server errors (5xx) retried with growing \
            pauses; at most --per-host requests to one host at a time. A permanent redirect (301, 308) is \
            a warning with the new address; a temporary one (302, 303, 307) is fine. Working links are \
            remembered for --max-cache-age in SITE/.linky-check-cache.json (keep it out of git), so a \
            second run only asks about the rest; broken links are always asked again.

            Only public addresses are asked: a link (or a redirect) to a loopback, private, link-local, \
            multicast or reserved address (127.0.0.1, 10.0.0.0/8, 192.168.0.0/16, 169.254.169.254, ::1, \
            fc00::/7, …, after the host name is looked up) is not requested but reported as a warning \
            (LINKY211), so a list from someone else cannot probe your network or a cloud's metadata \
            service. --allow-private asks them too (a trusted intranet list, tests on 127.0.0.1).

            --changed-since REV checks only the links in files that changed since the git revision REV: \
            committed since the branch left REV, staged, not staged, or not yet tracked. The whole site is \
            still validated.

            Formats: text (compiler-style lines on standard error), json (one report on standard output, \
            described in docs/formats.md), markdown (a report for a GitHub issue or job summary, on \
            standard output), github (Actions annotations on standard output).

            Examples:
              linky-site check                  validate only, as build does
              linky-site check --links          also check every link
              linky-site check --links --exclude '^https://(www\\.)?linkedin\\.com/'
              linky-site check --links --changed-since origin/main --format github
              linky-site check --links --format markdown >> "$GITHUB_STEP_SUMMARY"
              linky-site check --links --no-cache --timeout 10 --accept 200..299,403
              linky-site check --projects --stale-after 730 --format github

            --projects reads projects.json (what `linky-site fetch` read from GitHub, GitLab and \
            Forgejo/Gitea) and warns at every line that links to a repository that is archived \
            (LINKY222), stale — not updated in --stale-after days before the day its data was fetched \
            (LINKY223) —, moved (LINKY220) or deleted (LINKY221). It uses no network: run `fetch \
            --projects-only --max-age 7` first in a scheduled job.

            Exit codes: 0 no problems (redirects are warnings: they fail only with --strict); 1 content \
            errors (or warnings with --strict); 2 broken or unreachable links (or, with --strict, \
            redirected ones), or with --projects any archived, stale, moved or deleted project; 64 usage error (also: SITE is not in a git repository, or REV is unknown, \
            for --changed-since); 66 site folder not found; 69 git is not installed. With both content \
            errors and broken links, 1.
            """
    )

    @OptionGroup var site: SiteArgument

    @OptionGroup var base: BaseURLOption

    @Flag(
        help:
            "List the linked repositories that are archived, stale, moved or deleted, from projects.json (offline; fetch refreshes it)."
    )
    var projects = false

    @Option(
        name: .customLong("stale-after"),
        help: ArgumentHelp(
            "With --projects: days without an update before a project is stale (default: linky.yml's stale_after, else 365).",
            valueName: "days"))
    var staleAfter: Int?

    @Flag(help: "Check that every link's address still works (uses the network).")
    var links = false

    @Option(
        name: .customLong("changed-since"),
        help: ArgumentHelp("Only check links in files changed since this git revision.", valueName: "rev"))
    var changedSince: String?

    @Option(help: "How to print the report: text, json, markdown, or github (Actions annotations).")
    var format: CheckFormat = .text

    @Flag(name: [.customShort("D"), .long], help: "Include links marked `draft: true`.")
    var drafts = false

    @Flag(help: "Fail on warnings too: content warnings exit 1, redirected links exit 2.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Print only problems: no progress, no summary.")
    var quiet = false

    @Option(help: ArgumentHelp("The most one request may take, in seconds.", valueName: "seconds"))
    var timeout: Double = 20

    @Option(help: "Attempts after the first when a link times out, is refused, answers 5xx or 429.")
    var retries = 2

    @Option(name: .customLong("per-host"), help: "Requests at once to one host.")
    var perHost = 2

    @Option(help: "Requests at once in all.")
    var concurrency = 16

    @Option(
        name: .customLong("max-cache-age"),
        help: ArgumentHelp(
            "How long a working link is remembered: 1d, 12h, 30m, 90s, 2w; 0 remembers nothing.",
            valueName: "duration"))
    var maxCacheAge = CacheAge(seconds: 86_400)

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the check cache.")
    var noCache = false

    @Flag(help: "Ask the Wayback Machine for each dead link's nearest archived copy and keep it in link-status.json.")
    var suggest = false

    @Flag(help: "Also write each dead link's archived copy into its link file as `archive:` (implies --suggest).")
    var fix = false

    @Flag(
        name: .customLong("allow-private"),
        help:
            "Also check links to loopback, private, link-local and reserved addresses (127.0.0.1, 10.x, 169.254.x, …).")
    var allowPrivate = false

    @Option(
        name: .customLong("archive-api"),
        help: ArgumentHelp("The Wayback availability API --suggest asks.", valueName: "url"))
    var archiveAPI = "https://archive.org/wayback/available"

    @Option(
        name: .customLong("dead-after"),
        help: ArgumentHelp(
            "How far apart two failing runs must be for link-status.json to call a link dead: 1d, 12h; 0 for any two runs (default: linky.yml's dead_after, else 1d).",
            valueName: "duration"))
    var deadAfter: CacheAge?

    @Option(
        help: ArgumentHelp(
            "Do not check addresses matching this regular expression (repeatable).", valueName: "regex"))
    var exclude: [String] = []

    @Option(
        help: ArgumentHelp(
            "The statuses that count as working, e.g. 200..299,403 (default: any below 400).", valueName: "statuses"))
    var accept: StatusCodes?

    func validate() throws {
        if changedSince != nil, !links {
            throw ValidationError("--changed-since selects the links to check: add --links")
        }
        if staleAfter != nil, !projects {
            throw ValidationError("--stale-after says when a project is stale: add --projects")
        }
        if let staleAfter, staleAfter < 1 { throw ValidationError("--stale-after must be at least 1 day") }
        if suggest || fix, !links {
            throw ValidationError("--suggest and --fix look for archived copies of dead links: add --links")
        }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be more than 0 seconds") }
        guard retries >= 0 else { throw ValidationError("--retries cannot be negative") }
        guard perHost >= 1 else { throw ValidationError("--per-host must be at least 1") }
        guard concurrency >= 1 else { throw ValidationError("--concurrency must be at least 1") }
        _ = try excludePatterns()
    }

    func run() async throws {
        let folder = try site.open()
        let siteURL = folder.url.standardizedFileURL
        // Ask git first: a wrong revision should not wait for the site to load.
        var changedFiles: Set<String>?
        if let changedSince {
            do {
                changedFiles = try GitChanges(folder: siteURL).files(since: changedSince)
            } catch {
                fail(error.description, hint: gitHint(error))
                throw ExitCode(error == .gitMissing ? 69 : 64)
            }
        }

        let started = ContinuousClock.now
        var options = BuildOptions(siteFolder: siteURL, baseURL: base.baseURL)
        options.writeOutput = false
        options.reportMissingBaseURL = true
        options.includeDrafts = drafts
        options.strict = strict
        let build = await SiteBuilder().build(options)

        var linkCheck: CheckOutput.Links?
        if links, let built = build.site {
            var uses = built.links.map { LinkCheckReport.Use(url: $0.url, source: $0.urlSource) }
            if let changedFiles {
                uses = uses.filter { changedFiles.contains($0.source.path.precomposedStringWithCanonicalMapping) }
            }
            let report = await checkLinks(
                uses, siteFolder: siteURL, exclude: try excludePatterns(),
                deadAfter: deadAfter?.seconds ?? built.config.deadAfter, wholeSite: changedFiles == nil)
            linkCheck = CheckOutput.Links(
                report: report, seconds: (ContinuousClock.now - started) / .seconds(1),
                changedSince: changedSince, changedFileCount: Set(uses.map(\.source.path)).count)
            if let failure = report.cacheFailure {
                Self.warn(
                    "\(folder.prefix).linky-check-cache.json", "the check cache could not be saved: \(failure)",
                    hint: "check that the site folder is writable; the next check asks every link again")
            }
            if let failure = report.healthFailure {
                Self.warn(
                    "\(folder.prefix)\(LinkHealthFile.fileName)", "the file could not be updated: \(failure)",
                    hint: "check that it and the site folder are writable; this run's results are not kept")
            } else if suggest || fix {
                await suggestArchives(siteFolder: siteURL, prefix: folder.prefix)
                if fix { try fixArchives(built, siteFolder: siteURL, prefix: folder.prefix) }
            }
        }

        var diagnostics = build.diagnostics
        var projectSummary: ProjectCheck.Summary?
        if projects, let built = build.site {
            // A damaged projects.json is already a warning of the build's.
            let data = (try? ProjectData.load(fromSiteFolder: siteURL)) ?? ProjectData()
            let check = ProjectCheck(site: built, data: data, staleAfter: staleAfter ?? built.config.staleAfter).run()
            diagnostics += check.diagnostics
            projectSummary = check.summary
        }
        var output = CheckOutput(
            diagnostics: diagnostics, linkCount: build.linkCount, links: linkCheck, strict: strict,
            seconds: (ContinuousClock.now - started) / .seconds(1), prefix: folder.prefix)
        output.projects = projectSummary
        output.print(format, quiet: quiet, colors: Terminal.colorsOnStandardError)

        if build.outcome != .success { throw ExitCode(1) }
        if let projectSummary, projectSummary.problems > 0 { throw ExitCode(2) }
        if let report = linkCheck?.report,
            report.errorCount > 0
                || (strict && report.count(.redirected) + report.count(.refused) > 0)
        {
            throw ExitCode(2)
        }
    }
}

// MARK: - Checking links

private extension CheckCommand {
    /// A problem with one of the files `check` keeps, said as the build says its own.
    static func warn(_ path: String, _ message: String, hint: String) {
        DiagnosticFormat.text.print(
            [.warning(.invalidMetadataCache, at: SourceLocation(path: path), message, hint: hint)], prefix: "",
            summary: "", colors: Terminal.colorsOnStandardError)
    }

    /// `--suggest`: each dead link of `link-status.json` without an archived copy gets the Wayback
    /// Machine's nearest to the day it was found dead, when there is one.
    func suggestArchives(siteFolder: URL, prefix: String) async {
        var health: LinkHealthFile
        do {
            health = try LinkHealthFile.load(fromSiteFolder: siteFolder)
        } catch {
            Self.warn(
                "\(prefix)\(LinkHealthFile.fileName)",
                "the file cannot be read, so no archived copy is looked for: \(error)",
                hint: "restore it from git, or delete it and run `linky-site check --links` again")
            return
        }
        var options = WebClient.Options()
        options.timeout = .milliseconds(Int((timeout * 1000).rounded()))
        // The archive's address is the user's (--archive-api), not the content's.
        options.allowPrivateAddresses = true
        let client = WebClient(options: options)
        var asked = 0
        var found = 0
        for key in health.entries.keys.sorted() {
            guard let entry = health.entries[key], entry.isDead, entry.archive == nil,
                var request = URLComponents(string: archiveAPI)
            else { continue }
            request.queryItems = [
                URLQueryItem(name: "url", value: entry.url),
                URLQueryItem(name: "timestamp", value: (entry.deadSince ?? "").replacingOccurrences(of: "-", with: "")),
            ]
            guard let address = request.url?.absoluteString else { continue }
            asked += 1
            guard let response = try? await client.request(address, readBody: true, accept: "application/json"),
                (200..<300).contains(response.status),
                let answer = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
                let closest = (answer["archived_snapshots"] as? [String: Any])?["closest"] as? [String: Any],
                closest["available"] as? Bool ?? true, var snapshot = closest["url"] as? String
            else { continue }
            if snapshot.hasPrefix("http://web.archive.org/") { snapshot = "https://" + snapshot.dropFirst(7) }
            health.entries[key]?.archive = snapshot
            found += 1
        }
        await client.shutdown()
        do {
            try health.save(toSiteFolder: siteFolder)
        } catch {
            Self.warn(
                "\(prefix)\(LinkHealthFile.fileName)",
                "the archived copies found could not be saved: \(error.systemReason)",
                hint: "check that it and the site folder are writable")
        }
        if !quiet {
            Terminal.error("Archived copies: \(found) found for \(asked) dead link\(asked == 1 ? "" : "s").\n")
        }
    }

    /// `--fix`: writes `archive:` into the link file of each dead link with an archived copy (every other
    /// byte kept; list files are left alone), all in one transaction.
    func fixArchives(_ site: Site, siteFolder: URL, prefix: String) throws {
        let health: LinkHealthFile
        do {
            health = try LinkHealthFile.load(fromSiteFolder: siteFolder)
        } catch {
            return
        }
        let listFiles = site.listFilePaths
        var changes: [SiteTransaction.Change] = []
        for id in site.links.indices where site.links[id].archive == nil {
            let path = site.links[id].source.path
            guard !listFiles.contains(path), let entry = health[site.links[id].url], entry.isDead,
                let archive = entry.archive,
                case .success(let text) = Result(catching: { () throws(RegularFile.Failure) in
                    try RegularFile.text(at: siteFolder.appending(path: path))
                }),
                let filled = FrontMatterFiller.filling(text, with: [("archive", archive)])
            else { continue }
            changes.append(.init(path: path, kind: .replace, bytes: Array(filled.text.utf8)))
            if !quiet { Terminal.error("\(prefix)\(path): archive: \(archive)\n") }
        }
        do {
            try SiteTransaction.commit(changes, in: siteFolder)
        } catch {
            fail(
                "could not write \(error.path): \(error.reason)",
                hint: "check the file's permissions; nothing was changed")
            throw ExitCode(73)
        }
    }

    func checkLinks(
        _ uses: [LinkCheckReport.Use], siteFolder: URL, exclude: [SiteLinkCheck.ExcludePattern], deadAfter: Int64,
        wholeSite: Bool
    ) async -> LinkCheckReport {
        var clientOptions = WebClient.Options()
        clientOptions.timeout = .milliseconds(Int((timeout * 1000).rounded()))
        clientOptions.allowPrivateAddresses = allowPrivate
        let client = WebClient(options: clientOptions)
        var checkerOptions = LinkChecker.Options()
        checkerOptions.retries = retries
        checkerOptions.perHost = perHost
        checkerOptions.concurrency = concurrency
        checkerOptions.accept = accept?.codes
        let checker = LinkChecker(client: client, options: checkerOptions)

        var options = SiteLinkCheck.Options(now: Int64(Date().timeIntervalSince1970))
        options.exclude = exclude
        options.healthFile = siteFolder.appending(path: LinkHealthFile.fileName)
        options.deadAfter = deadAfter
        options.wholeSite = wholeSite
        if !noCache, maxCacheAge.seconds > 0 {
            options.cacheFile = siteFolder.appending(path: LinkCheckCache.fileName)
            options.maximumCacheAge = maxCacheAge.seconds
        }
        let check = SiteLinkCheck(checker: checker, options: options)
        let plan = check.plan(uses)
        let progress = quiet || plan.networkCount == 0 ? nil : ProgressLine(total: plan.networkCount, label: "links")
        let report = await check.run(plan) { status in
            let note: String? =
                switch status.verdict {
                case .ok: nil
                case .redirected: "redirected"
                case .broken, .failed: "broken"
                case .refused: "not public"
                }
            progress?.advance(note: note)
        }
        progress?.finish()
        await client.shutdown()
        return report
    }

    func excludePatterns() throws -> [SiteLinkCheck.ExcludePattern] {
        try exclude.map { pattern in
            do {
                return try SiteLinkCheck.ExcludePattern(pattern)
            } catch {
                throw ValidationError("--exclude \"\(pattern)\" is not a regular expression: \(error)")
            }
        }
    }
}

// MARK: - Messages

private extension CheckCommand {
    func fail(_ message: String, hint: String) {
        Terminal.error("linky-site: error: \(message)\n  hint: \(hint)\n")
    }

    func gitHint(_ failure: GitChanges.Failure) -> String {
        switch failure {
        case .gitMissing: "install git (`sudo apt-get install git`), or check without --changed-since"
        case .notARepository: "--changed-since compares with git history: run it in a clone of the site's repository"
        case .unknownRevision:
            "name a branch, tag or commit, e.g. --changed-since origin/main or HEAD~1; in CI, fetch enough history (actions/checkout with fetch-depth: 0)"
        case .gitFailed: "run the same git command yourself to see why"
        }
    }
}
