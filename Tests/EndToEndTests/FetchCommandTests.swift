import Foundation
import LinkyTestSupport
import Testing

/// `linky-site fetch`, run as a user runs it, against the fixture server on 127.0.0.1.
extension CommandLineTests {
    @Test func fetchFillsTheCacheThatBuildReads() throws {
        let server = try FixtureServer()
        let site = try temporarySite([
            // No title: an error until fetch has found one.
            "links/a.md": "---\nurl: \(server.url("/og"))\n---\n",
            "links/b.md": "---\nurl: \(server.url("/euc-kr"))\ntitle: Mine\n---\nNote.\n",
            "links/c.md": "---\nurl: \(server.url("/missing"))\ntitle: Missing\n---\n",
            "links/list.md": "---\ntitle: List\n---\n- [Moved](\(server.url("/redirect/308"))) - kept\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let before = try run(["build", site.path, "--base-url", "https://example.com/"])
        #expect(before.status == 1)
        #expect(before.stderr.contains("LINKY102"))

        let fetch = try run(["fetch", site.path, "--allow-private"], environment: ["CI": "true"])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(
            fetch.stdout.contains(
                "links/c.md:2: warning[LINKY200]: \(server.url("/missing")): the server answered 404 Not Found"),
            "\(fetch.stdout)")
        #expect(
            fetch.stdout.contains(
                "links/list.md:4: note[LINKY202]: \(server.url("/redirect/308")) moved permanently to \(server.url("/og"))"
            ), "\(fetch.stdout)")
        #expect(fetch.stderr.contains("Fetched 3 of 4 pages; 1 could not be read."))
        // The pictures step: the page's preview picture is missing from the server, a warning at the link.
        #expect(
            fetch.stdout.contains(
                "links/list.md:4: warning[LINKY210]: preview picture \(server.url("/img/og.png")): the server answered 404"
            ),
            "\(fetch.stdout)")
        #expect(fetch.stderr.contains("Pictures: 0 downloaded, 0 kept;"), "\(fetch.stderr)")
        let cache = try String(contentsOf: site.appending(path: "metadata.json"), encoding: .utf8)
        #expect(cache.contains(#""title" : "한국어 페이지""#))
        #expect(cache.contains(#""title" : "Open Graph & friends""#))
        #expect(!cache.contains("/missing"))
        // The user's files are untouched without --write.
        #expect(
            try String(contentsOf: site.appending(path: "links/a.md"), encoding: .utf8)
                == "---\nurl: \(server.url("/og"))\n---\n")

        let after = try run(["build", site.path, "--base-url", "https://example.com/"])
        #expect(after.status == 0, "\(after.stderr)")
        let home = try String(contentsOf: site.appending(path: "_site/index.html"), encoding: .utf8)
        #expect(home.contains("Open Graph &amp; friends"))
        #expect(home.contains(">Mine<"), "the file's own title wins over the page's")
        #expect(home.contains("설명입니다"))

        _ = try server.log()
        let again = try run(
            ["fetch", site.path, "--allow-private", "--missing-only", "--no-pictures"], environment: ["CI": "true"])
        #expect(again.status == 0)
        #expect(again.stderr.contains("Fetched 0 of 1 pages (3 already in metadata.json)"))
        #expect(!again.stderr.contains("Pictures:"))
        #expect(try server.log() == ["GET /missing"])
        // With pictures, --missing-only looks only at the new links' pictures: the preview that failed
        // before is not asked for again.
        let missingOnly = try run(
            ["fetch", site.path, "--allow-private", "--missing-only"], environment: ["CI": "true"])
        #expect(missingOnly.status == 0, "\(missingOnly.stderr)")
        #expect(missingOnly.stderr.contains("Pictures: 0 downloaded, 0 kept."), "\(missingOnly.stderr)")
        #expect(try server.log() == ["GET /missing"])

