import LinkyModel
import LinkyNetwork

/// What `MetadataFetch.fetch` did: every page it asked for, in the site's order, and whether it
/// saved the cache.
public struct MetadataFetchReport: Sendable {
    /// One address of the collection, and what its page gave.
    public struct Page: Sendable {
        public var url: LinkURL
        /// Every place the site uses the address, in site order; the first is where it is reported.
        public var uses: [SourceLocation]
        /// The page's entry for the cache, or why it could not be read.
        public var result: Result<MetadataCache.Entry, MetadataFetcher.Failure>
        /// Where the page moved for good, when every redirect on the way was permanent.
        public var movedTo: String?

        init(_ outcome: CollectionFetcher.Outcome, uses: [SourceLocation]) {
            url = outcome.url
            self.uses = uses
            result = outcome.result
            movedTo = outcome.movedTo
        }

        /// The files that use the address, each once, sorted.
        public var files: [String] { Set(uses.map(\.path)).sorted() }

        /// Why the page could not be read, at its first use (nil when it was read).
        public var warning: Diagnostic? {
            guard case .failure(let failure) = result else { return nil }
            if case .web(.privateAddress) = failure {
                return .warning(
                    .privateAddress, at: uses.first, "\(url.displayString): \(failure)",
                    hint: WebClient.Failure.privateAddressHint)
            }
            let code: DiagnosticCode =
                switch failure {
                case .web: .unreachableLink
                // The server answered, but not with a page to read (an error status, or not HTML).
                case .status, .notHTML: .brokenLink
                }
            return .warning(code, at: uses.first, "\(url.displayString): \(failure)")
        }
    }

    /// A link file `fill` wrote into.
    public struct FilledFile: Sendable, Equatable {
        /// Relative to the site folder.
        public var path: String
        /// The keys added, in the order written: `title`, `description`, `image`.
        public var added: [String]
    }

    /// The pages fetched, in the plan's order.
    public var pages: [Page]
    /// Addresses not fetched because they already had an entry (`missingOnly`).
    public var skipped: Int
    /// Whether `metadata.json` was written (it is left alone when nothing in it changed).
    public var cacheSaved: Bool
    /// List files, which `fill` leaves alone.
    var listFiles: Set<String>
    /// What the cache holds, after this fetch, for every address the site uses, with where: what
    /// `fill` writes from, so `--missing-only --write` fills from entries an earlier fetch made.
    var known: [(uses: [SourceLocation], entry: MetadataCache.Entry)] = []

    /// The pages that could not be read, as warnings at the first file that uses each address.
    public var warnings: [Diagnostic] { pages.compactMap(\.warning) }

    /// How many pages could not be read.
    public var unreadableCount: Int { warnings.count }
}
