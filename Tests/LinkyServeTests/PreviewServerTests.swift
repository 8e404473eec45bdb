import AsyncHTTPClient
import Foundation
import LinkyServe
import Testing

/// The preview server on 127.0.0.1: every page type, content types, status codes, caching, ranges,
/// traversal, live reload and the error overlay.
@Suite(.serialized) struct PreviewServerTests {
    @Test func servesEveryPageTypeWithItsContentType() async throws {
        let server = try await ServerHarness(Fixture.files)
        defer { Task { await server.stop() } }
        let html = "text/html; charset=utf-8"
        let expected: [(String, Int, String)] = [
            ("/", 200, html), ("/index.html", 200, html), ("/c/reading/", 200, html),
            ("/c/reading/page/2/", 200, html), ("/tags/", 200, html), ("/tags/swift/", 200, html),
            ("/tags/%EB%A7%9B%EC%A7%91/", 200, html), ("/l/reading/swift/", 200, html),
            ("/archive/", 200, html), ("/search/", 200, html), ("/print/", 200, html),
            ("/feed.xml", 200, "application/xml; charset=utf-8"),
            ("/feed.json", 200, "application/json; charset=utf-8"),
            ("/links.json", 200, "application/json; charset=utf-8"),
            ("/search-index.json", 200, "application/json; charset=utf-8"),
            ("/assets/search.js", 200, "text/javascript; charset=utf-8"), ("/bookmarks.html", 200, html),
            ("/sitemap.xml", 200, "application/xml; charset=utf-8"), ("/robots.txt", 200, "text/plain; charset=utf-8"),
            ("/404.html", 200, html), ("/no/such/page/", 404, html),
        ]
        for (path, status, type) in expected {
            let reply = try await server.get(path)
            #expect(reply.status == status, "\(path)")
            #expect(reply.header("content-type") == type, "\(path)")
        }
        let css = try await server.get("/assets/style.css")
        #expect(css.status == 200)
        #expect(css.header("content-type") == "text/css; charset=utf-8")
        let home = try await server.get("/")
        #expect(home.body.contains("Swift concurrency"))
        #expect(home.body.contains("/__linky/events"), "the reload script is injected")
        let missing = try await server.get("/nothing-here")
        #expect(missing.status == 404)
        #expect(missing.body.contains("/__linky/events"))
    }

    /// The card pictures are served from the site's `pictures/`, as a build copies them; the index is not.
    @Test func servesTheCardPicturesButNotTheirIndex() async throws {
        var files = Fixture.files
        files["pictures/index.json"] = #"{"version": 1, "pictures": {}}"#
        files["pictures/aaaaaaaaaaaaaaaaaaaaaaaa-400w.webp"] = "RIFF....WEBP"
        let server = try await ServerHarness(files)
        defer { Task { await server.stop() } }
        let picture = try await server.get("/pictures/aaaaaaaaaaaaaaaaaaaaaaaa-400w.webp")
        #expect(picture.status == 200)
        #expect(picture.header("content-type") == "image/webp")
        #expect(picture.body == "RIFF....WEBP")
        #expect(try await server.get("/pictures/index.json").status == 404)
        #expect(try await server.get("/pictures/../linky.yml").status != 200)
    }

    @Test func redirectsFoldersWithoutTheirSlash() async throws {
        let server = try await ServerHarness(Fixture.files)
        defer { Task { await server.stop() } }
        var request = HTTPClientRequest(url: server.url("/c/reading?x=1"))
        request.method = .GET
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { Task { try? await client.shutdown() } }
        let response = try await client.execute(request, timeout: .seconds(10))
        #expect(response.status.code == 301)
        #expect(response.headers.first(name: "location") == "/c/reading/?x=1")
    }

