import Foundation
import LinkyModel
import LinkyNetwork
import LinkyTestSupport
import Testing

/// Checking a site's links: one request per address, results at every use, exclusions, the cache.
@Suite(.serialized) final class SiteLinkCheckTests {
    let server: FixtureServer
    let folder: URL

    init() throws {
        server = try FixtureServer()
        folder = FileManager.default.temporaryDirectory.appending(path: "linky-site-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it (a struct suite left one behind in the temporary folder per test).
    deinit { try? FileManager.default.removeItem(at: folder) }

    func use(_ address: String, _ path: String, _ line: Int) throws -> LinkCheckReport.Use {
        LinkCheckReport.Use(url: try LinkURL(parsing: address), source: SourceLocation(path: path, line: line))
    }

    func siteCheck(now: Int64 = 1_000_000, cache: Bool = true, exclude: [String] = []) throws -> SiteLinkCheck {
        var checkerOptions = LinkChecker.Options()
        checkerOptions.retries = 0
        var options = SiteLinkCheck.Options(now: now)
        options.cacheFile = cache ? folder.appending(path: LinkCheckCache.fileName) : nil
        options.maximumCacheAge = 3_600
        options.exclude = try exclude.map(SiteLinkCheck.ExcludePattern.init)
        return SiteLinkCheck(
            checker: LinkChecker(client: WebClient.forTests, options: checkerOptions), options: options)
    }

    @Test func eachAddressIsAskedOnceAndReportedAtEveryUse() async throws {
        let uses = [
            try use(server.url("/missing#part"), "links/b.md", 1),
            try use(server.url("/missing/?utm_source=x"), "links/list.md", 7),
            try use(server.url("/ok/a"), "links/a.md", 1),
            try use(server.url("/missing"), "links/a.md", 9),
        ]
        let check = try siteCheck(cache: false)
        let plan = check.plan(uses)
        #expect(plan.networkCount == 2)
        let report = await check.run(plan)
        #expect(report.results.map(\.url.absoluteString) == [server.url("/missing"), server.url("/ok/a")])
        let missing = report.results[0]
        #expect(missing.status.verdict == .broken)
        #expect(missing.uses.map(\.source.description) == ["links/a.md:9", "links/b.md:1", "links/list.md:7"])
        #expect(report.useCount == 4)
        #expect(report.errorCount == 1)
        #expect(try server.log().sorted() == ["GET /missing", "HEAD /missing", "HEAD /ok/a"])

        // Each file is told about the address as it spells it.
        let diagnostics = report.diagnostics
        #expect(diagnostics.map(\.code) == [.brokenLink, .brokenLink, .brokenLink])
        #expect(diagnostics.map { $0.location?.description } == ["links/a.md:9", "links/b.md:1", "links/list.md:7"])
        #expect(diagnostics[1].message == "\(server.url("/missing#part")) is broken: 404 Not Found")
        #expect(diagnostics.allSatisfy { $0.severity == .error && $0.hint != nil })
    }

    @Test func redirectsAreWarningsAndUnreachableLinksErrors() async throws {
        let closed = "http://127.0.0.1:\(try FixtureServer.closedPort())/x"
        let check = try siteCheck(cache: false)
        let report = await check.run(
            check.plan([try use(server.url("/redirect/301"), "links/a.md", 2), try use(closed, "links/b.md", 3)]))
        let diagnostics = report.diagnostics
        #expect(diagnostics.map(\.code) == [.movedLink, .unreachableLink])
        #expect(diagnostics[0].severity == .warning)
        #expect(diagnostics[0].message == "\(server.url("/redirect/301")) moved permanently to \(server.url("/og"))")
        #expect(diagnostics[1].message == "\(closed) could not be reached: connection refused")
    }

    @Test func excludedAddressesAreNotAsked() async throws {
        let check = try siteCheck(cache: false, exclude: ["/gone$", "^https://example\\.com/"])
        let plan = check.plan([
            try use(server.url("/gone"), "links/a.md", 1), try use("https://example.com/x", "links/b.md", 1),
            try use(server.url("/ok/kept"), "links/c.md", 1),
        ])
        #expect(plan.excluded.map(\.url.absoluteString) == ["https://example.com/x", server.url("/gone")].sorted())
        let report = await check.run(plan)
        #expect(report.results.map(\.url.absoluteString) == [server.url("/ok/kept")])
        #expect(report.excluded.count == 2)
        #expect(try server.log() == ["HEAD /ok/kept"])
        #expect(throws: (any Error).self) { try SiteLinkCheck.ExcludePattern("(unclosed") }
    }

    @Test func workingLinksAreRememberedAndBrokenOnesAskedAgain() async throws {
        let uses = [try use(server.url("/ok/a"), "links/a.md", 1), try use(server.url("/missing"), "links/b.md", 1)]
        let first = try await siteCheck().run(try siteCheck().plan(uses))
        #expect(first.cachedCount == 0)
        _ = try server.log()

        let second = try siteCheck(now: 1_000_000 + 600)
        let plan = second.plan(uses)
        #expect(plan.networkCount == 1)
        let report = await second.run(plan)
        #expect(report.results.map(\.status.cached) == [false, true])
        #expect(report.results.map(\.status.verdict) == [.broken, .ok])
        #expect(try server.log() == ["HEAD /missing", "GET /missing"])

        // An hour later the entry is too old: asked again.
        let later = try siteCheck(now: 1_000_000 + 3_600)
        #expect(later.plan(uses).networkCount == 2)
        // Without a cache file nothing is read.
        #expect(try siteCheck(now: 1_000_000 + 600, cache: false).plan(uses).networkCount == 2)
    }

    @Test func anUnwritableCacheIsReportedNotFatal() async throws {
        var options = SiteLinkCheck.Options(now: 1_000)
        options.cacheFile = folder.appending(path: "no-such-folder/\(LinkCheckCache.fileName)")
        let check = SiteLinkCheck(checker: LinkChecker(client: WebClient.forTests), options: options)
        let report = await check.run(check.plan([try use(server.url("/ok/a"), "links/a.md", 1)]))
        #expect(report.results.first?.status.verdict == .ok)
        #expect(report.cacheFailure?.contains("no-such-folder") == true)
    }
}
