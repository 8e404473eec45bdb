import Foundation

/// Requests to one bookmark service's API for one run: its token in a header (never in a message),
/// JSON answers, and patience within bounds — a 429 or a 5xx is asked again after the `Retry-After`
/// the service names (or 1, 2, 4… seconds), until `maximumWait` of waiting is spent; a connection
/// that fails is tried three times.
struct ServiceClient {
    let client: WebClient
    let service: BookmarkService
    /// `Authorization` and the like: sent to the API's origin only (`WebClient` drops them on a
    /// redirect to another host).
    let headers: [(name: String, value: String)]
    /// Text no message may show (the token, a JWT made from the secret).
    let secrets: [String]
    let maximumWait: Duration
    /// How the client waits: `Task.sleep`, or nothing in tests that count the waits.
    let sleep: @Sendable (Duration) async -> Void

    private(set) var waited: Duration = .zero
    private(set) var requests = 0
    /// Answers read in full, so a stop after the first is a fetch cut short rather than one that never began.
    private(set) var answers = 0

    init(
        client: WebClient, service: BookmarkService, headers: [(name: String, value: String)], secrets: [String],
        maximumWait: Duration, sleep: @escaping @Sendable (Duration) async -> Void
    ) {
        self.client = client
        self.service = service
        self.headers = headers
        self.secrets = secrets.filter { !$0.isEmpty }
        self.maximumWait = maximumWait
        self.sleep = sleep
    }

    /// The JSON at `url` (parsed with `JSONSerialization`), with the response's headers.
    mutating func json(
        _ url: String, accept: String = "application/json"
    ) async throws(ServiceFailure) -> (value: Any, response: WebClient.Response) {
        guard let answer = try await json(url, accept: accept, missingIsNil: false) else {
            preconditionFailure("a 404 throws unless missingIsNil")
        }
        return answer
    }

    /// The JSON at `url`, or nil when it answers 404 and `missingIsNil` (an endpoint an older version lacks).
    mutating func json(
        _ url: String, accept: String = "application/json", missingIsNil: Bool
    ) async throws(ServiceFailure) -> (value: Any, response: WebClient.Response)? {
        let response = try await get(url, accept: accept, missingIsNil: missingIsNil)
        if missingIsNil, response.status == 404 { return nil }
        do {
            let value = try JSONSerialization.jsonObject(with: Data(response.body), options: [.fragmentsAllowed])
            answers += 1
            return (value, response)
        } catch {
            throw .unexpected(service: service.name, url: shown(url), detail: "the answer is not JSON")
        }
    }

    /// `url` answered 2xx, after the waits the service asked for.
    mutating func get(
        _ url: String, accept: String, missingIsNil: Bool = false
    ) async throws(ServiceFailure) -> WebClient.Response {
        var attempt = 0
        var connectionFailures = 0
        while true {
            attempt += 1
            let response: WebClient.Response
            do {
                requests += 1
                response = try await client.request(url, readBody: true, accept: accept, headers: headers)
            } catch {
                connectionFailures += 1
                let reason = redacted("\(service.name) at \(shown(url)) cannot be reached: \(error.description)")
                guard connectionFailures < 3, try await wait(.seconds(1 << (connectionFailures - 1))) else {
                    throw .stopped(reason)
                }
                continue
            }
            switch response.status {
            case 200..<300:
                return response
            case 404 where missingIsNil:
                return response
            case 401:
                throw .refused(service: service.name, status: response.status, detail: redacted(Self.message(response)))
            case 403 where Self.rateLimitReset(response) == nil && response.header("retry-after") == nil:
                // A 403 that is not GitHub's rate limit: the token lacks a permission.
                throw .refused(service: service.name, status: response.status, detail: redacted(Self.message(response)))
            case 404 where answers == 0:
                throw .notFound(service: service.name, url: shown(url))
            case 403, 429, 500, 502, 503, 504:
                let delay = Self.retryAfter(response) ?? .seconds(1 << min(attempt - 1, 5))
                let what = response.status == 403 || response.status == 429 ? "a rate limit" : "a server error"
                guard try await wait(delay) else {
                    let seconds = Int(delay.components.seconds)
                    throw .stopped(
                        "\(service.name) answered \(response.status) (\(what)) and asked for a wait of \(seconds) s, past what is left of --max-wait (\(Int(maximumWait.components.seconds)) s in all)"
                    )
                }
            default:
                throw .unexpected(
                    service: service.name, url: shown(url),
                    detail: redacted("it answered \(response.status) \(Self.message(response))"))
            }
        }
    }