    @Test func refusesEveryWayOutOfTheSite() async throws {
        let server = try await ServerHarness(Fixture.files)
        defer { Task { await server.stop() } }
        // A file next to the site folder, and a symbolic link in static/ pointing at it.
        try "secret".write(to: server.folder.appending(path: "secret.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: server.folder.appending(path: "static/leak.txt").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(
            atPath: server.folder.appending(path: "static/up").path, withDestinationPath: server.folder.path)
        let attempts = [
            "/../secret.txt", "/../../../../etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/etc/passwd",
            "/c/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt", "/..%2Fsecret.txt", "/c%2f..%2f..%2fsecret.txt",
            "/..%5csecret.txt", "//etc/passwd", "/./index.html", "/c/./reading/", "/%00", "/static/../linky.yml",
            "/leak.txt", "/up/secret.txt", "/up/linky.yml", "/linky.yml", "/links/reading/swift.md",
            "/%252e%252e/secret.txt",
        ]
        for target in attempts {
            let status = try await server.rawStatus(target)
            #expect(status == 400 || status == 404, "\(target) answered \(status)")
        }
        #expect(try await server.rawStatus("/robots.txt") == 200)
    }

    @Test func answersConditionalRequestsWith304() async throws {
        let server = try await ServerHarness(Fixture.files)
        defer { Task { await server.stop() } }
        for path in ["/", "/feed.xml", "/robots.txt"] {
            let first = try await server.get(path)
            let etag = try #require(first.header("etag"))
            let modified = try #require(first.header("last-modified"))
            #expect(modified.hasSuffix(" GMT"))
            let byTag = try await server.get(path, headers: [("If-None-Match", etag)])
            #expect(byTag.status == 304, "\(path)")
            #expect(byTag.body.isEmpty)
            #expect(byTag.header("etag") == etag)
            let byDate = try await server.get(path, headers: [("If-Modified-Since", modified)])
            #expect(byDate.status == 304, "\(path)")
            let stale = try await server.get(path, headers: [("If-None-Match", "\"nope\"")])
            #expect(stale.status == 200)
            let old = try await server.get(path, headers: [("If-Modified-Since", "Sun, 06 Nov 1994 08:49:37 GMT")])
            #expect(old.status == 200)
        }
    }

    @Test func servesRangesAndHead() async throws {
        let server = try await ServerHarness(Fixture.files)
        defer { Task { await server.stop() } }
        let whole = try await server.get("/images/big.bin")
        #expect(whole.status == 200)
        #expect(whole.header("accept-ranges") == "bytes")
        #expect(whole.body.utf8.count == 100_000)
        let part = try await server.get("/images/big.bin", headers: [("Range", "bytes=10-19")])
        #expect(part.status == 206)
        #expect(part.body == "0123456789")
        #expect(part.header("content-range") == "bytes 10-19/100000")
        let tail = try await server.get("/images/big.bin", headers: [("Range", "bytes=-5")])
        #expect(tail.status == 206)
        #expect(tail.body == "56789")
        let open = try await server.get("/images/big.bin", headers: [("Range", "bytes=99998-")])
        #expect(open.body == "89")
        let beyond = try await server.get("/images/big.bin", headers: [("Range", "bytes=100000-")])
        #expect(beyond.status == 416)
        #expect(beyond.header("content-range") == "bytes */100000")
        let feedPart = try await server.get("/feed.xml", headers: [("Range", "bytes=0-4")])
        #expect(feedPart.status == 206)
        #expect(feedPart.body == "<?xml")

        let head = try await server.get("/", method: .HEAD)
        let get = try await server.get("/")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("content-length") == String(get.body.utf8.count))
        #expect(head.header("content-type") == "text/html; charset=utf-8")
        let post = try await server.get("/", method: .POST)
        #expect(post.status == 405)
    }

    @Test func anEditShowsUpAndReloadsOpenPages() async throws {
        let server = try await ServerHarness(Fixture.files)
        defer { Task { await server.stop() } }
        var events = try await server.events()
        try server.write(
            "links/reading/swift.md",
            Fixture.link("Swift concurrency, edited", url: "https://example.com/swift", tags: ["swift"]))
        let data = try #require(try await events.next())
        #expect(data.contains("\"kind\":\"incremental\""))
        #expect(data.contains("\"pages\":["))
        #expect(try await server.get("/l/reading/swift/").body.contains("Swift concurrency, edited"))
        #expect(try await server.get("/tags/swift/").body.contains("Swift concurrency, edited"))
        #expect(try await server.get("/").body.contains("Swift concurrency, edited"))

        // A new file is structural: a full rebuild.
        try server.write("links/reading/zig.md", Fixture.link("Zig guide", url: "https://example.com/zig"))
        let full = try #require(try await events.next())
        #expect(full.contains("\"kind\":\"full\""))
        #expect(try await server.get("/l/reading/zig/").status == 200)

        // Saved the way editors do: a temporary file renamed over the original.
        let temporary = server.folder.appending(path: "links/reading/.swift.md.tmp")
        try Fixture.link("Swift, renamed save", url: "https://example.com/swift", tags: ["swift"]).write(
            to: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary.path, server.folder.appending(path: "links/reading/swift.md").path) == 0)
        _ = try #require(try await events.next())
        #expect(try await server.get("/l/reading/swift/").body.contains("Swift, renamed save"))

