import Foundation
import LinkyCuration
import LinkyModel
import LinkyNetwork
import LinkyTestSupport
import Testing

/// `MetadataFetch` against the fixture server on 127.0.0.1: plan, fetch and fill, as `fetch` runs them.
@Suite struct MetadataFetchTests {
    let server: FixtureServer
    let folder: URL

    init() throws {
        server = try FixtureServer()
        folder = FileManager.default.temporaryDirectory.appending(path: "linky-fetch-\(UUID().uuidString)")
    }

    func write(_ files: [String: String]) throws {
        try writeSiteFiles(files, into: folder)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appending(path: path), encoding: .utf8)
    }

    func fetch(missingOnly: Bool = false) -> MetadataFetch {
        var options = MetadataFetch.Options(siteFolder: folder, today: "2024-05-01")
        options.missingOnly = missingOnly
        // The fixture server is on 127.0.0.1.
        options.allowPrivateAddresses = true
        // Generous: a loaded machine running the suite in parallel must not turn redirects into time-outs.
        options.timeout = .seconds(10)
        return MetadataFetch(options: options)
    }

    /// Four links: one without a title (fine: fetch is what finds it), one with, one whose page is
    /// missing, and a list item whose page moved for good.
    func writeSite() throws {
        try write([
            "links/a.md": "---\nurl: \(server.url("/og"))\n---\n",
            "links/b.md": "---\nurl: \(server.url("/euc-kr"))\ntitle: Mine\n---\nNote.\n",
            "links/c.md": "---\nurl: \(server.url("/missing"))\ntitle: Missing\n---\n",
            "links/list.md": "---\ntitle: List\n---\n- [Moved](\(server.url("/redirect/308"))) - kept\n",
        ])
    }

    @Test func fetchesEveryPageIntoTheCacheAndReportsThoseItCannotRead() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeSite()
        let fetch = fetch()
        let plan = try await fetch.plan()
        #expect(plan.pages.map(\.absoluteString) == plan.addresses.map(\.absoluteString))
        #expect(plan.pages.count == 4)
        #expect(plan.skipped == 0)

        let report = try await fetch.fetch(plan)
        #expect(report.cacheSaved)
        // Links with a title in site order, then those without.
        #expect(
            report.pages.map { $0.uses.first?.path } == ["links/b.md", "links/c.md", "links/list.md", "links/a.md"])
        #expect(report.unreadableCount == 1)
        #expect(
            report.warnings == [
                .warning(
                    .brokenLink, at: SourceLocation(path: "links/c.md", line: 2),
                    "\(server.url("/missing")): the server answered 404 Not Found")
            ])
        #expect(report.pages.compactMap(\.movedTo) == [server.url("/og")])

        let cache = try MetadataCache.load(fromSiteFolder: folder)
        let og = try #require(cache[try LinkURL(parsing: server.url("/og"))])
        #expect(og.title == "Open Graph & friends")
        #expect(og.fetched == "2024-05-01")
        #expect(cache[try LinkURL(parsing: server.url("/euc-kr"))]?.title == "한국어 페이지")
        #expect(cache[try LinkURL(parsing: server.url("/missing"))] == nil)
        // Without `fill`, the site's files are as they were.
        #expect(try read("links/a.md") == "---\nurl: \(server.url("/og"))\n---\n")
    }

    @Test func missingOnlyFetchesLinksWithoutAnEntryAndLeavesAnUnchangedCacheAlone() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeSite()
        let first = fetch()
        _ = try await first.fetch(try await first.plan())
        _ = try server.log()

        let again = fetch(missingOnly: true)
        let plan = try await again.plan()
        #expect(plan.pages.map(\.absoluteString) == [server.url("/missing")])
        #expect(plan.skipped == 3)
        let report = try await again.fetch(plan)
        #expect(try server.log() == ["GET /missing"])
        #expect(report.skipped == 3)
        #expect(!report.cacheSaved, "nothing in metadata.json changed")
    }

    @Test func entriesOfLinksThatLeftTheSiteAreDropped() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(["links/a.md": "---\nurl: \(server.url("/og"))\n---\n"])
        var old = MetadataCache()
        old[try LinkURL(parsing: "https://gone.example/page")] = .init(title: "Gone", fetched: "2020-01-01")
        try old.save(toSiteFolder: folder)

        let fetch = fetch()
        _ = try await fetch.fetch(try await fetch.plan())
        let cache = try MetadataCache.load(fromSiteFolder: folder)
        #expect(cache.entries.count == 1)
        #expect(cache[try LinkURL(parsing: "https://gone.example/page")] == nil)
    }

    @Test func pagesThatCannotBeReadAreWarningsWithTheirReason() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let closed = "http://127.0.0.1:\(try FixtureServer.closedPort())/"
        try write([
            "links/image.md": "---\nurl: \(server.url("/image.png"))\ntitle: Image\n---\n",
            "links/closed.md": "---\nurl: \(closed)\ntitle: Closed\n---\n",
        ])
        let fetch = fetch()
        let report = try await fetch.fetch(try await fetch.plan())
        let warnings = report.warnings.sorted()
        #expect(warnings.map(\.code) == [.unreachableLink, .brokenLink])
        #expect(warnings.map(\.location?.path) == ["links/closed.md", "links/image.md"])
        #expect(warnings.last?.message == "\(server.url("/image.png")): the address serves image/png, not a web page")
    }

    @Test func fillAddsWhatLinkFilesLackAndLeavesListFilesAlone() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeSite()
        let fetch = fetch()
        let report = try await fetch.fetch(try await fetch.plan())
        let filled = try fetch.fill(report)
        #expect(filled.map(\.path) == ["links/b.md", "links/a.md"])
        #expect(!filled[0].added.contains("title"), "the file's own title stays")
        #expect(filled[1].added == ["title", "description", "image"])
        #expect(
            try read("links/a.md")
                == "---\nurl: \(server.url("/og"))\ntitle: Open Graph & friends\ndescription: The description from Open Graph.\nimage: \(server.url("/img/og.png"))\n---\n"
        )
        #expect(try read("links/b.md").hasPrefix("---\nurl: \(server.url("/euc-kr"))\ntitle: Mine\n"))
        #expect(
            try read("links/list.md") == "---\ntitle: List\n---\n- [Moved](\(server.url("/redirect/308"))) - kept\n")
        #expect(try fetch.fill(report).isEmpty, "a second fill finds nothing missing")
    }

    @Test func aSiteWithErrorsIsRefusedBeforeAnythingIsFetched() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write([
            "links/a.md": "---\ntitle: No address\n---\n", "links/b.md": "---\nurl: \(server.url("/og"))\n---\n",
        ])
        await #expect {
            try await fetch().plan()
        } throws: { error in
            guard case .siteHasErrors(let diagnostics) = error as? MetadataFetch.Failure else { return false }
            return diagnostics.map(\.code) == [.missingURL]
        }
        #expect(try server.log().isEmpty)
    }

    @Test func anUnreadableCacheIsRefusedNotReplaced() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(["links/a.md": "---\nurl: \(server.url("/og"))\n---\n", "metadata.json": "not json"])
        // The build reads metadata.json too, so a broken one is an error of the site (LINKY152).
        await #expect {
            try await fetch().plan()
        } throws: { error in
            guard case .siteHasErrors(let diagnostics) = error as? MetadataFetch.Failure else { return false }
            return diagnostics.map(\.code) == [.invalidMetadataCache]
        }
        #expect(try read("metadata.json") == "not json")
    }
}
