import CLinkyDigest
import Foundation
import LinkyModel

/// Reads every bookmark of one account of a bookmark service through its API, page after page
/// (each service's own paging: offsets, page numbers, cursors, `Link` headers), into plain values.
/// One file per service in this folder holds what that service calls things.
public struct BookmarkFetcher: Sendable {
    public struct Request: Sendable {
        public var service: BookmarkService
        /// The API's address, without a trailing slash: `https://links.example.org`.
        public var baseURL: String
        public var token: String?
        /// GitHub: whose stars; nil for the token's own.
        public var user: String?
        /// Only bookmarks with this tag (a repository topic for GitHub), matched as the build matches tags.
        public var tag: String?
        /// The most the run waits in all for services that ask it to (`Retry-After`).
        public var maximumWait: Duration = .seconds(300)
        /// What the last sync read of a service that says when it last changed (Pinboard's
        /// `posts/update`): when it still says so, nothing more is fetched.
        public var knownVersion: String?

        public init(service: BookmarkService, baseURL: String, token: String?, user: String? = nil, tag: String? = nil)
        {
            self.service = service
            var base = baseURL
            while base.hasSuffix("/") { base.removeLast() }
            self.baseURL = base
            self.token = token.flatMap { $0.isEmpty ? nil : $0 }
            self.user = user
            self.tag = tag
        }
    }

    public let request: Request
    let client: WebClient
    let sleep: @Sendable (Duration) async -> Void

    public init(
        _ request: Request, client: WebClient,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.request = request
        self.client = client
        self.sleep = sleep
    }

    /// Every bookmark (with a tag asked for, the tagged ones). A stop after the first answer keeps what
    /// was read (`stoppedEarly`); a refusal, or a stop before anything was read, throws.
    public func fetch() async throws(ServiceFailure) -> ServiceFetch {
        let headers = authorization()
        var session = ServiceClient(
            client: client, service: request.service, headers: headers, secrets: secrets(headers),
            maximumWait: request.maximumWait, sleep: sleep)
        var fetch = ServiceFetch()
        do {
            switch request.service {
            case .linkding: try await linkding(&session, &fetch)
            case .shaarli: try await shaarli(&session, &fetch)
            case .pinboard: try await pinboard(&session, &fetch)
            case .raindrop: try await raindrop(&session, &fetch)
            case .karakeep: try await karakeep(&session, &fetch)
            case .linkwarden: try await linkwarden(&session, &fetch)
            case .githubStars: try await githubStars(&session, &fetch)
            }
        } catch {
            guard case .stopped(let reason) = error, session.answers > 0 else {
                fetch.requests = session.requests
                throw error
            }
            fetch.stoppedEarly = reason
        }
        fetch.requests = session.requests
        if let tag = request.tag {
            let wanted = tag.foldedIdentity
            fetch.bookmarks.removeAll { !$0.tags.contains { $0.foldedIdentity == wanted } }
        }
        return fetch
    }

    /// The header the service reads its token from.
    func authorization() -> [(name: String, value: String)] {
        guard let token = request.token else { return [] }
        switch request.service {
        case .linkding: return [("Authorization", "Token \(token)")]
        case .shaarli: return [("Authorization", "Bearer \(Self.shaarliJWT(secret: token))")]
        case .pinboard: return []  // in the query: Pinboard's v1 API reads it nowhere else
        case .raindrop, .karakeep, .linkwarden: return [("Authorization", "Bearer \(token)")]
        case .githubStars: return [("Authorization", "Bearer \(token)"), ("X-GitHub-Api-Version", "2022-11-28")]
        }
    }

    /// What no message may show: the token as given and as a query writes it, and what the headers
    /// carry (Shaarli's JWT, made from the secret).
    func secrets(_ headers: [(name: String, value: String)]) -> [String] {
        guard let token = request.token else { return [] }
        return [token, Self.percentEncoded(token)]
            + headers.filter { $0.name == "Authorization" }.compactMap {
                $0.value.split(separator: " ").last.map(String.init)
            }
    }

    /// `text` as a query's value.
    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?/:")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    func query(_ pairs: [(String, String?)]) -> String {
        pairs.compactMap { name, value in value.map { "\(name)=\(Self.percentEncoded($0))" } }.joined(separator: "&")
    }

    func unexpected(_ url: String, _ session: ServiceClient, _ detail: String) -> ServiceFailure {
        .unexpected(service: request.service.name, url: session.shown(url), detail: detail)
    }
}

// MARK: - Shaarli's token

extension BookmarkFetcher {
    /// A JSON Web Token signed HS512 with the API secret, `iat` now: what Shaarli's API reads.
    static func shaarliJWT(secret: String, now: Date = Date()) -> String {
        let header = base64URL(Array(#"{"typ":"JWT","alg":"HS512"}"#.utf8))
        let payload = base64URL(Array("{\"iat\":\(Int(now.timeIntervalSince1970))}".utf8))
        let signature = hmacSHA512(key: Array(secret.utf8), Array("\(header).\(payload)".utf8))
        return "\(header).\(payload).\(base64URL(signature))"
    }

    /// HMAC-SHA-512 (RFC 2104) of `bytes` under `key`, by libcrypto's SHA-512.
    public static func hmacSHA512(key: [UInt8], _ bytes: [UInt8]) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: 64)
        let done = linky_hmac_sha512(key, key.count, bytes, bytes.count, &mac)
        precondition(done == 1, "libcrypto's SHA-512 failed")
        return mac
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
