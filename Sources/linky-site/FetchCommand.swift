import ArgumentParser
import Foundation
import LinkyBuild
import LinkyCuration
import LinkyModel
import LinkyNetwork

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

            A link file without a title is fine once fetch has found one. Pages that cannot be read \
            keep their previous entry; entries of links no longer in the collection are removed. Your \
            files are not touched unless you pass --write, which adds the missing title, description \
            and image lines to link files (every other byte kept).

            Exit codes: 0 done (even if some pages could not be read; they are listed); 1 the site has \
            content errors that hide links; 64 usage; 74 metadata.json or a file could not be written.

            Examples:
              linky-site fetch                  refresh every page
              linky-site fetch --missing-only   only links with no entry yet (fast, for new links)
              linky-site fetch my-links --write fill the files themselves too
            """
    )

    @Argument(help: "The site folder.", completion: .directory)
    var site: String = "."

    @Flag(name: .customLong("missing-only"), help: "Only fetch links that have no entry in metadata.json yet.")
    var missingOnly = false

    @Flag(help: "Also write the missing title, description and image into the link files.")
    var write = false

    @Option(name: .customLong("per-host"), help: "Pages fetched at once from one host.")
    var perHost: Int = 2

    @Option(help: "Pages fetched at once in all.")
    var concurrency: Int = 16

    @Option(help: "Seconds to wait for each page.")
    var timeout: Int = 20

    func validate() throws {
        guard perHost >= 1, concurrency >= 1, timeout >= 1 else {
            throw ValidationError("--per-host, --concurrency and --timeout must be at least 1")
        }
    }

    func run() async throws {
        let siteFolder = URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL
        InterruptedChange.recover(site: site)
        var options = BuildOptions(siteFolder: siteFolder)
        options.writeOutput = false
        options.includeDrafts = true
        let report = await SiteBuilder().build(options)
        let prefix = site == "." ? "" : site + "/"
        let blocking = report.diagnostics.filter { $0.severity == .error && $0.code != .missingTitle }
        if !blocking.isEmpty {
            DiagnosticFormat.text.print(
                blocking, prefix: prefix, summary: "The site has errors; fix them so every link can be fetched.",
                colors: false)
            throw ExitCode(1)
        }
        let cache: MetadataCache
        do {
            cache = try MetadataCache.load(fromSiteFolder: siteFolder)
        } catch {
            Self.fail("\(prefix)\(MetadataCache.fileName): \(error)", hint: "restore it from git, or delete it")
            throw ExitCode(1)
        }

        // Every distinct address, with the link files that use it (for --write).
        var order: [LinkURL] = []
        var files: [String: [String]] = [:]
        var keep: Set<String> = []
        // Drafts included: they are links about to be published.
        let links =
            (report.site?.links ?? []).map { ($0.url, $0.source) } + report.untitledLinks.map { ($0.url, $0.location) }
        for (url, source) in links {
            let key = url.comparisonKey
            keep.insert(key)
            if files[key] == nil { order.append(url) }
            files[key, default: []].append(source.path)
        }
        let wanted = missingOnly ? order.filter { cache[$0] == nil } : order
        var webOptions = WebClient.Options()
        webOptions.timeout = .seconds(timeout)
        let client = WebClient(options: webOptions)
        var fetchOptions = CollectionFetcher.Options(today: AddCommand.today())
        fetchOptions.perHost = perHost
        fetchOptions.concurrency = concurrency
        let fetcher = CollectionFetcher(fetcher: MetadataFetcher(client: client), options: fetchOptions)
        let progress = ProgressLine(total: wanted.count, label: "pages")
        let outcomes = await fetcher.fetch(wanted) { outcome in
            if case .failure = outcome.result { progress.advance(note: "unreadable") } else { progress.advance() }
        }
        progress.finish()
        await client.shutdown()

        let updated = CollectionFetcher.merged(cache, outcomes, keep: keep)
        do {
            if updated != cache
                || !FileManager.default.fileExists(atPath: siteFolder.appending(path: MetadataCache.fileName).path)
            {
                try updated.save(toSiteFolder: siteFolder)
            }
        } catch {
            Self.fail(
                "cannot write \(prefix)\(MetadataCache.fileName): \(error)", hint: "check permissions and free space")
            throw ExitCode(74)
        }

        var failed = 0
        for outcome in outcomes {
            let where_ = files[outcome.url.comparisonKey]?.first.map { prefix + $0 } ?? ""
            switch outcome.result {
            case .failure(let failure):
                failed += 1
                Terminal.output("\(where_): warning: \(outcome.url.displayString): \(failure)")
            case .success:
                if let moved = outcome.movedTo {
                    Terminal.output("\(where_): note: \(outcome.url.displayString) moved permanently to \(moved)")
                }
            }
        }

        var filled = 0
        if write {
            // Every file is filled in one transaction: a kill leaves all of them as they were, or all filled.
            var changes: [SiteTransaction.Change] = []
            var messages: [String] = []
            // List files are not rewritten: their items are Markdown, not front matter.
            let listFiles = report.site?.listFilePaths ?? []
            for outcome in outcomes {
                guard case .success(let entry) = outcome.result else { continue }
                let values = [("title", entry.title), ("description", entry.description), ("image", entry.image)]
                    .compactMap { key, value in value.map { (key: key, value: $0) } }
                for path in Set(files[outcome.url.comparisonKey] ?? []).sorted() where !listFiles.contains(path) {
                    let text: String
                    do {
                        text = try String(contentsOf: siteFolder.appending(path: path), encoding: .utf8)
                    } catch {
                        Self.fail(
                            "cannot read \(prefix)\(path): \(error.localizedDescription)", hint: "check permissions")
                        throw ExitCode(74)
                    }
                    guard let filledText = FrontMatterFiller.filling(text, with: values) else { continue }
                    changes.append(.init(path: path, kind: .replace, bytes: Array(filledText.text.utf8)))
                    messages.append("\(prefix)\(path): added \(filledText.added.joined(separator: ", "))")
                }
            }
            do {
                try SiteTransaction.commit(changes, in: siteFolder)
            } catch {
                Self.fail(
                    "cannot write \(prefix)\(error.path): \(error.reason)",
                    hint: "check permissions; no file was changed")
                throw ExitCode(74)
            }
            filled = changes.count
            for message in messages { Terminal.output("\(message)") }
        }
        let skipped = order.count - wanted.count
        var summary = "Fetched \(wanted.count - failed) of \(wanted.count) pages"
        if skipped > 0 { summary += " (\(skipped) already in \(MetadataCache.fileName))" }
        summary += failed > 0 ? "; \(failed) could not be read." : "."
        if write { summary += " Filled \(filled) link files." }
        Terminal.error("\(summary)\n")
    }

    static func fail(_ message: String, hint: String) {
        Terminal.error("linky-site: error: \(message)\n  hint: \(hint)\n")
    }
}
