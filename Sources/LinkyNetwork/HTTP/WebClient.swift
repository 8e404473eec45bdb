import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP client for a command's whole run: follows redirects itself (so it can report each
/// hop), bounds every request by a deadline and every body by a size, and says what went wrong
/// in words a curator understands.
public final class WebClient: Sendable {
    public struct Options: Sendable {
        /// The most a request may take, body included.
        public var timeout: Duration = .seconds(20)
        public var maximumRedirects = 10
        /// Bodies are read up to this size; the rest is not downloaded.
        public var maximumBodyBytes = 2 * 1024 * 1024
        public var userAgent = "Mozilla/5.0 (compatible; linky-site/0.1; +https://github.com/linky-site/linky-site)"

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

        public var description: String {
            switch self {
            case .timedOut: "timed out"
            case .tooManyRedirects(let count): "more than \(count) redirects"
            case .badRedirect(let location): "redirected to an address that is not a web page: \(location)"
            case .connection(let message): message
            }
        }
    }

    public let options: Options
    private let client: HTTPClient

    public init(options: Options = Options()) {
        self.options = options
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: Self.timeAmount(options.timeout)),
            decompression: .enabled(limit: .ratio(100)))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 16
        // Left on, AsyncHTTPClient retries a refused connection until the deadline, so a closed port
        // costs the whole timeout (and every retry of the link checker another one). Callers retry
        // themselves, with a backoff they choose.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Closes the connections; call once when the command is done.
    public func shutdown() async {
        do {
            try await client.shutdown()
        } catch {
            // Shutting down twice is the only failure, and a second close has nothing to release.
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
    public func request(
        _ url: String, method: HTTPMethod = .GET, readBody: Bool = false, accept: String = "*/*",
        deadline: ContinuousClock.Instant? = nil
    ) async throws(Failure) -> Response {
        let ownDeadline = ContinuousClock.now + options.timeout
        let end = deadline.map { min($0, ownDeadline) } ?? ownDeadline
        return try await perform(url, method: method, readBody: readBody, accept: accept, until: end)
    }
}

// MARK: - Private

private extension WebClient {
    /// `request`, every wait bounded by `end`: AsyncHTTPClient's deadline for connecting, redirects
    /// and headers, a timer for the body.
    func perform(
        _ url: String, method: HTTPMethod, readBody: Bool, accept: String, until end: ContinuousClock.Instant
    ) async throws(Failure) -> Response {
        let deadline = NIODeadline.now() + Self.timeAmount(max(end - ContinuousClock.now, .zero))
        var current = url
        var currentMethod = method
        var redirects: [Redirect] = []
        while true {
            var request = HTTPClientRequest(url: current)
            request.method = currentMethod
            request.headers.add(name: "User-Agent", value: options.userAgent)
            request.headers.add(name: "Accept", value: accept)
            request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
            request.headers.add(name: "Accept-Language", value: "ko, en;q=0.9, *;q=0.5")
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
                if status == 303 && currentMethod != .HEAD { currentMethod = .GET }
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
