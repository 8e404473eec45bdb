import Foundation
import LinkyTestSupport
import Testing

/// `linky-site check`: validation alone, then links against the fixture server on 127.0.0.1.
extension CommandLineTests {
    /// A site whose links answer 200, 404, 301 and 302; /missing is used twice.
    func linkSite(_ server: FixtureServer) throws -> URL {
        try temporarySite([
            "linky.yml": "title: Links\nbase_url: https://example.com/\n",
            "links/reading/good.md": "---\nurl: \(server.url("/ok/good"))\ntitle: Good\n---\n",
            "links/reading/missing.md": "---\ntitle: Missing\nurl: \(server.url("/missing"))\n---\nA note.\n",
            "links/list.md": """
            ---
            title: A list
            ---
            ## Moved
            - [Moved](\(server.url("/redirect/301"))) - for good
            - [Elsewhere for now](\(server.url("/redirect/302"))) - a login wall
            - [Missing again](\(server.url("/missing#part"))) - the same page

            """,
        ])
    }

    // MARK: - Validation

    @Test func checkValidatesLikeBuildAndWritesNothing() throws {
        let broken = try temporarySite(["links/a.md": "---\ntitle: A\n---\n", "links/b.md": Self.good])
        defer { try? FileManager.default.removeItem(at: broken) }
        let errors = try run(["check", broken.path])
        #expect(errors.status == 1)
        #expect(errors.stderr.contains("\(broken.path)/links/a.md:1: error[LINKY101]: the link has no url"))
        #expect(errors.stderr.hasSuffix("Check failed: 1 error, 1 warning.\n"), "\(errors.stderr)")
        #expect(!FileManager.default.fileExists(atPath: broken.appending(path: "_site").path))

        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let fine = try run(["check"], in: site)
        #expect(fine.status == 0, "\(fine.stderr)")
        // Exactly what build would say, base_url included.
        #expect(fine.stderr.contains("linky-site: warning[LINKY151]"))
        #expect(fine.stderr.contains("hint: create linky.yml with `base_url: https://…/`"))
        #expect(fine.stderr.contains("Checked the files of 1 link in "))
        #expect(fine.stderr.contains("Their addresses were not visited: add --links."))
        #expect(fine.stdout.isEmpty)
        #expect(try run(["check", "--strict"], in: site).status == 1)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "_site").path))
        let json = try run(["check", "--format", "json"], in: site)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(report?["version"] as? Int == 1)
        #expect(report?["warnings"] as? Int == 1)
        #expect(report?["links"] == nil)
    }

    // MARK: - Links

