import Foundation
import LinkyTestSupport
import Testing

/// The command line's habits, as Hugo users have them: a misspelled command names the nearest one,
/// `-D` and `-b` are short for `--drafts` and `--base-url`, `server` is `serve`, and settings in
/// another format are an error that says so.
extension CommandLineTests {
    @Test func aMisspelledCommandSuggestsTheNearest() throws {
        let typo = try run(["biuld", "."])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("linky-site: 'biuld' is not a command. Did you mean 'build'?"), "\(typo.stderr)")
        let alias = try run(["servr"])
        #expect(alias.stderr.contains("Did you mean 'serve'?"), "\(alias.stderr)")
        let far = try run(["completely-unknown"])
        #expect(far.status == 64 && !far.stderr.contains("Did you mean"))
        let server = try run(["server", "--help"])
        #expect(server.status == 0 && server.stdout.contains("Preview the site locally"))
    }

    @Test func shortFlagsForDraftsAndBaseURL() throws {
        let site = try temporarySite([
            "links/a.md": Self.good,
            "links/b.md": "---\nurl: https://example.com/draft\ntitle: Draft\ndraft: true\ndate: 2024-01-02\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let build = try run(["build", site.path, "-D", "-b", "https://short.example/"])
        #expect(build.status == 0, "\(build.stderr)")
        let feed = try String(contentsOf: site.appending(path: "_site/feed.xml"), encoding: .utf8)
        #expect(feed.contains("https://short.example/feed.xml"))
        #expect(feed.contains("<title>Draft</title>"))
    }

    @Test func settingsInAnotherFormatAreAnErrorThatSaysSo() throws {
        let site = try temporarySite(["links/a.md": Self.good, "linky.toml": "title = \"Mine\"\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let build = try run(["build", site.path, "--base-url", "https://example.com/"])
        #expect(build.status == 1)
        #expect(
            build.stderr.contains(
                "linky.toml: error[LINKY150]: linky.toml is not read: linky-site's settings are YAML, in linky.yml"),
            "\(build.stderr)")
    }
}
