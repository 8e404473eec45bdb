import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// An update of the output that cannot be applied whole is undone: the output stays wholly the previous
/// build's. A move fails here because a folder stands where the new file goes, which root cannot
/// override either (the permission cases run the binary as an unprivileged user: `OutputFaultTests`).
@Suite struct OutputUndoTests {
    /// A built site, with a folder where the update will try to put the file `blocked.html`.
    func builtSite() async throws -> (TestSite, old: [String: Data]) {
        let site = try TestSite([
            "links/reading/a.md": TestSite.link(url: "https://a.example/", title: "Alpha", date: "2024-05-01"),
            "links/places/c.md": TestSite.link(url: "https://c.example/", title: "Gamma", date: "2023-01-01"),
        ])
        #expect(await site.build().outcome == .success)
        try site.write("_site/blocked.html/inner.html", "in the way")
        return (site, try filesBelow(site.output))
    }

    /// Stages a new home page, a new page in a new folder, a removal and, last, the move that fails.
    func stagedUpdate(_ site: TestSite, _ old: [String: Data]) throws -> OutputUpdate {
        let update = OutputUpdate(output: site.output)
        try update.begin()
        try update.stage("index.html", Data("new home".utf8))
        try update.stage("fresh/deep/page/index.html", Data("new page".utf8))
        for (path, data) in old where path != "index.html" && path != "feed.xml" && path != OutputWriter.marker {
            try update.stage(path, data)
        }
        try update.stage("blocked.html", Data("cannot go there".utf8))
        return update
    }

    func expectNothingBeside(_ site: TestSite) throws {
        let parent = try FileManager.default.contentsOfDirectory(atPath: site.folder.path)
        #expect(!parent.contains { $0.contains(".linky-journal") || $0.contains(".linky-tmp-") })
    }

    @Test func aMoveThatFailsUndoesTheUpdateAndNamesThePath() async throws {
        let (site, old) = try await builtSite()
        defer { site.remove() }
        let update = try stagedUpdate(site, old)
        let error = #expect(throws: (any Error).self) { _ = try update.commit(existing: Array(old.keys)) }
        #expect(error?.localizedDescription.contains(site.output.path + "/blocked.html") == true)
        #expect(try filesBelow(site.output) == old)
        #expect(!FileManager.default.fileExists(atPath: site.output.appending(path: "fresh").path))
        try expectNothingBeside(site)
    }

    @Test func aCommittedUpdateThatCannotBeFinishedIsUndoneByTheNextBuild() async throws {
        let (site, old) = try await builtSite()
        defer { site.remove() }
        // Killed right after its commit point.
        _ = try stagedUpdate(site, old).writeJournal(existing: Array(old.keys))
        #expect(try !OutputUpdate.recover(site.output))
        #expect(try filesBelow(site.output) == old)
        try expectNothingBeside(site)
    }

    @Test func aBuildThatCannotWriteItsOutputFailsAndSaysWhatIsLeft() async throws {
        let (site, old) = try await builtSite()
        defer { site.remove() }
        // The build's own update: its new feed cannot go where a folder stands.
        try FileManager.default.removeItem(at: site.output.appending(path: "blocked.html"))
        try FileManager.default.removeItem(at: site.output.appending(path: "feed.xml"))
        try site.write("_site/feed.xml/inner.xml", "in the way")
        try site.write(
            "links/reading/a.md", TestSite.link(url: "https://a.example/", title: "Alpha again", date: "2024-05-01"))
        let before = try filesBelow(site.output)
        #expect(before != old)
        let report = await site.build()
        #expect(report.outcome == .outputFailed)
        #expect(report.outputLeft == .previousOutput)
        let error = try #require(report.diagnostics.first { $0.code == .outputWriteFailed })
        #expect(error.message.contains(site.output.path + "/feed.xml"))
        #expect(error.hint?.contains("the previous output is unchanged") == true)
        #expect(try filesBelow(site.output) == before)
        try expectNothingBeside(site)
    }

    @Test func aFailedFirstBuildLeavesNothingBesideTheOutput() async throws {
        let site = try TestSite(["links/a.md": "---\ntitle: No address\n---\n"])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .contentErrors)
        #expect(report.outputLeft == .nothing)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.folder.path) == ["links"])
    }
}
