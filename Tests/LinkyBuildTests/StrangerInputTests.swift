import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// A site folder from a stranger (issue 39): only regular files are read, and nesting is bounded
/// wherever the input decides how deep the build recurses. The time limit catches a hang (a FIFO read
/// forever), not slowness: on a shared 2-core machine under load these tests took over two minutes.
@Suite(.timeLimit(.minutes(10))) struct StrangerInputTests {
    static let good = TestSite.link(url: "https://example.com/ok", title: "Fine", date: "2024-01-01")

    // MARK: - Depth

    /// 20 KB: a list nested 10,000 levels, one `- ` a level, ending in a link.
    static let deepList = String(repeating: "- ", count: 10_000) + "[a](https://a.example)\n"

    @Test func aListNested10000DeepIsAnErrorAtItsLine() async throws {
        let site = try TestSite(["links/a.md": Self.good, "links/deep.md": "# Deep\n\nIntro.\n\n" + Self.deepList])
        defer { site.remove() }
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.code == .nestedTooDeep })
        #expect(error.location?.path == "links/deep.md")
        #expect(error.location?.line == 5)
        #expect(error.severity == .error)
        #expect(report.outcome == .contentErrors)
    }

    @Test func aListWithinTheLimitIsRead() async throws {
        let list = (0..<50).map { String(repeating: "  ", count: $0) + "- [l\($0)](https://l\($0).example)" }
        let site = try TestSite(["links/list.md": "# List\n\n" + list.joined(separator: "\n") + "\n"])
        defer { site.remove() }
        let report = await site.build()
        #expect(!report.diagnostics.contains { $0.code == .nestedTooDeep })
        #expect(report.outcome == .success)
    }

    @Test func aNoteQuoted10000DeepIsAnErrorAtItsLine() async throws {
        let note = "First line.\n\n" + String(repeating: "> ", count: 10_000) + "deep\n"
        let site = try TestSite(["links/q.md": TestSite.link(url: "https://q.example", title: "Q", note: note)])
        defer { site.remove() }
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.code == .nestedTooDeep })
        #expect(error.location?.path == "links/q.md")
        let text = try String(contentsOf: site.folder.appending(path: "links/q.md"), encoding: .utf8)
        let deepLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("> ") }
        #expect(error.location?.line == deepLine.map { $0 + 1 })
        #expect(report.outcome == .contentErrors)
    }

    /// `[[…]]` and `{a: {a: …}}`, as deep as `levels`.
    static func deepYAML(flow: Bool, levels: Int) -> String {
        flow
            ? String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
            : String(repeating: "{a: ", count: levels) + "1" + String(repeating: "}", count: levels)
    }

    @Test(arguments: [(true, 150), (false, 150), (true, 10_000)])
    func deepYAMLIsAnErrorInEveryFileThatHasIt(flow: Bool, levels: Int) async throws {
        let value = Self.deepYAML(flow: flow, levels: levels)
        let site = try TestSite([
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ndeep: \(value)\n---\n",
            "tags.yml": "swift:\n  title: Swift\ndeep: \(value)\n",
            "linky.yml": "title: T\ndeep: \(value)\n",
        ])
        defer { site.remove() }
        let report = await site.build()
        let errors = report.diagnostics.filter { $0.code == .nestedTooDeep }
        #expect(Set(errors.compactMap(\.location?.path)) == ["links/a.md", "tags.yml", "linky.yml"])
        #expect(errors.first { $0.location?.path == "links/a.md" }?.location?.line == 4)
        #expect(errors.first { $0.location?.path == "tags.yml" }?.location?.line == 3)
        #expect(report.outcome == .contentErrors)
    }

    @Test func deepBlockYAMLIsAnError() async throws {
        let nested = (1...150).map { String(repeating: "  ", count: $0) + "a:" }.joined(separator: "\n")
        let site = try TestSite([
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ndeep:\n\(nested) 1\n---\n"
        ])
        defer { site.remove() }
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.code == .nestedTooDeep })
        #expect(error.location?.path == "links/a.md")
    }

    @Test func folders200DeepStopAtTheLimitWithAnError() async throws {
        let deep = Array(repeating: "a", count: 200).joined(separator: "/")
        let site = try TestSite(["links/a.md": Self.good, "links/\(deep)/x.md": Self.good])
        defer { site.remove() }
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.code == .nestedTooDeep })
        let limit = ContentLimits.maximumFolderDepth
        #expect(error.location?.path == "links/" + Array(repeating: "a", count: limit + 1).joined(separator: "/"))
        #expect(report.outcome == .contentErrors)
    }

    @Test func aLongChainOfTagParentsIsAnError() async throws {
        let chain = (0..<40).map { "t\($0):\n  parent: t\($0 + 1)\n" }.joined()
        let site = try TestSite([
            "tags.yml": chain, "links/a.md": TestSite.link(url: "https://a.example", title: "A", tags: "[t0]"),
        ])
        defer { site.remove() }
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.code == .nestedTooDeep })
        #expect(error.location?.path == "tags.yml")
        #expect(report.outcome == .contentErrors)
    }

    // MARK: - Only regular files

    @Test func aFIFOInStaticIsAWarningAndTheBuildFinishes() async throws {
        let site = try TestSite(["links/a.md": Self.good, "static/robots.txt": "User-agent: *\n"])
        defer { site.remove() }
        #expect(mkfifo(site.folder.appending(path: "static/pipe").path, 0o644) == 0)
        let report = await site.build()
        let warning = try #require(report.diagnostics.first { $0.location?.path == "static/pipe" })
        #expect(warning.severity == .warning)
        #expect(warning.code == .unreadableFile)
        #expect(report.outcome == .success)
        #expect(site.exists("robots.txt"))
        #expect(!site.exists("pipe"))
        // The update of an existing output takes the same way.
        let again = await site.build()
        #expect(again.outcome == .success)
    }

    @Test func aFIFOAsATemplateIsAnErrorNotTheBuiltInTemplate() async throws {
        let site = try TestSite(["links/a.md": Self.good])
        defer { site.remove() }
        try FileManager.default.createDirectory(
            at: site.folder.appending(path: "templates"), withIntermediateDirectories: true)
        #expect(mkfifo(site.folder.appending(path: "templates/404.mustache").path, 0o644) == 0)
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.location?.path == "templates/404.mustache" })
        #expect(error.severity == .error)
        #expect(error.code == .unreadableFile)
        #expect(report.outcome == .contentErrors)
        #expect(!site.exists("404.html"))
    }

    @Test func aSymbolicLinkToAFIFOInTheContentIsAnError() async throws {
        let site = try TestSite(["links/a.md": Self.good])
        defer { site.remove() }
        #expect(mkfifo(site.folder.appending(path: "pipe").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appending(path: "links/b.md").path, withDestinationPath: "../pipe")
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.location?.path == "links/b.md" })
        #expect(error.severity == .error)
        #expect(report.outcome == .contentErrors)
    }

    static let pictureIndex = #"""
        {"version": 1, "pictures": {
          "https://a.example/og.png": {"kind": "preview", "sha256": "aa", "width": 1200, "height": 630,
            "fetched": "2024-09-18", "files": [
              {"name": "aaaaaaaaaaaaaaaaaaaaaaaa-400w.webp", "width": 400, "height": 210, "bytes": 6}]}
        }}
        """#

    @Test(arguments: [false, true])
    func aPictureThatIsASymbolicLinkIsNotPublished(rebuild: Bool) async throws {
        let site = try TestSite([
            "links/a.md": "---\nurl: https://a.example\ntitle: A\nimage: https://a.example/og.png\n---\n",
            "pictures/index.json": Self.pictureIndex, "pictures/aaaaaaaaaaaaaaaaaaaaaaaa-400w.webp": "webp..",
        ])
        defer { site.remove() }
        let name = "pictures/aaaaaaaaaaaaaaaaaaaaaaaa-400w.webp"
        if rebuild {
            // An output that already has the picture is updated in place.
            #expect(await site.build().outcome == .success)
            #expect(site.exists(name))
        }
        let secret = site.folder.deletingLastPathComponent().appending(path: "linky-secret-\(UUID().uuidString)")
        try Data("secret".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        try FileManager.default.removeItem(at: site.folder.appending(path: name))
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appending(path: name).path, withDestinationPath: secret.path)
        let report = await site.build()
        let warning = try #require(report.diagnostics.first { $0.location?.path == name })
        #expect(warning.code == .outsideSite)
        #expect(warning.severity == .warning)
        let published = site.output.appending(path: name).path
        var status = stat()
        #expect(lstat(published, &status) != 0, "the picture is in the output")
        let everything = try filesBelow(site.output)
        #expect(!everything.values.contains(Data("secret".utf8)))
    }
}
