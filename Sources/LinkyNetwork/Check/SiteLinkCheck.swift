import Foundation
import LinkyModel

/// Checks a site's links: each distinct address once (by `LinkURL.comparisonKey`), excluded
/// addresses skipped, fresh results from the cache reused, the rest asked of the network; every
/// result is reported at each file and line that uses the address.
///
/// In two steps, so that a caller can show progress: `plan` says what will be asked of the
/// network, `run` asks it.
public struct SiteLinkCheck: Sendable {
    public struct Options: Sendable {
        /// Addresses matching any of these (in their ASCII or their readable form) are not checked.
        public var exclude: [ExcludePattern] = []
        /// The cache file; nil checks everything and remembers nothing.
        public var cacheFile: URL?
        /// Seconds a cached result stays fresh.
        public var maximumCacheAge: Int64 = 86_400
        /// Seconds since 1970: when results are stored, and what their age is measured from.
        public var now: Int64
        /// The committed `link-status.json` the results are merged into; nil writes none.
        public var healthFile: URL?
        /// How far apart two failing runs must be for a link to be written dead.
        public var deadAfter: Int64 = 86_400
        /// Whether every link of the site was asked (no `--changed-since`): addresses the site no
        /// longer has are dropped from `link-status.json`.
        public var wholeSite = true

        public init(now: Int64) {
            self.now = now
        }
    }

    /// One address and every place that uses it.
    public struct Target: Sendable {
        public var url: LinkURL
        /// Sorted by file and line.
        public var uses: [LinkCheckReport.Use]
        /// A fresh result from the cache; nil when the network must be asked.
        public var cached: LinkStatus?
    }

    /// What `run` will do.
    public struct Plan: Sendable {
        /// The addresses to report on, sorted by address.
        public var targets: [Target]
        /// The addresses left out by `exclude`, sorted by address.
        public var excluded: [Target]
        var cache: LinkCheckCache

        /// How many addresses the network will be asked about.
        public var networkCount: Int { targets.count { $0.cached == nil } }
    }

    /// A regular expression for `--exclude`, known to compile.
    public struct ExcludePattern: Sendable {
        public let pattern: String

        /// - Throws: the regular expression's syntax error.
        public init(_ pattern: String) throws {
            _ = try Regex(pattern)
            self.pattern = pattern
        }

        var regex: Regex<AnyRegexOutput> {
            do {
                return try Regex(pattern)
            } catch {
                preconditionFailure("\(pattern) compiled when it was made: \(error)")
            }
        }
    }

    public let checker: LinkChecker
    public let options: Options

    public init(checker: LinkChecker, options: Options) {
        self.checker = checker
        self.options = options
    }

    /// Groups `uses` by address, sets aside excluded ones and finds fresh results in the cache.
    public func plan(_ uses: [LinkCheckReport.Use]) -> Plan {
        // The first use (by file and line) decides which spelling of an address is requested.
        var byKey: [String: Target] = [:]
        for use in uses.sorted(by: { $0.source < $1.source }) {
            byKey[use.url.comparisonKey, default: Target(url: use.url, uses: [])].uses.append(use)
        }
        let cache = options.cacheFile.map(LinkCheckCache.load) ?? LinkCheckCache()
        let exclude = options.exclude.map(\.regex)
        var targets: [Target] = []
        var excluded: [Target] = []
        for var target in byKey.values {
            if exclude.contains(where: {
                target.url.absoluteString.contains($0) || target.url.displayString.contains($0)
            }) {
                excluded.append(target)
                continue
            }
            if options.cacheFile != nil {
                target.cached = cache.fresh(target.url, now: options.now, maximumAge: options.maximumCacheAge)
            }
            targets.append(target)
        }
        let order: (Target, Target) -> Bool = { $0.url.absoluteString < $1.url.absoluteString }
        return Plan(targets: targets.sorted(by: order), excluded: excluded.sorted(by: order), cache: cache)
    }

    /// Checks what the cache did not answer, stores the new results in the cache and reports on all.
    /// `progress` is called once per address the network was asked about, as each finishes.
    public func run(
        _ plan: Plan, progress: @escaping @Sendable (LinkStatus) -> Void = { _ in }
    ) async
        -> LinkCheckReport
    {
        let pending = plan.targets.indices.filter { plan.targets[$0].cached == nil }
        let fresh = await checker.check(pending.map { plan.targets[$0].url }, progress: progress)
        var statuses = plan.targets.map(\.cached)
        for (index, status) in zip(pending, fresh) { statuses[index] = status }

        var report = LinkCheckReport(
            results: zip(plan.targets, statuses).map { target, status in
                LinkCheckReport.Result(url: target.url, status: status!, uses: target.uses)
            },
            excluded: plan.excluded.map { LinkCheckReport.Excluded(url: $0.url, uses: $0.uses) })
        if let file = options.healthFile {
            do {
                var health = try LinkHealthFile.load(fromSiteFolder: file.deletingLastPathComponent())
                for result in report.results {
                    // A working answer the check cache gave is not a new run: what the file says stays.
                    if result.status.cached, health[result.url] != nil { continue }
                    let state: LinkHealthFile.Entry.State
                    switch result.status.verdict {
                    case .ok: state = .ok
                    case .redirected: state = .moved
                    case .broken: state = .broken
                    case .failed: state = .unreachable
                    // Not asked: the file keeps what an earlier run (with --allow-private) found.
                    case .refused: continue
                    }
                    health.record(
                        result.url, state: state, code: result.status.status, finalURL: result.status.suggestion,
                        now: options.now, deadAfter: options.deadAfter)
                }
                if options.wholeSite {
                    health.keep(
                        only: Set((plan.targets + plan.excluded).map(\.url.comparisonKey))
                            .subtracting(plan.excluded.map(\.url.comparisonKey)))
                }
                try health.save(toSiteFolder: file.deletingLastPathComponent())
            } catch {
                report.healthFailure = "\(file.path): \(error)"
            }
        }
        if let file = options.cacheFile {
            var cache = plan.cache
            for result in report.results { cache.record(result.status, for: result.url, now: options.now) }
            do {
                try cache.save(to: file, now: options.now, maximumAge: options.maximumCacheAge)
            } catch {
                report.cacheFailure = "\(file.path): \((error as NSError).localizedDescription)"
            }
        }
        return report
    }
}
