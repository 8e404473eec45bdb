import Foundation
import LinkyModel
import NIOHTTP1

/// Checks URLs the way lychee does: HEAD first, GET where HEAD is refused, redirects followed and
/// reported, 429 answered by waiting (Retry-After), server errors and timeouts retried with
/// exponential backoff, a few requests per host at a time.
public struct LinkChecker: Sendable {
    public struct Options: Sendable {
        /// Requests at once to one host.
        public var perHost = 2
        /// Requests at once in all.
        public var concurrency = 16
        /// Extra attempts after a timeout, a refused connection, a 5xx or a 429.
        public var retries = 2
        /// The first backoff; each retry waits twice as long as the one before.
        public var backoff: Duration = .seconds(1)
        /// The longest a `Retry-After` is honoured; a server asking for more gets this.
        public var maximumRetryWait: Duration = .seconds(60)
        /// The final statuses that count as a working link (`--accept 200..299,403`); nil: any
        /// status below 400.
        public var accept: Set<Int>?

        public init() {}
    }

    public let client: WebClient
    public let options: Options

    public init(client: WebClient, options: Options = Options()) {
        self.client = client
        self.options = options
    }

    /// Checks every URL; `progress` is called after each with the number done.
    public func check(
        _ urls: [LinkURL], progress: @escaping @Sendable (LinkStatus) -> Void = { _ in }
    ) async
        -> [LinkStatus]
    {
        let scheduler = HostScheduler(perHost: options.perHost, total: options.concurrency)
        return await scheduler.run(urls) { url in
            let status = await self.check(url)
            progress(status)
            return status
        }
    }

    /// Checks one URL.
    public func check(_ url: LinkURL) async -> LinkStatus {
        var attempt = 0
        while true {
            let outcome = await probe(url.absoluteString)
            let retryable: Bool
            var wait = options.backoff * (1 << min(attempt, 10))
            switch outcome {
            case .success(let response):
                if isAccepted(response.status) {
                    retryable = false
                } else if response.status == 429 {
                    retryable = true
                    if let after = Self.retryAfter(response.header("Retry-After")) {
                        wait = min(after, options.maximumRetryWait)
                    }
                } else {
                    retryable = response.status >= 500
                }
                if !retryable || attempt >= options.retries { return status(of: url.absoluteString, response) }
            case .failure(let failure):
                switch failure {
                case .timedOut, .connection: retryable = true
                case .tooManyRedirects, .badRedirect, .privateAddress: retryable = false
                }
                if case .privateAddress = failure {
                    return LinkStatus(
                        url: url.absoluteString, verdict: .refused, status: nil, message: failure.description)
                }
                if !retryable || attempt >= options.retries {
                    return LinkStatus(
                        url: url.absoluteString, verdict: .failed, status: nil, message: failure.description)
                }
            }
            attempt += 1
            do {
                try await Task.sleep(for: wait)
            } catch {
                return LinkStatus(url: url.absoluteString, verdict: .failed, status: nil, message: "cancelled")
            }
        }
    }
}

// MARK: - Private

private extension LinkChecker {
    /// HEAD, then GET if the server will not answer HEAD properly (405, 501, or any error status:
    /// many servers answer HEAD with 403 or 404 and GET with 200).
    func probe(_ url: String) async -> Result<WebClient.Response, WebClient.Failure> {
        do {
            let head = try await client.request(url, method: .HEAD)
            guard !isAccepted(head.status), head.status != 429 else { return .success(head) }
        } catch {
            switch error {
            case .timedOut, .privateAddress: return .failure(error)
            default: break
            }
            // Some servers drop HEAD requests entirely; GET decides.
        }
        do {
            return .success(try await client.request(url, method: .GET))
        } catch {
            return .failure(error)
        }
    }

    func isAccepted(_ status: Int) -> Bool {
        options.accept?.contains(status) ?? (status < 400)
    }

    func status(of url: String, _ response: WebClient.Response) -> LinkStatus {
        let hops = response.redirects.map { LinkStatus.Hop(status: $0.status, to: $0.to) }
        var reason = "\(response.status) \(HTTPResponseStatus(statusCode: response.status).reasonPhrase)"
        if !isAccepted(response.status) {
            let message = response.status == 429 ? "rate limited: \(reason), even after waiting" : reason
            return LinkStatus(url: url, verdict: .broken, status: response.status, message: message, redirects: hops)
        }
        if response.status >= 400 { reason += " (accepted)" }
        // A chain whose every hop is permanent moved for good; a temporary hop anywhere means the
        // original address is the one to keep (a login wall, a language redirect).
        if !response.redirects.isEmpty, response.redirects.allSatisfy(\.isPermanent) {
            return LinkStatus(
                url: url, verdict: .redirected, status: response.status,
                message: "moved permanently (\(response.redirects.map { String($0.status) }.joined(separator: ", ")))",
                redirects: hops, suggestion: response.finalURL)
        }
        let message = response.redirects.isEmpty ? reason : "\(reason) after a temporary redirect"
        return LinkStatus(url: url, verdict: .ok, status: response.status, message: message, redirects: hops)
    }

    /// `Retry-After` as seconds or as an HTTP date.
    static func retryAfter(_ value: String?) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(seconds, 0)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .seconds(max(Int(date.timeIntervalSinceNow.rounded(.up)), 0))
    }
}
