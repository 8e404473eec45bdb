import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// Which links get a page (`link_pages: notes | all | none`), what `host: cloudflare-pages` turns off
/// to fit its 20,000 files, how far back the new page goes (`new_weeks`), and what a listed link costs:
/// Examples/reading-list built into a temporary folder, its pages read back.
@Suite struct LinkPagesTests {
    typealias Built = WebsitePagesTests.Built

    static func build(_ settings: String) async throws -> Built {
        try await WebsitePagesTests.build(adding: settings)
    }

    /// The link pages a build wrote, by path (not the redirects the example's moved pages leave).
    static func linkPages(_ built: Built) -> Set<String> {
        Set(
            built.files.keys.filter {
                $0.hasPrefix("l/") && $0.hasSuffix("/index.html")
                    && built.page($0)?.contains(#"<body class="page-link">"#) == true
            })
    }

    /// Each `<li class="link…">…</li>` of a list page.
    static func items(_ page: String) -> [Substring] {
        page.ranges(of: #/<li class="link[ "].*?</div></li>/#).map { page[$0] }
    }

    @Test func notesIsTheDefaultAndGivesAPageToEachLinkWithANote() async throws {
        let built = try await Self.build("")
        let withNotes = built.site.links.filter { $0.note != nil }
        #expect(withNotes.count > 3 && withNotes.count < built.site.links.count, "the example should vary")
        #expect(Self.linkPages(built) == Set(withNotes.map { SitePaths(site: built.site).link($0.id) }))
        #expect(built.site.links.allSatisfy { $0.hasPage == ($0.note != nil) })
        // A listed link with a note says "Note" and points at its page; one without points nowhere.
        let home = try #require(built.page("c/programming/index.html") ?? built.page("index.html"))
        for item in Self.items(home) {
            let match = try #require(item.firstMatch(of: #/data-link-id="(\d+)"/#))
            let id = try #require(Int(match.1))
            let link = built.site.links[id]
            #expect(item.contains(#"class="note-link""#) == (link.note != nil), "\(link.title)")
            if link.note != nil { #expect(item.contains(">Note</a>")) }
        }
    }

    @Test func allGivesEveryLinkAPageAndNamesItDetailsWhenThereIsNoNote() async throws {
        // A page a link: every list of two links or more has its data in links.js, which the script
        // draws links from (a list on one page carries only what filtering reads).
        let built = try await Self.build("page_size: 1\nlink_pages: all\n")
        #expect(Self.linkPages(built).count == built.site.links.count)
        let plain = try #require(
            built.site.links.first {
                $0.note == nil && $0.description != nil && $0.title.allSatisfy { $0.isLetter || $0 == " " }
                    && built.site.categories[$0.category].links.count > 1
            })
        let page = try #require(built.page(SitePaths(site: built.site).link(plain.id)))
        #expect(page.contains(plain.description!.xmlEscaped))
        #expect(page.contains(#"<a class="visit-box" href="\#(plain.url.absoluteString.xmlEscaped)">"#))
        let listed = built.files.keys.filter { $0.hasPrefix("c/") && $0.hasSuffix("index.html") }
            .compactMap { built.page($0) }.flatMap(Self.items)
        let item = try #require(listed.first { $0.contains(#"data-link-id="\#(plain.id)""#) })
        #expect(item.contains(">Details</a>"), "\(item)")
        // The list's data says so too, for the items the script draws (`o`), and gives it the word.
        let data = built.files.keys.filter { $0.hasPrefix("c/") || $0 == ListToolsScript.path }
            .compactMap { built.page($0) }.joined()
        #expect(data.contains(#""o":1,"p":"l/"#) && data.contains(#"&quot;details&quot;:&quot;Details&quot;"#))
        let at = try #require(data.range(of: #""t":"\#(plain.title)""#), "\(plain.title)")
        let start = try #require(data[..<at.lowerBound].lastIndex(of: "{"))
        let end = try #require(data[at.upperBound...].firstIndex(of: "}"))
        #expect(data[start...end].contains(#""o":1"#), "\(data[start...end])")
        // And the search's results (which a long list draws its links from): `e`, and only for it.
        let results = built.files.keys.filter { $0.hasPrefix("search/data/") }.compactMap { built.page($0) }.joined()
        let result = try #require(results.range(of: #""t":"\#(plain.title)""#), "\(plain.title)")
        let first = try #require(results[..<result.lowerBound].lastIndex(of: "{"))
        #expect(results[first..<result.lowerBound].contains(#""e":1"#), "\(results[first..<result.lowerBound])")
        let noted = try #require(
            built.site.links.first { $0.note != nil && $0.title.allSatisfy { $0.isLetter || $0 == " " } })
        let notedResult = try #require(results.range(of: #""t":"\#(noted.title)""#))
        let notedFirst = try #require(results[..<notedResult.lowerBound].lastIndex(of: "{"))
        #expect(!results[notedFirst..<notedResult.lowerBound].contains(#""e":"#))
        #expect(try #require(built.page("search/index.html")).contains(#"data-text-details="Details""#))
    }

    @Test func noneWritesNoLinkPagesAndKeepsTheNotesInThePrintPageAndData() async throws {
        let built = try await Self.build("link_pages: none\n")
        #expect(Self.linkPages(built).isEmpty)
        #expect(!built.files.keys.contains { $0.hasPrefix("l/") })
        let pages = built.files.keys.filter { $0.hasSuffix(".html") }.compactMap { built.page($0) }
        #expect(!pages.contains { $0.contains(#"class="note-link""#) || $0.contains(#"href="../l/"#) })
        let noted = try #require(built.site.links.first { $0.note != nil })
        let firstWords = String(noted.note!.markdown.split(separator: "\n").first!.prefix(20))
        #expect(try #require(built.page("print/index.html")).contains(firstWords.xmlEscaped))
        let json = try #require(built.page("links.json"))
        #expect(!json.contains(#""page" : "l/"#) && !json.contains(#""page":"l/"#))
        let sitemap = try #require(built.page("sitemap.xml"))
        #expect(!sitemap.contains("/l/"))
    }

    @Test func cloudflarePagesTurnsOffLinkPagesAndSectionFeedsUnlessWritten() async throws {
        let folded = try await Self.build("host: cloudflare-pages\n")
        #expect(folded.site.config.linkPages == .none && !folded.site.config.sectionFeeds)
        #expect(Self.linkPages(folded).isEmpty)
        #expect(!folded.files.keys.contains { $0.hasPrefix("tags/") && $0.hasSuffix("feed.xml") })
        #expect(folded.files.keys.contains("feed.xml"), "the site's own feed stays")

        let kept = try await Self.build("host: cloudflare-pages\nlink_pages: notes\nsection_feeds: true\n")
        #expect(kept.site.config.linkPages == .notes && kept.site.config.sectionFeeds)
        #expect(!Self.linkPages(kept).isEmpty)
        #expect(kept.files.keys.contains { $0.hasPrefix("tags/") && $0.hasSuffix("feed.xml") })
        #expect(kept.files.count > folded.files.count)
    }

    @Test func newWeeksKeepsTheNewestWeeksAndPointsAtTheArchiveForTheRest() async throws {
        let every = try await Self.build("new_weeks: 0\nnew_weeks_per_page: 50\n")
        let all = every.site.addedWeeks
        #expect(all.count > 3, "the example has dated links over several weeks")
        #expect(!(try #require(every.page("new/index.html"))).contains(#"class="new-older""#))

        let built = try await Self.build("new_weeks: 2\nnew_weeks_per_page: 1\n")
        #expect(built.site.addedWeeks.map(\.id) == all.prefix(2).map(\.id))
        #expect(built.site.olderWeeks == all.count - 2)
        let first = try #require(built.page("new/index.html"))
        let last = try #require(built.page("new/page/2/index.html"))
        #expect(built.page("new/page/3/index.html") == nil)
        #expect(first.contains(all[0].id.lowercased()) && last.contains(all[1].id.lowercased()))
        #expect(!first.contains(#"class="new-older""#))
        #expect(last.contains(#"<p class="new-older"><a href="../../../archive/index.html">"#), "\(last.suffix(1500))")
    }

    /// Point 2 of issue 47: a listed link costs its own text and little more. The markup around a
    /// link's own words (title, address, description, domain, date, category, tags and their hrefs)
    /// stays under 320 bytes, whatever the page (420 before the domain's initial was drawn from its
    /// `data-i` and the article wrapper, the title's class and the tags' list items went).
    @Test func aListedLinkIsItsTextAndLittleMarkup() async throws {
        let built = try await Self.build("sites: true\n")
        let pages = built.files.keys.filter { $0.hasPrefix("tags/") && $0.hasSuffix("index.html") }
            .compactMap { built.page($0) }
        var measured = 0
        for item in pages.flatMap(Self.items) {
            // Everything a reader reads or follows, taken out: what is left is the markup.
            var markup = String(item)
            for match in item.matches(of: #/>([^<]*)</|="([^"]*)"/#) {
                let text = String(match.1 ?? match.2 ?? "")
                if let range = markup.range(of: text), !text.isEmpty { markup.removeSubrange(range) }
            }
            let picture = item.contains("card-picture") || item.contains("<img")
            if !picture {
                #expect(markup.utf8.count < 320, "\(markup.utf8.count) bytes of markup: \(item)")
                measured += 1
            }
        }
        #expect(measured > 20)
    }
}
