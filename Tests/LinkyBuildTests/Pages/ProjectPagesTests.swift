import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// Project data on the site (issue 44): a site with `projects.json` (as `fetch` writes it) built into a
/// temporary folder. Cards show stars, the last update and the archived and stale badges; licence and
/// language are labels of the License and Language facets unless the curator wrote their own; lists
/// can sort by stars and updates; `links.json` has each link's project; a changed `projects.json`
/// changes the pages on a rebuild.
@Suite struct ProjectPagesTests {
    static let list = """
        ---
        title: Web
        ---
        - [Gin](https://github.com/gin-gonic/gin) - A web framework.
        - [Abandoned](https://github.com/old/abandoned) - Archived long ago.
        - [Quiet](https://github.com/quiet/project/tree/main) - Not touched in two years.
        - [Own labels](https://gitlab.example.org/group/sub/tool) - Written by hand. `GPL-3.0` `Python`
        - [Deleted](https://github.com/gone/deleted) - No more.
        - [Site](https://b.example/) - A site ([Source code](https://codeberg.org/a/b)).
        - [Plain](https://c.example/) - Not a project.
        """

    static let projects = """
        {
          "projects" : {
            "codeberg.org/a/b" : { "fetched" : "2026-11-28", "forge" : "gitea", "stars" : 1, "updated" : "2026-11-01" },
            "github.com/gin-gonic/gin" : {
              "fetched" : "2026-11-28", "forge" : "github", "language" : "Go", "license" : "MIT",
              "release" : { "date" : "2024-05-07", "tag" : "v1.10.0" }, "stars" : 81234, "updated" : "2026-11-20"
            },
            "github.com/gone/deleted" : { "fetched" : "2026-11-28", "forge" : "github", "missing" : true },
            "github.com/with/note" : { "fetched" : "2026-11-28", "forge" : "github", "stars" : 4321, "updated" : "2026-11-02" },
            "github.com/old/abandoned" : {
              "archived" : true, "fetched" : "2026-11-28", "forge" : "github", "stars" : 12, "updated" : "2019-03-01"
            },
            "github.com/quiet/project" : {
              "fetched" : "2026-11-28", "forge" : "github", "language" : "Go", "stars" : 999, "updated" : "2024-06-01"
            },
            "gitlab.example.org/group/sub/tool" : {
              "fetched" : "2026-11-28", "forge" : "gitlab", "language" : "Rust", "license" : "MIT", "stars" : 1500000,
              "updated" : "2026-01-01"
            }
          },
          "version" : 1
        }
        """

    static func site(_ config: String = "") throws -> TestSite {
        try TestSite([
            "linky.yml": "title: Projects\nprojects: {gitlab: [gitlab.example.org]}\n" + config,
            "links/web.md": list, "projects.json": projects,
            "links/notes/noted.md": "---\ntitle: Noted\nurl: https://github.com/with/note\n---\nWhy it matters.\n",
        ])
    }

