import Foundation
import LinkyBuild
import LinkyCuration
import LinkyModel
import LinkyNetwork
import LinkyTestSupport
import Testing

/// `import --from SERVICE` against local servers speaking each API's shapes (issue 46): a first run,
/// a run after changes at the source, the curator's edits kept, `--prune`, and the site built.
@Suite struct ServiceSyncTests {
    static let config = "title: Synced\nextra_keys: [toread, archived]\n"

    nonisolated(unsafe) static let linkdingBookmarks: [[String: Any]] = [
        bookmark(
            1, "https://swift.org", "Swift", tags: ["publish", "lang"], description: "The Swift language",
            notes: "Read the **book** first.", created: "2024-05-03T23:30:00Z", unread: true),
        bookmark(2, "https://go.dev", "Go", tags: ["lang"], created: "2024-05-02T10:00:00Z"),
        bookmark(
            3, "https://map.naver.com/p/entry/place/11591726", "을지면옥 평양냉면", tags: ["publish", "맛집"],
            created: "2024-05-01T10:00:00Z"),
        bookmark(4, "https://www.rust-lang.org", "Rust", tags: ["Publish"], archived: true),
        bookmark(5, "https://news.ycombinator.com", "HN", tags: ["publish"]),
    ]

    @Test func linkdingFirstRunImportsEveryBookmarkPageByPage() async throws {
        let site = try ImportFixtures.site([
            "linky.yml": Self.config, "links/news/hn.md": "---\nurl: https://news.ycombinator.com\ntitle: HN\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let service = try LocalService(.linkding, bookmarks: Self.linkdingBookmarks)
        let report = try await service.sync(into: site)

        // Five bookmarks: four on two pages of two (and an empty third), the archived one on its own list.
        #expect(report.fetched == 5)
        #expect(
            report.added.map(\.path) == [
                "links/imported/swift.md", "links/imported/go.md", "links/imported/을지면옥-평양냉면.md",
                "links/imported/rust.md",
            ])
        #expect(report.duplicates.count == 1 && report.duplicates[0].message.contains("links/news/hn.md"))
        let swift = try String(contentsOf: site.appending(path: "links/imported/swift.md"), encoding: .utf8)
        #expect(
            swift == """
                ---
                url: https://swift.org/
                title: Swift
                tags: [publish, lang]
                date: 2024-05-03
                description: The Swift language
                toread: "true"
                ---
                Read the **book** first.

                """)
        let rust = try String(contentsOf: site.appending(path: "links/imported/rust.md"), encoding: .utf8)
        #expect(rust.contains("archived: \"true\""))
        let log = try await service.log()
        #expect(log.contains { $0.hasPrefix("GET /api/bookmarks/?limit=100&offset=2") })
        #expect(log.contains { $0.hasPrefix("GET /api/bookmarks/archived/") })

        // The record names every file and no token.
        let record = try String(contentsOf: site.appending(path: "sync.json"), encoding: .utf8)
        #expect(record.contains("\"path\" : \"links/imported/을지면옥-평양냉면.md\""))
        #expect(!record.contains(LocalService.token))

        let built = await ImportFixtures.build(site)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        #expect(built.site?.links.count == 5)
    }

