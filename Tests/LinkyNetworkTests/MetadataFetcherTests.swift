import Foundation
import LinkyHTML
import LinkyModel
import LinkyNetwork
import LinkyTestSupport
import Testing

@Suite(.serialized) struct MetadataFetcherTests {
    let server: FixtureServer

    init() throws {
        server = try FixtureServer()
    }

    func fetch(_ path: String) async throws -> MetadataFetcher.Result {
        try await MetadataFetcher(client: WebClient.forTests).fetch(try LinkURL(parsing: server.url(path)))
    }

    @Test func openGraphWinsAndRelativeAddressesBecomeAbsolute() async throws {
        let result = try await fetch("/og")
        #expect(result.metadata.title == "Open Graph & friends")
        #expect(result.metadata.description == "The description from Open Graph.")
        #expect(result.metadata.image?.absoluteString == server.url("/img/og.png"))
        #expect(result.favicon?.absoluteString == server.url("/icons/fav-32.png"))
    }

    /// Issue 39: ESC, BEL and C1 from a page never reach link files, `metadata.json` or terminals.
    @Test func controlCharactersAreDroppedFromTitlesAndDescriptions() async throws {
        let result = try await fetch("/control")
        #expect(result.metadata.title == "Evil]0;pwned title31m")
        #expect(result.metadata.description == "Rings31m twice end")
    }

    @Test func twitterCardWhenThereIsNoOpenGraph() async throws {
        let result = try await fetch("/twitter")
        #expect(result.metadata.title == "Only Twitter")
        #expect(result.metadata.description == "Twitter description")
        #expect(result.metadata.image?.absoluteString == "http://cdn.example.test/tw.png")
    }

    @Test func titleEntitiesAndMarkupAndBaseHref() async throws {
        let result = try await fetch("/plain")
        #expect(result.metadata.title == "Tom & Jerry — the chase é")
        #expect(result.metadata.description == "Plain \"meta\" description")
        #expect(result.favicon?.absoluteString == "https://static.example.test/assets/fav.ico")
    }

    @Test func fallsBackToFaviconIco() async throws {
        let result = try await fetch("/no-icon")
        #expect(result.favicon?.absoluteString == server.url("/favicon.ico"))
    }

    @Test(arguments: [
        ("/euc-kr", "한국어 페이지", "설명입니다"), ("/euc-kr-header", "한국어 페이지", "설명입니다"),
        ("/shift-jis", "日本語のページ", nil), ("/latin1", "Café crème", nil), ("/gzip", "Compressed page", nil),
    ])
    func decodesCharsets(path: String, title: String, description: String?) async throws {
        let result = try await fetch(path)
        #expect(result.metadata.title == title)
        #expect(result.metadata.description == description)
    }

    @Test func koreanPath() async throws {
        let result = try await fetch("/한글/경로")
        #expect(result.metadata.title == "한글 경로")
        #expect(result.finalURL == server.url("/%ED%95%9C%EA%B8%80/%EA%B2%BD%EB%A1%9C"))
    }

    @Test(arguments: [301, 302, 307, 308])
    func followsRedirects(status: Int) async throws {
        let result = try await fetch("/redirect/\(status)")
        #expect(result.metadata.title == "Open Graph & friends")
        #expect(result.finalURL == server.url("/og"))
        #expect(result.redirects.map(\.status) == [status])
        // The image is relative to the page that answered, not to the address asked for.
        #expect(result.metadata.image?.absoluteString == server.url("/img/og.png"))
    }

    @Test func errorsAreReported() async throws {
        await #expect(throws: MetadataFetcher.Failure.status(404)) { try await fetch("/missing") }
        await #expect(throws: MetadataFetcher.Failure.notHTML("image/png")) { try await fetch("/image.png") }
        await #expect(throws: MetadataFetcher.Failure.web(.tooManyRedirects(10))) { try await fetch("/redirect/loop") }
    }

    /// With a 2 s deadline: the pages below take a minute or forever without one, so the bound
    /// tells a deadline from none even on a machine too busy to keep time.
    func fetchWithShortDeadline(_ path: String) async throws -> MetadataFetcher.Result {
        try await MetadataFetcher(client: WebClient.withShortDeadline).fetch(try LinkURL(parsing: server.url(path)))
    }

    @Test func aPageDrippingAByteASecondEndsAtTheDeadline() async throws {
        // Every read gets a byte within a second, so only a deadline on the whole request ends it.
        let started = ContinuousClock.now
        await #expect(throws: MetadataFetcher.Failure.web(.timedOut)) { try await fetchWithShortDeadline("/drip") }
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func slowPagesTimeOut() async throws {
        let started = ContinuousClock.now
        await #expect(throws: MetadataFetcher.Failure.web(.timedOut)) { try await fetchWithShortDeadline("/slow?s=60") }
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
