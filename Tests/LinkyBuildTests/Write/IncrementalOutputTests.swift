import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// A rebuild into an existing output writes only the files whose bytes changed, removes only the
/// files the site no longer has, and ends exactly where a build into an empty folder would.
@Suite struct IncrementalOutputTests {
    static func site() throws -> TestSite {
        try TestSite([
            "links/reading/a.md": TestSite.link(
                url: "https://a.example/", title: "Alpha", tags: "[swift, 맛집]", date: "2024-05-01", note: "A note."),
            "links/reading/b.md": TestSite.link(
                url: "https://b.example/", title: "Beta", tags: "[swift]", date: "2024-04-01", note: "B note."),
            "links/places/c.md": TestSite.link(url: "https://c.example/", title: "Gamma", date: "2023-01-01"),
            "static/robots.txt": "User-agent: *\n",
        ])
    }

    /// The output of a build of the same site into a new folder.
    func freshBuild(_ site: TestSite) async throws -> [String: Data] {
        let folder = site.folder.appending(path: "fresh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = await site.build(output: folder)
        #expect(report.outcome == .success)
        #expect(!report.updatedInPlace)
        return try filesBelow(folder)
    }

    @Test func aRebuildWithNoChangeWritesNothing() async throws {
        let site = try Self.site()
        defer { site.remove() }
        let first = await site.build()
        #expect(first.outcome == .success && !first.updatedInPlace)
        let before = try filesBelow(site.output)
        let again = await site.build()
        #expect(again.updatedInPlace)
        #expect(again.filesWritten == 0)
        #expect(again.filesRemoved == 0)
        #expect(again.filesUnchanged == again.fileCount)
        #expect(try filesBelow(site.output) == before)
    }

    @Test func aChangedLinkRewritesOnlyThePagesThatShowIt() async throws {
        let site = try Self.site()
        defer { site.remove() }
        _ = await site.build()
        let before = try filesBelow(site.output)
        try site.write(
            "links/places/c.md", TestSite.link(url: "https://c.example/", title: "Gamma renamed", date: "2023-01-01"))
        let report = await site.build()
        #expect(report.updatedInPlace)
        let after = try filesBelow(site.output)
        #expect(after == (try await freshBuild(site)))
        let changed = Set(after.keys.filter { before[$0] != after[$0] })
        #expect(report.filesWritten == changed.count)
        #expect(changed.contains("c/places/index.html"))
        #expect(!changed.contains("l/reading/a/index.html"))
        #expect(!changed.contains("robots.txt"))
        #expect(report.filesWritten < report.fileCount / 2)
    }

    @Test func aRemovedLinkTakesItsPageAndEmptyFoldersAlong() async throws {
        let site = try Self.site()
        defer { site.remove() }
        _ = await site.build()
        #expect(site.exists("l/reading/b/index.html"))
        try FileManager.default.removeItem(at: site.folder.appending(path: "links/reading/b.md"))
        let report = await site.build()
        #expect(report.filesRemoved >= 1)
        #expect(!FileManager.default.fileExists(atPath: site.output.appending(path: "l/reading/b").path))
        #expect(try filesBelow(site.output) == (try await freshBuild(site)))
    }

    @Test func aCommittedUpdateIsFinishedByTheNextBuild() async throws {
        let site = try Self.site()
        defer { site.remove() }
        _ = await site.build()
        let old = try filesBelow(site.output)
        // An update that stops right after its commit point, as a build killed there would.
        let update = OutputUpdate(output: site.output)
        try update.begin()
        try update.stage("index.html", Data("new home".utf8))
        try update.stage("new/page/index.html", Data("new page".utf8))
        for (path, data) in old where path != "index.html" && path != "feed.xml" && path != OutputWriter.marker {
            try update.stage(path, data)
        }
        _ = try update.writeJournal()
        #expect(try filesBelow(site.output) == old)

        #expect(try OutputUpdate.recover(site.output))
        var expected = old
        expected["index.html"] = Data("new home".utf8)
        expected["new/page/index.html"] = Data("new page".utf8)
        expected["feed.xml"] = nil
        #expect(try filesBelow(site.output) == expected)
        let parent = try FileManager.default.contentsOfDirectory(atPath: site.folder.path)
        #expect(!parent.contains { $0.contains(".linky-journal") || $0.contains(".linky-tmp-") })
        #expect(try !OutputUpdate.recover(site.output))
    }

    @Test func anUncommittedUpdateLeavesTheOutputAsItWas() async throws {
        let site = try Self.site()
        defer { site.remove() }
        _ = await site.build()
        let old = try filesBelow(site.output)
        let update = OutputUpdate(output: site.output)
        try update.begin()
        try update.stage("index.html", Data("never published".utf8))
        // Killed before the commit point: the next build drops the staged files and rebuilds.
        let report = await site.build()
        #expect(!report.finishedInterruptedUpdate)
        #expect(try filesBelow(site.output) == old)
        let parent = try FileManager.default.contentsOfDirectory(atPath: site.folder.path)
        #expect(!parent.contains { $0.contains(".linky-tmp-") })
    }
}

@Suite struct TemplateRenderFailureTests {
    @Test func aPartialThatIncludesItselfWithoutEndStopsTheBuildAndKeepsTheOutput() async throws {
        let site = try IncrementalOutputTests.site()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let before = try filesBelow(site.output)
        try site.write("templates/partials/link_item.mustache", "<li>{{title}}</li>\n{{> partials/link_item}}\n")
        let report = await site.build()
        #expect(report.outcome == .contentErrors)
        let problem = try #require(report.diagnostics.first { $0.code == .invalidTemplate })
        #expect(problem.location?.path == "templates/partials/link_item.mustache")
        #expect(problem.message.contains("more than 256 levels"))
        #expect(try filesBelow(site.output) == before)
    }
}