    @Test func aTagTakesOnlyTheTaggedBookmarks() async throws {
        let site = try ImportFixtures.site(["linky.yml": Self.config])
        defer { try? FileManager.default.removeItem(at: site) }
        let service = try LocalService(.linkding, bookmarks: Self.linkdingBookmarks)
        let report = try await service.sync(into: site, tag: "publish", category: "reading/linkding")
        // `Publish` is the same tag, as the build folds it.
        #expect(
            report.added.map(\.path) == [
                "links/reading/linkding/swift.md", "links/reading/linkding/을지면옥-평양냉면.md",
                "links/reading/linkding/hn.md", "links/reading/linkding/rust.md",
            ])
        #expect(try await service.log().allSatisfy { !$0.contains("/api/bookmarks") || $0.contains("q=%23publish") })
    }

    @Test func aSecondRunAddsUpdatesAndKeepsTheCuratorsEdits() async throws {
        let site = try ImportFixtures.site(["linky.yml": Self.config])
        defer { try? FileManager.default.removeItem(at: site) }
        let service = try LocalService(.linkding, bookmarks: Self.linkdingBookmarks)
        _ = try await service.sync(into: site, tag: "publish")

        // Run again with nothing changed: nothing is written.
        let again = try await service.sync(into: site, tag: "publish")
        #expect(again.added.isEmpty && again.updated.isEmpty && again.kept == 4 && again.gone.isEmpty)
        #expect(again.duplicates.isEmpty)

        // The curator edits Swift's file; the source changes Swift and 을지면옥, drops HN's tag, adds one.
        let swiftFile = site.appending(path: "links/imported/swift.md")
        let edited = try String(contentsOf: swiftFile, encoding: .utf8).replacingOccurrences(
            of: "title: Swift", with: "title: Swift (my notes)")
        try edited.write(to: swiftFile, atomically: true, encoding: .utf8)
        var changed = Self.linkdingBookmarks
        changed[0]["title"] = "Swift.org"
        changed[2]["description"] = "서울 중구의 냉면집"
        changed[4]["tags"] = ["news"]
        changed.insert(bookmark(6, "https://kotlinlang.org", "Kotlin", tags: ["publish"]), at: 0)
        try await service.replace(changed)

        let second = try await service.sync(into: site, tag: "publish")
        #expect(second.added.map(\.path) == ["links/imported/kotlin.md"])
        #expect(second.updated.map(\.path) == ["links/imported/을지면옥-평양냉면.md"])
        #expect(second.editedHere.map(\.location?.path) == ["links/imported/swift.md"])
        #expect(second.editedHere.first?.code == .syncEditedHere)
        // Rust is kept; Swift, edited here and changed there, is skipped, not kept too.
        #expect(second.kept == 1)
        #expect(try String(contentsOf: swiftFile, encoding: .utf8) == edited)
        #expect(second.gone.map(\.location?.path) == ["links/imported/hn.md"])
        #expect(second.gone.first?.message.contains("no longer tagged publish") == true)
        let updated = try String(
            contentsOf: site.appending(path: "links/imported/을지면옥-평양냉면.md"), encoding: .utf8)
        #expect(updated.contains("description: 서울 중구의 냉면집"))
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "links/imported/hn.md").path))

        // --prune deletes the file of the bookmark gone; the edited file stays.
        let pruned = try await service.sync(into: site, tag: "publish", prune: true)
        #expect(pruned.pruned == ["links/imported/hn.md"])
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "links/imported/hn.md").path))
        #expect(try String(contentsOf: swiftFile, encoding: .utf8) == edited)

        // Rust deleted in linkding and saved again (a new id): the same file, updated, not pruned.
        var readded = changed.filter { $0["id"] as? Int != 4 }
        readded.append(bookmark(40, "https://www.rust-lang.org/", "Rust", tags: ["publish"], description: "Again"))
        try await service.replace(readded)
        let again2 = try await service.sync(into: site, tag: "publish", prune: true)
        #expect(again2.pruned.isEmpty && again2.added.isEmpty && again2.duplicates.isEmpty)
        #expect(again2.updated.map(\.path) == ["links/imported/rust.md"])

        // A file the curator deletes is not imported again.
        try FileManager.default.removeItem(at: site.appending(path: "links/imported/kotlin.md"))
        let afterDelete = try await service.sync(into: site, tag: "publish")
        #expect(afterDelete.added.isEmpty && afterDelete.deletedHere == 1)

        let built = await ImportFixtures.build(site)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let titles = Set(built.site?.links.map(\.title) ?? [])
        #expect(titles == ["Swift (my notes)", "을지면옥 평양냉면", "Rust"])
    }

    @Test func pinboardWithItsTokenInTheQueryNeverShowsIt() async throws {
        let site = try ImportFixtures.site(["linky.yml": Self.config])
        defer { try? FileManager.default.removeItem(at: site) }
        var posts = Self.linkdingBookmarks
        posts[1]["private"] = true
        let service = try LocalService(.pinboard, bookmarks: posts)
        let report = try await service.sync(into: site)
        #expect(report.added.count == 5 && report.fetched == 5)
        let go = try String(contentsOf: site.appending(path: "links/imported/go.md"), encoding: .utf8)
        #expect(go.contains("draft: true"))
        let swift = try String(contentsOf: site.appending(path: "links/imported/swift.md"), encoding: .utf8)
        #expect(swift.contains("description: The Swift language") && swift.contains("toread: \"true\""))

        // A wrong token: refused, in words without the token.
        do {
            _ = try await service.fetch(token: "alice:wrong-\(LocalService.token)")
            Issue.record("a wrong token was accepted")
        } catch {
            guard case .refused(_, let status, _) = error else { throw error }
            #expect(status == 401)
            #expect(!error.description.contains(LocalService.token))
        }
        #expect(try await service.log().allSatisfy { !$0.contains(LocalService.token) })

        // Run again: posts/update says nothing changed, so posts/all is not asked (Pinboard allows it
        // once in five minutes).
        let unchanged = try await service.sync(into: site)
        #expect(unchanged.unchanged && unchanged.kept == 5 && unchanged.added.isEmpty)
        #expect(try await service.log().map { $0.components(separatedBy: "?")[0] } == ["GET /v1/posts/update"])
        var changed = posts
        changed.insert(bookmark(9, "https://kotlinlang.org", "Kotlin", created: "2026-11-01T00:00:00Z"), at: 0)
        try await service.replace(changed)
        let after = try await service.sync(into: site)
        #expect(!after.unchanged && after.added.map(\.path) == ["links/imported/kotlin.md"] && after.kept == 5)
    }

    @Test func githubStarsFollowTheLinkHeaderAndTakeTopicsAsTags() async throws {
        let site = try ImportFixtures.site(["linky.yml": Self.config])
        defer { try? FileManager.default.removeItem(at: site) }
        let stars: [[String: Any]] = [
            [
                "id": 1, "full_name": "apple/swift", "description": "The Swift Programming Language",
                "topics": ["swift", "compiler"], "starred_at": "2025-01-02T03:04:05Z",
                "created": "2014-06-01T00:00:00Z",
            ],
            [
                "id": 2, "full_name": "toss/es-hangul", "description": "한글을 위한 라이브러리",
                "topics": ["hangul", "korean"], "starred_at": "2025-02-03T00:00:00Z",
            ],
            [
                "id": 3, "full_name": "golang/go", "description": "The Go programming language",
                "topics": ["go"], "starred_at": "2024-12-01T00:00:00Z",
            ],
        ]
        let service = try LocalService(.githubStars, bookmarks: stars, user: "octocat")
        let report = try await service.sync(into: site, user: "octocat", category: "stars")
        // GitHub lists the newest star first.
        #expect(
            report.added.map(\.path) == [
                "links/stars/toss-es-hangul.md", "links/stars/apple-swift.md", "links/stars/golang-go.md",
            ])
        let hangul = try String(contentsOf: site.appending(path: "links/stars/toss-es-hangul.md"), encoding: .utf8)
        #expect(
            hangul == """
                ---
                url: https://github.com/toss/es-hangul
                title: toss/es-hangul
                tags: [hangul, korean]
                date: 2025-02-03
                description: 한글을 위한 라이브러리
                ---

                """)
        #expect(try await service.log().filter { $0.contains("starred") }.count == 2)

        // --tag picks a topic.
        let (hangulOnly, _) = try await service.fetch(user: "octocat", tag: "hangul")
        #expect(hangulOnly.bookmarks.map(\.id) == ["toss/es-hangul"])
    }

    @Test func collectionsBecomeFoldersOnRaindropKarakeepAndLinkwarden() async throws {
        let collections: [[String: Any]] = [
            ["id": 10, "name": "Reading", "parent": NSNull()], ["id": 11, "name": "한국어", "parent": 10],
        ]
        let items: [[String: Any]] = [
            bookmark(1, "https://swift.org", "Swift", tags: ["lang"], notes: "A note", collection: 10, favorite: true),
            bookmark(2, "https://hangul.example.com/", "한글 자료", tags: ["한글"], collection: 11),
            bookmark(3, "https://go.dev", "Go", tags: ["lang"]),
        ]
        for kind in [BookmarkService.raindrop, .karakeep, .linkwarden] {
            let site = try ImportFixtures.site(["linky.yml": Self.config])
            defer { try? FileManager.default.removeItem(at: site) }
            let service = try LocalService(kind, bookmarks: items, collections: collections)
            let report = try await service.sync(into: site)
            let paths = Set(report.added.map(\.path))
            #expect(paths.contains("links/imported/reading/swift.md"), "\(kind): \(paths)")
            #expect(paths.contains("links/imported/reading/한국어/한글-자료.md"), "\(kind): \(paths)")
            #expect(report.indexFiles.contains("links/imported/reading/한국어/_index.md"), "\(kind)")
            let swift = try String(contentsOf: site.appending(path: "links/imported/reading/swift.md"), encoding: .utf8)
            #expect(swift.contains("favorite: true"), "\(kind)")
            let built = await ImportFixtures.build(site)
            #expect(built.diagnostics.isEmpty, "\(kind): \(built.diagnostics)")
            #expect(built.site?.links.count == 3, "\(kind)")
        }
    }

    @Test func shaarliAcceptsTheSignedToken() async throws {
        let service = try LocalService(.shaarli, bookmarks: Self.linkdingBookmarks)
        let (fetched, _) = try await service.fetch()
        #expect(fetched.bookmarks.count == 5)
        #expect(fetched.bookmarks.first { $0.id == "2" }?.title == "Go")
        do {
            _ = try await service.fetch(token: "not-the-secret")
            Issue.record("a JWT signed with another secret was accepted")
        } catch {
            guard case .refused(_, 401, _) = error else { throw error }
        }
    }

    /// RFC 4231, test cases 1 and 2: HMAC-SHA-512 as Shaarli's JWTs need it.
    @Test func hmacSHA512MatchesRFC4231() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        func mac(_ key: [UInt8], _ data: String) -> String {
            hex(BookmarkFetcher.hmacSHA512(key: key, Array(data.utf8)))
        }
        #expect(
            mac(Array(repeating: 0x0b, count: 20), "Hi There")
                == "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"
        )
        #expect(
            mac(Array("Jefe".utf8), "what do ya want for nothing?")
                == "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"
        )
        // A key longer than the block is hashed first (test case 6).
        #expect(
            mac(Array(repeating: 0xaa, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First")
                == "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"
        )
    }
}