    @Test func checkLinksReportsEveryUseOfABrokenLinkAndExitsTwo() throws {
        let server = try FixtureServer()
        let site = try linkSite(server)
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["check", "--links", "--allow-private", "--retries", "0"], in: site)
        #expect(result.status == 2, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { !$0.hasPrefix("  hint:") && !$0.contains("LINKY109") } == [
                "links/list.md:5: warning[LINKY202]: \(server.url("/redirect/301")) moved permanently to \(server.url("/og"))",
                "links/list.md:7: error[LINKY200]: \(server.url("/missing#part")) is broken: 404 Not Found",
                "links/reading/missing.md:3: error[LINKY200]: \(server.url("/missing")) is broken: 404 Not Found",
                "Site: 5 links; 0 errors, 1 warning.",
                lines.last!,
            ])
        #expect(lines.last!.hasPrefix("Checked 4 links (5 uses) in "))
        #expect(lines.last!.hasSuffix(": 2 ok, 1 redirected, 1 broken, 0 unreachable."))
        #expect(result.stderr.contains("  hint: update the link to the new address"))
        // Not a terminal: no progress bar redrawn in place.
        #expect(!result.stderr.contains("\r"))

        // Working links are remembered; the broken one is asked again.
        let cache = try String(contentsOf: site.appending(path: ".linky-check-cache.json"), encoding: .utf8)
        #expect(cache.contains("/ok/good") && cache.contains("/redirect/301") && !cache.contains("/missing"))
        let again = try run(["check", "--links", "--allow-private", "--retries", "0"], in: site)
        #expect(again.status == 2)
        #expect(again.stderr.contains("1 broken, 0 unreachable; 3 from the cache."))
        let uncached = try run(["check", "--links", "--allow-private", "--retries", "0", "--no-cache", "-q"], in: site)
        #expect(!uncached.stderr.contains("from the cache"))
        #expect(!uncached.stderr.contains("Checked"))
    }

    @Test func checkLinksAsJSON() throws {
        let server = try FixtureServer()
        let site = try linkSite(server)
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run([
            "check", site.path, "--links", "--allow-private", "--retries", "0", "--format", "json", "--no-cache",
        ])
        #expect(result.status == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["version"] as? Int == 1)
        #expect((report["diagnostics"] as? [[String: Any]])?.map { $0["code"] as? String } == ["LINKY109"])
        let links = try #require(report["links"] as? [String: Any])
        #expect(
            links["counts"] as? [String: Int] == [
                "total": 4, "uses": 5, "ok": 2, "redirected": 1, "broken": 1, "failed": 0, "refused": 0, "cached": 0,
                "excluded": 0,
            ])
        let results = try #require(links["results"] as? [[String: Any]])
        #expect(
            results.map { $0["url"] as? String }
                == ["/missing#part", "/ok/good", "/redirect/301", "/redirect/302"].map { server.url($0) })
        #expect(results.map { $0["verdict"] as? String } == ["broken", "ok", "redirected", "ok"])
        let missing = results[0]
        #expect(missing["status"] as? Int == 404)
        #expect(missing["message"] as? String == "404 Not Found")
        let uses = try #require(missing["uses"] as? [[String: Any]])
        #expect(
            uses.map { $0["file"] as? String } == [
                "\(site.path)/links/list.md", "\(site.path)/links/reading/missing.md",
            ])
        #expect(uses.map { $0["line"] as? Int } == [7, 3])
        // The first use's spelling is the one asked for; others that differ say how they spell it.
        #expect(uses[0]["url"] == nil)
        #expect(uses[1]["url"] as? String == server.url("/missing"))
        #expect(results[2]["suggestion"] as? String == server.url("/og"))
        #expect((results[2]["redirects"] as? [[String: Any]])?.first?["status"] as? Int == 301)
    }

    @Test func checkLinksAsMarkdown() throws {
        let server = try FixtureServer()
        let site = try linkSite(server)
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(
            ["check", "--links", "--allow-private", "--retries", "0", "--format", "markdown"], in: site)
        #expect(result.status == 2)
        let markdown = result.stdout
        #expect(markdown.hasPrefix("# Link check\n"))
        for row in ["| 🔍 Total | 4 |", "| ✅ OK | 2 |", "| 🔀 Redirected | 1 |", "| 🚫 Broken | 1 |"] {
            #expect(markdown.contains("\n\(row)\n"), "\(row)")
        }
        #expect(
            markdown.contains(
                """
                ## Errors per file

                ### links/list.md

                * [404] <\(server.url("/missing#part"))> (line 7) | 404 Not Found

                ### links/reading/missing.md

                * [404] <\(server.url("/missing"))> (line 3) | 404 Not Found

                ## Redirects per file

                ### links/list.md

                * [301] <\(server.url("/redirect/301"))> (line 5) → <\(server.url("/og"))>
                """), "\(markdown)")
        #expect(markdown.contains("## Problems in the site\n\n* `links/reading/missing.md:3` **warning** LINKY109"))
    }

    @Test func checkLinksExitsZeroWhenEverythingWorksAndRedirectsFailOnlyWithStrict() throws {
        let server = try FixtureServer()
        let site = try linkSite(server)
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.removeItem(at: site.appending(path: "links/reading/missing.md"))
        let excluded = try run(
            ["check", "--links", "--allow-private", "--exclude", "/missing", "--format", "github"], in: site)
        #expect(excluded.status == 0, "\(excluded.stdout)")
        #expect(
            excluded.stdout.contains(
                "::warning file=links/list.md,line=5,title=LINKY202 moved-link::\(server.url("/redirect/301")) moved permanently to \(server.url("/og"))%0Aupdate the link to the new address"
            ))
        #expect(excluded.stdout.contains("; 1 excluded."))
        let strict = try run(["check", "--links", "--allow-private", "--exclude", "/missing", "--strict"], in: site)
        #expect(strict.status == 2)
        let accepted = try run(
            ["check", "--links", "--allow-private", "--no-cache", "--retries", "0", "--accept", "200..299,404"],
            in: site)
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    /// `link-status.json` across runs: a 404 failing in two runs (`--dead-after 0`) is dead; a timeout
    /// once, then an answer, is not; a 301 is moved, with its new address; an address the site no
    /// longer has is dropped.
    @Test func checkLinksKeepsWhatItFoundInLinkStatusJSON() throws {
        let server = try FixtureServer()
        let site = try linkSite(server)
        defer { try? FileManager.default.removeItem(at: site) }
        try "---\nurl: \(server.url("/slow?s=3"))\ntitle: Slow\n---\n".write(
            to: site.appending(path: "links/reading/slow.md"), atomically: true, encoding: .utf8)
        func status() throws -> [String: [String: Any]] {
            let data = try Data(contentsOf: site.appending(path: "link-status.json"))
            let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let links = try #require(file["links"] as? [String: [String: Any]])
            // `/missing` is written twice (once with `#part`): one entry, under either spelling.
            return Dictionary(
                uniqueKeysWithValues: links.values.map {
                    (($0["url"] as! String).replacingOccurrences(of: "#part", with: ""), $0)
                })
        }
        let quick = ["check", "--links", "--allow-private", "--no-cache", "--retries", "0", "--dead-after", "0"]
        let first = try run(quick + ["--timeout", "1"], in: site)
        #expect(first.status == 2)
        var links = try status()
        let missing = server.url("/missing")
        #expect(links[missing]?["state"] as? String == "broken" && links[missing]?["failed_runs"] as? Int == 1)
        #expect(links[missing]?["dead_since"] == nil, "one failing run is not death")
        #expect(links[server.url("/slow?s=3")]?["state"] as? String == "unreachable")
        #expect(links[server.url("/redirect/301")]?["state"] as? String == "moved")
        #expect(links[server.url("/redirect/301")]?["final_url"] as? String == server.url("/og"))
        #expect(links[server.url("/ok/good")]?["state"] as? String == "ok")

        let second = try run(quick + ["--timeout", "6"], in: site)
        #expect(second.status == 2)
        links = try status()
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        #expect(links[missing]?["dead_since"] as? String == today, "\(links[missing] ?? [:])")
        #expect(links[missing]?["failed_runs"] as? Int == 2)
        #expect(links[server.url("/slow?s=3")]?["state"] as? String == "ok", "a timeout once is not death")
        #expect(links[server.url("/slow?s=3")]?["dead_since"] == nil)

        // The site says so: the dead link's card has the badge and the archived copy, the moved one
        // its new address; links.json and the search index carry it.
        let build = try run(["build", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        let output = site.appending(path: "_site")
        let reading = try String(contentsOf: output.appending(path: "c/reading/index.html"), encoding: .utf8)
        #expect(reading.contains(#"<li class="link is-dead" data-link-id="#))
        #expect(
            reading.contains(#"<span class="health-badge">Dead link</span> found dead on <time datetime="\#(today)">"#))
        #expect(reading.contains("href=\"https://web.archive.org/web/2/\(missing)\""))
        #expect(!reading.contains("https://web.archive.org/web/2/\(server.url("/ok/good"))\" rel"), "only dead links")
        let pages = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".html") }
        let moved = try pages.contains {
            try String(contentsOf: output.appending(path: $0), encoding: .utf8).contains(
                "Moved to <a href=\"\(server.url("/og"))\">")
        }
        #expect(moved, "the 301's card shows where it went")
        let collection = try String(contentsOf: output.appending(path: "links.json"), encoding: .utf8)
        #expect(collection.contains(#""dead_since" : "\#(today)""#))
        #expect(collection.contains(#""moved_to" : "\#(server.url("/og"))""#))
        #expect(
            try String(contentsOf: output.appending(path: "search-index.json"), encoding: .utf8).contains(
                #""x":"\#(today)""#))
        // The curator's page lists the dead and the moved links, each where it is written.
        try "title: Links\nbroken_links_page: true\n".write(
            to: site.appending(path: "linky.yml"), atomically: true, encoding: .utf8)
        #expect(try run(["build", site.path]).status == 0)
        let broken = try String(contentsOf: output.appending(path: "broken/index.html"), encoding: .utf8)
        #expect(broken.contains("<span class=\"broken-source\">links/reading/missing.md:3</span>"), "\(broken)")
        #expect(broken.contains("Moved to <a href=\"\(server.url("/og"))\""))
        #expect(!broken.contains(server.url("/ok/good")))
        #expect(!(try String(contentsOf: output.appending(path: "sitemap.xml"), encoding: .utf8)).contains("broken/"))
        // hide_dead_links leaves it out of the site.
        try "title: Links\nhide_dead_links: true\n".write(
            to: site.appending(path: "linky.yml"), atomically: true, encoding: .utf8)
        #expect(try run(["build", site.path]).status == 0)
        #expect(!(try String(contentsOf: output.appending(path: "links.json"), encoding: .utf8)).contains("/missing"))
        try "title: Links\n".write(to: site.appending(path: "linky.yml"), atomically: true, encoding: .utf8)

        // --fix asks the availability API for the dead link's snapshot, keeps it in link-status.json and
        // writes it into the link file (the list file that also uses the address stays as it was).
        let listBefore = try String(contentsOf: site.appending(path: "links/list.md"), encoding: .utf8)
        let fix = try run(quick + ["--fix", "--archive-api", server.url("/wayback/available")], in: site)
        #expect(fix.status == 2, "\(fix.stderr)")
        #expect(fix.stderr.contains("Archived copies: 1 found for 1 dead link."), "\(fix.stderr)")
        let day = today.replacingOccurrences(of: "-", with: "")
        let recorded = try status()[missing]?["archive_url"] as? String
        #expect(recorded?.hasPrefix("https://web.archive.org/web/\(day)000000/\(missing)") == true, "\(recorded ?? "")")
        let file = try String(contentsOf: site.appending(path: "links/reading/missing.md"), encoding: .utf8)
        #expect(
            file.hasPrefix("---\ntitle: Missing\nurl: \(missing)\narchive: https://web.archive.org/web/\(day)000000/"),
            "\(file)")
        #expect(file.hasSuffix("\n---\nA note.\n"))
        #expect(try String(contentsOf: site.appending(path: "links/list.md"), encoding: .utf8) == listBefore)
        #expect(try run(["build", site.path]).status == 0)
        let page = try String(contentsOf: output.appending(path: "l/reading/missing/index.html"), encoding: .utf8)
        #expect(page.contains("<p class=\"archive-link\"><a href=\"https://web.archive.org/web/\(day)000000/"))

        try FileManager.default.removeItem(at: site.appending(path: "links/reading/slow.md"))
        _ = try run(quick, in: site)
        #expect(try status()[server.url("/slow?s=3")] == nil, "the site no longer has it")
        #expect(try status()[missing]?["dead_since"] as? String == today)
    }

    @Test func checkLinksChangedSinceOnlyLooksAtChangedFiles() throws {
        let server = try FixtureServer()
        let site = try linkSite(server)
        defer { try? FileManager.default.removeItem(at: site) }
        try git(["init", "-q"], in: site)
        try git(["add", "-A"], in: site)
        try git(["commit", "-q", "-m", "links"], in: site)
        try "---\nurl: \(server.url("/gone"))\ntitle: Good no more\n---\n".write(
            to: site.appending(path: "links/reading/good.md"), atomically: true, encoding: .utf8)
        try "---\nurl: \(server.url("/ok/new"))\ntitle: New\n---\n".write(
            to: site.appending(path: "links/new.md"), atomically: true, encoding: .utf8)

        let result = try run(
            ["check", "--links", "--allow-private", "--changed-since", "HEAD", "--format", "json", "--no-cache"],
            in: site)
        #expect(result.status == 2, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let links = report?["links"] as? [String: Any]
        #expect(
            (links?["results"] as? [[String: Any]])?.map { $0["url"] as? String }
                == ["/gone", "/ok/new"].map(server.url))
        #expect(links?["changed_since"] as? String == "HEAD")
        let text = try run(["check", "--links", "--allow-private", "--changed-since", "HEAD", "--no-cache"], in: site)
        #expect(text.stderr.contains("Checked 2 links (2 uses) in 2 files changed since HEAD in "))

        try git(["add", "-A"], in: site)
        try git(["commit", "-q", "-m", "more"], in: site)
        let nothing = try run(["check", "--links", "--allow-private", "--changed-since", "HEAD"], in: site)
        #expect(nothing.status == 0)
        #expect(nothing.stderr.hasSuffix("Links: none in files changed since HEAD.\n"))

        let unknown = try run(["check", "--links", "--allow-private", "--changed-since", "no-such-branch"], in: site)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("error: \"no-such-branch\" is not a commit in this repository"))
        let elsewhere = try linkSite(server)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let notGit = try run(["check", elsewhere.path, "--links", "--allow-private", "--changed-since", "HEAD"])
        #expect(notGit.status == 64)
        #expect(notGit.stderr.contains("is not in a git repository"))
        #expect(try run(["check", "--changed-since", "HEAD"], in: site).status == 64)
    }

    @Test func checkUsageErrorsAndHelp() throws {
        for arguments in [
            ["--links", "--allow-private", "--exclude", "("], ["--links", "--allow-private", "--accept", "99"],
            ["--links", "--allow-private", "--max-cache-age", "soon"],
            ["--links", "--allow-private", "--per-host", "0"], ["--links", "--allow-private", "--timeout", "0"],
            ["--format", "yaml"],
        ] {
            #expect(try run(["check"] + arguments).status == 64, "\(arguments)")
        }
        #expect(try run(["check", "/nonexistent/site"]).status == 66)
        let help = try run(["check", "--help"])
        #expect(help.status == 0)
        for text in [
            "--links", "--allow-private", "--changed-since", "--format", "--strict", "--drafts", "--timeout",
            "--retries", "--per-host",
            "--concurrency", "--max-cache-age", "--no-cache", "--exclude", "--accept", "Examples:", "Exit codes",
        ] {
            #expect(help.stdout.contains(text), "\(text)")
        }
        #expect(try run(["--help"]).stdout.contains("check"))
    }

    /// Runs git in `folder`, with an identity and without the user's configuration.
    func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging([
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
            "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        ]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        while process.isRunning { usleep(2_000) }
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }
}
