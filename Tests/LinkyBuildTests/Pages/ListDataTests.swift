import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// The data a category's or tag's pages filter and sort in the browser (`links.js`), on the real
/// reading-list example built into a temporary folder with small pages: every link of the category or
/// tag is in it, across its pages, in the list's order, with the id its items carry (`data-link-id`);
/// the pages point at it; its tables count what the list holds.
@Suite struct ListDataTests {
    /// The JSON inside `linkyListData(…);`.
    static func data(_ built: WebsitePagesTests.Built, _ path: String) throws -> [String: Any] {
        let script = try #require(built.page(path), "\(path) is written")
        #expect(script.hasPrefix("linkyListData(") && script.hasSuffix(");\n"))
        let json = script.dropFirst("linkyListData(".count).dropLast(3)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// The ids of `links`, with the ids the format leaves out (the previous one's plus one) put back.
    static func ids(_ links: [[String: Any]]) -> [Int] {
        var previous = -1
        return links.map { link in
            previous = (link["i"] as? Int) ?? previous + 1
            return previous
        }
    }

    /// The `data-link-id`s of a page's items, in order.
    static func itemIDs(_ page: String) -> [Int] {
        page.components(separatedBy: "data-link-id=\"").dropFirst().compactMap { Int($0.prefix { $0 != "\"" }) }
    }

    @Test func aCategorysDataHoldsEveryLinkOfItAcrossItsPages() async throws {
        let built = try await WebsitePagesTests.build(adding: "page_size: 2\n")
        let site = built.site
        let category = try #require(site.categories.first { $0.id != 0 && $0.links.count > 2 })
        let paths = SitePaths(site: site)
        let data = try Self.data(built, paths.categoryListData(category.id))
        let links = try #require(data["links"] as? [[String: Any]])
        #expect(Self.ids(links) == category.links)
        #expect(data["count"] as? Int == category.links.count)
        #expect(data["categories"] == nil, "a category's links are all in it")
        for (entry, id) in zip(links, category.links) {
            #expect(entry["t"] as? String == site.links[id].title)
            #expect(entry["u"] as? String == site.links[id].url.absoluteString)
            #expect(entry["a"] as? String == site.links[id].date?.isoDay)
            #expect((entry["f"] as? Int == 1) == site.links[id].favorite)
            let tags = try #require(data["tags"] as? [[Any]])
            let names = ((entry["g"] as? [Int]) ?? []).map { tags[$0][0] as? String }
            #expect(names == site.links[id].tags.map { site.tags[$0].name })
            let hosts = try #require(data["hosts"] as? [String])
            #expect(hosts[try #require(entry["h"] as? Int)] == site.links[id].url.displayHost)
        }
        // Each page of the category shows its own page's worth, each item with its id, and points at the data.
        var shown: [Int] = []
        for number in 1...((category.links.count + 1) / 2) {
            let page = try #require(built.page(paths.category(category.id, page: number)))
            shown += Self.itemIDs(page)
            #expect(
                page.contains(
                    "data-list-data=\"" + SitePaths.root(of: paths.category(category.id, page: number))
                        + paths.categoryListData(category.id) + "\""))
        }
        #expect(shown == category.links)
    }

    @Test func aTagsDataCountsItsTagsAndNamesEachLinksCategory() async throws {
        let built = try await WebsitePagesTests.build(adding: "page_size: 2\n")
        let site = built.site
        let tag = try #require(site.tags.max { $0.links.count < $1.links.count })
        let paths = SitePaths(site: site)
        let data = try Self.data(built, paths.tagListData(tag.id))
        let links = try #require(data["links"] as? [[String: Any]])
        #expect(Self.ids(links) == tag.links)
        // Every tag the tag's links have, with how many of them have it, the most first.
        var counts: [String: Int] = [:]
        for id in tag.links { for other in site.links[id].tags { counts[site.tags[other].slug, default: 0] += 1 } }
        let tags = try #require(data["tags"] as? [[Any]])
        #expect(Dictionary(uniqueKeysWithValues: tags.map { ($0[1] as! String, $0[3] as! Int) }) == counts)
        #expect(tags.map { $0[3] as! Int } == tags.map { $0[3] as! Int }.sorted(by: >))
        #expect(tags.first?[1] as? String == tag.slug, "the page's own tag is on every link")
        let categories = try #require(data["categories"] as? [[String]])
        for (entry, id) in zip(links, tag.links) {
            let category = categories[try #require(entry["c"] as? Int)]
            #expect(category[1] == paths.category(site.links[id].category))
        }
    }

    @Test func aLongDescriptionIsCutAtAWordWithAnEllipsis() {
        let long = String(repeating: "word ", count: 100)
        let cut = ListDataRenderer.cut(long)
        #expect(cut.count <= ListDataRenderer.descriptionLimit + 1)
        #expect(cut.hasSuffix("word…"))
        #expect(ListDataRenderer.cut("short") == "short")
    }

    @Test func aLongListKeepsItsDetailsInPartsOfFiveHundred() {
        var config = SiteConfig()
        config.pageSize = 1
        #expect(ListDataRenderer.fileCount(1, config) == 0, "one page: the data is in it")
        #expect(ListDataRenderer.fileCount(2, config) == 1)
        #expect(ListDataRenderer.fileCount(500, config) == 1)
        #expect(ListDataRenderer.fileCount(501, config) == 3)
        #expect(ListDataRenderer.fileCount(1500, config) == 4)
        config.pageSize = 50
        #expect(ListDataRenderer.fileCount(50, config) == 0 && ListDataRenderer.fileCount(51, config) == 1)
        let ids = Array(0..<1203)
        #expect(Array(ListDataRenderer.chunk(ids, part: 1)) == Array(0..<500))
        #expect(Array(ListDataRenderer.chunk(ids, part: 3)) == Array(1000..<1203))
    }
}
