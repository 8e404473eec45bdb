import Foundation
import LinkyBuild
import LinkyModel
import LinkyNetwork

/// `linky-site fetch`: reads the page of every link in a site into its `metadata.json`, and on
/// request writes what the pages say into the link files that leave it out.
///
/// Three stages, so a caller can show progress and report between them: `plan` reads the site and
/// its cache and says which pages to fetch; `fetch` reads them and saves the cache; `fill` (for
/// `--write`) adds the missing title, description and image lines to link files, all in one
/// `SiteTransaction`.
public struct MetadataFetch: Sendable {
    public struct Options: Sendable {
        public var siteFolder: URL
        /// Only fetch links that have no entry in `metadata.json` yet.
        public var missingOnly = false
        /// Pages fetched at once from one host.
        public var perHost = 2
        /// Pages fetched at once in all.
        public var concurrency = 16
        /// The most one page (with its icon) may take.
        public var timeout: Duration = .seconds(20)
        /// The day written as `fetched`, `YYYY-MM-DD`.
        public var today: String
        /// Read pages at loopback, private and other non-public addresses too (`--allow-private`).
        public var allowPrivateAddresses = false

        public init(siteFolder: URL, today: String) {
            self.siteFolder = siteFolder
            self.today = today
        }
    }

    /// Why a fetch stopped. Paths are relative to the site folder.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The site has errors that hide links (every error but a missing title, which fetch is for).
        case siteHasErrors([Diagnostic])
        /// `metadata.json` is there but cannot be read (a broken file is usually reported by the build
        /// first, as `siteHasErrors`).
        case unreadableCache(reason: String)
        /// `metadata.json` could not be written.
        case cacheNotWritten(reason: String)
        /// A link file to fill could not be read; no file was changed.
        case unreadableFile(path: String, reason: String)
        /// The filled link files could not be written; no file was changed.
        case filesNotWritten(path: String, reason: String)

        /// What went wrong, with `pathPrefix` before the path (so it is relative to the current folder).
        public func message(pathPrefix: String) -> String {
            switch self {
            case .siteHasErrors(let diagnostics):
                "the site has \(diagnostics.count) error\(diagnostics.count == 1 ? "" : "s") that hide links"
            case .unreadableCache(let reason): "\(pathPrefix)\(MetadataCache.fileName): \(reason)"
            case .cacheNotWritten(let reason): "cannot write \(pathPrefix)\(MetadataCache.fileName): \(reason)"
            case .unreadableFile(let path, let reason): "cannot read \(pathPrefix)\(path): \(reason)"
            case .filesNotWritten(let path, let reason): "cannot write \(pathPrefix)\(path): \(reason)"
            }
        }

        /// What to do about it.
        public var hint: String {
            switch self {
            case .siteHasErrors: "run `linky-site check` to see them"
            case .unreadableCache: "restore it from git, or delete it"
            case .cacheNotWritten: "check permissions and free space"
            case .unreadableFile: "check permissions"
            case .filesNotWritten: "check permissions; no file was changed"
            }
        }

        public var description: String { message(pathPrefix: "") }
    }

    /// What `plan` found: the addresses of the collection and the pages to fetch.
    public struct Plan: Sendable {
        /// Every distinct address of the collection, drafts included (they are links about to be
        /// published): the links' in site order, then those of link files without a title.
        public var addresses: [LinkURL]
        /// The pages to fetch: every address, or with `missingOnly` those without an entry yet.
        public var pages: [LinkURL]
        /// Where each address is used (`LinkURL.comparisonKey` → files and lines, in site order).
        var uses: [String: [SourceLocation]]
        var cache: MetadataCache
        /// List files: their items are Markdown, not front matter, so `fill` leaves them alone.
        var listFiles: Set<String>

        /// Addresses left out because they already have an entry (`missingOnly`).
        public var skipped: Int { addresses.count - pages.count }
    }

    public let options: Options

    public init(options: Options) {
        var options = options
        options.siteFolder = options.siteFolder.standardizedFileURL
        self.options = options
    }

    // MARK: - Stages

    /// The site as `fetch` reads it, pages and pictures alike: drafts included (they are links about
    /// to be published), nothing written; every error but a missing title (which fetch is for) stops it.
    static func readSite(_ siteFolder: URL) async throws(Failure) -> BuildReport {
        var build = BuildOptions(siteFolder: siteFolder)
        build.writeOutput = false
        build.includeDrafts = true
        let report = await SiteBuilder().build(build)
        let blocking = report.diagnostics.filter { $0.severity == .error && $0.code != .missingTitle }
        guard blocking.isEmpty else { throw .siteHasErrors(blocking) }
        return report
    }

    /// Reads the site (drafts included: they are links about to be published) and its cache.
    public func plan() async throws(Failure) -> Plan {
        let report = try await Self.readSite(options.siteFolder)
        let cache: MetadataCache
        do {
            cache = try MetadataCache.load(fromSiteFolder: options.siteFolder)
        } catch {
            throw .unreadableCache(reason: "\(error)")
        }
        var addresses: [LinkURL] = []
        var uses: [String: [SourceLocation]] = [:]
        let links =
            (report.site?.links ?? []).map { ($0.url, $0.urlSource) }
            + report.untitledLinks.map { ($0.url, $0.location) }
        for (url, source) in links {
            let key = url.comparisonKey
            if uses[key] == nil { addresses.append(url) }
            uses[key, default: []].append(source)
        }
        let pages = options.missingOnly ? addresses.filter { cache[$0] == nil } : addresses
        return Plan(
            addresses: addresses, pages: pages, uses: uses, cache: cache,
            listFiles: report.site?.listFilePaths ?? [])
    }

    /// Fetches the plan's pages and saves the cache: new entries in, pages that could not be read
    /// keep their old entry, entries of links no longer in the site dropped.
    ///
    /// - Parameter progress: called as each page is done, from any task.
    public func fetch(
        _ plan: Plan, progress: @escaping @Sendable (MetadataFetchReport.Page) -> Void = { _ in }
    ) async throws(Failure) -> MetadataFetchReport {
        var clientOptions = WebClient.Options()
        clientOptions.timeout = options.timeout
        clientOptions.allowPrivateAddresses = options.allowPrivateAddresses
        let client = WebClient(options: clientOptions)
        var fetcherOptions = CollectionFetcher.Options(today: options.today)
        fetcherOptions.perHost = options.perHost
        fetcherOptions.concurrency = options.concurrency
        let fetcher = CollectionFetcher(fetcher: MetadataFetcher(client: client), options: fetcherOptions)
        let uses = plan.uses
        let outcomes = await fetcher.fetch(plan.pages) { outcome in
            progress(MetadataFetchReport.Page(outcome, uses: uses[outcome.url.comparisonKey] ?? []))
        }
        await client.shutdown()

        let updated = CollectionFetcher.merged(plan.cache, outcomes, keep: Set(uses.keys))
        let file = options.siteFolder.appending(path: MetadataCache.fileName)
        let saved = updated != plan.cache || !FileManager.default.fileExists(atPath: file.path)
        if saved {
            do {
                try updated.save(toSiteFolder: options.siteFolder)
            } catch {
                throw .cacheNotWritten(reason: "\(error)")
            }
        }
        var report = MetadataFetchReport(
            pages: outcomes.map { MetadataFetchReport.Page($0, uses: uses[$0.url.comparisonKey] ?? []) },
            skipped: plan.skipped, cacheSaved: saved, listFiles: plan.listFiles)
        report.known = plan.addresses.compactMap { url in
            updated[url].map { (uses: uses[url.comparisonKey] ?? [], entry: $0) }
        }
        return report
    }
}