        // --missing-only --write fills the files from the entries earlier fetches made, reading no page
        // but the one not in the cache.
        let write = try run(
            ["fetch", site.path, "--allow-private", "--write", "--missing-only", "--no-pictures"],
            environment: ["CI": "true"])
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stderr.contains("Filled 2 link files."), "\(write.stderr)")
        #expect(try server.log() == ["GET /missing"])
        let a = try String(contentsOf: site.appending(path: "links/a.md"), encoding: .utf8)
        #expect(
            a
                == "---\nurl: \(server.url("/og"))\ntitle: Open Graph & friends\ndescription: The description from Open Graph.\nimage: \(server.url("/img/og.png"))\n---\n"
        )
        let list = try String(contentsOf: site.appending(path: "links/list.md"), encoding: .utf8)
        #expect(
            list == "---\ntitle: List\n---\n- [Moved](\(server.url("/redirect/308"))) - kept\n",
            "list files are never rewritten")
    }
}

/// `fetch`'s project data step (issue 44) against a local GitHub.
extension CommandLineTests {
    nonisolated(unsafe) static let projectRepositories: [String: Any] = [
        "gin-gonic/gin": ["stars": 81_234, "pushed": "2026-11-20T08:00:00Z", "license": "MIT", "language": "Go"],
        "old/abandoned": ["stars": 12, "pushed": "2019-03-01T00:00:00Z", "archived": true],
        "new-owner/renamed": ["stars": 3_400, "pushed": "2026-10-01T00:00:00Z", "language": "Rust"],
        "a/b": ["stars": 1, "pushed": "2026-11-01T00:00:00Z"],
    ]

    static func projectSite(_ test: CommandLineTests) throws -> URL {
        try test.temporarySite([
            "links/tools.md": """
            ---
            title: Tools
            ---
            - [Gin](https://github.com/gin-gonic/gin) - A web framework.
            - [Abandoned](https://github.com/old/abandoned) - Archived long ago.
            - [Renamed](https://github.com/old-owner/renamed/tree/main) - Moved since.
            - [Deleted](https://github.com/gone/deleted) - No more.
            - [Site](https://b.example/) - A site ([Source code](https://github.com/a/b)).
            """
        ])
    }

    /// `projects.json`'s entries by key.
    static func projects(_ site: URL) throws -> [String: [String: Any]] {
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appending(path: "projects.json")))
        return (file as? [String: Any])?["projects"] as? [String: [String: Any]] ?? [:]
    }

    func githubEnvironment(_ server: FixtureServer) -> [String: String] {
        [
            "CI": "true", "GITHUB_TOKEN": "", "GITHUB_API_URL": server.url(""),
            "GITHUB_GRAPHQL_URL": server.url("/graphql"),
        ]
    }

    @Test func fetchReadsProjectDataOfRepositoryLinks() throws {
        let server = try FixtureServer.github([
            "repositories": Self.projectRepositories, "moved": ["old-owner/renamed": "new-owner/renamed"],
        ])
        let site = try Self.projectSite(self)
        defer { try? FileManager.default.removeItem(at: site) }
        let fetch = try run(
            ["fetch", site.path, "--projects-only", "--allow-private"], environment: githubEnvironment(server))
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(
            fetch.stdout.contains(
                "links/tools.md:6: note[LINKY220]: https://github.com/old-owner/renamed moved to https://github.com/new-owner/renamed"
            ), "\(fetch.stdout)")
        #expect(
            fetch.stdout.contains(
                "links/tools.md:7: warning[LINKY221]: https://github.com/gone/deleted does not exist (deleted, or private)"
            ),
            "\(fetch.stdout)")
        #expect(
            fetch.stderr.contains("Projects: 5 repositories linked, 5 due, 5 read in 5 requests"), "\(fetch.stderr)")
        #expect(!fetch.stderr.contains("Fetched"), "--projects-only reads no page")
        let projects = try Self.projects(site)
        #expect(
            projects.keys.sorted() == [
                "github.com/a/b", "github.com/gin-gonic/gin", "github.com/gone/deleted", "github.com/old-owner/renamed",
                "github.com/old/abandoned",
            ])
        #expect(projects["github.com/gin-gonic/gin"]?["stars"] as? Int == 81_234)
        #expect(projects["github.com/old/abandoned"]?["archived"] as? Bool == true)
        #expect(projects["github.com/gone/deleted"]?["missing"] as? Bool == true)
    }

    @Test func aRateLimitHalfwayKeepsWhatWasReadAndTheNextRunFinishes() throws {
        let site = try Self.projectSite(self)
        defer { try? FileManager.default.removeItem(at: site) }
        let limited = try FixtureServer.github(["repositories": Self.projectRepositories, "limit": 2])
        let first = try run(
            ["fetch", site.path, "--projects-only", "--allow-private"], environment: githubEnvironment(limited))
        #expect(first.status == 75, "\(first.stderr)")
        #expect(first.stderr.contains("rate limit stopped the run with 3 repositories left"), "\(first.stderr)")
        #expect(first.stderr.contains("Run again after 2030-01-01 00:00 UTC."), "\(first.stderr)")
        #expect(try Self.projects(site).count == 2)

        let open = try FixtureServer.github(["repositories": Self.projectRepositories])
        let second = try run(
            ["fetch", site.path, "--projects-only", "--allow-private", "--max-age", "1"],
            environment: githubEnvironment(open))
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("5 repositories linked, 3 due, 3 read in 3 requests"), "\(second.stderr)")
        // The two read before are not asked again.
        let asked = try open.log()
        #expect(asked.count == 3, "\(asked)")
        #expect(try Self.projects(site).count == 5)
    }
}