/// What goes wrong: rate limits and server errors, expired tokens, a fetch cut short.
@Suite struct ServiceSyncFaultTests {
    @Test func aRateLimitIsWaitedOutAsRetryAfterSays() async throws {
        let service = try LocalService(
            .raindrop, bookmarks: ServiceSyncTests.linkdingBookmarks, faults: ["retry_after": [2, 7]])
        let (fetched, waits) = try await service.fetch()
        #expect(fetched.bookmarks.count == 5 && fetched.stoppedEarly == nil)
        #expect(waits == [.seconds(7), .seconds(7)])
    }

    @Test func aServerErrorPastTheWaitKeepsWhatWasFetched() async throws {
        let site = try ImportFixtures.site(["linky.yml": ServiceSyncTests.config])
        defer { try? FileManager.default.removeItem(at: site) }
        let service = try LocalService(
            .linkding, bookmarks: ServiceSyncTests.linkdingBookmarks, faults: ["unavailable_from": 2])
        let (fetched, waits) = try await service.fetch(maximumWait: .seconds(5))
        #expect(fetched.bookmarks.count == 2)
        #expect(fetched.stoppedEarly?.contains("503") == true)
        #expect(waits.reduce(.zero, +) <= .seconds(5))

        // What was fetched is written; nothing is taken for gone.
        let source = SyncSource(service: .linkding, url: service.base)
        let report = try await ServiceSync(options: SyncOptions(siteFolder: site, prune: true)).run(
            fetched, from: source)
        #expect(report.added.count == 2 && report.gone.isEmpty && report.pruned.isEmpty)
        #expect(report.stoppedEarly?.code == .syncStopped)
        let record = try SyncRecord.load(from: site)
        #expect(record.sources[source.key]?.synced == nil)
        #expect(record.sources[source.key]?.links.count == 2)
    }