    /// Waits `delay` when the run's waiting stays within `maximumWait`; false when it would not.
    private mutating func wait(_ delay: Duration) async throws(ServiceFailure) -> Bool {
        guard waited + delay <= maximumWait else { return false }
        waited += delay
        await sleep(delay)
        return true
    }

    /// `url` as a message may show it: no query (Pinboard's `auth_token` is one), no user or password.
    func shown(_ url: String) -> String {
        guard var parts = URLComponents(string: url) else { return redacted(url) }
        parts.query = nil
        parts.user = nil
        parts.password = nil
        return redacted(parts.string ?? url)
    }

    /// `text` with every secret replaced.
    func redacted(_ text: String) -> String {
        var text = text
        for secret in secrets { text = text.replacingOccurrences(of: secret, with: "[token]") }
        return text
    }

    /// `Retry-After` in seconds or as an HTTP date; GitHub's `x-ratelimit-reset` at its limit.
    static func retryAfter(_ response: WebClient.Response, now: Date = Date()) -> Duration? {
        if let value = response.header("retry-after")?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Int(value) { return .seconds(max(0, seconds)) }
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = TimeZone(identifier: "GMT")
            format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
            if let date = format.date(from: value) {
                return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up))))
            }
        }
        if let reset = rateLimitReset(response) { return .seconds(max(1, reset - Int(now.timeIntervalSince1970))) }
        return nil
    }

    /// GitHub's hourly limit: a 403 or 429 with `x-ratelimit-remaining: 0`, and when it lifts.
    static func rateLimitReset(_ response: WebClient.Response) -> Int? {
        guard response.status == 403 || response.status == 429, response.header("x-ratelimit-remaining") == "0" else {
            return nil
        }
        return response.header("x-ratelimit-reset").flatMap { Int($0) } ?? 0
    }

    /// The service's own words for an error (`{"detail": …}`, `{"message": …}`, `{"errorMessage": …}`),
    /// short; empty when it gave none.
    static func message(_ response: WebClient.Response) -> String {
        let body = Data(response.body.prefix(4096))
        var text = ""
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            for key in ["detail", "message", "errorMessage", "error", "response"] {
                if let value = object[key] as? String, !value.isEmpty {
                    text = value
                    break
                }
            }
        } else if response.header("content-type")?.contains("text/plain") == true {
            text = String(decoding: body, as: UTF8.self)
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.count > 160 ? String(text.prefix(159)) + "…" : text
    }
}

// MARK: - Reading JSON

/// Small readers for `JSONSerialization`'s values, forgiving of numbers written as text and back.
enum JSONField {
    static func text(_ value: Any?) -> String? {
        switch value {
        case let text as String: text.isEmpty ? nil : text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    static func bool(_ value: Any?) -> Bool {
        switch value {
        case let flag as Bool: flag
        case let number as NSNumber: number.intValue != 0
        case let text as String: ["yes", "true", "1"].contains(text.lowercased())
        default: false
        }
    }

    static func int(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber: number.intValue
        case let text as String: Int(text)
        default: nil
        }
    }

    /// `["a", "b"]`, or `[{"name": "a"}]` (Karakeep's and Linkwarden's tags).
    static func names(_ value: Any?) -> [String] {
        guard let items = value as? [Any] else { return [] }
        return items.compactMap { item in
            if let name = item as? String { return name }
            return text((item as? [String: Any])?["name"])
        }
    }
}