/// `check --projects` (issue 44): offline, from `projects.json` as `fetch` wrote it, in every format;
/// exit 2 when a project is archived, stale, moved or deleted.
extension CommandLineTests {
    @Test func checkProjectsListsWhatNeedsTheCuratorsEye() throws {
        let server = try FixtureServer.github([
            "repositories": Self.projectRepositories, "moved": ["old-owner/renamed": "new-owner/renamed"],
        ])
        let site = try Self.projectSite(self)
        defer { try? FileManager.default.removeItem(at: site) }
        let fetch = try run(
            ["fetch", site.path, "--projects-only", "--allow-private"], environment: githubEnvironment(server))
        #expect(fetch.status == 0, "\(fetch.stderr)")
        // Staleness counts from the day fetched: fixed here, so the test says the same in any year.
        let file = site.appending(path: "projects.json")
        let fetched = try String(contentsOf: file, encoding: .utf8)
        try fetched.replacingOccurrences(
            of: #""fetched" : "\d{4}-\d{2}-\d{2}""#, with: #""fetched" : "2026-11-28""#, options: .regularExpression
        ).write(to: file, atomically: true, encoding: .utf8)

        let text = try run(["check", site.path, "--projects"])
        #expect(text.status == 2, "\(text.stderr)")
        for expected in [
            "links/tools.md:5: warning[LINKY222]: https://github.com/old/abandoned is archived (last updated 2019-03-01)",
            "links/tools.md:6: warning[LINKY220]: https://github.com/old-owner/renamed moved to https://github.com/new-owner/renamed",
            "links/tools.md:7: warning[LINKY221]: https://github.com/gone/deleted does not exist",
            "Projects: 5 repositories linked",
        ] {
            #expect(text.stderr.contains(expected), "\(expected)\n\(text.stderr)")
        }
        #expect(!text.stderr.contains("LINKY223"), "an archived project is not also said stale")
        #expect(text.stderr.contains("1 archived, 0 stale, 1 moved, 1 deleted"), "\(text.stderr)")

        let github = try run(["check", site.path, "--projects", "--format", "github"])
        #expect(github.status == 2)
        #expect(github.stdout.contains("::warning file="), "\(github.stdout)")
        #expect(github.stdout.contains("line=7,title=LINKY221 project-missing::"), "\(github.stdout)")

        let json = try run(["check", site.path, "--projects", "--format", "json"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(
            report["projects"] as? [String: Int] == [
                "linked": 5, "unfetched": 0, "archived": 1, "stale": 0, "moved": 1, "deleted": 1,
            ])

        // Nothing to flag once the list keeps only live projects; the site's own stale_after is used.
        try """
        ---
        title: Tools
        ---
        - [Gin](https://github.com/gin-gonic/gin) - A web framework.
        - [Site](https://b.example/) - A site ([Source code](https://github.com/a/b)).
        """.write(to: site.appending(path: "links/tools.md"), atomically: true, encoding: .utf8)
        let clean = try run(["check", site.path, "--projects"])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stderr.contains("0 archived, 0 stale, 0 moved, 0 deleted"), "\(clean.stderr)")
        let strict = try run(["check", site.path, "--projects", "--stale-after", "1"])
        #expect(strict.status == 2, "last updated more than a day before it was fetched")
        #expect(strict.stderr.contains("warning[LINKY223]: https://github.com/gin-gonic/gin was last updated"))
    }

    @Test func staleAfterNeedsProjects() throws {
        let site = try Self.projectSite(self)
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["check", site.path, "--stale-after", "30"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("add --projects"), "\(result.stderr)")
    }
}

extension CommandLineTests {
    /// `fetch --write` writes a moved repository's new address into the link file's `url:` line, what
    /// follows the repository's path kept; a list file that links to it is left as it was.
    @Test func fetchWriteFollowsAMovedRepositoryInLinkFiles() throws {
        let server = try FixtureServer.github([
            "repositories": Self.projectRepositories, "moved": ["old-owner/renamed": "new-owner/renamed"],
        ])
        let list = "---\ntitle: Tools\n---\n- [Renamed](https://github.com/old-owner/renamed) - In a list.\n"
        let file =
            "---\ntitle: Renamed\nurl: \"https://github.com/Old-Owner/renamed/tree/main\"\ntags: [go]\n---\nA note.\n"
        let site = try temporarySite(["links/tools.md": list, "links/more/renamed.md": file])
        defer { try? FileManager.default.removeItem(at: site) }
        let fetch = try run(
            ["fetch", site.path, "--projects-only", "--allow-private", "--write"],
            environment: githubEnvironment(server))
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(
            fetch.stdout.contains("links/more/renamed.md: the moved repository's new address written"),
            "\(fetch.stdout)")
        let written = try String(contentsOf: site.appending(path: "links/more/renamed.md"), encoding: .utf8)
        #expect(
            written
                == file.replacingOccurrences(
                    of: "https://github.com/Old-Owner/renamed", with: "https://github.com/new-owner/renamed"))
        #expect(try String(contentsOf: site.appending(path: "links/tools.md"), encoding: .utf8) == list)
        #expect(fetch.stdout.contains("links/tools.md:4: note[LINKY220]"), "\(fetch.stdout)")
    }
}

