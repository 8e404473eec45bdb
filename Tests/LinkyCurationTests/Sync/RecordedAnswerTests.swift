import Foundation
import LinkyCuration
import LinkyModel
import LinkyNetwork
import Testing

/// Answers recorded from the real services by other projects (`Tests/Fixtures/services/recorded/`, each
/// with its source and licence in the README there), replayed by the local server: what real answers
/// hold that the documentation does not show (empty titles, missing keys, roots listed among children).
@Suite struct RecordedAnswerTests {
    func fetch(
        _ service: BookmarkService, _ replay: [String: String], user: String? = nil
    ) async throws -> [ServiceBookmark] {
        let local = try LocalService(service, bookmarks: [], replay: replay)
        let (fetched, _) = try await local.fetch(user: user)
        #expect(fetched.stoppedEarly == nil)
        return fetched.bookmarks
    }

    /// fibelatti/pinboard-kotlin's mock linkding: `title` empty, the page's title in `website_title` (as
    /// linkding before 1.x answered), no `favicon_url` key at all.
    @Test func linkdingWithAnEmptyTitleTakesTheWebsiteTitle() async throws {
        let bookmarks = try await fetch(.linkding, ["/api/bookmarks/": "recorded/linkding-bookmarks.json"])
        #expect(bookmarks.count == 1)
        let google = try #require(bookmarks.first)
        #expect(google.url == "https://www.google.com" && google.title == "Google")
        #expect(google.note == nil && google.unread && !google.archived)
        #expect(google.created == "2024-06-16T18:54:56.250477Z")
    }

    /// linkding's own API documentation example.
    @Test func linkdingDocumentationExample() async throws {
        let bookmarks = try await fetch(.linkding, ["/api/bookmarks/": "recorded/linkding-bookmarks-docs.json"])
        let example = try #require(bookmarks.first)
        #expect(example.title == "Example title" && example.description == "Example description")
        #expect(example.note == "Example notes" && example.tags == ["tag1", "tag2"])
    }

    /// python-shaarli-client's documented answer: `shorturl` null, `created` and `updated` in two zones.
    @Test func shaarliLinks() async throws {
        let bookmarks = try await fetch(.shaarli, ["/api/v1/links": "recorded/shaarli-links.json"])
        #expect(bookmarks.map(\.id) == ["486", "970"])
        #expect(bookmarks[0].title == "Italian Spiderman" && bookmarks[0].description == nil)
        #expect(bookmarks[0].tags == ["wtf", "kitsch", "super", "hero", "spider", "man", "parody"])
        #expect(bookmarks[1].url == "http://mashable.com/2014/05/01/spider-man-costume")
    }

    /// pinboardixir's recorded posts: `\/` escapes, tags in one string.
    @Test func pinboardPosts() async throws {
        let bookmarks = try await fetch(.pinboard, ["/v1/posts/all": "recorded/pinboard-posts-all.json"])
        #expect(bookmarks.count == 2)
        #expect(bookmarks[0].tags == ["Elixir", "Test", "Bypass", "Mock"])
        #expect(bookmarks[0].id == "f9153afe872f421073cda4219d0429d0" && bookmarks[0].description == nil)
        #expect(bookmarks[1].url == "http://nsomar.com/elixir-enumerated-types/")
        #expect(!bookmarks[0].isPrivate && !bookmarks[0].unread)
    }

    /// lasuillard/raindrop-client's recording of api.raindrop.io: `important` left out when false, a
    /// root's `parent` null, and `/collections/childrens` listing the roots again among the children.
    @Test func raindropCollectionsAndRaindrops() async throws {
        let bookmarks = try await fetch(
            .raindrop,
            [
                "/rest/v1/raindrops/0": "recorded/raindrop-raindrops.json",
                "/rest/v1/collections": "recorded/raindrop-collections.json",
                "/rest/v1/collections/childrens": "recorded/raindrop-collections-childrens.json",
            ])
        #expect(bookmarks.map(\.id) == ["1210213894", "1210213892", "1210213891"])
        #expect(bookmarks.allSatisfy { $0.url == "https://raindrop.io" && !$0.favorite && $0.tags.isEmpty })
        // Their collection is none of the three recorded: no folder rather than a wrong one.
        #expect(bookmarks.allSatisfy { $0.folders.isEmpty })

        // A raindrop filed in the recorded child B1 of B, and one in the root A, are in B/B1 and A.
        let filed = try LocalService(
            .raindrop,
            bookmarks: [
                bookmark(1, "https://swift.org", "Swift", collection: 57_170_830),
                bookmark(2, "https://go.dev", "Go", collection: 57_170_825),
            ],
            replay: [
                "/rest/v1/collections": "recorded/raindrop-collections.json",
                "/rest/v1/collections/childrens": "recorded/raindrop-collections-childrens.json",
            ])
        let (fetched, _) = try await filed.fetch()
        #expect(fetched.bookmarks.map(\.folders) == [["B", "B1"], ["A"]])
    }

    /// github3.py's cassette of a user's stars with the star media type (2018): no `topics` key, a null
    /// description, emoji.
    @Test func githubStars() async throws {
        let bookmarks = try await fetch(
            .githubStars, ["/users/sigmavirus24/starred": "recorded/github-starred.json"], user: "sigmavirus24")
        #expect(
            bookmarks.map(\.title) == [
                "sigmavirus24/github3.py", "FGRibreau/spinners", "alex/what-happens-when",
                "bitprophet/contribution-guide.org", "requests/requests",
            ])
        #expect(bookmarks[3].description == nil && bookmarks.allSatisfy { $0.tags.isEmpty })
        #expect(bookmarks[4].description == "Python HTTP Requests for Humans™ ✨🍰✨")
        #expect(
            bookmarks[0].created == "2018-01-04T22:57:12Z"
                && bookmarks[0].url == "https://github.com/sigmavirus24/github3.py")
    }

    /// The recorded answers all the way into link files: duplicates within Raindrop's answer skipped,
    /// Shaarli's dates filed under their UTC day, and the site builds.
    @Test func recordedAnswersBecomeASiteThatBuilds() async throws {
        let site = try ImportFixtures.site(["linky.yml": "title: Recorded\nextra_keys: [toread, archived]\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let shaarli = try LocalService(
            .shaarli, bookmarks: [], replay: ["/api/v1/links": "recorded/shaarli-links.json"])
        let first = try await shaarli.sync(into: site, category: "shaarli")
        #expect(first.added.count == 2)
        let spiderman = try String(
            contentsOf: site.appending(path: "links/shaarli/italian-spiderman.md"), encoding: .utf8)
        #expect(spiderman.contains("date: 2015-02-22"))
        let raindrop = try LocalService(
            .raindrop, bookmarks: [],
            replay: [
                "/rest/v1/raindrops/0": "recorded/raindrop-raindrops.json",
                "/rest/v1/collections": "recorded/raindrop-collections.json",
                "/rest/v1/collections/childrens": "recorded/raindrop-collections-childrens.json",
            ])
        let second = try await raindrop.sync(into: site, category: "raindrop")
        #expect(second.added.count == 1 && second.duplicates.count == 2)
        let github = try LocalService(
            .githubStars, bookmarks: [], replay: ["/users/sigmavirus24/starred": "recorded/github-starred.json"])
        let third = try await github.sync(into: site, user: "sigmavirus24", category: "stars")
        #expect(third.added.count == 5)
        let built = await ImportFixtures.build(site)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        #expect(built.site?.links.count == 8)
    }
}
