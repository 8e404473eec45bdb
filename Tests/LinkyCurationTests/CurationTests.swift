import Foundation
import LinkyBuild
import LinkyCuration
import LinkyTheme
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct CurationTests {
    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "linky-curation-\(UUID().uuidString)")
    }

    @Test func aNewSiteBuildsWithoutWarnings() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try SiteScaffold(folder: folder).create(title: "Team \"Links\": 모음")
        #expect(written.contains(".github/workflows/pages.yml"))
        #expect(written.contains("links/places-to-eat.md"))
        let report = await SiteBuilder().build(BuildOptions(siteFolder: folder))
        #expect(report.outcome == .success)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let site = try #require(report.site)
        #expect(site.config.title == "Team \"Links\": 모음")
        #expect(site.links.count >= 12)
        #expect(site.categories.filter { $0.parent == 0 }.count == 3)
        #expect(site.links.contains { $0.title.contains("훈민정음") })
        #expect(site.tags.contains { $0.name == "JavaScript" && $0.links.count == 1 })
        // The output, the state a build leaves beside it and the link checker's cache are local state, not content.
        let ignored = try String(contentsOf: folder.appending(path: ".gitignore"), encoding: .utf8)
        #expect(ignored.split(separator: "\n") == ["_site/", ".*.linky-*", ".linky-check-cache.json"])
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".linky-") }
        #expect(Set(beside) == ["._site.linky-parses", "._site.linky-state"])
        #expect(beside.allSatisfy { fnmatch(".*.linky-*", $0, 0) == 0 })
    }

    @Test func aReleasePinsTheWorkflowsActionToItsOwnTag() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try SiteScaffold(folder: folder).create(release: "1.4.0")
        let workflow = try String(contentsOf: folder.appending(path: ".github/workflows/pages.yml"), encoding: .utf8)
        let step = "        uses: linky-site/linky-site@v1.4.0\n        with:\n          strict: true\n"
        #expect(workflow.contains(step))
        #expect(!workflow.contains("@main") && !workflow.contains("version: latest"))
        #expect(!workflow.contains("swift build"))
    }

    @Test func newNeverWritesIntoAFolderWithFiles() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "mine".write(to: folder.appending(path: "notes.txt"), atomically: true, encoding: .utf8)
        #expect(throws: SiteScaffold.Failure.folderNotEmpty(folder.path)) { try SiteScaffold(folder: folder).create() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    @Test func ejectCopiesTheWholeThemeAndKeepsExistingFiles() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try SiteScaffold(folder: folder).create()
        try FileManager.default.createDirectory(
            at: folder.appending(path: "templates"), withIntermediateDirectories: true)
        try "<p>mine</p>".write(to: folder.appending(path: "templates/404.mustache"), atomically: true, encoding: .utf8)
        let result = try ThemeEjector(siteFolder: folder).eject()
        #expect(result.kept == ["templates/404.mustache"])
        #expect(result.written.count == DefaultTheme.files.count - 1)
        #expect(
            try String(contentsOf: folder.appending(path: "templates/404.mustache"), encoding: .utf8) == "<p>mine</p>")
        // The ejected theme builds the same site as the built-in one.
        let report = await SiteBuilder().build(BuildOptions(siteFolder: folder))
        #expect(report.outcome == .success)
        #expect(report.diagnostics.isEmpty)
        let forced = try ThemeEjector(siteFolder: folder).eject(overwrite: true)
        #expect(forced.kept.isEmpty)
        #expect(
            try String(contentsOf: folder.appending(path: "templates/404.mustache"), encoding: .utf8) != "<p>mine</p>")
    }
}
