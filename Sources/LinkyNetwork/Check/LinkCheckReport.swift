import LinkyModel

/// What `check --links` found: one result per distinct address, with every place that uses it.
public struct LinkCheckReport: Sendable {
    /// A place in the site that links to an address, spelled as it is there.
    public struct Use: Sendable {
        public var url: LinkURL
        public var source: SourceLocation

        public init(url: LinkURL, source: SourceLocation) {
            self.url = url
            self.source = source
        }
    }

    public struct Result: Sendable {
        /// The spelling that was requested: the first use's.
        public var url: LinkURL
        public var status: LinkStatus
        /// Sorted by file and line.
        public var uses: [Use]
    }

    /// An address left out by `--exclude`.
    public struct Excluded: Sendable {
        public var url: LinkURL
        public var uses: [Use]
    }

    /// Sorted by address.
    public var results: [Result]
    /// Sorted by address.
    public var excluded: [Excluded]
    /// Why the cache could not be saved, if it could not (the check itself is not affected).
    public var cacheFailure: String?
    /// Why `link-status.json` could not be read or written, if it could not.
    public var healthFailure: String?

    public init(results: [Result], excluded: [Excluded] = [], cacheFailure: String? = nil) {
        self.results = results
        self.excluded = excluded
        self.cacheFailure = cacheFailure
    }

    // MARK: - Counts

    public func count(_ verdict: LinkStatus.Verdict) -> Int { results.count { $0.status.verdict == verdict } }
    /// Results taken from the cache rather than the network.
    public var cachedCount: Int { results.count(where: \.status.cached) }
    /// Places in the site that use a checked address.
    public var useCount: Int { results.reduce(0) { $0 + $1.uses.count } }
    /// Broken or failed addresses.
    public var errorCount: Int { results.count(where: \.status.verdict.isError) }

    // MARK: - Diagnostics

    /// One diagnostic per use of a broken, unreachable or permanently redirected address, sorted by
    /// file and line: broken and unreachable links are errors, redirects warnings.
    public var diagnostics: [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for result in results {
            for use in result.uses {
                // Each file is told about the address as it spells it.
                guard var diagnostic = Self.diagnostic(for: result.status, address: use.url.displayString) else {
                    break
                }
                diagnostic.location = use.source
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics.sorted()
    }
}

// MARK: - Private

private extension LinkCheckReport {
    static func diagnostic(for status: LinkStatus, address: String) -> Diagnostic? {
        switch status.verdict {
        case .ok:
            return nil
        case .redirected:
            let target = status.suggestion.map(readable) ?? "another address"
            return .warning(
                .movedLink, at: nil, "\(address) moved permanently to \(target)",
                hint: "update the link to the new address")
        case .broken:
            return .error(
                .brokenLink, at: nil, "\(address) is broken: \(status.message)",
                hint: status.status == 429
                    ? "the server keeps refusing to answer so many requests; check it in a browser, or run again with a lower --per-host"
                    : "open it in a browser; fix the address, point it at an archived copy (web.archive.org), or remove the link"
            )
        case .refused:
            return .warning(
                .privateAddress, at: nil, "\(address) was not checked: \(status.message)",
                hint: WebClient.Failure.privateAddressHint)
        case .failed:
            return .error(
                .unreachableLink, at: nil, "\(address) could not be reached: \(status.message)",
                hint:
                    "the site may be down for now: check again later, or raise --timeout; if it stays unreachable, fix or remove the link"
            )
        }
    }

    /// An address as people read it (Hangul paths decoded); as it is, if it does not parse.
    static func readable(_ address: String) -> String {
        do {
            return try LinkURL(parsing: address).displayString
        } catch {
            return address
        }
    }
}
