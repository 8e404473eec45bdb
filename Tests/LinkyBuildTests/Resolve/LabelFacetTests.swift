import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// Labels grouped in facets (`Site.facets`): a site's `facets:` first, then License, Language and
/// Labels; `facets:` of a wrong shape is a located warning; `links.json` and the link items show them.
@Suite struct LabelFacetTests {
    static func site(_ files: [String: String]) async throws -> (Site, [Diagnostic]) {
        try await ListItemLabelsTests.site(files)
    }

    static let list = """
        # Tools

        ## Servers
        - [Alpha](https://alpha.example/) - First. `MIT` `Go/Docker`
        - [Beta](https://beta.example/) - Second. `GPL-3.0` `Python/Docker`
        - [Gamma](https://gamma.example/) - Third. `mit` `Nodejs` `Ruby`
        - [Delta](https://delta.example/) - Fourth, no labels.

        """

    @Test func labelsArePlacedInTheBuiltInFacets() async throws {
        let (site, _) = try await Self.site(["links/tools.md": Self.list])
        #expect(site.facets.map(\.name) == ["License", "Language", "Labels"])
        #expect(site.facets.map(\.key) == ["license", "language", "labels"])
        let license = site.facets[0]
        // Most links first, then by name; the first-seen spelling is shown.
        #expect(license.values.map(\.name) == ["MIT", "GPL-3.0"])
        #expect(license.values[0].links.count == 2)
        // `Ruby` is an SPDX identifier too, but a list means the language.
        #expect(site.facets[1].values.map(\.name) == ["Go", "Python", "Ruby"])
        #expect(site.facets[2].values.map(\.name) == ["Docker", "Nodejs"])
        for link in site.links {
            for label in link.labels {
                #expect(site.facets[label.facet].values[label.value].name == label.name)
                #expect(site.facets[label.facet].values[label.value].links.contains(link.id))
            }
        }
        let gamma = try #require(site.links.first { $0.title == "Gamma" })
        #expect(gamma.labels.map(\.name) == ["MIT", "Nodejs", "Ruby"])
        #expect(site.links.first { $0.title == "Delta" }?.labels == [])
        // Values' links are in the site's order.
        for facet in site.facets { for value in facet.values { #expect(value.links == value.links.sorted()) } }
    }

    @Test func aSitesFacetsComeFirstAndWin() async throws {
        let (site, diagnostics) = try await Self.site([
            "linky.yml": """
            facets:
              Platform: [Docker, Nodejs, Python]
              License: [⊘ Proprietary]
              Empty: [Nothing]

            """,
            "links/tools.md": Self.list + "- [Closed](https://closed.example/) - Shut. `⊘ Proprietary`\n",
        ])
        #expect(!diagnostics.contains { $0.code == .invalidConfig }, "\(diagnostics)")
        // A facet without a value is left out.
        #expect(site.facets.map(\.name) == ["Platform", "License", "Language"])
        #expect(site.facets.map(\.key) == ["platform", "license", "language"])
        #expect(site.facets[0].values.map(\.name) == ["Docker", "Nodejs", "Python"])
        #expect(site.facets[1].values.map(\.name) == ["MIT", "GPL-3.0", "⊘ Proprietary"])
        #expect(site.facets[2].values.map(\.name) == ["Go", "Ruby"])
    }

    @Test func facetKeysAreASCIIUniqueAndAvoidTheAddressesOtherNames() {
        #expect(
            LabelResolver.keys(of: ["Plattform", "Über", "Sort", "platform", "License", "Labels"]) == [
                "plattform", "uber", "sort-2", "platform", "license", "labels",
            ])
        let keys = LabelResolver.keys(of: ["플랫폼", "Tag", "A b/c"])
        #expect(keys[1] == "tag-2" && keys[2] == "a-b-c")
        #expect(keys[0].allSatisfy { $0.isASCII } && !keys[0].isEmpty)
    }

    struct BadShape: Sendable, CustomTestStringConvertible {
        var yaml: String
        var line: Int
        var message: String
        var testDescription: String { yaml }
    }

    static let badShapes: [BadShape] = [
        BadShape(yaml: "facets: [Docker, Go]\n", line: 1, message: "must be a mapping"),
        BadShape(yaml: "facets: Docker\n", line: 1, message: "must be a mapping"),
        BadShape(yaml: "facets:\n  Platform: {a: b}\n", line: 2, message: "must be a list"),
        BadShape(yaml: "facets:\n  Platform:\n    - [Docker]\n", line: 3, message: "must be text"),
        BadShape(yaml: "facets:\n  Labels: [Docker]\n", line: 2, message: "built-in facet"),
        BadShape(yaml: "facets:\n  A: [Docker]\n  a: [Go]\n", line: 3, message: "listed twice"),
        BadShape(yaml: "facets:\n  A: [Docker]\n  B: [docker]\n", line: 3, message: "under both"),
        BadShape(yaml: "facets:\n  \"\": [Docker]\n", line: 2, message: "empty name"),
    ]

    @Test(arguments: badShapes)
    func aBadFacetsShapeIsALocatedWarningNotACrash(_ shape: BadShape) async throws {
        let site = try TestSite(["linky.yml": "title: T\n" + shape.yaml, "links/tools.md": Self.list])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics)")
        let warning = try #require(report.diagnostics.first { $0.code == .invalidConfig }, "\(report.diagnostics)")
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(path: "linky.yml", line: shape.line + 1))
        #expect(warning.message.contains(shape.message), "\(warning.message)")
        #expect(warning.hint != nil)
    }

    // MARK: - Output

    @Test func linksJSONAndTheItemsShowLabels() async throws {
        let site = try TestSite([
            "linky.yml": "title: T\nfacets:\n  Platform: [Docker]\n", "links/tools.md": Self.list,
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let data = try Data(contentsOf: site.output.appending(path: "links.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let links = try #require(json["links"] as? [[String: Any]])
        let byTitle = Dictionary(uniqueKeysWithValues: links.map { ($0["title"] as! String, $0) })
        #expect(byTitle["Alpha"]?["labels"] as? [String] == ["MIT", "Go", "Docker"])
        #expect(byTitle["Gamma"]?["labels"] as? [String] == ["MIT", "Nodejs", "Ruby"])
        #expect(byTitle["Delta"]?["labels"] == nil, "no key without labels")
        #expect(byTitle["Alpha"]?["description"] as? String == "First.")
        let page = try site.read("c/tools/servers/index.html")
        #expect(
            page.contains(
                #"<p class="link-description">First.</p><ul class="labels"><li class="label" data-facet="license">MIT</li><li class="label" data-facet="language">Go</li><li class="label" data-facet="platform">Docker</li></ul>"#
            ))
        #expect(page.components(separatedBy: #"<ul class="labels">"#).count == 4)
    }

    @Test func aSiteWithoutLabelsHasNoFacetsAndNoLabelMarkup() async throws {
        let site = try TestSite(["links/a.md": TestSite.link(url: "https://a.example/", title: "A")])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(!(try site.read("index.html")).contains("class=\"labels\""))
        #expect(!(try site.read("links.json")).contains("\"labels\""))
        let (model, _) = try await Self.site(["links/a.md": TestSite.link(url: "https://a.example/", title: "A")])
        #expect(model.facets.isEmpty)
    }

    /// Editing a label, then the site's `facets:`, rebuilds to what a build that reuses nothing writes.
    @Test func aRebuildAfterALabelEditWritesWhatAFreshBuildDoes() async throws {
        let site = try TestSite(["linky.yml": "title: T\n", "links/tools.md": Self.list])
        defer { site.remove() }
        let baseURL = "https://example.com/links/"
        func cached() async -> BuildReport {
            await SiteBuilder().build(BuildOptions(siteFolder: site.folder, baseURL: baseURL))
        }
        func fresh() async throws -> [String: Data] {
            let folder = FileManager.default.temporaryDirectory.appending(path: "linky-fresh-\(UUID().uuidString)")
            defer {
                try? FileManager.default.removeItem(at: folder)
                try? FileManager.default.removeItem(at: BuildState.location(of: folder))
                try? FileManager.default.removeItem(at: ParseStore.location(of: folder))
            }
            var options = BuildOptions(siteFolder: site.folder, outputFolder: folder, baseURL: baseURL)
            options.reuseState = false
            #expect(await SiteBuilder().build(options).outcome == .success)
            return try filesBelow(folder)
        }
        #expect(await cached().outcome == .success)
        try await Task.sleep(for: .milliseconds(30))
        #expect(await cached().outcome == .success)
        try site.write("links/tools.md", Self.list.replacingOccurrences(of: "`GPL-3.0`", with: "`Apache-2.0` `Deno`"))
        #expect(await cached().outcome == .success)
        var expected = try await fresh()
        #expect(try filesBelow(site.output) == expected)
        #expect(try site.read("links.json").contains("\"Apache-2.0\""))
        try site.write("linky.yml", "title: T\nfacets:\n  Runtime: [Deno, Nodejs]\n")
        #expect(await cached().outcome == .success)
        expected = try await fresh()
        #expect(try filesBelow(site.output) == expected)
        #expect(try site.read("c/tools/servers/index.html").contains(#"data-facet="runtime">Deno<"#))
    }

    // MARK: - A real list

    /// An excerpt of awesome-selfhosted (Tests/Fixtures/lists/awesome-selfhosted-labels, CC BY-SA 3.0):
    /// every licence span is a License label, and no description ends with a span's text.
    @Test func awesomeSelfhostedsLicencesAreLicenseLabels() async throws {
        let markdown = try String(
            contentsOf: repositoryRoot.appending(path: "Tests/Fixtures/lists/awesome-selfhosted-labels/README.md"),
            encoding: .utf8)
        let (site, _) = try await Self.site(["links/software.md": markdown])
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let spans = try NSRegularExpression(pattern: "`([^`]+)`")
        var checked = 0
        var licences = 0
        for link in site.links {
            let line = lines[try #require(link.source.line) - 1]
            let written = spans.matches(in: line, range: NSRange(line.startIndex..., in: line)).map {
                String(line[Range($0.range(at: 1), in: line)!])
            }
            guard let last = written.last else { continue }
            checked += 1
            #expect(!(link.description ?? "").hasSuffix(last), "\(link.title): \(link.description ?? "")")
            let license = try #require(site.facets.firstIndex { $0.name == "License" })
            for span in written where BuiltInFacets.licenseByKey[LinkLabel.identity(of: span)] != nil {
                licences += 1
                #expect(link.labels.contains { $0.name == span && $0.facet == license }, "\(link.title) \(span)")
            }
        }
        #expect(site.links.count == 38)
        #expect(checked == 38)
        #expect(licences >= 38)
    }
}
