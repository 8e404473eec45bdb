import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTheme
import Testing

@testable import LinkyBuild

/// Link items carry only the entries a page's templates can look up (`ItemFields`): every page must
/// render exactly as with every entry, for the default theme and for one whose lists read items in
/// every way a template can (names the page also has, dotted names, sections, partials).
@Suite struct ItemFieldsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func pagesRenderAsWithEveryEntry() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-fields-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.repository.appending(path: "Examples/reading-list"), to: folder)
        try? FileManager.default.removeItem(at: folder.appending(path: "_site"))
        #expect(try await renderedBothWays(folder) >= 20)
        func write(_ path: String, _ text: String) throws {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        // Lists that read items through names the page has too (`title`, `page`, `description`),
        // dotted names into entries, sections and a partial of their own.
        try write(
            "templates/category.mustache",
            """
            <h1>{{title}} {{page.title}}</h1>
            {{#links}}<p>{{title}}|{{page}}|{{page.title}}|{{domain}}|{{#tags}}{{name}},{{/tags}}|{{category.title}}
            {{^description}}none{{/description}}{{#date}}{{date}}/{{datetime}}{{/date}}{{> partials/row}}</p>{{/links}}
            """)
        try write("templates/partials/row.mustache", "[{{url}} {{#favorite}}★{{/favorite}} {{extra.lang}}]\n")
        try write("templates/tag.mustache", "{{#links}}{{html}}{{display_url}}{{root}}{{/links}}{{page.kind}}\n")
        #expect(try await renderedBothWays(folder) >= 20)
    }

    /// Renders every HTML page with all item entries and with the template's; returns how many.
    func renderedBothWays(_ folder: URL) async throws -> Int {
        // Prepared, never written: a build that writes holds the output's lock, and tests run in parallel.
        var options = BuildOptions(siteFolder: folder)
        options.writeOutput = false
        let prepared = await SiteBuilder().prepare(options)
        let site = try #require(prepared.site, "\(prepared.report.diagnostics)")
        let theme = prepared.theme
        let renderer = SiteRenderer(site: site, theme: theme)
        let fields = ItemFieldsByTemplate(theme: theme)
        var full = TemplateContext(site: site)
        full.itemCache = try await LinkItemCache.render(site: site, theme: theme)
        var pages = 0
        for file in prepared.plan {
            var narrow = full
            narrow.itemFields = fields[renderer.htmlTemplate(file)]
            guard let all = renderer.htmlPage(file, context: full), let some = renderer.htmlPage(file, context: narrow)
            else { continue }
            let expected = try theme.render(all.template, all.context)
            #expect(try theme.render(some.template, some.context) == expected, "\(file.path)")
            pages += 1
        }
        return pages
    }

    @Test func namesReachThroughPartials() throws {
        var library = TemplateLibrary()
        library.register(try Template(parsing: "{{#a.b}}{{> p}}{{/a.b}}{{^c}}{{/c}}"), named: "page")
        library.register(try Template(parsing: "{{d}}{{{e}}}{{&f}}{{> q}}{{! g }}"), named: "p")
        library.register(try Template(parsing: "{{=<% %>=}}<%h.i%><%> p%>"), named: "q")
        #expect(library.names(reachableFrom: "page") == ["a", "b", "c", "d", "e", "f", "h", "i"])
        #expect(library.names(reachableFrom: "q") == ["h", "i", "d", "e", "f"])
        #expect(library.names(reachableFrom: "missing") == [])
    }
}
