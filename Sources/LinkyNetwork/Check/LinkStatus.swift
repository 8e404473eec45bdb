/// What checking one URL found.
public struct LinkStatus: Sendable, Equatable, Codable {
    public enum Verdict: String, Sendable, Codable, Equatable {
        /// The page answered 2xx (after temporary redirects, if any).
        case ok
        /// It answered, but through a permanent redirect (301/308): the link should be updated.
        case redirected
        /// The server answered with an error status (4xx, 5xx, or 429 after every retry).
        case broken
        /// No answer: timeout, refused connection, unknown host, TLS failure, redirect loop.
        case failed
        /// Not requested: the address (or a redirect's) is not public, and `--allow-private` was not given.
        case refused

        /// Broken and failed links fail `check` (exit code 2).
        public var isError: Bool { self == .broken || self == .failed }
    }

    public struct Hop: Sendable, Equatable, Codable {
        public var status: Int
        public var to: String

        public init(status: Int, to: String) {
            self.status = status
            self.to = to
        }
    }

    public var url: String
    public var verdict: Verdict
    /// The final HTTP status, if the server answered.
    public var status: Int?
    /// What went wrong or what changed, in words.
    public var message: String
    /// Each redirect followed, in order.
    public var redirects: [Hop]
    /// For a permanent redirect: the address to write instead.
    public var suggestion: String?
    /// The result came from the check cache, not the network.
    public var cached: Bool

    public init(
        url: String, verdict: Verdict, status: Int?, message: String, redirects: [Hop] = [], suggestion: String? = nil,
        cached: Bool = false
    ) {
        self.url = url
        self.verdict = verdict
        self.status = status
        self.message = message
        self.redirects = redirects
        self.suggestion = suggestion
        self.cached = cached
    }
}
