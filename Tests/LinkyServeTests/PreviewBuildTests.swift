import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// The in-memory build behind `serve`: the same bytes as `build`, and incremental updates that end
/// where a full rebuild would.
@Suite struct PreviewBuildTests {
    func options(_ folder: URL) -> BuildOptions { BuildOptions(siteFolder: folder) }

    @Test func rendersWhatBuildWrites() async throws {
        let folder = try ServerHarness.site(Fixture.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = await PreviewBuild(options: options(folder))
        #expect(!preview.hasErrors)
        let output = folder.appending(path: "out")
        let report = await SiteBuilder().build(BuildOptions(siteFolder: folder, outputFolder: output))
        #expect(report.outcome == .success)
        var written: [String: Data] = [:]
        let base = output.standardizedFileURL.path
        for case let url as URL in FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil)! {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
                !url.lastPathComponent.hasPrefix(".")
            else { continue }
            written[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        // Static files are served from disk, not rendered.
        let rendered = written.filter { !["robots.txt", "images/big.bin"].contains($0.key) }
        #expect(Set(rendered.keys) == Set(preview.files.keys))
        for (path, data) in rendered { #expect(preview.files[path] == data, "\(path)") }
    }

    @Test(arguments: [
        // Title and note: same place in the order.
        (
            "swift",
            Fixture.link("Swift concurrency!", url: "https://example.com/swift", tags: ["swift"], note: "Changed note.")
        ),
        // On the second page of its category.
        (
            "go",
            Fixture.link(
                "Go tour", url: "https://example.com/go", tags: ["go", "swift"], date: "2022-03-01", note: "New.")
        ),
        // The date moves it within its year and keeps its place.
        ("rust", Fixture.link("Rust book", url: "https://example.com/rust", tags: ["rust"], date: "2023-06-02")),
        // Favourite, description.
        (
            "swift",
            "---\nurl: https://example.com/swift\ntitle: Swift concurrency\ntags: [swift]\ndate: 2024-05-01\nfavorite: true\ndescription: Now described.\n---\nA note.\n"
        ),
        // A date that moves the link to another year and past other links.
        ("go", Fixture.link("Go tour", url: "https://example.com/go", tags: ["go", "swift"], date: "2023-09-01")),
    ])
    func anIncrementalUpdateEndsWhereAFullBuildWould(name: String, edit: String) async throws {
        let folder = try ServerHarness.site(Fixture.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        var preview = await PreviewBuild(options: options(folder))
        try ServerHarness.write(folder, "links/reading/\(name).md", edit)
        let update = await preview.update(["links/reading/\(name).md"])
        guard case .incremental(let paths) = update else {
            Issue.record("expected an incremental update, got \(update)")
            return
        }
        #expect(paths.contains("l/reading/\(name)/index.html"))
        #expect(!paths.contains("l/맛집/을지로/index.html"))
        #expect(preview.hasDeferredFiles)
        let deferred = await preview.renderDeferred()
        #expect(deferred.contains("links.json"))
        #expect(!preview.hasDeferredFiles)
        let fresh = await PreviewBuild(options: options(folder))
        #expect(Set(fresh.files.keys) == Set(preview.files.keys))
        for (path, data) in fresh.files { #expect(preview.files[path] == data, "\(path)") }
    }

    /// Every page may show the tags there are and how many links each has (a tag cloud, the counts on
    /// a link's tags): a change to them is the site's shape (`PageFingerprints`), and every page is
    /// made again — ending, as any update does, where a full build would.
    @Test(arguments: [
        // A new tag: its pages, the tag index and the search page's filters appear.
        ("swift", Fixture.link("Swift concurrency", url: "https://example.com/swift", tags: ["swift", "new", "맛집"])),
        // A tag only this link had goes away, with its pages.
        ("rust", Fixture.link("Rust book", url: "https://example.com/rust", tags: ["swift"], date: "2023-02-01")),
        (
            "rust",
            Fixture.link("Rust book", url: "https://example.com/rust", tags: ["rust", "new"], date: "2020-01-01")
        ),
    ])
    func aChangeToTheTagsThereAreEndsWhereAFullBuildWould(name: String, edit: String) async throws {
        let folder = try ServerHarness.site(Fixture.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        var preview = await PreviewBuild(options: options(folder))
        try ServerHarness.write(folder, "links/reading/\(name).md", edit)
        #expect(await preview.update(["links/reading/\(name).md"]) == .full)
        #expect(!preview.hasDeferredFiles)
        let fresh = await PreviewBuild(options: options(folder))
        #expect(Set(fresh.files.keys) == Set(preview.files.keys))
        for (path, data) in fresh.files { #expect(preview.files[path] == data, "\(path)") }
    }

    @Test func structuralChangesRebuildEverything() async throws {
        let folder = try ServerHarness.site(Fixture.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        var preview = await PreviewBuild(options: options(folder))
        // A new newest date changes every page's footer.
        try ServerHarness.write(
            folder, "links/reading/swift.md",
            Fixture.link(
                "Swift concurrency", url: "https://example.com/swift", tags: ["swift", "new"], date: "2025-01-01"))
        #expect(await preview.update(["links/reading/swift.md"]) == .full)
        #expect(preview.files["tags/new/index.html"] != nil)
        #expect(
            await preview.update(["links/reading/.swift.md.swp", "links/reading/swift.md~", "_site/x"]) == .unchanged)
        #expect(await preview.update(["static/robots.txt"]) == .staticFiles)
        try ServerHarness.write(folder, "linky.yml", "title: Renamed\npage_size: 2\n")
        #expect(await preview.update(["linky.yml"]) == .full)
        #expect(String(decoding: preview.files["index.html"]!, as: UTF8.self).contains("Renamed"))
    }

    @Test func aBrokenFileKeepsTheLastGoodOutput() async throws {
        let folder = try ServerHarness.site(Fixture.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        var preview = await PreviewBuild(options: options(folder))
        let before = preview.files
        try ServerHarness.write(folder, "links/reading/swift.md", "---\nurl: https://example.com/swift\n---\n")
        #expect(await preview.update(["links/reading/swift.md"]) == .failed)
        #expect(preview.hasErrors)
        #expect(preview.diagnostics.contains { $0.location?.path == "links/reading/swift.md" })
        #expect(preview.files == before)
        try ServerHarness.write(
            folder, "links/reading/swift.md", Fixture.link("Back", url: "https://example.com/swift", tags: ["swift"]))
        guard case .incremental = await preview.update(["links/reading/swift.md"]) else {
            Issue.record("fixing the file should be incremental")
            return
        }
        #expect(!preview.hasErrors)
    }

    /// Issue 39: saving a list nested 10,000 deep while `serve` runs is an error it shows, not a
    /// crash of the server; a FIFO saved into `static/` is a warning, not a hang (the limit catches a
    /// hang; two minutes was too short for a loaded machine).
    @Test(.timeLimit(.minutes(10))) func aDeepListOrAFIFOSavedWhileServingIsReported() async throws {
        let folder = try ServerHarness.site(Fixture.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        var preview = await PreviewBuild(options: options(folder))
        let before = preview.files
        let deep = "# Deep\n\n" + String(repeating: "- ", count: 10_000) + "[a](https://a.example)\n"
        try ServerHarness.write(folder, "links/deep.md", deep)
        #expect(await preview.update(["links/deep.md"]) == .failed)
        #expect(preview.diagnostics.contains { $0.code == .nestedTooDeep && $0.location?.path == "links/deep.md" })
        #expect(preview.files == before)
        try FileManager.default.removeItem(at: folder.appending(path: "links/deep.md"))
        try FileManager.default.createDirectory(
            at: folder.appending(path: "static"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.appending(path: "static/pipe").path, 0o644) == 0)
        _ = await preview.update(["links/deep.md", "static/pipe"])
        #expect(!preview.hasErrors)
        #expect(preview.diagnostics.contains { $0.location?.path == "static/pipe" && $0.severity == .warning })
    }
}
