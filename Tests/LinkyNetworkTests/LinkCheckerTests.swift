import Foundation
import LinkyModel
import LinkyNetwork
import LinkyTestSupport
import Synchronization
import Testing

/// The link checker against the fixture server: every verdict, the HEAD → GET fallback, waiting
/// for 429s, retries, timeouts, refused connections and the per-host limit.
@Suite(.serialized) struct LinkCheckerTests {
    let server: FixtureServer

    init() throws {
        server = try FixtureServer()
    }

    /// A checker that waits little between retries, so the tests stay quick.
    func checker(
        retries: Int = 2, perHost: Int = 2, accept: Set<Int>? = nil, client: WebClient = .forTests
    ) -> LinkChecker {
        var options = LinkChecker.Options()
        options.retries = retries
        options.perHost = perHost
        options.backoff = .milliseconds(50)
        options.accept = accept
        return LinkChecker(client: client, options: options)
    }

    func check(_ path: String, retries: Int = 2, accept: Set<Int>? = nil) async throws -> LinkStatus {
        await checker(retries: retries, accept: accept).check(try LinkURL(parsing: server.url(path)))
    }

    // MARK: - Verdicts

    @Test func aWorkingPageIsOK() async throws {
        let status = try await check("/ok/page")
        #expect(status.verdict == .ok)
        #expect(status.status == 200)
        #expect(status.message == "200 OK")
        #expect(status.redirects.isEmpty)
        #expect(!status.cached)
        #expect(try server.log() == ["HEAD /ok/page"])
    }

    @Test(arguments: [("/missing", 404, "404 Not Found"), ("/gone", 410, "410 Gone")])
    func errorStatusesAreBroken(path: String, code: Int, message: String) async throws {
        let status = try await check(path)
        #expect(status.verdict == .broken)
        #expect(status.verdict.isError)
        #expect(status.status == code)
        #expect(status.message == message)
        // HEAD's error is confirmed with GET; a 4xx is not retried.
        #expect(try server.log() == ["HEAD \(path)", "GET \(path)"])
    }

    @Test func headRefusedWith405FallsBackToGET() async throws {
        let status = try await check("/head-405")
        #expect(status.verdict == .ok)
        #expect(status.status == 200)
        #expect(try server.log() == ["HEAD /head-405", "GET /head-405"])
    }

    @Test func headSaying404ButGETWorkingIsOK() async throws {
        let status = try await check("/head-404")
        #expect(status.verdict == .ok)
        #expect(try server.log() == ["HEAD /head-404", "GET /head-404"])
    }

    @Test(arguments: [301, 308])
    func permanentRedirectsSuggestTheNewAddress(code: Int) async throws {
        let status = try await check("/redirect/\(code)")
        #expect(status.verdict == .redirected)
        #expect(!status.verdict.isError)
        #expect(status.status == 200)
        #expect(status.redirects == [LinkStatus.Hop(status: code, to: server.url("/og"))])
        #expect(status.suggestion == server.url("/og"))
        #expect(status.message == "moved permanently (\(code))")
    }

    @Test(arguments: [302, 307])
    func temporaryRedirectsAreOK(code: Int) async throws {
        let status = try await check("/redirect/\(code)")
        #expect(status.verdict == .ok)
        #expect(status.suggestion == nil)
        #expect(status.redirects.map(\.status) == [code])
        #expect(status.message == "200 OK after a temporary redirect")
    }

    @Test func aChainOfPermanentRedirectsSuggestsItsEnd() async throws {
        let status = try await check("/redirect/chain")
        #expect(status.verdict == .redirected)
        #expect(status.redirects.map(\.status) == [301, 308])
        #expect(status.suggestion == server.url("/og"))
        #expect(status.message == "moved permanently (301, 308)")
    }

    @Test func aRelativeRedirectIsResolved() async throws {
        let status = try await check("/redirect/relative")
        #expect(status.verdict == .ok)
        #expect(status.redirects == [LinkStatus.Hop(status: 302, to: server.url("/og"))])
    }

    @Test func aRedirectLoopFailsWithoutRetrying() async throws {
        let status = try await check("/redirect/loop")
        #expect(status.verdict == .failed)
        #expect(status.status == nil)
        #expect(status.message == "more than 10 redirects")
        // HEAD and GET each give up after 11 hops; a loop is not retried.
        #expect(try server.log().count == 22)
    }

    // MARK: - Rate limits and retries

