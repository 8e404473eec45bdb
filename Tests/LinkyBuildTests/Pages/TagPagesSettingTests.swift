import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// `tag_pages`: a tag's list has at most that many pages; a tag of more links lists its first ones,
/// says so on its pages, and offers the script's whole list. Its links stay on their categories'
/// pages and in the archive, the list's data keeps them all, and `all` writes every page.
@Suite struct TagPagesSettingTests {
    /// Seven links tagged `swift`, a day apart, two to a page; one of them also tagged `small`.
    static func site(_ settings: String) throws -> TestSite {
        var files = ["linky.yml": "title: Pages\npage_size: 2\n" + settings]
        for number in 1...7 {
            files["links/lang/link-\(number).md"] = TestSite.link(
                url: "https://example.org/\(number)", title: "Link \(number)",
                tags: number == 1 ? "[swift, small]" : "[swift]", date: "2024-05-0\(number)")
        }
        return try TestSite(files)
    }

    @Test func aTagPastTheLimitListsItsFirstPagesAndSaysSo() async throws {
        let site = try Self.site("tag_pages: 2\n")
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics)")
        #expect(site.exists("tags/swift/index.html") && site.exists("tags/swift/page/2/index.html"))
        #expect(!site.exists("tags/swift/page/3/index.html"))
        // Newest first: the pages list links 7 to 4; 3 to 1 are on their category's page.
        let first = try site.read("tags/swift/index.html")
        let second = try site.read("tags/swift/page/2/index.html")
        #expect(first.contains(">Link 7<") && first.contains(">Link 6<") && second.contains(">Link 4<"))
        #expect(!second.contains(">Link 3<") && !second.contains("page/3/"))
        #expect(try site.read("c/lang/page/4/index.html").contains(">Link 1<"))
        for page in [first, second] {
            #expect(page.contains(#"<p class="list-cut">These pages list the first 4 of the tag’s 7 links"#))
            #expect(page.contains(#"data-list-all hidden>Show all 7 here</button>"#))
        }
        // The list's data, from which the script shows them all, has all seven.
        let data = try site.read("tags/swift/links.js")
        #expect((1...7).allSatisfy { data.contains("https://example.org/\($0)") }, "\(data)")
        // A tag within the limit says nothing; the sitemap names the pages written.
        #expect(!(try site.read("tags/small/index.html")).contains("list-cut"))
        let sitemap = try site.read("sitemap.xml")
        #expect(sitemap.contains("tags/swift/page/2/") && !sitemap.contains("tags/swift/page/3/"))
    }

    @Test func allWritesEveryPageAndTheDefaultIsTen() async throws {
        let all = try Self.site("tag_pages: all\n")
        defer { all.remove() }
        #expect(await all.build().outcome == .success)
        #expect(all.exists("tags/swift/page/4/index.html"))
        #expect(!(try all.read("tags/swift/page/4/index.html")).contains("list-cut"))
        #expect(SiteConfig().tagPages == 10)
    }

    @Test func aValueThatIsNoNumberIsSaidAtItsLine() async throws {
        let site = try Self.site("tag_pages: some\n")
        defer { site.remove() }
        let report = await site.build()
        let warning = try #require(report.diagnostics.first { $0.message.contains("tag_pages") })
        #expect(warning.severity == .warning && warning.location?.line == 3, "\(warning)")
        #expect(site.exists("tags/swift/page/4/index.html"), "the default, 10 pages, lists all seven")
    }
}
