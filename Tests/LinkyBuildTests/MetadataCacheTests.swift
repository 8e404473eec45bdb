import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// `metadata.json`, written by `linky-site fetch`, fills what link files leave out.
@Suite struct MetadataCacheTests {
    static let cache = """
        {
          "pages" : {
            "//example.com/article" : {
              "description" : "Fetched description",
              "favicon" : "https://example.com/favicon.ico",
              "fetched" : "2026-11-20",
              "image" : "https://example.com/og.png",
              "title" : "Fetched title"
            },
            "//example.com/kept" : {
              "description" : "Not this one",
              "title" : "Not this title",
              "image" : "javascript:alert(1)"
            }
          },
          "version" : 1
        }
        """

    @Test func fillsMissingFieldsAndNeverOverridesTheFiles() async throws {
        let site = try TestSite([
            // No title: the cache has one. Host case and trailing slash differ from the cache's key.
            "links/a.md": "---\nurl: https://EXAMPLE.com/article/\n---\n",
            "links/b.md": TestSite.link(
                url: "https://example.com/kept", title: "Own title", extra: "description: Own description\n"),
            "metadata.json": Self.cache,
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics)")
        let links = try #require(report.site?.links)
        let fetched = try #require(
            links.first { $0.url.host == "example.com" && $0.url.absoluteString.contains("article") })
        #expect(fetched.title == "Fetched title")
        #expect(fetched.description == "Fetched description")
        #expect(fetched.image?.absoluteString == "https://example.com/og.png")
        #expect(fetched.favicon?.absoluteString == "https://example.com/favicon.ico")
        let kept = try #require(links.first { $0.title == "Own title" })
        #expect(kept.description == "Own description")
        #expect(kept.image == nil, "an unsafe address in the cache is dropped")
        let home = try site.read("index.html")
        // The icon is not hotlinked: `pictures/` holds none, so the item draws the domain's initial.
        #expect(!home.contains("https://example.com/favicon.ico"))
        #expect(!home.contains("https://example.com/og.png"))
        #expect(home.contains(#"<span class="domain t"#) && home.contains(#" data-i="E">"#))
        #expect(!home.contains("javascript:"))
    }

    @Test func aLinkWithNoTitleAnywhereIsStillAnError() async throws {
        let site = try TestSite([
            "links/a.md": "---\nurl: https://example.com/other\n---\n", "metadata.json": Self.cache,
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.diagnostics.contains { $0.code == .missingTitle && $0.location?.path == "links/a.md" })
    }

    @Test func anUnreadableCacheIsAnErrorNamingTheFile() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://example.com/", title: "A"), "metadata.json": "{ not json",
        ])
        defer { site.remove() }
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.code == .invalidMetadataCache })
        #expect(error.location?.path == "metadata.json")
        #expect(report.outcome == .contentErrors)
    }

    @Test func theCacheRoundTripsSortedAndStable() throws {
        var cache = MetadataCache()
        cache[try LinkURL(parsing: "https://b.example/")] = .init(title: "B", fetched: "2026-11-21")
        cache[try LinkURL(parsing: "https://a.example/x")] = .init(title: "A 한글", image: "https://a.example/i.png")
        let data = cache.encoded()
        #expect(try MetadataCache.decode(data) == cache)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.range(of: "//a.example/x")!.lowerBound < text.range(of: "//b.example")!.lowerBound)
        #expect(text.contains("A 한글"))
        #expect(text.hasSuffix("}\n"))
    }
}
