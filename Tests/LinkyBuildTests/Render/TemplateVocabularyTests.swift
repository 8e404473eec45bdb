import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTheme
import Testing

@testable import LinkyBuild

/// The theme check: the names templates are given are those `TemplateVocabulary` lists, and a site
/// template that looks up another is told where, with the nearest name.
struct TemplateVocabularyTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every key of every page's data (and of every link item's), but what `extra` and `t` hold.
    static func keys(_ value: TemplateValue, into keys: inout Set<String>) {
        switch value {
        case .map(let entries):
            for (key, inner) in entries {
                keys.insert(key)
                if key != "extra" && key != "t" { Self.keys(inner, into: &keys) }
            }
        case .list(let items): for item in items { Self.keys(item, into: &keys) }
        case .part(let part): Self.keys(part.value, into: &keys)
        default: break
        }
    }

    @Test(arguments: ["Examples/reading-list", "Examples/awesome"])
    func everyNameAPageGetsIsKnown(_ example: String) async throws {
        // The reading list with a broken-links page and section feeds, so those pages are walked too.
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-vocabulary-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.repository.appending(path: example), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appending(path: "linky.yml")
        let settings = try String(contentsOf: config, encoding: .utf8)
        try (settings + "\nbroken_links_page: true\nsection_feeds: true\nrepository: https://github.com/o/r\n").write(
            to: config, atomically: true, encoding: .utf8)
        var options = BuildOptions(siteFolder: folder)
        options.writeOutput = false
        let prepared = await SiteBuilder().prepare(options)
        let site = try #require(prepared.site, "\(prepared.report.diagnostics)")
        var keys = Set<String>()
        let marked = TemplateContext(site: site).marked()
        for id in site.links.indices { Self.keys(marked.cachedItem(id), into: &keys) }
        let context = TemplateContext(site: site)
        let renderer = SiteRenderer(site: site, theme: prepared.theme)
        var kinds = Set<String>()
        for file in prepared.plan {
            guard let page = renderer.htmlPage(file, context: context) else { continue }
            kinds.insert(page.template)
            Self.keys(page.context, into: &keys)
        }
        #expect(
            kinds.isSuperset(of: [
                "home", "category", "tag", "tag_index", "link", "archive", "search", "print", "save", "website_index",
                "website",
            ])
        )
        #expect(keys.subtracting(TemplateVocabulary.names).sorted() == [])
    }

    @Test func theBuiltInThemeLooksUpOnlyKnownNames() async throws {
        let site = try TestSite([
            "linky.yml": "title: T\n", "links/a.md": "---\nurl: https://example.org/a\ntitle: A\n---\n",
        ])
        defer { site.remove() }
        // The built-in theme as a site's own: checked like any site theme.
        let ejected = try #require(
            try? LinkyThemeEject.copy(into: site.folder.appending(path: "templates")), "could not copy the theme")
        #expect(ejected > 20)
        let report = await site.build()
        #expect(
            report.diagnostics.filter { $0.code == .unknownTemplateName }.map { "\($0.location!) \($0.message)" } == [])
    }

    @Test func aMisspelledNameIsSaidWhereItIsAndFailsUnderStrict() async throws {
        let site = try TestSite([
            "linky.yml": "title: T\n", "links/a.md": "---\nurl: https://example.org/a\ntitle: A\n---\n",
            "templates/partials/link_item.mustache":
                "<li>\n  <a href=\"{{url}}\">{{title}}</a> {{domian}}\n  {{#extra.rating}}{{extra.rating}}{{/extra.rating}} {{t.favorit}}\n</li>\n",
        ])
        defer { site.remove() }
        let report = await site.build()
        let warnings = report.diagnostics.filter { $0.code == .unknownTemplateName }
        #expect(warnings.count == 2, "\(warnings)")
        let domian = try #require(warnings.first { $0.message.contains("domian") })
        #expect(domian.location == SourceLocation(path: "templates/partials/link_item.mustache", line: 2, column: 35))
        #expect(domian.hint?.hasPrefix("did you mean `domain`?") == true)
        let word = try #require(warnings.first { $0.message.contains("favorit") })
        #expect(word.hint?.hasPrefix("did you mean `favorite`?") == true)
        #expect(report.outcome == .success)
        #expect(await site.build(strict: true).outcome == .contentErrors)
    }
}

/// The built-in theme's files copied as `theme eject` does (the command lives in LinkyCuration).
enum LinkyThemeEject {
    static func copy(into folder: URL) throws -> Int {
        for (path, data) in DefaultTheme.files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return DefaultTheme.files.count
    }
}
