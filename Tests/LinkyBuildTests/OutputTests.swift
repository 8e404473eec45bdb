import Foundation
import LinkyBuild
import LinkyModel
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The output of whole example sites: pages, links between them, feeds, bookmarks, print, search.
@Suite struct OutputTests {
    static let examples = ["reading-list", "awesome"]

    func buildExample(_ name: String) async throws -> (TestSite, BuildReport) {
        let site = try TestSite([:])
        let report = await SiteBuilder().build(
            BuildOptions(siteFolder: repositoryRoot.appending(path: "Examples/\(name)"), outputFolder: site.output))
        return (site, report)
    }

    @Test(arguments: examples)
    func examplesBuildWithoutWarnings(_ name: String) async throws {
        let (site, report) = try await buildExample(name)
        defer { site.remove() }
        #expect(report.outcome == .success)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        for path in [
            "index.html", "tags/index.html", "archive/index.html", "search/index.html", "print/index.html", "404.html",
            "feed.xml", "feed.json", "sitemap.xml", "bookmarks.html", "links.json", "search-index.json",
            "assets/style.css", "assets/search.js",
        ] {
            #expect(site.exists(path), "\(path) missing")
        }
        // The built-in theme searches the shards: the whole index as a script is not written for it.
        #expect(!site.exists("search-index.js"))
    }

    @Test func readingListHasEveryKindOfPage() async throws {
        let (site, report) = try await buildExample("reading-list")
        defer { site.remove() }
        let built = try #require(report.site)
        #expect(built.links.count >= 40)
        #expect(built.links.contains { $0.source.path.hasSuffix("tools.md") })
        #expect(site.exists("c/programming/swift/index.html"))
        #expect(site.exists("c/한국어/index.html"))
        #expect(site.exists("l/programming/swift/swift-6-announced/index.html") || built.links.contains { $0.hasPage })
        for link in built.links where link.hasPage {
            let category = built.categories[link.category].pathString
            #expect(site.exists("l/\(category)/\(link.slug)/index.html"))
        }
        for tag in built.tags { #expect(site.exists("tags/\(tag.slug)/index.html")) }
        let home = try site.read("index.html")
        #expect(home.contains("<html lang=\"en\" data-view=\"cards\">"))
        #expect(home.contains("href=\"c/programming/index.html\""))
        let archive = try site.read("archive/index.html")
        #expect(archive.contains("m-2024-"))
    }

    @Test(arguments: examples)
    func everyRelativeLinkResolvesToAFile(_ name: String) async throws {
        let (site, _) = try await buildExample(name)
        defer { site.remove() }
        let files = try filesBelow(site.output)
        var checked = 0
        for (path, data) in files where path.hasSuffix(".html") && path != "404.html" && path != "bookmarks.html" {
            let html = String(decoding: data, as: UTF8.self)
            let folder = (path as NSString).deletingLastPathComponent
            for reference in Self.references(in: html) {
                var target = reference
                if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) { target = String(target[..<cut]) }
                if target.isEmpty { continue }
                let resolved = Self.normalized(folder.isEmpty ? target : folder + "/" + target)
                #expect(!resolved.hasPrefix(".."), "\(path): \(reference) leaves the site")
                let file = target.hasSuffix("/") ? (resolved.isEmpty ? "" : resolved + "/") + "index.html" : resolved
                #expect(files[file] != nil, "\(path): \(reference) → \(file) does not exist")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func feedsParse() async throws {
        let (site, report) = try await buildExample("reading-list")
        defer { site.remove() }
        let atom = try Data(contentsOf: site.output.appending(path: "feed.xml"))
        let counter = ElementCounter()
        let parser = XMLParser(data: atom)
        parser.delegate = counter
        #expect(parser.parse(), "feed.xml is not well-formed: \(String(describing: parser.parserError))")
        let expected = min(report.site!.links.filter { $0.date != nil }.count, 50)
        #expect(counter.counts["entry"] == expected)
        #expect(counter.counts["updated"] == expected + 1)
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appending(path: "feed.json")))
            as? [String: Any]
        #expect(json?["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect((json?["items"] as? [Any])?.count == expected)
        let sitemap = try Data(contentsOf: site.output.appending(path: "sitemap.xml"))
        let sitemapCounter = ElementCounter()
        let sitemapParser = XMLParser(data: sitemap)
        sitemapParser.delegate = sitemapCounter
        #expect(sitemapParser.parse())
        #expect((sitemapCounter.counts["loc"] ?? 0) > 20)
        #expect(
            try site.read("sitemap.xml").contains("<loc>https://example.com/reading/c/programming/index.html</loc>"))
        // RFC 3986 addresses (the sitemap protocol's rule): a Hangul path is percent-encoded, and the
        // print page is listed with the others.
        let locations = try site.read("sitemap.xml").components(separatedBy: "<loc>").dropFirst()
            .map { String($0.prefix { $0 != "<" }) }
        #expect(locations.contains("https://example.com/reading/c/%ED%95%9C%EA%B5%AD%EC%96%B4/index.html"))
        #expect(locations.contains("https://example.com/reading/print/index.html"))
        #expect(locations.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 && $0 > 0x20 } }, "\(locations)")
        // bookmarks.html says each link is public: linkding and Shaarli import a link without PRIVATE as private.
        let entries = try site.read("bookmarks.html").components(separatedBy: "\n").filter { $0.contains("<DT><A ") }
        #expect(entries.count == report.site!.links.count)
        #expect(entries.allSatisfy { $0.contains(" PRIVATE=\"0\"") })
    }

    /// Every tag and every category with links has its own Atom and JSON feeds, well-formed, with what
    /// RFC 4287 requires (one id, title and updated for the feed and each entry, an author, a self link),
    /// named by its page's `<link rel="alternate">`; a category's carries its subcategories' links.
    @Test func everyTagAndCategoryHasItsFeeds() async throws {
        let (site, report) = try await buildExample("reading-list")
        defer { site.remove() }
        let built = try #require(report.site)
        var feeds: [(path: String, page: String, links: [Int])] = built.tags.map {
            ("tags/\($0.slug)/feed.xml", "tags/\($0.slug)/index.html", $0.links)
        }
        // Feeds carry dated links: a tag or category with none has no feed, and its page names none.
        func dated(_ links: [Int]) -> Bool { links.contains { built.links[$0].date != nil } }
        for category in built.categories.dropFirst() where category.totalCount > 0 {
            var links: [Int] = []
            var pending = [category.id]
            while let next = pending.popLast() {
                links += built.categories[next].links
                pending += built.categories[next].children
            }
            feeds.append(("c/\(category.pathString)/feed.xml", "c/\(category.pathString)/index.html", links))
        }
        let undated = feeds.filter { !dated($0.links) }
        #expect(!undated.isEmpty, "the example has a tag of undated links only")
        for feed in undated {
            #expect(!site.exists(feed.path))
            #expect(!(try site.read(feed.page)).contains("section-feed"))
        }
        feeds = feeds.filter { dated($0.links) }
        #expect(feeds.count > 40)
        for feed in feeds {
            let atom = try Data(contentsOf: site.output.appending(path: feed.path))
            let counter = ElementCounter()
            let parser = XMLParser(data: atom)
            parser.delegate = counter
            #expect(parser.parse(), "\(feed.path) is not well-formed")
            let entries = min(feed.links.filter { built.links[$0].date != nil }.count, built.config.sectionFeedSize)
            #expect(counter.counts["entry"] == entries, "\(feed.path)")
            for element in ["id", "title", "updated"] {
                #expect(counter.counts[element] == entries + 1, "\(feed.path)")
            }
            #expect(counter.counts["author"] == 1)
            let text = String(decoding: atom, as: UTF8.self)
            #expect(!text.contains("<content"), "a section's feed carries no notes: \(feed.path)")
            #expect(
                text.contains(
                    "<link rel=\"self\" type=\"application/atom+xml\" href=\"https://example.com/reading/\(feed.path)\"/>"
                ))
            // Atom only: a section has no JSON Feed, and its page names none.
            #expect(!site.exists(feed.path.replacingOccurrences(of: ".xml", with: ".json")), "\(feed.path)")
            let page = try site.read(feed.page)
            #expect(page.contains(#"<link rel="alternate" type="application/atom+xml" title=""#))
            #expect(page.contains("href=\"feed.xml\"") || page.contains("/feed.xml\">"), "\(feed.page)")
            // The site's JSON Feed is named by the home page alone; a reader finds the Atom feed on any page.
            #expect(!page.contains("application/feed+json"), "\(feed.page)")
        }
        // Programming holds its links in subcategories: its feed carries them.
        let programming = try site.read("c/programming/feed.xml")
        #expect(programming.contains("<title>Reading List — Programming</title>"))
        #expect(programming.contains("Announcing Swift 6"))
    }

    /// Every link page offers the Wayback Machine's copy nearest the link's date (an address only).
    @Test func everyLinkPageOffersTheArchivedCopy() async throws {
        let (site, report) = try await buildExample("reading-list")
        defer { site.remove() }
        let built = try #require(report.site)
        var pages = 0
        for link in built.links where link.hasPage {
            let category = built.categories[link.category].pathString
            let page = try site.read("l/\(category)/\(link.slug)/index.html")
            let day = link.date.map { $0.isoDay.replacingOccurrences(of: "-", with: "") } ?? "2"
            let archive = "https://web.archive.org/web/\(day)/\(link.url.absoluteString)"
            #expect(page.contains("href=\"\(archive.replacingOccurrences(of: "&", with: "&amp;"))\""), "\(link.slug)")
            pages += 1
        }
        #expect(pages > 10)
    }

    /// A site of links at the top level only has no categories: its home page has no empty heading.
    @Test func aHomeWithoutCategoriesHasNoCategoriesHeading() async throws {
        let site = try TestSite(["links/x.md": TestSite.link(url: "https://example.com/x", title: "X")])
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let home = try site.read("index.html")
        #expect(!home.contains("categories-heading"))
        #expect(home.contains(">X</a>"))
    }

    @Test func sectionFeedsCanBeTurnedOff() async throws {
        let site = try TestSite([
            "linky.yml": "title: T\nsection_feeds: false\n",
            "links/a/x.md": TestSite.link(
                url: "https://example.com/x", title: "X", extra: "tags: [t]\ndate: 2024-01-02\n"),
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics)")
        #expect(site.exists("feed.xml"))
        #expect(!site.exists("tags/t/feed.xml") && !site.exists("c/a/feed.xml"))
        #expect(!(try site.read("tags/t/index.html")).contains("section-feed"))
    }

    @Test func bookmarksFileHasEveryLinkInItsFolder() async throws {
        let (site, report) = try await buildExample("reading-list")
        defer { site.remove() }
        let built = try #require(report.site)
        let bookmarks = try site.read("bookmarks.html")
        #expect(bookmarks.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"))
        #expect(bookmarks.components(separatedBy: "<DT><A HREF=").count - 1 == built.links.count)
        for link in built.links { #expect(bookmarks.contains("HREF=\"\(link.url.absoluteString)\"")) }
        #expect(bookmarks.contains("<H3"))
        #expect(bookmarks.contains("TAGS=\""))
        #expect(bookmarks.contains("ADD_DATE=\""))
        let folders = bookmarks.components(separatedBy: "<DL><p>").count - 1
        #expect(folders == built.categories.count + 1)
    }

    @Test func printPageHasEveryURLGroupedByCategory() async throws {
        let (site, report) = try await buildExample("reading-list")
        defer { site.remove() }
        let built = try #require(report.site)
        let page = try site.read("print/index.html")
        for link in built.links {
            #expect(page.contains(link.url.absoluteString.replacingOccurrences(of: "&", with: "&amp;")))
        }
        for category in built.categories.dropFirst() {
            #expect(page.contains(category.title.replacingOccurrences(of: "&", with: "&amp;")))
        }
        #expect(page.contains("class=\"print-cover\""))
    }

    @Test func searchIndexIsVersionedAndComplete() async throws {
        let (site, report) = try await buildExample("reading-list")
        defer { site.remove() }
        let index =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appending(path: "search-index.json")))
            as? [String: Any]
        #expect(index?["version"] as? Int == 1)
        #expect((index?["links"] as? [Any])?.count == report.site?.links.count)
        let data =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appending(path: "links.json")))
            as? [String: Any]
        #expect(data?["version"] as? Int == 1)
    }

    /// `search-index.js` is written for a theme that names it, in a template or an asset of its own, and
    /// holds `search-index.json`'s object.
    @Test(arguments: ["templates/assets/whole.js", "templates/extra.mustache"])
    func theWholeIndexScriptIsWrittenForAThemeThatLoadsIt(_ file: String) async throws {
        let site = try TestSite([
            "linky.yml": "title: Whole\n", "links/a.md": TestSite.link(url: "https://a.example/", title: "A"),
            file: "<script src=\"search-index.js\"></script>\n",
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics)")
        let script = try site.read("search-index.js")
        let json = try site.read("search-index.json")
        #expect(script == "window.LINKY_SEARCH_INDEX = \(json.dropLast());\n")
    }

    @Test func twoBuildsAreByteIdentical() async throws {
        let (first, _) = try await buildExample("reading-list")
        defer { first.remove() }
        let (second, _) = try await buildExample("reading-list")
        defer { second.remove() }
        let a = try filesBelow(first.output)
        let b = try filesBelow(second.output)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, data) in a { #expect(b[path] == data, "\(path) differs") }
    }

    @Test func aFailedBuildLeavesThePreviousOutputUntouched() async throws {
        let site = try TestSite(["links/a.md": TestSite.link(url: "https://a.example", title: "A")])
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        try "hand-made".write(to: site.output.appending(path: "extra.txt"), atomically: true, encoding: .utf8)
        let before = try filesBelow(site.output)
        try site.write("links/b.md", "---\nurl: https://b.example\n---\n")
        let failed = await site.build()
        #expect(failed.outcome == .contentErrors)
        #expect(try filesBelow(site.output) == before)
        let sourceBefore = try filesBelow(site.folder.appending(path: "links"))
        try site.write("links/b.md", TestSite.link(url: "https://b.example", title: "B"))
        #expect(await site.build().outcome == .success)
        #expect(!site.exists("extra.txt"))
        #expect(try site.read("index.html").contains(">B<"))
        #expect(try filesBelow(site.folder.appending(path: "links")).count == sourceBefore.count)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.folder.path).filter {
            $0.contains("linky-tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func aFolderNotMadeByLinkyIsNeverReplaced() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://a.example", title: "A"), "_site/precious.txt": "keep me",
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .outputFailed)
        #expect(report.diagnostics.contains { $0.code == .unsafeOutputFolder })
        #expect(try site.read("precious.txt") == "keep me")
    }

    @Test func staticFilesAreCopiedVerbatim() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://a.example", title: "A"), "static/robots.txt": "User-agent: *\n",
            "static/.well-known/security.txt": "Contact: x\n", "static/img/logo.bin": "\u{1}\u{2}",
        ])
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        #expect(try site.read("robots.txt") == "User-agent: *\n")
        #expect(try site.read(".well-known/security.txt") == "Contact: x\n")
        #expect(site.exists("img/logo.bin"))
    }

    @Test func staticLinksOutsideTheSiteAreNotPublished() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://a.example", title: "A"), "static/ok.txt": "fine",
            "static/sub/inside.txt": "inside",
        ])
        defer { site.remove() }
        let secret = FileManager.default.temporaryDirectory.appending(path: "linky-secret-\(UUID().uuidString)")
        try "secret".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appending(path: "static/passwd").path, withDestinationPath: secret.path)
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appending(path: "static/etc").path, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appending(path: "static/alias.txt").path, withDestinationPath: "sub/inside.txt")
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(!site.exists("passwd"))
        #expect(!site.exists("etc"))
        #expect(try site.read("alias.txt") == "inside")
        let warned = report.diagnostics.filter { $0.message.contains("outside the site folder") }
        #expect(Set(warned.compactMap(\.location?.path)) == ["static/passwd", "static/etc"])
    }

    @Test func everyHrefIsRelativeSoTheSiteWorksUnderAnySubPath() async throws {
        let (site, _) = try await buildExample("awesome")
        defer { site.remove() }
        for (path, data) in try filesBelow(site.output) where path.hasSuffix(".html") && path != "404.html" {
            for reference in Self.references(in: String(decoding: data, as: UTF8.self)) {
                #expect(!reference.hasPrefix("/"), "\(path) has a root-absolute link \(reference)")
            }
        }
    }

    /// `a/b/../c/./d` → `a/c/d`; a path that climbs above the root keeps its leading `..`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// Relative `href` and `src` values (external, `mailto:` and fragment-only ones skipped).
    static func references(in html: String) -> [String] {
        var results: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                let value = String(rest[..<end])
                    .replacingOccurrences(of: "&amp;", with: "&")
                rest = rest[end...]
                if value.hasPrefix("#") || value.contains("://") || value.hasPrefix("mailto:")
                    || value.hasPrefix("data:")
                {
                    continue
                }
                results.append(value.removingPercentEncoding ?? value)
            }
        }
        return results
    }
}

/// Counts XML elements by name.
final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        counts[elementName, default: 0] += 1
    }
}
