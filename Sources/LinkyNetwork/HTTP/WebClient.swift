import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// One HTTP client for a command's whole run: follows redirects itself (so it can report each
/// hop), bounds every request by a deadline and every body by a size, and says what went wrong
/// in words a curator understands.
///
/// Unless `allowPrivateAddresses` is set, every request (each redirect hop included) goes only to a
/// public address: the host is looked up first, refused if any of its addresses is loopback,
/// private, link-local or otherwise not public, and the connection is made to the address that
/// was checked (a client per host with that address as its DNS override), so a name that
/// resolves differently a moment later (DNS rebinding) cannot move the request.
public final class WebClient: Sendable {
    public struct Options: Sendable {
        /// The most a request may take, body included.
        public var timeout: Duration = .seconds(20)
        public var maximumRedirects = 10
        /// Bodies are read up to this size; the rest is not downloaded.
        public var maximumBodyBytes = 2 * 1024 * 1024
        public var userAgent = "Mozilla/5.0 (compatible; linky-site/0.1; +https://github.com/linky-site/linky-site)"
        /// Let requests reach loopback, private, link-local and reserved addresses (`--allow-private`:
        /// tests against a server on 127.0.0.1, a trusted intranet list). Off, they are refused.
        public var allowPrivateAddresses = false
        /// Addresses requested as if they were public though they are not: for tests, which stand a
        /// "public" server on 127.0.0.1 and a "private" one (a cloud's metadata service) on 127.0.0.2.
        public var treatedAsPublic: Set<IPAddress> = []

        public init() {}
    }

    /// One hop of a redirect chain.
    public struct Redirect: Sendable, Equatable {
        public var from: String
        public var to: String
        public var status: Int

        /// 301 and 308: the old address should be updated.
        public var isPermanent: Bool { status == 301 || status == 308 }
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [(name: String, value: String)]
        /// The address that answered, after redirects.
        public var finalURL: String
        public var redirects: [Redirect]
        /// Empty unless the body was asked for; at most `maximumBodyBytes`.
        public var body: [UInt8]

        /// The first header with this name (any case).
        public func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case timedOut
        case tooManyRedirects(Int)
        case badRedirect(String)
        case connection(String)
        /// The request would have gone to an address that is not public, and was not made.
        /// `redirect` is the address redirected to, when a hop after the first was refused.
        case privateAddress(host: String, address: IPAddress, restriction: IPAddress.Restriction, redirect: String?)

        public var description: String {
            switch self {
            case .timedOut: "timed out"
            case .tooManyRedirects(let count): "more than \(count) redirects"
            case .badRedirect(let location): "redirected to an address that is not a web page: \(location)"
            case .connection(let message): message
            case .privateAddress(let host, let address, let restriction, let redirect):
                (redirect.map { "redirected to \($0): " } ?? "")
                    + (host == address.description ? "\(host) is " : "\(host) resolves to \(address), ")
                    + "\(restriction.phrase), not a public one: not requested"
            }
        }

        /// Whether the request was refused because its address is not public.
        public var isPrivateAddress: Bool {
            if case .privateAddress = self { true } else { false }
        }

        /// What to do about a refused address, for the warning that reports it.
        public static let privateAddressHint =
            "linky-site requests only public addresses, so a site from someone else cannot reach your network or a cloud's metadata service; if you trust the site, run again with --allow-private"
    }

    public let options: Options
    private let client: HTTPClient
    /// Clients that connect to one checked address for one host, by `host` and address.
    private let pinned = Mutex<[PinnedHost: HTTPClient]>([:])

