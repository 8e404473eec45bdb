import Foundation
import LinkyTestSupport
import Testing

/// What reaches the terminal: file names and messages with control characters are shown, not obeyed.
extension CommandLineTests {
    @Test func controlCharactersInFileNamesAreEscapedInEveryTextMessage() throws {
        let evil = "evil\u{1B}]0;X\u{07}.md"
        let site = try temporarySite([
            "links/\(evil)": "---\ntitle: No address\n---\n", "links/b.md": Self.good,
            "links/c.md": "---\nurl: https://c.example/\ntitle: C\u{1B}[2J\n---\n",
            "links/d\u{1B}[31m/e.md": "---\nurl: https://e.example/\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        for arguments in [["build", site.path], ["check", site.path]] {
            let result = try run(arguments)
            #expect(result.status == 1)
            #expect(!result.stderr.unicodeScalars.contains("\u{1B}"), "\(arguments[0]): \(result.stderr)")
            #expect(!result.stderr.unicodeScalars.contains("\u{07}"))
            #expect(result.stderr.contains("links/evil\\u{1B}]0;X\\u{7}.md:1: error[LINKY101]"))
            #expect(result.stderr.contains("links/d\\u{1B}[31m/e.md:1: error[LINKY102]"))
        }
        // The GitHub format already escaped them its own way; it still does.
        let github = try run(["build", site.path, "--format", "github"])
        #expect(!github.stdout.unicodeScalars.contains("\u{07}"))
    }

    /// Issue 39: a tag holding ESC or BEL is listed escaped, in the table and in JSON (the same data).
    @Test func tagsListEscapesControlCharactersInTagNames() throws {
        let site = try temporarySite([
            "links/a.md":
                "---\nurl: https://a.example/\ntitle: A\ntags: [\"evil\\e]0;pwned\\atag\", \"c1\\x9b31m\", \"rlo\\u202Eabc\"]\n---\n"
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let table = try run(["tags", "list", site.path])
        #expect(table.status == 0, "\(table.stderr)")
        for scalar: Unicode.Scalar in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] {
            #expect(!table.stdout.unicodeScalars.contains(scalar), "\(table.stdout)")
        }
        #expect(table.stdout.contains("evil\\u{1B}]0;pwned\\u{7}tag  tags/evil-0-pwned-tag/"), "\(table.stdout)")
        #expect(table.stdout.contains("c1\\u{9B}31m"))
        #expect(table.stdout.contains("rlo\\u{202E}abc"))
        let json = try run(["tags", "list", site.path, "--json"])
        for scalar: Unicode.Scalar in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] {
            #expect(!json.stdout.unicodeScalars.contains(scalar), "\(json.stdout)")
        }
        let listing = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let names = (listing?["tags"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(Set(names ?? []) == ["evil\u{1B}]0;pwned\u{07}tag", "c1\u{9B}31m", "rlo\u{202E}abc"])
    }

    /// Issue 39: a page's title and description with ESC, BEL and C1 in them are stored without them:
    /// `metadata.json`, the link file `--write` fills, and the built pages.
    @Test func controlCharactersFromAFetchedPageAreNotStored() throws {
        let server = try FixtureServer()
        let site = try temporarySite(["links/a.md": "---\nurl: \(server.url("/control"))\n---\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let fetch = try run(
            ["fetch", site.path, "--allow-private", "--write", "--no-pictures"], environment: ["CI": "true"])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let build = try run(["build", site.path, "--base-url", "https://example.com/"])
        #expect(build.status == 0, "\(build.stderr)")
        for path in ["metadata.json", "links/a.md", "_site/index.html", "_site/links.json"] {
            let text = try String(contentsOf: site.appending(path: path), encoding: .utf8)
            #expect(
                !text.unicodeScalars.contains(where: { $0.value < 0x20 ? $0 != "\n" : (0x7F...0x9F).contains($0.value) }
                ), "\(path)")
            #expect(text.contains("Evil]0;pwned title31m"), "\(path): \(text)")
        }
        #expect(
            try String(contentsOf: site.appending(path: "links/a.md"), encoding: .utf8)
                == "---\nurl: \(server.url("/control"))\ntitle: Evil]0;pwned title31m\ndescription: Rings31m twice end\n---\n"
        )
    }
}
