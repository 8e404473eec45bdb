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
            // A link without an icon: the colour of its drawn initial, as the page's own item has it.
            let tone = entry["n"] == nil ? CardPictureFields.tone(host: site.links[id].url.displayHost) : nil
            #expect(entry["j"] as? Int == tone, "\(site.links[id].title)")
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

    @Test func aListIsOneFileButOnOnePageOrPastFiftyThousandLinks() {
        var config = SiteConfig()
        config.pageSize = 1
        #expect(ListDataRenderer.parts(1, config) == [], "one page: the data is in it")
        #expect(ListDataRenderer.parts(2, config) == [1])
        #expect(ListDataRenderer.parts(1500, config) == [1], "a long list's details are the search's")
        config.pageSize = 50
        #expect(ListDataRenderer.parts(50, config) == [] && ListDataRenderer.parts(51, config) == [1])
        // Past 50,000 links the index is in parts: links-index-2.js, … (parts 2, 3, …).
        #expect(ListDataRenderer.parts(50_000, config) == [1])
        #expect(ListDataRenderer.parts(120_001, config) == [1, 2, 3])
        #expect(ListDataRenderer.indexParts(120_001) == 3)
    }

    /// An index in parts (here of 2 links, on the example's categories and tags) holds, part after part,
    /// the links the whole index holds, with the same ids, tags and titles; the first part has the tables
    /// and says how many parts there are; the others are `linkyListIndex(n, …)`.
    @Test func anIndexInPartsHoldsWhatTheWholeIndexHolds() async throws {
        let built = try await WebsitePagesTests.build(adding: "page_size: 2\n")
        let site = built.site
        let renderer = ListDataRenderer(context: TemplateContext(site: site))
        let lists = site.categories.filter { $0.id != 0 }.map { ($0.links, false) } + site.tags.map { ($0.links, true) }
        let (links, categories) = try #require(lists.first { $0.0.count >= 5 })
        func object(_ bytes: [UInt8], prefix: String) throws -> [String: Any] {
            let script = String(decoding: bytes, as: UTF8.self)
            #expect(script.hasPrefix(prefix) && script.hasSuffix(");\n"), "\(script.prefix(40))")
            let json = script.dropFirst(prefix.count).dropLast(3)
            return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        }
        let whole = try object(renderer.index(links, categories: categories), prefix: "linkyListData(")
        #expect(whole["index_parts"] == nil)
        let count = ListDataRenderer.indexParts(links.count, chunk: 2)
        #expect(count == (links.count + 1) / 2 && count >= 3)
        var joined: [[String: Any]] = []
        for part in 1...count {
            let bytes = renderer.index(links, categories: categories, part: part, chunk: 2)
            let object = try object(bytes, prefix: part == 1 ? "linkyListData(" : "linkyListIndex(\(part),")
            let entries = try #require(object["links"] as? [[String: Any]])
            #expect(entries.count == min(2, links.count - (part - 1) * 2))
            if part == 1 {
                #expect(object["index_parts"] as? Int == count)
                #expect(object["count"] as? Int == links.count)
                #expect((object["tags"] as? [[Any]])?.count == (whole["tags"] as? [[Any]])?.count)
            } else {
                #expect(Array(object.keys) == ["links"])
            }
            joined += entries
        }
        let wholeLinks = try #require(whole["links"] as? [[String: Any]])
        #expect(Self.ids(joined) == Self.ids(wholeLinks) && Self.ids(joined) == links)
        #expect(joined.map { $0["t"] as? String } == wholeLinks.map { $0["t"] as? String })
        #expect(joined.map { $0["g"] as? [Int] } == wholeLinks.map { $0["g"] as? [Int] })
        #expect(SitePaths(site: site).tagListData(0, part: 2).hasSuffix("/links-index-2.js"))
    }
}