    @Test func aRateLimitIsWaitedOutAsRetryAfterSays() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let status = try await check("/rate-limited-once")
        let waited = clock.now - started
        #expect(status.verdict == .ok)
        #expect(waited >= .seconds(1), "Retry-After: 1 was not honoured (\(waited))")
        // 429 is an answer to wait for, not a reason to try GET.
        #expect(try server.log() == ["HEAD /rate-limited-once", "HEAD /rate-limited-once"])
    }

    @Test func aLinkThatIsAlwaysRateLimitedIsBrokenAfterItsRetries() async throws {
        let status = try await check("/always-429", retries: 1)
        #expect(status.verdict == .broken)
        #expect(status.status == 429)
        #expect(status.message == "rate limited: 429 Too Many Requests, even after waiting")
        #expect(try server.log() == ["HEAD /always-429", "HEAD /always-429"])
    }

    @Test func aServiceUnavailableForAMomentIsOKAfterARetry() async throws {
        let status = try await check("/unavailable-twice")
        #expect(status.verdict == .ok)
        #expect(
            try server.log() == ["HEAD /unavailable-twice", "GET /unavailable-twice", "HEAD /unavailable-twice"])
    }

    @Test func aFlakyHEADIsAnsweredByGET() async throws {
        let status = try await check("/flaky-head")
        #expect(status.verdict == .ok)
        #expect(try server.log() == ["HEAD /flaky-head", "GET /flaky-head"])
    }

    @Test func aServerErrorIsRetriedThenBroken() async throws {
        let status = try await check("/server-error", retries: 2)
        #expect(status.verdict == .broken)
        #expect(status.status == 500)
        #expect(status.message == "500 Internal Server Error")
        #expect(
            try server.log()
                == Array(repeating: ["HEAD /server-error", "GET /server-error"], count: 3).flatMap(\.self))
    }

    @Test func aSlowPagePastTheTimeoutFails() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let status = await checker(retries: 0, client: .withShortDeadline).check(
            try LinkURL(parsing: server.url("/slow?s=60")))
        #expect(status.verdict == .failed)
        #expect(status.message == "timed out")
        #expect(clock.now - started < .seconds(30))
        // A timed-out HEAD is not repeated as GET: it would only time out again.
        #expect(try server.log() == ["HEAD /slow"])
    }

    @Test func aRefusedConnectionFailsQuickly() async throws {
        let url = try LinkURL(parsing: "http://127.0.0.1:\(try FixtureServer.closedPort())/page")
        let clock = ContinuousClock()
        let started = clock.now
        let status = await checker(retries: 1).check(url)
        #expect(status.verdict == .failed)
        #expect(status.message == "connection refused")
        // The client's timeout is 10 s a try: under 5 s for two tries shows a refusal costs no timeout,
        // with room for a loaded machine (1.5 s failed at 1.57 and 1.77 s under a load average of 7-16).
        #expect(clock.now - started < .seconds(5), "a closed port must not cost the whole timeout")
    }

    @Test func acceptedStatusesAreOK() async throws {
        let status = try await check("/missing", accept: Set(200...299).union([404]))
        #expect(status.verdict == .ok)
        #expect(status.message == "404 Not Found (accepted)")
        #expect(try server.log() == ["HEAD /missing"])
        let narrow = try await check("/ok/x", accept: [204])
        #expect(narrow.verdict == .broken)
    }

    // MARK: - Many links

    @Test func resultsComeBackInInputOrder() async throws {
        let paths = ["/missing", "/ok/a", "/redirect/301", "/ok/b", "/gone"]
        let urls = try paths.map { try LinkURL(parsing: server.url($0)) }
        let statuses = await checker().check(
            urls + [try LinkURL(parsing: "http://127.0.0.1:\(try FixtureServer.closedPort())/")])
        #expect(statuses.map(\.verdict) == [.broken, .ok, .redirected, .ok, .broken, .failed])
        #expect(statuses.prefix(5).map(\.url) == urls.map(\.absoluteString))
    }

    @Test func perHostLimitsRequestsToOneHostAtATime() async throws {
        // Counted at the server, not timed: a busy machine stretches times, never the count.
        let urls = try (1...6).map { try LinkURL(parsing: server.url("/slow?s=0.3&n=\($0)")) }
        _ = try server.mostAtOnce()
        let serial = await checker(perHost: 2).check(urls)
        let twoAtATime = try server.mostAtOnce()
        let parallel = await checker(perHost: 6).check(urls)
        let sixAtATime = try server.mostAtOnce()
        #expect(serial.allSatisfy { $0.verdict == .ok } && parallel.allSatisfy { $0.verdict == .ok })
        #expect(twoAtATime == 2)
        #expect(sixAtATime > 2, "\(sixAtATime)")
    }

    @Test func progressIsReportedOncePerLink() async throws {
        let urls = try ["/ok/1", "/ok/2", "/missing"].map { try LinkURL(parsing: server.url($0)) }
        let seen = Counter()
        _ = await checker().check(urls) { status in seen.add(status.verdict) }
        #expect(seen.values.sorted { $0.rawValue < $1.rawValue } == [.broken, .ok, .ok])
    }
}

/// Collects what concurrent callbacks report.
final class Counter: Sendable {
    private let storage = Mutex<[LinkStatus.Verdict]>([])

    func add(_ verdict: LinkStatus.Verdict) { storage.withLock { $0.append(verdict) } }
    var values: [LinkStatus.Verdict] { storage.withLock { $0 } }
}
