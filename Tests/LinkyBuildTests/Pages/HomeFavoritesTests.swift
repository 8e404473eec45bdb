import Foundation
import Testing

@testable import LinkyBuild

/// The home page lists the newest favourites, not all of them (a million generated links have 20,000:
/// a 21 MiB home page), and links to the search page's view of them all when there are more.
@Suite struct HomeFavoritesTests {
    /// The `data-link-id`s listed in the home page's favourites section.
    static func favorites(_ home: String) throws -> [Int] {
        let start = try #require(home.range(of: "aria-labelledby=\"favorites-heading\""))
        let section = home[start.upperBound...].prefix { _ in true }
        let end = try #require(section.range(of: "</section>"))
        return ListDataTests.itemIDs(String(section[..<end.lowerBound]))
    }

    @Test func theNewestFavouritesAreListedAndTheRestAreOneLinkAway() async throws {
        var files = ["linky.yml": "title: Favs\n"]
        for day in 1...24 {
            files["links/f\(day).md"] = TestSite.link(
                url: "https://f.example/\(day)", title: "Fav \(day)", date: String(format: "2024-03-%02d", day),
                extra: "favorite: true\n")
        }
        files["links/plain.md"] = TestSite.link(url: "https://p.example/", title: "Plain", date: "2024-03-30")
        let site = try TestSite(files)
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        var home = try site.read("index.html")
        #expect(try Self.favorites(home).count == 24)
        #expect(!home.contains("?fav=1"), "every favourite is on the page")

        // A 25th, older than the others: the newest 24 stay, and the page links to them all.
        try site.write(
            "links/f0.md",
            TestSite.link(url: "https://f.example/0", title: "Fav 0", date: "2024-02-01", extra: "favorite: true\n"))
        let report = await site.build()
        #expect(report.outcome == .success)
        home = try site.read("index.html")
        let built = try #require(report.site)
        let newest = built.links.indices.filter { built.links[$0].favorite }.prefix(24)
        #expect(try Self.favorites(home) == Array(newest))
        #expect(!(try Self.favorites(home)).contains { built.links[$0].title == "Fav 0" })
        #expect(home.contains(#"<a href="search/index.html?fav=1">All favourites →</a>"#))
    }
}
