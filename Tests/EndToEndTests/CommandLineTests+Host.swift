import Foundation
import Testing

/// What `build` says of the output's size, and a site too large for the host of `host:`, as a user runs them.
extension CommandLineTests {
    @Test func theBuildEndsWithTheOutputsSizeAndWhatItsHostTakes() throws {
        let site = try temporarySite([
            "linky.yml": "title: Sizes\nhost: github-pages\n",
            "links/a.md": Self.good,
            "static/notes.txt": String(repeating: "x", count: 100_000),
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["build", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.dropLast().last?.hasPrefix("Built 1 link") == true, "\(result.stderr)")
        let files = try #require(FileManager.default.enumerator(atPath: site.appending(path: "_site").path))
            .allObjects.compactMap { $0 as? String }
            .filter { path in
                var folder: ObjCBool = false
                FileManager.default.fileExists(atPath: site.appending(path: "_site/\(path)").path, isDirectory: &folder)
                return !folder.boolValue && path != ".linky-site-output"
            }
        // notes.txt (97.7 KiB) outweighs every page and script of a one-link site.
        let expected = try #require(
            lines.last?.wholeMatch(
                of:
                    /The output has ([0-9,]+) files, [0-9.]+ KiB; the largest is notes.txt \(97.7 KiB\); GitHub Pages takes up to 1.00 GiB\./
            ), "\(result.stderr)")
        #expect(Int(expected.1.replacingOccurrences(of: ",", with: "")) == files.count)

        // -q prints only problems (here the missing base_url).
        let quiet = try run(["build", site.path, "-q"])
        #expect(quiet.status == 0 && !quiet.stderr.contains("The output has"), "\(quiet.stderr)")
        #expect(!quiet.stderr.contains("Built "), "\(quiet.stderr)")
    }

    @Test func aSiteTooLargeForItsHostFailsNamingTheLineAndLeavesTheOutput() throws {
        let site = try temporarySite([
            "linky.yml": "title: Big\nhost: cloudflare-pages\n",
            "links/a.md": Self.good,
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(try run(["build", site.path]).status == 0)
        let index = try Data(contentsOf: site.appending(path: "_site/index.html"))
        try FileManager.default.createDirectory(
            at: site.appending(path: "static/video"), withIntermediateDirectories: true)
        try Data(count: 30 << 20).write(to: site.appending(path: "static/video/talk.mp4"))
        try (Self.good.replacingOccurrences(of: "title: A", with: "title: A changed"))
            .write(to: site.appending(path: "links/a.md"), atomically: true, encoding: .utf8)

        let result = try run(["build", site.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "linky.yml:2: error[LINKY187]: video/talk.mp4 is 30.0 MiB, more than the 25.0 MiB a file Cloudflare Pages takes"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("Build failed: 1 error"), "\(result.stderr)")
        #expect(result.stderr.contains("the previous output is unchanged."), "\(result.stderr)")
        #expect(try Data(contentsOf: site.appending(path: "_site/index.html")) == index)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "_site/video/talk.mp4").path))
    }

    @Test func aNewSiteIsForGitHubPages() throws {
        let parent = FileManager.default.temporaryDirectory.appending(path: "linky-cli-new-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        #expect(try run(["new", "my-links"], in: parent).status == 0)
        let settings = try String(contentsOf: parent.appending(path: "my-links/linky.yml"), encoding: .utf8)
        #expect(settings.contains("\nhost: github-pages\n"))
        #expect(
            try String(contentsOf: parent.appending(path: "my-links/.github/workflows/pages.yml"), encoding: .utf8)
                .contains("deploy-pages"))
        let built = try run(["build", "my-links"], in: parent)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("GitHub Pages takes up to 1.00 GiB."), "\(built.stderr)")
    }
}
