import Foundation
import LinkyModel
import Testing

/// The query as duplicates are found by (issue 40, a held-out real Pinboard export and the same links
/// exported again by Raindrop, which reorders parameters, writes `%2C` as `,` and `?564283` as
/// `?564283=`): 4 of 7 links were imported twice.
@Suite struct LinkURLQueryTests {
    func key(_ text: String) throws -> String {
        try LinkURL(parsing: text).comparisonKey
    }

    @Test func aReExportedLinkIsTheSameLink() throws {
        #expect(
            try key("http://abcnews.go.com/US/wireStory?id=201062&CMP=OTC-RSSFeeds0312")
                == key("http://abcnews.go.com/US/wireStory?CMP=OTC-RSSFeeds0312&id=201062"))
        #expect(
            try key("http://an9.org/devdev/why_frameworks_suck?sxip-homesite=&checked=1")
                == key("http://an9.org/devdev/why_frameworks_suck?checked=1&sxip-homesite="))
        #expect(try key("http://alternet.org/story?page=0%2C0") == key("http://alternet.org/story?page=0,0"))
        #expect(try key("http://bash.org/?564283") == key("http://bash.org/?564283="))
        #expect(try key("http://annearchy.com/blog/?p=3661") == key("http://annearchy.com/blog?p=3661"))
        #expect(try key("https://a.example/?utm_source=x&b=1&fbclid=y") == key("https://a.example/?b=1"))
    }

    @Test func differentQueriesStayDifferent() throws {
        #expect(try key("https://a.example/?id=1") != key("https://a.example/?id=2"))
        // Values of one name keep their order (`?a=1&a=2` may be a list), and so do `&`, `=` and `+`.
        #expect(try key("https://a.example/?a=1&a=2") != key("https://a.example/?a=2&a=1"))
        #expect(try key("https://a.example/?a=1&b=2") == key("https://a.example/?b=2&a=1"))
        #expect(try key("https://a.example/?q=a%26b") != key("https://a.example/?q=a&b"))
        #expect(try key("https://a.example/?q=a%2Bb") != key("https://a.example/?q=a+b"))
        #expect(try key("https://a.example/?q=a%3Db") != key("https://a.example/?q=a=b"))
        #expect(try key("https://a.example/?id=1") != key("https://a.example/"))
        // The link itself is kept as written.
        #expect(try LinkURL(parsing: "https://a.example/?b=2&a=1").absoluteString == "https://a.example/?b=2&a=1")
    }

    /// `metadata.json` and `link-status.json` are keyed by comparison keys: an entry written under the
    /// old rules (parameters in the order written) is still found.
    @Test func entriesKeyedByEarlierRulesAreFound() throws {
        let url = try LinkURL(parsing: "https://a.example/page?b=2&a=1")
        var entries: [String: Int] = ["//a.example/page?b=2&a=1": 1, "//b.example/x": 2, "not an address": 3]
        entries = LinkURL.rekeyed(entries)
        #expect(entries[url.comparisonKey] == 1)
        #expect(entries[try LinkURL(parsing: "https://b.example/x").comparisonKey] == 2)
        #expect(entries["not an address"] == 3)

        let json = Data(
            #"{"version":1,"pages":{"//a.example/page?b=2&a=1":{"title":"Kept"}}}"#.utf8)
        let cache = try MetadataCache.decode(json)
        #expect(cache[url]?.title == "Kept")
    }
}
