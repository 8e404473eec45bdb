import ArgumentParser
import Foundation
import LinkyCuration
import LinkyModel
import LinkyNetwork

/// `import --from SERVICE`'s own options.
struct ServiceImportOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The service's address (linkding, Shaarli, Karakeep, Linkwarden: required).", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("github-stars: whose stars (default: the token's own).", valueName: "name"))
    var user: String?

    @Option(help: ArgumentHelp("Only bookmarks with this tag (github-stars: this topic).", valueName: "tag"))
    var tag: String?

    @Flag(help: "Delete the files of bookmarks gone from the service (a file edited here is kept).")
    var prune = false

    @Option(
        help: ArgumentHelp(
            "The most to wait in all, in seconds, for a service that asks to be asked later (429, 503 with Retry-After) (default: 300).",
            valueName: "seconds"))
    var maxWait: Int = 300

    func validate(for service: BookmarkService, file: String?, site: SiteArgument) throws {
        var folder: ObjCBool = false
        if let file, FileManager.default.fileExists(atPath: file, isDirectory: &folder), !folder.boolValue {
            throw ValidationError(
                "--from \(service.rawValue) reads the service, not a FILE: '\(file)' is a file (to import an export file, leave out --from or give its format)"
            )
        }
        if let file, site.positional != nil || site.option != nil, file != site.site {
            throw ValidationError(
                "--from \(service.rawValue) reads no FILE: '\(file)' and '\(site.site)' cannot both be the site")
        }
        if url == nil, service.defaultURL(environment: [:]) == nil {
            throw ValidationError("--from \(service.rawValue) needs --url, the address of your \(service.name)")
        }
        if let url {
            guard let parts = URLComponents(string: url), ["http", "https"].contains(parts.scheme?.lowercased() ?? ""),
                parts.host?.isEmpty == false
            else { throw ValidationError("--url '\(url)' is not an http:// or https:// address") }
        }
        if user != nil, service != .githubStars {
            throw ValidationError("--user is for --from github-stars")
        }
        guard maxWait >= 0 else { throw ValidationError("--max-wait must be 0 or more seconds") }
    }

    /// For a file import: the service options are refused rather than ignored.
    func validateUnused() throws {
        let given = [
            url.map { _ in "--url" }, user.map { _ in "--user" }, tag.map { _ in "--tag" }, prune ? "--prune" : nil,
        ]
        .compactMap { $0 }
        guard given.isEmpty else {
            throw ValidationError(
                "\(given.joined(separator: ", ")) \(given.count == 1 ? "is" : "are") for --from SERVICE, not for a FILE"
            )
        }
    }
}

