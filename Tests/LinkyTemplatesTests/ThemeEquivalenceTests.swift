import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTestSupport
import LinkyTheme
import Testing

@testable import LinkyBuild

/// Every HTML page of both examples and of a generated 2,000-link site, rendered by our renderer and
/// by swift-mustache from the same data: the bytes must be the same.
@Suite("Theme pages against swift-mustache")
struct ThemeEquivalenceTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: ["Examples/reading-list", "Examples/awesome"])
    func examplePagesRenderAlike(_ example: String) async throws {
        let pages = try await compareEveryPage(of: Self.repository.appending(path: example))
        #expect(pages >= 20)
    }

    @Test func generatedSitePagesRenderAlike() async throws {
        let site = try GeneratedSite(links: 2000)
        defer { site.remove() }
        let pages = try await compareEveryPage(of: site.folder)
        #expect(pages >= 1_000)
    }

    /// Renders each link item and each page both ways; returns how many pages were compared.
    func compareEveryPage(of folder: URL) async throws -> Int {
        // Prepared, never written: a build that writes holds the output's lock, and tests run in parallel.
        var options = BuildOptions(siteFolder: folder)
        options.writeOutput = false
        let prepared = await SiteBuilder().prepare(options)
        let site = try #require(prepared.site, "\(prepared.report.diagnostics)")
        let theme = prepared.theme
        let reference = try ReferenceEngine(templates: theme.templateSources)

        let marked = TemplateContext(site: site).marked()
        for id in site.links.indices {
            let item = marked.cachedItem(id)
            let ours = String(decoding: try theme.render("partials/link_item", item), as: UTF8.self)
            try #require(ours == reference.render("partials/link_item", item), "link item \(id)")
        }

        var context = TemplateContext(site: site)
        context.itemCache = try await LinkItemCache.render(site: site, theme: theme)
        let renderer = SiteRenderer(site: site, theme: theme)
        var pages = 0
        for file in prepared.plan {
            guard let page = renderer.htmlPage(file, context: context) else { continue }
            let ours = String(decoding: try theme.render(page.template, page.context), as: UTF8.self)
            let theirs = reference.render(page.template, page.context)
            if ours != theirs {
                let line = zip(ours.split(separator: "\n"), theirs.split(separator: "\n")).first { $0 != $1 }
                Issue.record("\(file.path) differs; first different line: \(line.map { "\($0.0) ≠ \($0.1)" } ?? "")")
                return pages
            }
            pages += 1
        }
        return pages
    }
}
