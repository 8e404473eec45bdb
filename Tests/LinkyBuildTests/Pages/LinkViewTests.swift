import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// `link_view: auto` (the default) chooses each page's view from the links it shows: cards when most
/// have a card picture, else the dense list; `cards`, `list` and `compact` are kept as written. And a
/// site made of one list file is titled by the list unless `linky.yml` says otherwise.
@Suite struct LinkViewTests {
    /// A category of pictured links, one without, and one where only one link of three has a picture.
    static let files: [String: String] = [
        "links/pictured/a.md": TestSite.link(
            url: "https://a.example/", title: "A", extra: "image: https://a.example/a.png\n"),
        "links/pictured/b.md": TestSite.link(
            url: "https://b.example/", title: "B", extra: "image: https://b.example/b.png\n"),
        "links/pictured/c.md": TestSite.link(url: "https://c.example/", title: "C"),
        "links/plain/d.md": TestSite.link(url: "https://d.example/", title: "D"),
        "links/plain/e.md": TestSite.link(url: "https://e.example/", title: "E"),
        "links/mixed/f.md": TestSite.link(
            url: "https://f.example/", title: "F", extra: "image: https://f.example/f.png\n"),
        "links/mixed/g.md": TestSite.link(url: "https://g.example/", title: "G"),
        "links/mixed/h.md": TestSite.link(url: "https://h.example/", title: "H"),
    ]

    static func views(_ settings: String) async throws -> [String: String] {
        var files = files
        files["linky.yml"] = "images: remote\n" + settings
        let site = try TestSite(files)
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics.prefix(3))")
        var views: [String: String] = [:]
        for path in ["c/pictured/index.html", "c/plain/index.html", "c/mixed/index.html", "tags/index.html"] {
            let html = try site.read(path)
            let start = try #require(html.range(of: "data-view=\"")).upperBound
            views[path] = String(html[start...].prefix { $0 != "\"" })
        }
        return views
    }

    @Test func autoChoosesEachPageFromItsLinks() async throws {
        let views = try await Self.views("")
        #expect(views["c/pictured/index.html"] == "cards")
        #expect(views["c/plain/index.html"] == "list")
        #expect(views["c/mixed/index.html"] == "list")
        #expect(views["tags/index.html"] == "list", "a page without links takes the list")
    }

    @Test func autoIsTheDefaultAndWrittenViewsWin() async throws {
        #expect(SiteConfig().linkView == .auto)
        #expect(try await Self.views("link_view: auto\n") == Self.views(""))
        for view in ["cards", "list", "compact"] {
            let views = try await Self.views("link_view: \(view)\n")
            #expect(Set(views.values) == [view], "\(views)")
        }
    }

    @Test func withoutPicturesEveryPageIsTheList() async throws {
        // `images: none` draws no pictures, so no page is cards.
        var files = Self.files
        files["linky.yml"] = "images: none\n"
        let site = try TestSite(files)
        defer { site.remove() }
        _ = await site.build()
        #expect(try site.read("c/pictured/index.html").contains("data-view=\"list\""))
    }

    @Test(arguments: [(0, 0, "list"), (1, 3, "list"), (1, 2, "list"), (2, 3, "cards"), (5, 5, "cards")])
    func theMajorityDecides(pictured: Int, shown: Int, view: String) {
        #expect(SiteConfig.LinkView.auto.resolved(pictured: pictured, of: shown).rawValue == view)
        #expect(SiteConfig.LinkView.compact.resolved(pictured: pictured, of: shown) == .compact)
    }

    // MARK: - The title of a site of one list

    static let list =
        "# Awesome Things\n\nThings.\n\n## Tools\n\n- [A](https://a.example/) - An a.\n\n## Books\n\n- [B](https://b.example/) - A b.\n"

    static func title(_ files: [String: String]) async throws -> String {
        let site = try TestSite(files)
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics.prefix(3))")
        let html = try site.read("index.html")
        let start = try #require(html.range(of: "<title>")).upperBound
        return String(html[start...].prefix { $0 != "<" })
    }

    @Test func aSiteOfOneListIsTitledByItsFirstHeading() async throws {
        #expect(try await Self.title(["links/awesome.md": Self.list]) == "Awesome Things")
        // With the list's own title in its front matter, that one.
        #expect(
            try await Self.title(["links/awesome.md": "---\ntitle: Things Indexed\n---\n" + Self.list])
                == "Things Indexed")
    }

    @Test func aWrittenTitleWinsAndOtherSitesKeepTheDefault() async throws {
        #expect(try await Self.title(["links/awesome.md": Self.list, "linky.yml": "title: Mine\n"]) == "Mine")
        #expect(
            try await Self.title([
                "links/awesome.md": Self.list, "links/other.md": "# Other\n\n- [C](https://c.example/) - A c.\n",
            ]) == "Links")
        #expect(
            try await Self.title(["links/reading/a.md": TestSite.link(url: "https://a.example/", title: "A")])
                == "Links", "one folder is not one list")
    }
}