    @Test func anExpiredTokenWritesNothing() async throws {
        let service = try LocalService(
            .karakeep, bookmarks: ServiceSyncTests.linkdingBookmarks, faults: ["expired": true])
        do {
            _ = try await service.fetch()
            Issue.record("an expired token was accepted")
        } catch {
            guard case .refused(_, 401, _) = error else { throw error }
            #expect(!error.description.contains(LocalService.token))
        }
    }

    @Test func aServiceThatCannotBeReachedIsStoppedNotRefused() async throws {
        let port = try FixtureServer.closedPort()
        var request = BookmarkFetcher.Request(
            service: .linkding, baseURL: "http://127.0.0.1:\(port)", token: LocalService.token)
        request.maximumWait = .seconds(10)
        let client = LocalService.client()
        defer { Task { await client.shutdown() } }
        do {
            _ = try await BookmarkFetcher(request, client: client, sleep: { _ in }).fetch()
            Issue.record("a closed port answered")
        } catch {
            guard case .stopped(let reason) = error else { throw error }
            #expect(reason.contains("cannot be reached"))
        }
    }

    @Test func aDamagedRecordStopsTheSyncBeforeAnyWrite() async throws {
        let site = try ImportFixtures.site([
            "linky.yml": ServiceSyncTests.config, "sync.json": "{\"version\": 1, \"sources\": [",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        var fetched = ServiceFetch()
        fetched.bookmarks = [ServiceBookmark(id: "1", url: "https://swift.org", title: "Swift")]
        do {
            _ = try await ServiceSync(options: SyncOptions(siteFolder: site)).run(
                fetched, from: SyncSource(service: .linkding, url: "https://links.example.org"))
            Issue.record("a damaged sync.json was used")
        } catch {
            guard case .record(let failure) = error else { throw error }
            #expect(failure.diagnostic.code == .syncRecordUnreadable)
        }
        #expect(ImportFixtures.files(in: site) == ["linky.yml", "sync.json"])
    }
}

/// Issue 46's acceptance, service by service: against a local linkding, Pinboard and GitHub, a first
/// run imports every tagged bookmark; after changes at the source, a second run adds the new one,
/// updates the changed one and leaves the file the curator edited as it is; the site has them all.
@Suite struct SyncAcceptanceTests {
    static func items(_ service: BookmarkService) -> [[String: Any]] {
        if service == .githubStars {
            return [
                [
                    "id": 1, "full_name": "toss/es-hangul", "description": "한글 라이브러리", "topics": ["publish", "hangul"],
                    "starred_at": "2025-03-01T00:00:00Z",
                ],
                [
                    "id": 2, "full_name": "apple/swift", "description": "Swift", "topics": ["publish"],
                    "starred_at": "2025-02-01T00:00:00Z",
                ],
                [
                    "id": 3, "full_name": "golang/go", "description": "Go", "topics": ["go"],
                    "starred_at": "2025-01-01T00:00:00Z",
                ],
            ]
        }
        return [
            bookmark(
                1, "https://github.com/toss/es-hangul", "es-hangul", tags: ["publish", "hangul"],
                created: "2025-03-01T00:00:00Z"),
            bookmark(2, "https://swift.org", "Swift", tags: ["publish"], created: "2025-02-01T00:00:00Z"),
            bookmark(3, "https://go.dev", "Go", tags: ["go"], created: "2025-01-01T00:00:00Z"),
        ]
    }

    static func newItem(_ service: BookmarkService) -> [String: Any] {
        service == .githubStars
            ? [
                "id": 4, "full_name": "rust-lang/rust", "description": "Rust", "topics": ["publish"],
                "starred_at": "2025-04-01T00:00:00Z",
            ]
            : bookmark(4, "https://www.rust-lang.org", "Rust", tags: ["publish"], created: "2025-04-01T00:00:00Z")
    }

    @Test(arguments: [BookmarkService.linkding, .pinboard, .githubStars])
    func firstRunThenChangesAtTheSource(_ service: BookmarkService) async throws {
        let site = try ImportFixtures.site(["linky.yml": ServiceSyncTests.config])
        defer { try? FileManager.default.removeItem(at: site) }
        let user: String? = service == .githubStars ? "octocat" : nil
        let local = try LocalService(service, bookmarks: Self.items(service), user: user ?? "alice")
        let first = try await local.sync(into: site, tag: "publish", user: user)
        #expect(first.added.count == 2, "\(service)")
        let paths = first.added.map(\.path)

        // The curator edits the first file; the source changes the second's description and gains one.
        let edited = site.appending(path: paths[0])
        let text = try String(contentsOf: edited, encoding: .utf8) + "My own note.\n"
        try text.write(to: edited, atomically: true, encoding: .utf8)
        var changed = Self.items(service)
        changed[0]["description"] = "changed at the source too"
        changed[1]["description"] = "Swift, changed at the source"
        changed.insert(Self.newItem(service), at: 0)
        try await local.replace(changed)

        let second = try await local.sync(into: site, tag: "publish", user: user)
        #expect(second.added.count == 1, "\(service)")
        #expect(second.updated.map(\.path) == [paths[1]], "\(service)")
        #expect(second.editedHere.map(\.location?.path) == [paths[0]], "\(service)")
        #expect(second.kept == 0, "\(service)")
        #expect(try String(contentsOf: edited, encoding: .utf8) == text, "\(service)")
        let updated = try String(contentsOf: site.appending(path: paths[1]), encoding: .utf8)
        #expect(updated.contains("description: Swift, changed at the source"), "\(service)")

        let built = await ImportFixtures.build(site)
        #expect(built.diagnostics.isEmpty, "\(service): \(built.diagnostics)")
        #expect(built.site?.links.count == 3, "\(service)")
        #expect(built.site?.links.contains { $0.note?.markdown.contains("My own note.") == true } == true, "\(service)")
    }
}
