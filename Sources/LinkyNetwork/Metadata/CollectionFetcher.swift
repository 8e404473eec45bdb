import LinkyModel

/// `linky-site fetch`: reads every page of the collection (a few at a time per host) and gives back
/// the metadata cache updated with what they say. A page that cannot be read keeps its old entry.
public struct CollectionFetcher: Sendable {
    public struct Options: Sendable {
        public var perHost = 2
        public var concurrency = 16
        /// The day written as `fetched`, `YYYY-MM-DD`.
        public var today: String

        public init(today: String) {
            self.today = today
        }
    }

    /// What one page gave, or why it gave nothing.
    public struct Outcome: Sendable {
        public var url: LinkURL
        public var result: Result<MetadataCache.Entry, MetadataFetcher.Failure>
        /// Where the page moved for good, if it did: the link should be updated.
        public var movedTo: String?
    }

    public let fetcher: MetadataFetcher
    public let options: Options

    public init(fetcher: MetadataFetcher, options: Options) {
        self.fetcher = fetcher
        self.options = options
    }

    /// Fetches `urls`, calling `progress` after each page.
    public func fetch(_ urls: [LinkURL], progress: @escaping @Sendable (Outcome) -> Void = { _ in }) async -> [Outcome]
    {
        let scheduler = HostScheduler(perHost: options.perHost, total: options.concurrency)
        let today = options.today
        return await scheduler.run(urls) { url in
            let outcome: Outcome
            let fetched: Result<MetadataFetcher.Result, MetadataFetcher.Failure>
            do throws(MetadataFetcher.Failure) {
                fetched = .success(try await fetcher.fetch(url))
            } catch {
                fetched = .failure(error)
            }
            switch fetched {
            case .success(let page):
                let entry = MetadataCache.Entry(
                    title: page.metadata.title, description: page.metadata.description,
                    image: page.metadata.image?.absoluteString, favicon: page.favicon?.absoluteString, fetched: today)
                let moved = !page.redirects.isEmpty && page.redirects.allSatisfy(\.isPermanent)
                outcome = Outcome(url: url, result: .success(entry), movedTo: moved ? page.finalURL : nil)
            case .failure(let failure):
                outcome = Outcome(url: url, result: .failure(failure), movedTo: nil)
            }
            progress(outcome)
            return outcome
        }
    }

    /// The cache after a fetch: new entries in, failed pages keep what they had, links no longer in
    /// the collection (`keep`) dropped.
    public static func merged(_ cache: MetadataCache, _ outcomes: [Outcome], keep: Set<String>) -> MetadataCache {
        var updated = MetadataCache(entries: cache.entries.filter { keep.contains($0.key) })
        for outcome in outcomes {
            if case .success(let entry) = outcome.result, !entry.isEmpty { updated[outcome.url] = entry }
        }
        return updated
    }
}