    public init(options: Options = Options()) {
        self.options = options
        client = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: Self.configuration(options, override: [:]))
    }

    /// Closes the connections; call once when the command is done.
    public func shutdown() async {
        let clients =
            [client]
            + pinned.withLock { pinned in
                defer { pinned.removeAll() }
                return Array(pinned.values)
            }
        // One client per host a site links to: closed together, not one after another.
        await withTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask {
                    do {
                        try await client.shutdown()
                    } catch {
                        // Shutting down twice is the only failure, and a second close has nothing to release.
                    }
                }
            }
        }
    }

    /// Requests `url`, following redirects (a 303 turns the request into GET).
    ///
    /// The whole of it — connecting, every redirect, the headers and the body — ends by `options.timeout`
    /// (or `deadline`, when that is sooner): a server that sends its headers, then a byte a second,
    /// is cut off there, though no single read ever waits long.
    ///
    /// - Parameters:
    ///   - readBody: read the body (up to `maximumBodyBytes`); otherwise it is discarded unread.
    ///   - accept: the `Accept` header.
    ///   - deadline: when a longer piece of work this request is part of must end (a page and its icon).
    ///   - headers: more headers (an API's `Authorization`): sent to `url`'s origin only, never to
    ///     another host a redirect leads to, so a token stays with the service it is for.
    ///   - body: the request's body (a POST to a GraphQL API); a 303 drops it with the method.
    public func request(
        _ url: String, method: HTTPMethod = .GET, readBody: Bool = false, accept: String = "*/*",
        deadline: ContinuousClock.Instant? = nil, headers: [(name: String, value: String)] = [],
        body: [UInt8]? = nil
    ) async throws(Failure) -> Response {
        let ownDeadline = ContinuousClock.now + options.timeout
        let end = deadline.map { min($0, ownDeadline) } ?? ownDeadline
        return try await perform(
            url, method: method, readBody: readBody, accept: accept, headers: headers, body: body, until: end)
    }
}

// MARK: - Private

private extension WebClient {
    /// A host and the address its connections are pinned to.
    struct PinnedHost: Hashable, Sendable {
        var host: String
        var address: IPAddress
    }

