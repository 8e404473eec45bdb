import Foundation
import LinkyTestSupport
import Testing

/// `linky-site add`, run as a user runs it, against the fixture server on 127.0.0.1.
extension CommandLineTests {
    func addSite() throws -> URL {
        try temporarySite([
            "linky.yml": "title: Test\n",
            "links/reading/_index.md": "---\ntitle: Reading\n---\n",
            "links/reading/old.md": "---\nurl: https://example.com/old\ntitle: Old\n---\n",
            "links/places.md":
                "---\ntitle: Places\n---\n## Seoul\n- [A](https://a.example/) #맛집\n\n## Busan\n- [B](https://b.example/)\n",
        ])
    }

    @Test func addFetchesTheTitleAndWritesTheFile() throws {
        let server = try FixtureServer()
        let site = try addSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(
            [
                "add", server.url("/og"), "--allow-private", "--site", site.path, "--category", "Reading", "--tags",
                "swift, 한글",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Added links/reading/open-graph-and-friends.md\n")
        let text = try String(
            contentsOf: site.appending(path: "links/reading/open-graph-and-friends.md"), encoding: .utf8)
        let today = Self.today()
        #expect(
            text == """
                ---
                url: \(server.url("/og"))
                title: Open Graph & friends
                tags: [swift, 한글]
                date: \(today)
                description: The description from Open Graph.
                image: \(server.url("/img/og.png"))
                ---

                """)
        let cache = try String(contentsOf: site.appending(path: "metadata.json"), encoding: .utf8)
        #expect(cache.contains(#""favicon" : "\#(server.url("/icons/fav-32.png"))""#))
        // The new link builds; its icon is never hotlinked (the server has no picture there, so the
        // card draws the domain's initial instead).
        let build = try run(["build", site.path, "--base-url", "https://example.com/"])
        #expect(build.status == 0, "\(build.stderr)")
        let home = try String(contentsOf: site.appending(path: "_site/index.html"), encoding: .utf8)
        #expect(!home.contains(server.url("/icons/fav-32.png")))
        #expect(home.contains(#"<span class="domain t"#) && home.contains(#" data-i=""#))
    }

    @Test func addReadsEUCKRAndMakesAHangulSlugAndFolder() throws {
        let server = try FixtureServer()
        let site = try addSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run([
            "add", server.url("/euc-kr"), "--allow-private", "--site", site.path, "-c", "읽을 거리", "--date", "2024-05-01",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Added links/읽을-거리/한국어-페이지.md\n")
        let text = try String(contentsOf: site.appending(path: "links/읽을-거리/한국어-페이지.md"), encoding: .utf8)
        #expect(text.contains("title: 한국어 페이지\n"))
        #expect(text.contains("description: 설명입니다\n"))
        #expect(text.contains("date: 2024-05-01\n"))
        let index = try String(contentsOf: site.appending(path: "links/읽을-거리/_index.md"), encoding: .utf8)
        #expect(index == "---\ntitle: 읽을 거리\n---\n")
    }

    @Test func addDownloadsTheLinksPreviewPictureAndIcon() throws {
        let server = try FixtureServer()
        let site = try addSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run([
            "add", server.url("/card"), "--allow-private", "--site", site.path, "--date", "2024-05-01",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let index = try String(contentsOf: site.appending(path: "pictures/index.json"), encoding: .utf8)
        #expect(index.contains(#""\#(server.url("/pictures/photo.jpg"))" : {"#))
        #expect(index.contains(#""\#(server.url("/pictures/icon.ico"))" : {"#))
        let names = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "pictures").path)
        #expect(names.filter { $0.hasSuffix(".webp") }.count == 3, "\(names)")
        // Without pictures: nothing downloaded.
        let other = try addSite()
        defer { try? FileManager.default.removeItem(at: other) }
        let plain = try run(["add", server.url("/card"), "--allow-private", "--site", other.path, "--no-pictures"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other.appending(path: "pictures").path))
    }

    @Test func addRefusesADuplicateUnlessForced() throws {
        let site = try addSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let refused = try run([
            "add", "HTTPS://Example.com:443/old/?utm_source=x#top", "--site", site.path, "--no-fetch",
        ])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already in the collection: links/reading/old.md"))
        #expect(refused.stderr.contains("--force"))
        let forced = try run(
            ["add", "https://example.com/old", "--site", site.path, "--no-fetch", "--force", "--title", "Again"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout == "Added links/again.md\n")
    }

    @Test func addToAListFileSection() throws {
        let site = try addSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run([
            "add", "https://ko.wikipedia.org/wiki/자갈치시장", "--site", site.path, "--no-fetch", "-c", "places/seoul",
            "--title", "자갈치", "--tags", "맛집",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: site.appending(path: "links/places.md"), encoding: .utf8)
        #expect(
            text
                == "---\ntitle: Places\n---\n## Seoul\n- [A](https://a.example/) #맛집\n- [자갈치](https://ko.wikipedia.org/wiki/자갈치시장) #맛집\n\n## Busan\n- [B](https://b.example/)\n"
        )
        let spaced = try run([
            "add", "https://c.example/", "--site", site.path, "--no-fetch", "-c", "places", "--tags", "two words",
        ])
        #expect(spaced.status == 64)
        #expect(spaced.stderr.contains("#tag is one word"))
    }

    @Test func addKeepsTheLinkWhenThePageCannotBeRead() throws {
        let server = try FixtureServer()
        let site = try addSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let missing = try run([
            "add", server.url("/missing"), "--allow-private", "--site", site.path, "--title", "Gone",
        ])
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("404"))
        let slow = try run(["add", server.url("/slow?s=4"), "--allow-private", "--site", site.path, "--timeout", "1"])
        #expect(slow.status == 0)
        #expect(slow.stderr.contains("timed out"))
        #expect(slow.stdout == "Added links/127-0-0-1-\(server.port)-slow-s-4.md\n")
        let invalid = try run(["add", "javascript:alert(1)", "--site", site.path])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("javascript"))
    }

    @Test func addTimeoutIsADeadlineForTheWholePage() throws {
        // The server sends its headers, then a byte a second: no read ever waits a second.
        let server = try FixtureServer()
        let site = try addSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let started = ContinuousClock.now
        let drip = try run(["add", server.url("/drip"), "--allow-private", "--site", site.path, "--timeout", "3"])
        // The page never ends: without a deadline `add` would run for a day. (About 3 s on an idle machine.)
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(drip.status == 0, "\(drip.stderr)")
        #expect(drip.stderr.contains("timed out"))
        #expect(drip.stdout.hasPrefix("Added links/"))
    }

    static func today() -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