    /// The card of the item titled `title` on `page`: its `<li>`.
    static func card(_ page: String, _ title: String) throws -> String {
        let start = try #require(page.range(of: ">\(title)</a>"), "\(title) is on the page")
        let open = try #require(
            page.range(of: "<li class=\"link", options: .backwards, range: page.startIndex..<start.lowerBound))
        let close = try #require(page.range(of: "</li>\n", range: start.upperBound..<page.endIndex))
        return String(page[open.lowerBound..<close.upperBound])
    }

    @Test func cardsShowStarsUpdatesAndBadges() async throws {
        let site = try Self.site()
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics)")
        let page = try site.read("c/web/index.html")
        let gin = try Self.card(page, "Gin")
        #expect(gin.contains("title=\"81,234 stars\""))
        #expect(gin.contains("</span> 81.2k<"))
        #expect(gin.contains("<time datetime=\"2026-11-20\">20 November 2026</time>"))
        #expect(gin.contains("v1.10.0"))
        #expect(!gin.contains("is-stale") && !gin.contains("is-archived"))
        let abandoned = try Self.card(page, "Abandoned")
        #expect(abandoned.contains("project-badge is-archived"))
        #expect(!abandoned.contains("is-stale"), "archived says it already")
        #expect(try Self.card(page, "Quiet").contains("project-badge is-stale"), "910 days before the day fetched")
        #expect(try Self.card(page, "Own labels").contains("</span> 1.5M<"), "a project on a GitLab the site names")
        #expect(try Self.card(page, "Site").contains("href=\"https://codeberg.org/a/b\""), "a secondary link's project")
        #expect(!(try Self.card(page, "Deleted")).contains("link-project"), "a missing repository shows nothing")
        #expect(!(try Self.card(page, "Plain")).contains("link-project"))
        // The sort by stars is the list tools' (the site's one form, in assets/list-tools.js).
        #expect(try site.read("assets/list-tools.js").contains(#"\u003coption value=\"stars\" data-needs=\"stars\">"#))
        // A link's own page shows the same line.
        let own = try site.read("l/notes/noted/index.html")
        #expect(own.contains("<p class=\"link-project\">") && own.contains("</span> 4.3k<"), "\(own)")
    }

    @Test func staleAfterIsTheSitesToSay() async throws {
        let site = try Self.site("stale_after: 1000\n")
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        #expect(!(try site.read("c/web/index.html")).contains("is-stale"))
    }

    @Test func licenceAndLanguageAreFacetsUnlessTheCuratorSaidOtherwise() async throws {
        let site = try Self.site()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appending(path: "links.json")))
                as? [String: Any])
        let links = try #require(json["links"] as? [[String: Any]])
        func link(_ title: String) throws -> [String: Any] {
            try #require(links.first { $0["title"] as? String == title })
        }
        #expect(try link("Gin")["labels"] as? [String] == ["MIT", "Go"])
        #expect(try link("Own labels")["labels"] as? [String] == ["GPL-3.0", "Python"], "the curator's word wins")
        #expect(try link("Quiet")["labels"] as? [String] == ["Go"])
        let project = try #require(try link("Gin")["project"] as? [String: Any])
        #expect(project["stars"] as? Int == 81_234)
        #expect(project["updated"] as? String == "2026-11-20")
        #expect(project["license"] as? String == "MIT")
        #expect(project["language"] as? String == "Go")
        #expect(project["host"] as? String == "github.com")
        #expect(project["archived"] as? Bool == false)
        #expect(project["stale"] as? Bool == false)
        #expect(project["fetched"] as? String == "2026-11-28")
        #expect((project["release"] as? [String: String]) == ["tag": "v1.10.0", "date": "2024-05-07"])
        #expect(try link("Quiet")["project"].flatMap { ($0 as? [String: Any])?["stale"] as? Bool } == true)
        #expect(try link("Plain")["project"] == nil)
        #expect(try link("Deleted")["project"] == nil)
        // The list's data sorts by them: `k` stars, `b` the last update.
        // The category is on one page: the page carries the list's data.
        let page = try site.read("c/web/index.html")
        let inline = try #require(
            page.firstMatch(of: #/<script type="application/json" data-list-inline>(.*?)</script>/#))
        #expect(!site.exists("c/web/links.js"))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(inline.1.utf8)) as? [String: Any])
        let entries = try #require(data["links"] as? [[String: Any]])
        // The page shows every link of the list: the data names each by its id (the item's
        // `data-link-id`), its title is the item's.
        let ids = ListDataTests.ids(entries)
        func entry(_ title: String) throws -> [String: Any] {
            let id = try #require(link(title)["id"] as? Int)
            return try #require(zip(ids, entries).first { $0.0 == id }?.1)
        }
        #expect(entries.allSatisfy { $0["t"] == nil && $0["u"] == nil })
        let gin = try entry("Gin")
        #expect(gin["k"] as? Int == 81_234 && gin["b"] as? String == "2026-11-20")
        #expect(try entry("Plain")["k"] == nil)
        let facets = try #require(data["facets"] as? [[String: Any]])
        #expect(facets.map { $0["name"] as? String } == ["License", "Language"])
    }

    /// `links.json`'s `project` as `JSONText` writes it is what Foundation's encoder writes.
    @Test func projectsEncodeAsFoundationDoes() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await JSONTextTests().compare(site.folder)
    }

    /// The search page sorts by them too: the `projects` shard lists the links with project data by
    /// stars and by last update, and the page offers the two sorts.
    @Test func theSearchIndexOrdersTheProjects() async throws {
        let site = try Self.site()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appending(path: "links.json")))
                as? [String: Any])
        let links = try #require(json["links"] as? [[String: Any]])
        func id(_ title: String) throws -> Int {
            try #require(links.first { $0["title"] as? String == title }?["id"] as? Int)
        }
        let manifest = try site.read("search/data/manifest.js")
        let shard = try #require(manifest.range(of: #""projects":{"stars":""#), "the small site's shards are inline")
        let stars = manifest[shard.upperBound...].prefix { $0 != "\"" }
        let updated = try #require(manifest.range(of: #""updated":""#, range: shard.upperBound..<manifest.endIndex))
        let updates = manifest[updated.upperBound...].prefix { $0 != "\"" }
        let byStars = try ["Own labels", "Gin", "Noted", "Quiet", "Abandoned", "Site"].map { UInt32(try id($0)) }
        #expect(String(stars) == SearchNumbers.string(byStars), "most stars first")
        let byUpdate = try ["Gin", "Noted", "Site", "Own labels", "Quiet", "Abandoned"].map { UInt32(try id($0)) }
        #expect(String(updates) == SearchNumbers.string(byUpdate), "the newest update first")
        let page = try site.read("search/index.html")
        #expect(page.contains("<option value=\"stars\">") && page.contains("<option value=\"updated\">"))
        #expect(page.contains("data-text-stars=\"stars\""))
        // Each result carries its project's stars (`r`), last update (`q`) and state (`v`).
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appending(path: "search-index.json")))
                as? [String: Any])
        let entries = try #require(index["links"] as? [[String: Any]])
        let gin = entries[try id("Gin")]
        #expect(gin["r"] as? Int == 81_234 && gin["q"] as? String == "2026-11-20" && gin["v"] == nil)
        #expect(entries[try id("Abandoned")]["v"] as? Int == 1)
        #expect(entries[try id("Quiet")]["v"] as? Int == 2)
        #expect(entries[try id("Plain")]["r"] == nil)
    }

    @Test func aSiteWithoutProjectDataOffersNoSuchSort() async throws {
        let site = try TestSite(["links/web.md": Self.list])
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let page = try site.read("c/web/index.html")
        #expect(!page.contains("link-project") && !page.contains("value=\"stars\""))
    }

    @Test func aChangedProjectsFileChangesThePagesOnARebuild() async throws {
        let site = try Self.site()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        try site.write("projects.json", Self.projects.replacingOccurrences(of: "81234", with: "90000"))
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(try Self.card(try site.read("c/web/index.html"), "Gin").contains("</span> 90k<"))
        #expect(try site.read("links.json").contains("\"stars\" : 90000"))
    }

    @Test func aDamagedProjectsFileIsAWarningAndTheSiteBuilds() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.write("projects.json", "{ not json")
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(report.diagnostics.contains { $0.location?.path == "projects.json" && $0.severity == .warning })
        #expect(!(try site.read("c/web/index.html")).contains("link-project"))
    }

    @Test(arguments: [
        (0, "0"), (999, "999"), (1_000, "1k"), (1_049, "1k"), (1_050, "1.1k"), (12_345, "12.3k"), (99_949, "99.9k"),
        (99_950, "100k"), (123_456, "123k"), (999_499, "999k"), (999_500, "1M"), (1_250_000, "1.3M"),
        (12_000_000, "12M"),
    ])
    func countsAreShortAsCardsShowThem(_ count: Int, _ text: String) {
        #expect(TemplateContext.compactCount(count, words: Words()) == text)
        #expect(
            TemplateContext.compactCount(count, words: Words(digitGroup: "."))
                == text.replacingOccurrences(of: ".", with: ","))
    }
}
