import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// A real awesome list (avelino/awesome-go's README, unchanged) dropped in as a list file.
@Suite struct AwesomeListTests {
    @Test func realAwesomeListBuildsIntoASensibleSite() async throws {
        let readme = try String(
            contentsOf: repositoryRoot.appending(path: "Tests/Fixtures/awesome-real/README.md"), encoding: .utf8)
        let site = try TestSite(["linky.yml": "title: Awesome Go\n", "links/awesome-go.md": readme])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(!report.diagnostics.containsErrors)
        let built = try #require(report.site)
        #expect(built.links.count > 2_700)
        let top = try #require(built.categories.first { $0.slugPath == ["awesome-go"] })
        #expect(top.title == "Awesome Go")
        let sections = top.children.map { built.categories[$0].title }
        #expect(sections.contains("Actor Model"))
        #expect(sections.contains("Web Frameworks"))
        // Navigation sections (Contents, Contribution, License…) hold no links, so they are not categories.
        #expect(!sections.contains("Contents"))
        #expect(!sections.contains("License"))
        #expect(sections.count > 60)
        // The curated order is kept inside a section.
        let actorModel = try #require(built.categories.first { $0.title == "Actor Model" })
        #expect(built.links[actorModel.links[0]].source.line! < built.links[actorModel.links[1]].source.line!)
        #expect(built.links.allSatisfy { $0.url.scheme == "https" || $0.url.scheme == "http" })
        #expect(site.exists("c/awesome-go/actor-model/index.html"))
    }
}