extension ImportCommand {
    func sync(_ service: BookmarkService) async throws {
        // Without a FILE, the one positional argument is the site.
        let folder = try SiteFolder.open(SiteArgument.site(positional: file ?? site.positional, option: site.option))
        let environment = ProcessInfo.processInfo.environment
        let token = environment[service.tokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        if service.needsToken, token == nil {
            fail(
                "\(service.tokenVariable) is not set: \(service.name) needs a token",
                hint:
                    "make one in \(service.tokenHelp), then run \(service.tokenVariable)=… linky-site import --from \(service.rawValue) …; in CI, keep it in a secret"
            )
            throw ExitCode(64)
        }
        if service == .githubStars, token == nil, self.service.user == nil {
            fail(
                "--from github-stars needs --user NAME, or GITHUB_TOKEN for the token's own stars",
                hint: "e.g. --user octocat")
            throw ExitCode(64)
        }
        let base = self.service.url ?? service.defaultURL(environment: environment)!
        var request = BookmarkFetcher.Request(
            service: service, baseURL: base, token: token, user: self.service.user, tag: self.service.tag)
        request.maximumWait = .seconds(self.service.maxWait)
        let source = SyncSource(service: service, url: base, user: self.service.user, tag: self.service.tag)
        // A damaged sync.json is reported by the sync itself, before anything is written.
        request.knownVersion = (try? SyncRecord.load(from: folder.url))?.sources[source.key]?.version

        var options = WebClient.Options()
        // The address is the curator's own choice (a linkding at home is often on a private network).
        options.allowPrivateAddresses = true
        options.timeout = .seconds(60)
        options.maximumBodyBytes = 256 * 1024 * 1024
        let client = WebClient(options: options)
        Terminal.error("Reading \(source.name)\(self.service.tag.map { ", tag \($0)" } ?? "")…\n")
        let fetched: ServiceFetch
        do {
            fetched = try await BookmarkFetcher(request, client: client).fetch()
        } catch {
            await client.shutdown()
            try report(error, service: service, source: source)
            return
        }
        await client.shutdown()

        var syncOptions = SyncOptions(
            siteFolder: folder.url, category: category, prune: self.service.prune, dryRun: dryRun)
        syncOptions.now = Date()
        let report: SyncReport
        do {
            report = try await ServiceSync(options: syncOptions).run(fetched, from: source)
        } catch .invalidCategory(let name, let reason) {
            fail("--category \"\(name)\" cannot be used: \(reason)", hint: "e.g. --category reading/imported")
            throw ExitCode(64)
        } catch .record(let failure) {
            DiagnosticFormat.text.print(
                [failure.diagnostic], prefix: folder.prefix, summary: "Nothing was imported.",
                colors: Terminal.colorsOnStandardError)
            throw ExitCode(65)
        }
        print(report, prefix: folder.prefix)
        if report.writeFailure != nil { throw ExitCode(74) }
        if report.stoppedEarly != nil { throw ExitCode(75) }
    }

    /// A fetch that read nothing: said, and the exit code chosen.
    func report(_ error: ServiceFailure, service: BookmarkService, source: SyncSource) throws {
        let location = SourceLocation(path: source.label)
        let diagnostic: Diagnostic
        let code: Int32
        switch error {
        case .refused(_, let status, _):
            diagnostic = .error(
                .serviceRefused, at: location, "\(error.description); nothing was imported",
                hint: status == 401
                    ? "\(service.tokenVariable) holds a wrong or expired token: make a new one in \(service.tokenHelp)"
                    : "the token lacks a permission the API needs: make one with read access in \(service.tokenHelp)")
            code = 77
        case .notFound:
            diagnostic = .error(
                .serviceRefused, at: location, "\(error.description); nothing was imported",
                hint: service == .githubStars
                    ? "check --user" : "check --url: it is the address you open \(service.name) at")
            code = 69
        case .unexpected:
            diagnostic = .error(
                .serviceRefused, at: location, "\(error.description); nothing was imported",
                hint: "check --url: it is the address you open \(service.name) at, not a page of it")
            code = 69
        case .stopped:
            diagnostic = .error(
                .syncStopped, at: location, "\(error.description); nothing was imported",
                hint: "check --url and the network, or run the import again later")
            code = 75
        }
        DiagnosticFormat.text.print(
            [diagnostic], prefix: "", summary: "Nothing was imported.", colors: Terminal.colorsOnStandardError)
        throw ExitCode(code)
    }

    func print(_ report: SyncReport, prefix: String) {
        let verb = dryRun ? "would " : ""
        for file in report.added { Terminal.output("\(verb)add \(prefix)\(file.path)") }
        for index in report.indexFiles { Terminal.output("\(verb)add \(prefix)\(index)") }
        for file in report.updated { Terminal.output("\(verb)update \(prefix)\(file.path)") }
        for path in report.pruned { Terminal.output("\(verb)delete \(prefix)\(path)") }
        DiagnosticFormat.text.print(
            shown(report.diagnostics, failed: false), prefix: prefix, summary: summary(report, prefix: prefix),
            colors: Terminal.colorsOnStandardError)
    }

    func summary(_ report: SyncReport, prefix: String) -> String {
        var lines: [String] = []
        if report.siteErrorCount > 0 {
            lines.append(
                "note: the site has \(count(report.siteErrorCount, "error")) (see `linky-site build`); links in files with errors were not compared with the import"
            )
        }
        if !report.undeclaredExtraKeys.isEmpty, !(report.added.isEmpty && report.updated.isEmpty) {
            let keys = report.undeclaredExtraKeys.joined(separator: ", ")
            lines.append(
                "note: the files use \(keys), which the build warns about until linky.yml lists them: extra_keys: [\(keys)]"
            )
        }
        let service = report.source.service.name
        if report.unchanged {
            return
                "\(report.source.name): unchanged since the last sync, as \(service) says (1 request); kept \(report.kept)."
        }
        var text =
            "\(report.source.name): read \(count(report.fetched, "bookmark")) in \(count(report.requests, "request")). "
            + (dryRun ? "Would add " : "Added ")
            + "\(report.added.count) into \(prefix)\(report.folder), updated \(report.updated.count), kept \(report.kept)"
        if !report.pruned.isEmpty { text += ", deleted \(report.pruned.count)" }
        var skipped: [String] = []
        if !report.editedHere.isEmpty { skipped.append("\(report.editedHere.count) edited here") }
        if report.deletedHere > 0 { skipped.append("\(report.deletedHere) deleted here") }
        if !report.duplicates.isEmpty {
            skipped.append(count(report.duplicates.count, "duplicate") + (verbose ? "" : " (--verbose lists them)"))
        }
        if !report.invalid.isEmpty { skipped.append(count(report.invalid.count, "invalid entry", "invalid entries")) }
        text += skipped.isEmpty ? "." : "; skipped \(skipped.joined(separator: ", "))."
        let stillGone = report.gone.count
        if stillGone > 0 {
            text += " \(count(stillGone, "bookmark")) gone from \(service)"
            text += self.service.prune ? " (edited here, so kept)." : " (--prune deletes their files)."
        }
        if dryRun { text += " Nothing was written (--dry-run)." }
        if report.writeFailure != nil { text += " The import stopped at a file it could not write." }
        if report.stoppedEarly != nil { text += " The fetch stopped early: run the import again to read the rest." }
        lines.append(text)
        return lines.joined(separator: "\n")
    }
}
