import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// DESIGN's "Rules every input obeys", through the whole pipeline.
@Suite struct ContentRulesTests {
    @Test func tagsAreOneIdentityAcrossCaseUnicodeFormsAndAliases() async throws {
        let nfd = "맛집".decomposedStringWithCanonicalMapping
        let site = try TestSite([
            "tags.yml": "javascript:\n  title: JavaScript\n  aliases: [js, ECMAScript]\n",
            "links/a.md": TestSite.link(url: "https://a.example", title: "A", tags: "[Swift, 맛집]", date: "2024-01-02"),
            "links/b.md": TestSite.link(
                url: "https://b.example", title: "B", tags: "swift, \(nfd), js", date: "2024-01-01"),
            "links/c.md": TestSite.link(url: "https://c.example", title: "C", tags: "[SWIFT, ecmascript, JavaScript]"),
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.diagnostics.isEmpty)
        let tags = try #require(report.site?.tags)
        #expect(tags.map(\.name) == ["JavaScript", "Swift", "맛집"])
        #expect(tags.map(\.links.count) == [2, 3, 2])
        #expect(site.exists("tags/맛집/index.html"))
        #expect(site.exists("tags/javascript/index.html"))
        // C lists JavaScript once, though it names it twice (alias and title).
        let c = try #require(report.site?.links.first { $0.title == "C" })
        #expect(c.tags.count == 2)
    }

    @Test func tagParentsLinkBothWays() async throws {
        let site = try TestSite([
            "tags.yml": "swift:\n  parent: programming\nprogramming:\n  description: Code\n",
            "links/a.md": TestSite.link(url: "https://a.example", title: "A", tags: "[swift]"),
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.diagnostics.isEmpty)
        let tags = try #require(report.site?.tags)
        let programming = try #require(tags.first { $0.key == "programming" })
        let swift = try #require(tags.first { $0.key == "swift" })
        #expect(swift.parent == programming.id)
        #expect(programming.children == [swift.id])
        #expect(try site.read("tags/programming/index.html").contains("tags/swift/index.html"))
    }

    @Test func symbolsInNamesKeepTheirMeaningInSlugs() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://a.example", title: "A", tags: "[C++, C, c#, F#, .NET, Node.js]"),
            "links/C++/x.md": TestSite.link(url: "https://x.example", title: "X"),
            "links/C/y.md": TestSite.link(url: "https://y.example", title: "Y"),
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let slugs = try #require(report.site?.tags.map(\.slug))
        #expect(Set(slugs) == ["c-plus-plus", "c", "c-sharp", "f-sharp", "dotnet", "node-js"])
        #expect(!report.diagnostics.contains { $0.code == .slugCollision })
        let categories = try #require(report.site?.categories.dropFirst().map(\.pathString))
        #expect(Set(categories) == ["c-plus-plus", "c"])
        #expect(site.exists("tags/c-sharp/index.html"))
        #expect(site.exists("c/c-plus-plus/index.html"))
    }

    @Test func namesThatSlugAlikeGetDistinctStableSlugs() async throws {
        let files = [
            "links/a.md": TestSite.link(url: "https://a.example", title: "A", tags: "[Go!, go, \"go?\"]"),
            "links/Go/x.md": TestSite.link(url: "https://x.example", title: "X"),
            "links/go!/y.md": TestSite.link(url: "https://y.example", title: "Y"),
        ]
        let first = try TestSite(files)
        defer { first.remove() }
        let report = await first.build()
        let slugs = try #require(report.site?.tags.map(\.slug))
        #expect(Set(slugs) == ["go", "go-" + Slug.nameHash("go!"), "go-" + Slug.nameHash("go?")])
        #expect(report.diagnostics.contains { $0.code == .slugCollision })
        let categories = try #require(report.site?.categories.dropFirst().map(\.pathString))
        #expect(Set(categories) == ["go", "go-" + Slug.nameHash("go!")])
        let second = try TestSite(files)
        defer { second.remove() }
        let again = await second.build()
        #expect(again.site?.tags.map(\.slug) == slugs)
    }

    @Test func draftsAreLeftOutUnlessAskedFor() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://a.example", title: "Published"),
            "links/b.md": TestSite.link(url: "https://b.example", title: "Secret draft", extra: "draft: true\n"),
        ])
        defer { site.remove() }
        #expect(await site.build().linkCount == 1)
        #expect(try !site.read("links.json").contains("Secret draft"))
        #expect(await site.build(drafts: true).linkCount == 2)
        #expect(try site.read("links.json").contains("Secret draft"))
    }

    @Test func linkFilesKeepEveryField() async throws {
        let site = try TestSite([
            "linky.yml": "title: T\nextra_keys: [rating]\n",
            "links/reading/swift-concurrency.md": """
            ---
            url: https://ko.wikipedia.org/wiki/김치#역사
            title: "Title: with colon"
            tags: [swift]
            date: 2024-05-01
            description: One line
            image: https://example.com/og.png
            favorite: yes
            rating: 5
            ---
            A **note** with a [link](https://example.org).
            """,
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.diagnostics.isEmpty)
        let link = try #require(report.site?.links.first)
        #expect(link.url.absoluteString == "https://ko.wikipedia.org/wiki/%EA%B9%80%EC%B9%98#%EC%97%AD%EC%82%AC")
        #expect(link.title == "Title: with colon")
        #expect(link.favorite)
        #expect(link.extra["rating"] == .number(5))
        #expect(link.slug == "swift-concurrency")
        let page = try site.read("l/reading/swift-concurrency/index.html")
        #expect(page.contains("<strong>note</strong>"))
        #expect(page.contains("https://ko.wikipedia.org/wiki/김치#역사"))
        #expect(page.contains("og:image"))
    }

    @Test func listFilesBecomeCategoriesWithSections() async throws {
        let site = try TestSite([
            "links/places-to-eat.md": """
            ---
            title: Places to eat
            ---
            [![Awesome](https://awesome.re/badge.svg)](https://awesome.re)

            Where we eat.

            ## Contents
            - [Seoul](#seoul)

            ## Seoul
            - [을지로 노포](https://example.kr/a) - 오래된 식당. #맛집 #서울
            - [Pasta bar](https://example.com/b) — Fresh pasta. #italian
              A nested paragraph under an item is that link's note.

            ### Mapo
            - [Mapo place](https://example.kr/mapo): Grilled pork.

            ## License
            Public domain.
            """
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.diagnostics.isEmpty)
        let built = try #require(report.site)
        #expect(built.categories.dropFirst().map(\.title) == ["Places to eat", "Seoul", "Mapo"])
        #expect(
            built.categories.dropFirst().map(\.pathString) == [
                "places-to-eat", "places-to-eat/seoul", "places-to-eat/seoul/mapo",
            ])
        let seoul = built.categories[2]
        #expect(seoul.links.map { built.links[$0].title } == ["을지로 노포", "Pasta bar"])
        let first = built.links[seoul.links[0]]
        #expect(first.description == "오래된 식당.")
        #expect(first.tags.map { built.tags[$0].name } == ["맛집", "서울"])
        #expect(first.source.line == 12)
        let pasta = built.links[seoul.links[1]]
        #expect(pasta.description == "Fresh pasta.")
        #expect(pasta.note?.plainText == "A nested paragraph under an item is that link's note.")
        #expect(built.links.first { $0.title == "Mapo place" }?.description == "Grilled pork.")
        #expect(built.categories[1].intro?.plainText == "Where we eat.")
        #expect(try !site.read("c/places-to-eat/index.html").contains("badge.svg"))
    }

    @Test func duplicatesAreFoundAfterNormalisation() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://Example.com:443/article/", title: "A"),
            "links/b.md": TestSite.link(url: "http://example.com/article?utm_source=news#part", title: "B"),
            "links/c.md": TestSite.link(url: "https://example.com/article?page=2", title: "C"),
        ])
        defer { site.remove() }
        let report = await site.build()
        let duplicates = report.diagnostics.filter { $0.code == .duplicateLink }
        #expect(duplicates.count == 1)
        // Both places are the `url:` lines.
        #expect(duplicates.first?.location == SourceLocation(path: "links/b.md", line: 2))
        #expect(duplicates.first?.message.contains("at links/a.md:2") == true, "\(duplicates)")
    }

    @Test func crlfBomAndNFDFilesReadLikeAnyOther() async throws {
        let site = try TestSite([:])
        defer { site.remove() }
        let text =
            "\u{FEFF}---\r\nurl: https://a.example\r\ntitle: \("맛집".decomposedStringWithCanonicalMapping)\r\ntags: [x]\r\n---\r\nNote\r\n"
        try site.write("links/a.md", text)
        let report = await site.build()
        #expect(report.diagnostics.isEmpty)
        #expect(report.site?.links.first?.title == "맛집")
        #expect(report.site?.links.first?.title.unicodeScalars.count == 2)
    }

    @Test func yamlAliasBombsAreRefusedNotExpanded() async throws {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            yaml +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        let site = try TestSite(["links/bomb.md": "---\nurl: https://bomb.example\ntitle: Bomb\n\(yaml)---\n"])
        defer { site.remove() }
        let report = await site.build()
        let refused = report.diagnostics.filter { $0.code == .invalidFieldType }
        #expect(refused.map(\.location?.line) == [7, 8, 9, 10, 11, 12])
        #expect(report.outcome == .contentErrors)
    }

    /// A number, boolean or null where text is meant (`tags: 5`, `tags: [1.0, null]`, `title: 1984`)
    /// is a located error that says to quote it, not a tag "5" or "null"; quoted, it is text, and
    /// YAML 1.1's `no` is the text it looks like.
    @Test(arguments: [
        ("tags: 5", 3, "not a number (`5`)"),
        ("tags: true", 3, "not true or false (`true`)"),
        ("tags: [a, 1.0, null]", 3, "not a number (`1.0`)"),
        ("tags:\n  - a\n  - ~", 5, "not null (`~`)"),
        ("tags: [0x1F]", 3, "not a number (`0x1F`)"),
        ("title: 1984", 3, "not a number (`1984`)"),
        ("description: -2.5e3", 3, "not a number (`-2.5e3`)"),
        ("description: null", 3, "not null (`null`)"),
    ])
    func valuesThatAreNotTextAreLocatedErrors(field: String, line: Int, message: String) async throws {
        let title = field.hasPrefix("title") ? "" : "title: T\n"
        let site = try TestSite(["links/a.md": "---\nurl: https://a.example/\n\(field)\n\(title)---\n"])
        defer { site.remove() }
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.severity == .error }, "\(field)")
        #expect(error.location == SourceLocation(path: "links/a.md", line: line), "\(field)")
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.hint?.contains("quote it") == true)
        #expect(report.outcome == .contentErrors)
    }

    @Test func quotedNumbersAndWordsThatLookLikeOtherTypesAreText() async throws {
        let site = try TestSite([
            "links/a.md": "---\nurl: https://a.example/\ntitle: \"1984\"\ntags: [\"5\", no, v1.0, 1.2.3, 2024년]\n---\n"
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        let link = try #require(report.site?.links.first)
        #expect(link.title == "1984")
        #expect(link.tags.map { report.site!.tags[$0].name }.sorted() == ["1.2.3", "2024년", "5", "no", "v1.0"])
    }

    @Test func tenThousandTagsOnOneLinkAreRefused() async throws {
        let tags = (0..<10_000).map { "t\($0)" }.joined(separator: ", ")
        let site = try TestSite(["links/many.md": "---\nurl: https://many.example\ntitle: Many\ntags: [\(tags)]\n---\n"]
        )
        defer { site.remove() }
        let report = await site.build()
        let refused = try #require(report.diagnostics.first { $0.code == .invalidTags })
        #expect(refused.location == SourceLocation(path: "links/many.md", line: 4))
        #expect(refused.message.contains("10000 tags"))
    }

    /// `link_order` sets the order of every category and tag page: newest, by title, or as written.
    @Test(arguments: [
        ("auto", ["Zebra", "apple", "가나다", "Mango"]),
        ("newest", ["Zebra", "apple", "가나다", "Mango"]),
        ("title", ["apple", "Mango", "Zebra", "가나다"]),
        ("written", ["가나다", "Mango", "Zebra", "apple"]),
    ])
    func linkOrderSetsTheOrderOfCategoryAndTagPages(order: String, titles: [String]) async throws {
        let site = try TestSite([
            "linky.yml": "title: T\nlink_order: \(order)\n",
            "links/c/a.md": TestSite.link(url: "https://a.example/", title: "가나다", tags: "[t]", date: "2024-01-02"),
            "links/c/b.md": TestSite.link(url: "https://b.example/", title: "Mango", tags: "[t]"),
            "links/c/c.md": TestSite.link(url: "https://c.example/", title: "Zebra", tags: "[t]", date: "2024-03-01"),
            "links/c/d.md": TestSite.link(url: "https://d.example/", title: "apple", tags: "[t]", date: "2024-02-01"),
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics)")
        for page in ["c/c/index.html", "tags/t/index.html"] {
            let html = try site.read(page)
            let found = titles.map { html.range(of: ">\($0)</a>")?.lowerBound }
            #expect(!found.contains(nil), "\(page)")
            #expect(found.compactMap { $0 } == found.compactMap { $0 }.sorted(), "\(order) on \(page)")
        }
    }
}
