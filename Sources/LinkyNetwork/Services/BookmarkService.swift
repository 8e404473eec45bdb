import Foundation

/// The bookmark services `linky-site import --from SERVICE` reads through their APIs (issue 46): where
/// each one lives, which environment variable holds its token, and what it calls a bookmark.
public enum BookmarkService: String, Sendable, CaseIterable {
    case linkding
    case shaarli
    case pinboard
    case raindrop
    case karakeep
    case linkwarden
    case githubStars = "github-stars"

    /// The service's own name, for messages.
    public var name: String {
        switch self {
        case .linkding: "linkding"
        case .shaarli: "Shaarli"
        case .pinboard: "Pinboard"
        case .raindrop: "Raindrop.io"
        case .karakeep: "Karakeep"
        case .linkwarden: "Linkwarden"
        case .githubStars: "GitHub"
        }
    }

    /// The environment variable the token (Shaarli: the API secret) is read from.
    public var tokenVariable: String {
        switch self {
        case .linkding: "LINKDING_TOKEN"
        case .shaarli: "SHAARLI_SECRET"
        case .pinboard: "PINBOARD_TOKEN"
        case .raindrop: "RAINDROP_TOKEN"
        case .karakeep: "KARAKEEP_TOKEN"
        case .linkwarden: "LINKWARDEN_TOKEN"
        case .githubStars: "GITHUB_TOKEN"
        }
    }

    /// Whether a run needs a token (GitHub's stars are public).
    public var needsToken: Bool { self != .githubStars }

    /// The API's address when `--url` is not given; nil for a service people host themselves, which
    /// needs `--url`. GitHub's comes from `GITHUB_API_URL` as Actions set it (GitHub Enterprise).
    public func defaultURL(environment: [String: String]) -> String? {
        switch self {
        case .pinboard: "https://api.pinboard.in"
        case .raindrop: "https://api.raindrop.io"
        case .githubStars: environment["GITHUB_API_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://api.github.com"
        case .linkding, .shaarli, .karakeep, .linkwarden: nil
        }
    }

    /// Where to find the token, for a hint.
    public var tokenHelp: String {
        switch self {
        case .linkding: "linkding's Settings → Integrations → REST API"
        case .shaarli: "Shaarli's Tools → Configure your Shaarli → REST API secret"
        case .pinboard: "pinboard.in/settings/password (API token, user:HEX)"
        case .raindrop: "app.raindrop.io/settings/integrations (a test token)"
        case .karakeep: "Karakeep's Settings → API Keys"
        case .linkwarden: "Linkwarden's Settings → Access Tokens"
        case .githubStars: "github.com/settings/tokens (no scope needed for public stars)"
        }
    }
}

/// One bookmark as a service's API gives it, in the service's words turned into ours. Plain values:
/// the import turns it into a link file.
public struct ServiceBookmark: Sendable, Equatable {
    /// The service's id for it (linkding's number, Karakeep's string, a Pinboard post's hash, a
    /// repository's full name): how the next sync knows it again.
    public var id: String
    public var url: String
    public var title: String
    public var description: String?
    /// Markdown for the link file's body (linkding's notes, Raindrop's, Karakeep's).
    public var note: String?
    public var tags: [String]
    /// When it was saved (a star given), as the API writes it (ISO 8601).
    public var created: String?
    /// Collection, folder or list names from the top down (Raindrop's nested collections).
    public var folders: [String]
    public var favorite = false
    public var unread = false
    public var archived = false
    /// Not shared (Pinboard's `shared: no`, Shaarli's `private`): imported as a draft.
    public var isPrivate = false

    public init(
        id: String, url: String, title: String, description: String? = nil, note: String? = nil, tags: [String] = [],
        created: String? = nil, folders: [String] = []
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.description = description
        self.note = note
        self.tags = tags
        self.created = created
        self.folders = folders
    }
}

/// What a fetch brought back.
public struct ServiceFetch: Sendable {
    /// In the service's order; with `--tag`, only the tagged ones.
    public var bookmarks: [ServiceBookmark] = []
    public var requests = 0
    /// Why the fetch stopped before the end (a rate limit or a server error that outlasted the wait,
    /// the connection lost); nil when it read everything. What was fetched is still used, but what was
    /// not fetched is not taken for gone.
    public var stoppedEarly: String?
    /// When the service last changed, as it says (Pinboard's `update_time`), to be kept for the next run.
    public var version: String?
    /// The service says nothing changed since `knownVersion`: `bookmarks` is empty, and means nothing.
    public var unchanged = false

    public init() {}
}

/// Why a fetch could not start: nothing was read, so nothing is written.
public enum ServiceFailure: Error, Equatable, CustomStringConvertible {
    /// 401 or 403: the token is wrong, expired or lacks a permission.
    case refused(service: String, status: Int, detail: String)
    /// 404 on the first request: a wrong `--url` or `--user`.
    case notFound(service: String, url: String)
    /// The answer is not what the API documents (not JSON, another shape).
    case unexpected(service: String, url: String, detail: String)
    /// A rate limit or server error that outlasted the wait, or no connection, before anything was read.
    case stopped(String)

    public var description: String {
        switch self {
        case .refused(let service, let status, let detail):
            "\(service) refused the request (\(status)\(detail.isEmpty ? "" : ": \(detail)"))"
        case .notFound(let service, let url): "\(service) has nothing at \(url) (404)"
        case .unexpected(let service, let url, let detail):
            "\(service)'s answer at \(url) is not what its API documents: \(detail)"
        case .stopped(let reason): reason
        }
    }
}
