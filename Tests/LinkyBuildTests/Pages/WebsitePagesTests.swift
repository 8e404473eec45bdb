import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// The Sites pages (`sites`), on a real example built into a temporary folder: `sites/index.html` lists
/// every website the links go to with its count, the most first and then by name; each website has
/// pages of its links, paginated as tag pages are; every card's domain links to its website's page;
/// `sites: false` leaves all of it out.
@Suite struct WebsitePagesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Built {
        var site: Site
        var files: [String: Data]

        func page(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Examples/reading-list, copied into a temporary folder with `settings` added to its linky.yml, and
    /// built into its `_site`.
    static func build(adding settings: String) async throws -> Built {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-sites-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: repository.appending(path: "Examples/reading-list"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appending(path: "linky.yml")
        // The example's own `page_size` gives way to one in `settings`.
        var text = try String(contentsOf: config, encoding: .utf8)
        if settings.hasPrefix("page_size:") {
            text = text.split(separator: "\n").filter { !$0.hasPrefix("page_size:") }.joined(separator: "\n")
        }
        try (text + "\n" + settings).write(to: config, atomically: true, encoding: .utf8)
        var prepare = BuildOptions(siteFolder: folder)
        prepare.writeOutput = false
        let prepared = await SiteBuilder().prepare(prepare)
        let site = try #require(prepared.site, "\(prepared.report.diagnostics.prefix(3))")
        let report = await SiteBuilder().build(BuildOptions(siteFolder: folder))
        #expect(report.outcome == .success, "\(report.diagnostics.prefix(3))")
        return Built(site: site, files: try filesBelow(folder.appending(path: "_site")))
    }

    /// Each host the links' cards show, with its number of links, the most first, then by name: worked
    /// out here from the links, not by the build's own grouping.
    static func expectedWebsites(_ site: Site) -> [(name: String, count: Int)] {
        var counts: [String: Int] = [:]
        for link in site.links where !link.url.displayHost.isEmpty { counts[link.url.displayHost, default: 0] += 1 }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }

    @Test func theIndexListsEveryWebsiteWithItsCountTheLargestFirst() async throws {
        let built = try await Self.build(adding: "page_size: 2\n")
        let expected = Self.expectedWebsites(built.site)
        #expect(expected.count > 3 && expected[0].count > expected.last!.count, "the example should vary")
        #expect(!expected.contains { $0.name.hasPrefix("www.") })
        let index = try #require(built.page("sites/index.html"))
        var previous = index.startIndex
        for website in expected {
            let slug = try #require(built.site.websites.first { $0.name == website.name }?.slug)
            let entry =
                "<a href=\"../sites/\(slug)/index.html\">\(website.name) <span class=\"count\">\(website.count)</span>"
            let found = try #require(index.range(of: entry), "\(website.name) in sites/index.html")
            #expect(found.lowerBound > previous, "\(website.name) is listed after the larger ones")
            previous = found.lowerBound
        }
    }

    @Test func aWebsitesPagesArePaginatedAsTagPagesAndListItsLinks() async throws {
        let built = try await Self.build(adding: "page_size: 2\n")
        let largest = built.site.websites[0]
        #expect(largest.links.count > 2, "the example's largest website should need two pages")
        let pages = (largest.links.count + 1) / 2
        for number in 1...pages {
            let path =
                number == 1 ? "sites/\(largest.slug)/index.html" : "sites/\(largest.slug)/page/\(number)/index.html"
            let page = try #require(built.page(path), "\(path)")
            #expect(page.contains("<h1>\(largest.name) <span class=\"count\">\(largest.links.count)</span></h1>"))
            // Its links, a page's worth, one row each, without the domain the page is about.
            let shown = Array(largest.links.dropFirst((number - 1) * 2).prefix(2))
            for id in shown {
                let address: String = built.site.links[id].url.absoluteString
                let href = "href=\"" + address.replacingOccurrences(of: "&", with: "&amp;") + "\""
                #expect(page.contains(href), "\(path): \(address)")
            }
            #expect(page.components(separatedBy: "<li class=\"row").count - 1 == shown.count, "\(path)")
            #expect(!page.contains("class=\"domain") && !page.contains("class=\"link"), "\(path)")
        }
        #expect(built.files["sites/\(largest.slug)/page/\(pages + 1)/index.html"] == nil)
        // A website of one link has one page.
        let smallest = try #require(built.site.websites.last)
        #expect(built.files["sites/\(smallest.slug)/index.html"] != nil)
        #expect(built.files["sites/\(smallest.slug)/page/2/index.html"] == nil)
        // In the sitemap, as tag pages are.
        let sitemap = try #require(built.page("sitemap.xml"))
        #expect(sitemap.contains("https://example.com/reading/sites/index.html"))
        #expect(sitemap.contains("https://example.com/reading/sites/\(largest.slug)/index.html"))
    }

    @Test func everyCardsDomainLinksToItsWebsitesPage() async throws {
        let built = try await Self.build(adding: "")
        let home = try #require(built.page("index.html"))
        var linked = 0
        for website in built.site.websites {
            let link = "<a href=\"sites/\(website.slug)/index.html\">\(website.name)</a></span>"
            if home.contains(link) { linked += 1 }
        }
        #expect(linked > 0)
        // Every card of every list page links its domain, relative to the page.
        for (path, data) in built.files where path.hasPrefix("tags/") && path.hasSuffix("index.html") {
            let page = String(decoding: data, as: UTF8.self)
            let cards = page.components(separatedBy: "<span class=\"domain").count - 1
            let links = page.components(separatedBy: "><a href=\"../../sites/").count - 1
            #expect(cards == links, "\(path)")
        }
    }

    @Test func sitesFalseLeavesThePagesAndTheDomainLinksOut() async throws {
        let built = try await Self.build(adding: "sites: false\n")
        #expect(built.site.websites.isEmpty)
        #expect(!built.files.keys.contains { $0.hasPrefix("sites/") })
        let pages = built.files.filter { $0.key.hasSuffix(".html") }.values
        #expect(!pages.contains { String(decoding: $0, as: UTF8.self).contains("><a href=\"../../sites/") })
        #expect(!pages.contains { String(decoding: $0, as: UTF8.self).contains("><a href=\"sites/") })
        let sitemap = try #require(built.page("sitemap.xml"))
        #expect(!sitemap.contains("/sites/"))
    }

    /// A real awesome list (Tests/Fixtures/lists/awesome-python.md, undated list items with
    /// descriptions): a website's rows say what each link is under its title, and keep no empty date
    /// column, as none of them has a date.
    @Test func anUndatedListsWebsitePageShowsDescriptionsAndNoDateColumn() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-sites-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appending(path: "links"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.repository.appending(path: "Tests/Fixtures/lists/awesome-python.md"),
            to: folder.appending(path: "links/README.md"))
        try "title: Awesome Python\n".write(to: folder.appending(path: "linky.yml"), atomically: true, encoding: .utf8)
        let report = await SiteBuilder().build(BuildOptions(siteFolder: folder))
        #expect(report.outcome == .success, "\(report.diagnostics.prefix(3))")
        let files = try filesBelow(folder.appending(path: "_site"))
        let page = String(decoding: try #require(files["sites/github-com/index.html"]), as: UTF8.self)
        let rows = page.components(separatedBy: "<li class=\"row").count - 1
        #expect(rows > 20)
        #expect(!page.contains("nodate") && !page.contains("<time"))
        // The django row: its title links to the repository, its description follows in the row.
        #expect(
            page.contains(
                "<a href=\"https://github.com/django/django\">django</a><span class=\"row-desc\">The most popular web framework in Python.</span></li>"
            ))
        #expect(page.components(separatedBy: "class=\"row-desc\"").count - 1 > rows / 2)
    }
}