    static func configuration(_ options: Options, override: [String: String]) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: Self.timeAmount(options.timeout)),
            decompression: .enabled(limit: .ratio(100)))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 16
        // Left on, AsyncHTTPClient retries a refused connection until the deadline, so a closed port
        // costs the whole timeout (and every retry of the link checker another one). Callers retry
        // themselves, with a backoff they choose.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.dnsOverride = override
        return configuration
    }

    /// The client to request `url` with: the shared one when private addresses are allowed;
    /// otherwise one whose connections go to the address checked here, after the host's every
    /// address was found public.
    ///
    /// - Parameter redirect: whether `url` is a redirect's target, for the refusal's words.
    func client(for url: String, redirect: Bool) async throws(Failure) -> HTTPClient {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { throw redirect ? .badRedirect(url) : .connection("\(url) is not an http or https address") }
        if options.allowPrivateAddresses { return client }
        // AsyncHTTPClient connects to `URL.host` with IPv6 brackets trimmed; the override is keyed the same way.
        guard var host = parsed.host, !host.isEmpty else { throw .connection("the address has no host") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let addresses = try await HostResolver.addresses(
            of: host, port: parsed.port ?? (scheme == "https" ? 443 : 80))
        for address in addresses where !options.treatedAsPublic.contains(address) {
            if let restriction = address.restriction {
                throw .privateAddress(
                    host: host, address: address, restriction: restriction, redirect: redirect ? url : nil)
            }
        }
        let key = PinnedHost(host: host, address: addresses[0])
        let options = options
        return pinned.withLock { pinned in
            if let existing = pinned[key] { return existing }
            let made = HTTPClient(
                eventLoopGroupProvider: .singleton,
                configuration: Self.configuration(options, override: [host: key.address.description]))
            pinned[key] = made
            return made
        }
    }

    /// `request`, every wait bounded by `end`: AsyncHTTPClient's deadline for connecting, redirects
    /// and headers, a timer for the body.
    func perform(
        _ url: String, method: HTTPMethod, readBody: Bool, accept: String,
        headers: [(name: String, value: String)] = [], body requestBody: [UInt8]? = nil,
        until end: ContinuousClock.Instant
    ) async throws(Failure) -> Response {
        let origin = Self.origin(of: url)
        var requestBody = requestBody
        let deadline = NIODeadline.now() + Self.timeAmount(max(end - ContinuousClock.now, .zero))
        var current = url
        var currentMethod = method
        var redirects: [Redirect] = []
        while true {
            let client = try await self.client(for: current, redirect: !redirects.isEmpty)
            var request = HTTPClientRequest(url: current)
            request.method = currentMethod
            request.headers.add(name: "User-Agent", value: options.userAgent)
            request.headers.add(name: "Accept", value: accept)
            request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
            request.headers.add(name: "Accept-Language", value: "ko, en;q=0.9, *;q=0.5")
            if Self.origin(of: current) == origin {
                for header in headers { request.headers.replaceOrAdd(name: header.name, value: header.value) }
            }
            if let requestBody { request.body = .bytes(requestBody) }
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, deadline: deadline)
            } catch {
                throw Self.failure(error)
            }
            let status = Int(response.status.code)
            if (300..<400).contains(status), status != 304, let location = response.headers.first(name: "Location") {
                guard let next = URL(string: location, relativeTo: URL(string: current))?.absoluteURL,
                    let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https"
                else { throw .badRedirect(location) }
                redirects.append(Redirect(from: current, to: next.absoluteString, status: status))
                guard redirects.count <= options.maximumRedirects else {
                    throw .tooManyRedirects(options.maximumRedirects)
                }
                if status == 303 && currentMethod != .HEAD {
                    currentMethod = .GET
                    requestBody = nil
                }
                current = next.absoluteString
                continue
            }
            var body: [UInt8] = []
            if readBody && currentMethod != .HEAD {
                body = try await self.body(of: response, until: end)
            }
            return Response(
                status: status, headers: response.headers.map { (name: $0.name, value: $0.value) },
                finalURL: current, redirects: redirects, body: body)
        }
    }

    /// Scheme, host and port, lowercased: where a request's own headers may go.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased()
        else { return nil }
        return "\(scheme)://\(host):\(components.port ?? (scheme == "https" ? 443 : 80))"
    }

    /// The body, up to `maximumBodyBytes`, by `end`. AsyncHTTPClient bounds the wait for the
    /// headers by the deadline `execute` is given, but not the body's: its read timeout restarts
    /// with every byte, so a body that trickles in would hold the request for ever. The reading
    /// races a timer; whichever ends first cancels the other (a cancelled read closes the connection).
    func body(of response: HTTPClientResponse, until end: ContinuousClock.Instant) async throws(Failure) -> [UInt8] {
        let limit = options.maximumBodyBytes
        let outcome = await withTaskGroup(of: Result<[UInt8], Failure>?.self) { group in
            group.addTask {
                var body: [UInt8] = []
                do {
                    for try await var chunk in response.body {
                        let take = min(chunk.readableBytes, limit - body.count)
                        body += chunk.readBytes(length: take) ?? []
                        if body.count >= limit { break }
                    }
                } catch {
                    return .failure(Self.failure(error))
                }
                // Cancelled at the deadline, the body's sequence may just end: what came is not the page.
                return Task.isCancelled ? nil : .success(body)
            }
            group.addTask {
                do {
                    try await Task.sleep(until: end, clock: .continuous)
                } catch {
                    return nil  // the body came first
                }
                return .failure(.timedOut)
            }
            var first: Result<[UInt8], Failure>?
            for await result in group {
                guard let result else { continue }
                first = result
                group.cancelAll()
                break
            }
            return first ?? .failure(.timedOut)
        }
        return try outcome.get()
    }

    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// AsyncHTTPClient's and NIO's errors, in a curator's words.
    static func failure(_ error: any Error) -> Failure {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return .timedOut
            case .remoteConnectionClosed: return .connection("the server closed the connection")
            default: break
            }
        }
        let text = String(describing: error)
        if text.contains("connectTimeout") || text.contains("deadlineExceeded") { return .timedOut }
        if text.contains("connectionRefused") || text.contains("Connection refused") {
            return .connection("connection refused")
        }
        if text.contains("NXDOMAIN") || text.contains("lookup") || text.contains("dns") || text.contains("DNS") {
            return .connection("the host name does not resolve")
        }
        if text.contains("SSL") || text.contains("TLS") || text.contains("certificate") {
            return .connection("TLS failed: \(text)")
        }
        return .connection(text)
    }
}