        // A new folder with a link, then the folder renamed.
        try server.write("links/new/one.md", Fixture.link("New one", url: "https://example.com/one"))
        _ = try #require(try await events.next())
        #expect(try await server.get("/c/new/").status == 200)
        try FileManager.default.moveItem(
            at: server.folder.appending(path: "links/new"), to: server.folder.appending(path: "links/renamed"))
        _ = try #require(try await events.next())
        #expect(try await server.get("/c/renamed/").status == 200)
        #expect(try await server.get("/c/new/").status == 404)
    }

    @Test func aBrokenFileShowsTheOverlayAndFixingItRecovers() async throws {
        let server = try await ServerHarness(Fixture.files)
        defer { Task { await server.stop() } }
        var events = try await server.events()
        try server.write("links/reading/swift.md", "---\nurl: https://example.com/swift\ntags: [<b>x</b>]\n---\n")
        let broken = try #require(try await events.next())
        #expect(broken.contains("\"errors\":true"))
        let page = try await server.get("/l/reading/swift/")
        #expect(page.status == 200)
        #expect(page.body.contains("linky-error-overlay"))
        #expect(page.body.contains("links/reading/swift.md:"))
        #expect(page.body.contains("LINKY102"))
        #expect(!page.body.contains("<b>x</b>"))
        let home = try await server.get("/")
        #expect(home.body.contains("linky-error-overlay"))

        try server.write(
            "links/reading/swift.md", Fixture.link("Swift fixed", url: "https://example.com/swift", tags: ["swift"]))
        let fixed = try #require(try await events.next())
        #expect(fixed.contains("\"errors\":false"))
        let recovered = try await server.get("/l/reading/swift/")
        #expect(!recovered.body.contains("linky-error-overlay"))
        #expect(recovered.body.contains("Swift fixed"))
    }

    @Test func aSiteWithErrorsFromTheStartShowsThemOnEveryPage() async throws {
        var files = Fixture.files
        files["links/reading/bad.md"] = "---\ntitle: No address\n---\n"
        let server = try await ServerHarness(files)
        defer { Task { await server.stop() } }
        let reply = try await server.get("/")
        #expect(reply.status == 503)
        #expect(reply.body.contains("LINKY101"))
        var events = try await server.events()
        try FileManager.default.removeItem(at: server.folder.appending(path: "links/reading/bad.md"))
        _ = try #require(try await events.next())
        #expect(try await server.get("/").status == 200)
    }

    @Test func aPortInUseIsAClearError() async throws {
        let server = try await ServerHarness(Fixture.files)
        defer { Task { await server.stop() } }
        var options = PreviewServer.Options(build: .init(siteFolder: server.folder))
        options.port = server.port
        options.handlesSignals = false
        // Said before the site is built (a large site takes seconds): no event comes first.
        let events = EventLog()
        await #expect(throws: PreviewServer.Failure.portInUse(host: "127.0.0.1", port: server.port)) {
            try await PreviewServer(options: options).run { _ in await events.add() }
        }
        #expect(await events.count == 0)
    }

    actor EventLog {
        var count = 0
        func add() { count += 1 }
    }

    /// Issue 39: through DNS rebinding a web page reaches the preview under its own name; that name is
    /// refused, the reload stream included, while the preview's own names are answered.
    @Test func answersOnlyItsOwnHostNames() async throws {
        let server = try await ServerHarness(Fixture.files)
        defer { Task { await server.stop() } }
        for host in ["attacker.example", "attacker.example:\(server.port)", "127.0.0.1.attacker.example"] {
            #expect(try await server.rawStatus("/", host: host) == 403, "\(host)")
            #expect(try await server.rawStatus("/__linky/events", host: host) == 403, "\(host)")
        }
        for host in ["localhost:\(server.port)", "localhost", "127.0.0.1:\(server.port)", "[::1]:\(server.port)"] {
            #expect(try await server.rawStatus("/", host: host) == 200, "\(host)")
        }
        #expect(try await server.rawStatus("/__linky/events", host: "localhost:\(server.port)") == 200)
    }

    /// Not a benchmark: many requests at once must all succeed.
    @Test func manyConcurrentRequestsAllSucceed() async throws {
        let server = try await ServerHarness(Fixture.files)
        defer { Task { await server.stop() } }
        let paths = ["/", "/tags/swift/", "/feed.xml", "/assets/style.css", "/robots.txt", "/l/reading/swift/"]
        let total = 2000
        let concurrency = 50
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var failures = 0
                    for index in stride(from: worker, to: total, by: concurrency) {
                        let reply = try? await server.get(paths[index % paths.count])
                        if reply?.status != 200 { failures += 1 }
                    }
                    return failures
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
    }

    @Test func aSiteUnderASubPathIsAlsoServedThereAndItsNotFoundPageLoadsItsStylesheet() async throws {
        var files = Fixture.files
        files["linky.yml"] = "title: Sub-path\nbase_url: https://example.org/links/\n"
        let server = try await ServerHarness(files)
        defer { Task { await server.stop() } }
        // A deep missing address under the sub-path gets the site's 404 page, whose links are root-relative…
        let missing = try await server.get("/links/no/such/deep/page/")
        #expect(missing.status == 404)
        #expect(missing.body.contains("href=\"/links/assets/style.css\""))
        #expect(missing.body.contains("action=\"/links/search/index.html\""))
        // …and everything it links to is there, as it is where the site is published.
        for path in [
            "/links/assets/style.css", "/links/index.html", "/links/search/index.html", "/links/tags/index.html",
        ] {
            #expect(try await server.get(path).status == 200, "\(path)")
        }
        #expect(try await server.get("/links/").body.contains("Swift concurrency"))
        // The root still serves the site too.
        #expect(try await server.get("/assets/style.css").status == 200)
        #expect(try await server.get("/no/such/page/").status == 404)
    }
}
