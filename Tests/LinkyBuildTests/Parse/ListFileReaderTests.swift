import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// Real awesome lists (excerpts in Tests/Fixtures/lists, with their licences) and every item shape
/// DESIGN.md lists: no link of a list is lost without a warning.
@Suite struct ListFileReaderTests {
    static let fixtures = ["awesome-python.md", "awesome.md", "awesome-selfhosted.md", "public-apis.md"]

    /// The http(s) links that start a list item or a table row, found with regular expressions
    /// line by line — independently of cmark-gfm and of the reader under test.
    static func independentCount(_ markdown: String) -> Set<String> {
        let item = try! NSRegularExpression(pattern: #"^\s*(?:[-*+]|\d+[.)])\s+(.*)$"#)
        let row = try! NSRegularExpression(pattern: #"^\s*\|(.*)$"#)
        let link = try! NSRegularExpression(
            pattern: #"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]+)>?\)|<(https?://[^>]+)>"#)
        var found: Set<String> = []
        var inCode = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inCode.toggle() }
            if inCode { continue }
            let range = NSRange(line.startIndex..., in: line)
            let isSeparatorRow = line.allSatisfy { " |:-".contains($0) }
            guard
                let match = item.firstMatch(in: line, range: range)
                    ?? (isSeparatorRow ? nil : row.firstMatch(in: line, range: range))
            else { continue }
            let text = String(line[Range(match.range(at: 1), in: line)!])
            for candidate in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                func group(_ index: Int) -> String? {
                    Range(candidate.range(at: index), in: text).map { String(text[$0]) }
                }
                var url: String
                if let autolink = group(4) {
                    url = autolink
                } else {
                    if group(1) == "!" { continue }
                    if let inner = group(2), inner.trimmingCharacters(in: .whitespaces).hasPrefix("![") { continue }
                    url = group(3) ?? ""
                }
                if url.hasPrefix("#") { continue }
                if url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") {
                    if let parsed = try? LinkURL(parsing: url) { found.insert(parsed.comparisonKey) }
                }
                break
            }
        }
        return found
    }

    @Test(arguments: fixtures)
    func aRealListKeepsEveryLink(_ name: String) async throws {
        let markdown = try String(
            contentsOf: repositoryRoot.appending(path: "Tests/Fixtures/lists/\(name)"), encoding: .utf8)
        let expected = Self.independentCount(markdown)
        #expect(expected.count > 20, "the fixture \(name) has links")
        let site = try TestSite(["linky.yml": "title: List\n", "links/list.md": markdown])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let built = try #require(report.site)
        var keys = Set(built.links.map(\.url.comparisonKey))
        for link in built.links { keys.formUnion(link.secondaryLinks.map(\.url.comparisonKey)) }
        let missing = expected.subtracting(keys).sorted()
        #expect(
            missing.isEmpty, "\(name): \(missing.count) of \(expected.count) links are missing: \(missing.prefix(5))")
        let summary = try #require(built.listFiles.first)
        #expect(summary.linksMade == built.links.count)
        #expect(summary.linksSkipped == 0)
        // links.json carries the secondary links too.
        let json = try site.read("links.json")
        for link in built.links.prefix(50) {
            for secondary in link.secondaryLinks { #expect(json.contains(secondary.url.absoluteString)) }
        }
    }

    @Test func everyShapeOfItemIsRead() async throws {
        let list = """
            ---
            title: Shapes
            ---
            # Shapes

            ## Tools
            - [Flask](https://flask.example/) - A microframework. #python
              - [awesome-flask](https://awesome-flask.example/) - Flask resources.
                - [flask-admin](https://flask-admin.example/)
            - **[Django](https://django.example/)** - For perfectionists.
            - OpenHangul (오픈한글) [[link](http://openhangul.example/)] [[paper](https://paper.example/p.pdf)]
            - KoNLPy - [homepage](https://konlpy.example/)
            - [Karakeep](https://karakeep.example/) - Bookmark everything. ([Demo](https://demo.karakeep.example/), [Source Code](https://code.example/karakeep)) `AGPL-3.0`

              Self-hosted, with an app.
            - Other lists: [Big Data](https://bigdata.example/), [Datasets](https://datasets.example/)
            - Synchronous - Blocking clients.
              - [requests](https://requests.example/) - HTTP for humans.
            - [Guide](./docs/guide.md) - relative, resolved against source_url
            - [mail](mailto:a@b.example) [Site](https://site.example/) - a mail link beside a web one

            Related: [Tables](#tables), [Nowhere](#nowhere)

            ## Tables
            | Name | Description | Auth |
            | --- | --- | --- |
            | [Cat Facts](https://catfact.example/) | Random cat facts | No |
            | [Dogs](https://dogs.example/) | Dog pictures [docs](https://dogs.example/docs) | `apiKey` |
            """
        let site = try TestSite([
            "linky.yml": "title: Shapes\nsource_url: https://github.com/o/r/blob/main/links/\n",
            "links/shapes.md": list,
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let built = try #require(report.site)
        func link(_ host: String) throws -> Link {
            try #require(built.links.first { $0.url.host == host }, "\(host) is a link")
        }
        #expect(built.links.count == 14)
        #expect(try link("flask.example").description == "A microframework.")
        #expect(try link("awesome-flask.example").related == (try link("flask.example")).id)
        #expect(try link("flask-admin.example").related == (try link("awesome-flask.example")).id)
        #expect(try link("django.example").title == "Django")
        let hangul = try link("openhangul.example")
        #expect(hangul.title == "OpenHangul (오픈한글)")
        #expect(hangul.description == nil)
        #expect(hangul.secondaryLinks.map(\.title) == ["paper"])
        #expect(try link("konlpy.example").title == "KoNLPy")
        let karakeep = try link("karakeep.example")
        #expect(karakeep.description == "Bookmark everything.")
        #expect(karakeep.labels.map(\.name) == ["AGPL-3.0"])
        #expect(karakeep.secondaryLinks.map(\.title) == ["Demo", "Source Code"])
        #expect(try link("bigdata.example").title == "Big Data")
        #expect(try link("datasets.example").description == "Other lists")
        let requests = try link("requests.example")
        let group = built.categories[requests.category]
        #expect(group.title == "Synchronous")
        #expect(group.description == "Blocking clients.")
        #expect(built.categories[group.parent!].title == "Tools")
        #expect(try link("github.com").url.absoluteString == "https://github.com/o/r/blob/main/links/docs/guide.md")
        #expect(try link("site.example").title == "Site")
        #expect(try link("catfact.example").description == "Random cat facts · Auth: No")
        let dogs = try link("dogs.example")
        #expect(dogs.secondaryLinks.map(\.title) == ["docs"])
        #expect(dogs.description == "Dog pictures docs · Auth: apiKey")
        // The in-page link to a heading goes to its page; the one to nothing is a located warning.
        let tools = try site.read("c/shapes/tools/index.html")
        #expect(tools.contains(#"href="../../../c/shapes/tables/index.html">Tables</a>"#))
        let broken = report.diagnostics.filter { $0.code == .brokenAnchor }
        #expect(broken.map(\.location?.line) == [22])
        // The card shows the secondary links and the related link.
        #expect(tools.contains(#"<p class="link-secondary">"#))
        #expect(tools.contains(#"Related to <a href="https://flask.example/">Flask</a>"#))
        // A link with a note has a page of its own, which shows its secondary links too.
        let karakeepPage = try site.read("l/shapes/tools/karakeep/index.html")
        #expect(karakeepPage.contains(#"<a href="https://code.example/karakeep">Source Code</a>"#))
        let summary = try #require(built.listFiles.first)
        #expect(summary.itemsRead == 13)
        #expect(summary.linksMade == 14)
        #expect(summary.linksSkipped == 0)
    }

    /// Lists generated as one quote per entry (akullpp/awesome-java's README since 2026).
    @Test func quotesThatOpenWithALinkAreItems() async throws {
        let list = """
            # Awesome Java

            ## Projects

            <details id="architecture">
            <summary><strong>Architecture</strong> <kbd>2 projects</kbd></summary>

            > **[ArchUnit](https://github.com/TNG/ArchUnit)** <kbd>Apache-2.0</kbd><br>Test library for architecture rules.

            > **[jMolecules](https://github.com/xmolecules/jmolecules)** <kbd>Apache-2.0</kbd><br>Design concepts in code.

            > A quote that is prose, with [a link](https://prose.example/) inside.

            </details>
            """
        let site = try TestSite(["links/java.md": list])
        defer { site.remove() }
        let report = await site.build()
        let built = try #require(report.site)
        #expect(built.links.map(\.title).sorted() == ["ArchUnit", "jMolecules"])
        let archUnit = try #require(built.links.first { $0.title == "ArchUnit" })
        #expect(archUnit.description == "Apache-2.0 Test library for architecture rules.")
    }

    @Test func relativeLinksWithoutSourceURLAreOneLocatedWarning() async throws {
        let site = try TestSite([
            "links/list.md": "# L\n\n- [A](https://a.example/)\n- [B](./b.md)\n- [C](c/)\n"
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let warnings = report.diagnostics.filter { $0.code == .relativeListLink }
        #expect(warnings.count == 1)
        #expect(warnings.first?.location == SourceLocation(path: "links/list.md", line: 4))
        #expect(warnings.first?.message.contains("line 5 `c/`") == true)
        #expect(report.site?.listFiles.first?.linksSkipped == 2)
    }

    @Test func aOneListSiteShowsItsSectionsOnTheHomePage() async throws {
        let markdown = try String(
            contentsOf: repositoryRoot.appending(path: "Tests/Fixtures/lists/awesome-selfhosted.md"), encoding: .utf8)
        let site = try TestSite(["linky.yml": "title: Selfhosted\n", "links/awesome-selfhosted.md": markdown])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let home = try site.read("index.html")
        // As an index of the sections (`categories_as_index`), not cards.
        #expect(home.contains(#"<ul class="category-index">"#))
        #expect(!home.contains(#"<li class="category-card">"#))
        let sections = home.components(separatedBy: #"<span class="category-name">"#).count - 1
        #expect(sections >= 3)
        #expect(home.contains(">Analytics</span>"))
        #expect(home.contains(">Automation</span>"))
        #expect(!home.contains(">Awesome-Selfhosted</span>"))
        // Breadcrumbs and trails leave the lone list out.
        let analytics = try site.read("c/awesome-selfhosted/software/analytics/index.html")
        #expect(analytics.contains("Software"))
        #expect(!analytics.contains("Awesome-Selfhosted › Software"))
    }

    /// Mustache looks a missing name up in the enclosing contexts: a sub-category card without a
    /// description must not show its parent's, nor a link without one its category's.
    @Test func aNestedSectionNeverShowsItsParentsFields() async throws {
        let site = try TestSite([
            "links/places/_index.md": "---\ntitle: Places\ndescription: PARENT-DESCRIPTION\nicon: 🍜\n---\n",
            "links/places/seoul/a.md": TestSite.link(url: "https://a.example/", title: "A"),
            "links/places/busan/_index.md": "---\ntitle: Busan\n---\n",
            "links/places/busan/b.md": TestSite.link(url: "https://b.example/", title: "B"),
            "templates/category.mustache": """
            {{#category}}{{title}}:{{#description}}[{{description}}]{{/description}}{{/category}}
            {{#category.children}}<card>{{title}}{{#icon}}({{icon}}){{/icon}}{{#description}}[{{description}}]{{/description}}</card>{{/category.children}}
            {{#category}}{{#links}}<item>{{title}}{{#description}}[{{description}}]{{/description}}{{#image}}[{{image}}]{{/image}}{{#date}}[{{date}}]{{/date}}</item>{{/links}}{{/category}}
            {{#links}}<link>{{title}}{{#description}}[{{description}}]{{/description}}</link>{{/links}}

            """,
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let page = try site.read("c/places/index.html")
        #expect(page.contains("Places:[PARENT-DESCRIPTION]"))
        #expect(page.contains("<card>Seoul</card>"))
        #expect(page.contains("<card>Busan</card>"))
        #expect(page.components(separatedBy: "PARENT-DESCRIPTION").count == 2)
        #expect(!page.contains("(🍜)"))
        let seoul = try site.read("c/places/seoul/index.html")
        #expect(seoul.contains("<link>A</link>"))
    }
}