extension CommandLineTests {
    /// GitLab (an instance the site names in `projects:`) and Codeberg read by `fetch`, their data on
    /// the built site's cards.
    @Test func fetchReadsGitLabAndForgejoProjects() throws {
        let server = try FixtureServer.forges(ForgeProjectsConfig.config)
        let site = try temporarySite([
            "linky.yml": "title: Forges\nprojects:\n  gitlab: [gitlab.example.org]\n",
            "links/tools.md": """
            ---
            title: Tools
            ---
            - [Tool](https://gitlab.example.org/group/sub/tool) - On a GitLab.
            - [B](https://codeberg.org/a/b) - On Codeberg.
            - [Elsewhere](https://git.unknown.example/a/b) - A forge the site does not name.
            """,
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let environment = [
            "LINKY_FORGE_API": "gitlab.example.org=\(server.url("/api/v4")),codeberg.org=\(server.url("/api/v1"))",
            "GITLAB_TOKEN": "", "GITEA_TOKEN": "",
        ]
        let fetch = try run(["fetch", site.path, "--projects-only", "--allow-private"], environment: environment)
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(
            fetch.stderr.contains("Projects: 2 repositories linked, 2 due, 2 read in 5 requests."), "\(fetch.stderr)")
        let projects = try Self.projects(site)
        #expect(projects.keys.sorted() == ["codeberg.org/a/b", "gitlab.example.org/group/sub/tool"])
        let build = try run(["build", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOf: site.appending(path: "_site/c/tools/index.html"), encoding: .utf8)
        #expect(page.contains("title=\"1,500 stars\"") && page.contains("title=\"42 stars\""))
        #expect(page.contains(">v2.0<") && page.contains(">Apache-2.0<"))
    }
}

/// The forges' projects the end-to-end test serves (as `ForgeProjectsTests` does).
enum ForgeProjectsConfig {
    nonisolated(unsafe) static let config: [String: Any] = [
        "gitlab": [
            "group/sub/tool": [
                "stars": 1_500, "activity": "2026-01-01T10:00:00.000Z", "license": "apache-2.0",
                "languages": ["Rust": 80.5, "Shell": 19.5], "release": ["v2.0", "2025-12-01T00:00:00.000Z"],
            ]
        ],
        "gitea": ["a/b": ["stars": 42, "updated": "2026-11-01T08:00:00Z", "language": "Go", "licenses": ["MIT"]]],
    ]
}

extension CommandLineTests {
    /// Issue 44's whole flow, as a scheduled job runs it with Actions' token: `fetch` over GraphQL, then
    /// `build` (links.json, the cards, the badges, the sort) and `check --projects`.
    @Test func projectDataFromFetchToCheckWithAToken() throws {
        let server = try FixtureServer.github([
            "repositories": Self.projectRepositories, "moved": ["old-owner/renamed": "new-owner/renamed"],
            "token": "actions-token",
        ])
        let site = try Self.projectSite(self)
        defer { try? FileManager.default.removeItem(at: site) }
        var environment = githubEnvironment(server)
        environment["GITHUB_TOKEN"] = "actions-token"
        let fetch = try run(["fetch", site.path, "--projects-only", "--allow-private"], environment: environment)
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stderr.contains("5 read in 1 request (with GITHUB_TOKEN)"), "\(fetch.stderr)")
        #expect(try server.log() == ["POST /graphql token"])
        #expect(
            !(try String(contentsOf: site.appending(path: "projects.json"), encoding: .utf8)).contains("actions-token"))
        #expect(!fetch.stdout.contains("actions-token") && !fetch.stderr.contains("actions-token"))

        let build = try run(["build", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        let collection = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appending(path: "_site/links.json")))
                as? [String: Any])
        let links = try #require(collection["links"] as? [[String: Any]])
        let gin = try #require(links.first { $0["title"] as? String == "Gin" }?["project"] as? [String: Any])
        #expect(gin["stars"] as? Int == 81_234 && gin["language"] as? String == "Go")
        let abandoned = try #require(
            links.first { $0["title"] as? String == "Abandoned" }?["project"] as? [String: Any])
        #expect(abandoned["archived"] as? Bool == true)
        let page = try String(contentsOf: site.appending(path: "_site/c/tools/index.html"), encoding: .utf8)
        #expect(page.contains("title=\"81,234 stars\"") && page.contains("project-badge is-archived"))
        // The sort by stars is the list tools' (the site's one form, in assets/list-tools.js).
        let tools = try String(contentsOf: site.appending(path: "_site/assets/list-tools.js"), encoding: .utf8)
        #expect(tools.contains(#"\u003coption value=\"stars\" data-needs=\"stars\">"#))

        let check = try run(["check", site.path, "--projects", "--format", "github"])
        #expect(check.status == 2)
        #expect(
            check.stdout.contains("title=LINKY222 project-archived::https://github.com/old/abandoned"),
            "\(check.stdout)")
    }
}
