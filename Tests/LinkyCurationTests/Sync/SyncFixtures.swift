import Foundation
import LinkyCuration
import LinkyNetwork
import LinkyTestSupport

/// A local bookmark service (`Tests/Fixtures/services/bookmark_server.py`) and the sync run against it.
struct LocalService {
    static let token = "s3cret-Tok3n"

    let server: FixtureServer
    let service: BookmarkService
    var base: String { "http://127.0.0.1:\(server.port)" }

    /// `bookmarks` in the server's generic shape (see the script); `page_size` 2 so every run pages.
    /// `replay`: paths answered with a recorded body (`Tests/Fixtures/services/recorded/`).
    init(
        _ service: BookmarkService, bookmarks: [[String: Any]], collections: [[String: Any]] = [],
        faults: [String: Any] = [:], user: String = "alice", replay: [String: String] = [:]
    )
        throws
    {
        self.service = service
        let name = service == .githubStars ? "github" : service.rawValue
        server = try FixtureServer.bookmarks([
            "service": name, "token": Self.token, "user": user,
            "page_size": 2, "bookmarks": bookmarks, "collections": collections, "faults": faults,
            "replay": replay,
        ])
    }

    static func client() -> WebClient {
        var options = WebClient.Options()
        options.allowPrivateAddresses = true
        return WebClient(options: options)
    }

    /// What the service holds from now on.
    func replace(_ bookmarks: [[String: Any]]) async throws {
        let client = Self.client()
        defer { Task { await client.shutdown() } }
        let body = try JSONSerialization.data(withJSONObject: bookmarks)
        let response = try await client.request("\(base)/_bookmarks", method: .POST, readBody: true, body: Array(body))
        precondition(response.status == 200, "the fixture server took no bookmarks")
    }

    /// The requests seen since the last call ("GET /api/bookmarks/?limit=…").
    func log() async throws -> [String] {
        let client = Self.client()
        defer { Task { await client.shutdown() } }
        let response = try await client.request("\(base)/_log", readBody: true)
        return try JSONSerialization.jsonObject(with: Data(response.body)) as? [String] ?? []
    }

    /// Fetches with `token` (default: the right one), counting the waits instead of sleeping them.
    func fetch(
        token: String? = nil, user: String? = nil, tag: String? = nil, maximumWait: Duration = .seconds(300),
        knownVersion: String? = nil
    ) async throws(ServiceFailure) -> (ServiceFetch, waits: [Duration]) {
        let right = service == .pinboard ? "alice:\(Self.token)" : Self.token
        var request = BookmarkFetcher.Request(
            service: service, baseURL: base, token: token ?? right, user: user, tag: tag)
        request.maximumWait = maximumWait
        request.knownVersion = knownVersion
        let waits = WaitLog()
        let client = Self.client()
        do {
            let fetched = try await BookmarkFetcher(request, client: client, sleep: { waits.add($0) }).fetch()
            await client.shutdown()
            return (fetched, waits.all)
        } catch {
            await client.shutdown()
            throw error
        }
    }

    /// Fetches, then syncs into `site`.
    func sync(
        into site: URL, tag: String? = nil, user: String? = nil, category: String? = nil, prune: Bool = false
    ) async throws -> SyncReport {
        let source = SyncSource(service: service, url: base, user: user, tag: tag)
        let known = try SyncRecord.load(from: site).sources[source.key]?.version
        let (fetched, _) = try await fetch(user: user, tag: tag, knownVersion: known)
        return try await ServiceSync(options: SyncOptions(siteFolder: site, category: category, prune: prune)).run(
            fetched, from: source)
    }
}

/// The waits a fetch asked for.
final class WaitLog: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Duration] = []

    func add(_ wait: Duration) {
        lock.lock()
        waits.append(wait)
        lock.unlock()
    }

    var all: [Duration] {
        lock.lock()
        defer { lock.unlock() }
        return waits
    }
}

/// A generic bookmark for the fixture server.
func bookmark(
    _ id: Int, _ url: String, _ title: String, tags: [String] = [], description: String? = nil, notes: String? = nil,
    created: String = "2024-05-01T10:20:30Z", collection: Int? = nil, favorite: Bool = false, unread: Bool = false,
    archived: Bool = false, isPrivate: Bool = false
) -> [String: Any] {
    var item: [String: Any] = [
        "id": id, "url": url, "title": title, "tags": tags, "created": created, "modified": created,
        "favorite": favorite, "unread": unread, "archived": archived, "private": isPrivate,
    ]
    if let description { item["description"] = description }
    if let notes { item["notes"] = notes }
    if let collection { item["collection"] = collection }
    return item
}
