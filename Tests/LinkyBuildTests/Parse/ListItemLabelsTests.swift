import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// A list item's trailing code spans are its labels, taken out of its description; a link file's
/// `labels:` too. Each case builds a real site in a temporary folder (through `prepare`).
@Suite struct ListItemLabelsTests {
    /// The site `files` make, and the build's diagnostics.
    static func site(_ files: [String: String]) async throws -> (Site, [Diagnostic]) {
        let site = try TestSite(files)
        defer { site.remove() }
        var options = BuildOptions(siteFolder: site.folder)
        options.writeOutput = false
        let prepared = await SiteBuilder().prepare(options)
        let model = try #require(prepared.site, "\(prepared.report.diagnostics.prefix(3))")
        return (model, prepared.report.diagnostics)
    }

    /// The one link of a list file holding `item`.
    static func link(_ item: String, config: String = "title: T\n") async throws -> Link {
        let (site, _) = try await site(["linky.yml": config, "links/list.md": "# List\n\n## Things\n\n\(item)\n"])
        return try #require(site.links.first)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var item: String
        var description: String?
        var labels: [String]
        var testDescription: String { item }
    }

    static let cases: [Case] = [
        Case(
            item: "- [ANALOG](https://analog.example/) - A minimal analytics tool. `MIT` `Nodejs/Docker`",
            description: "A minimal analytics tool.", labels: ["MIT", "Nodejs", "Docker"]),
        Case(
            item: "- [One](https://one.example/) - Just one. `GPL-3.0`", description: "Just one.", labels: ["GPL-3.0"]),
        Case(
            item: "- [Two](https://two.example/) - Licences. `AGPL-3.0` `Apache-2.0`", description: "Licences.",
            labels: ["AGPL-3.0", "Apache-2.0"]),
        Case(
            item: "- [Closed](https://closed.example/) - Not free. `⊘ Proprietary` `Python/Docker/K8S`",
            description: "Not free.", labels: ["⊘ Proprietary", "Python", "Docker", "K8S"]),
        Case(
            item:
                "- [Demo](https://demo.example/) - With links. ([Demo](https://demo.example/try), [Source Code](https://src.example/)) `MIT` `Go`",
            description: "With links.", labels: ["MIT", "Go"]),
        Case(
            item: "- [Middle](https://middle.example/) - Run `middle --serve` to start. `MIT`",
            description: "Run middle --serve to start.", labels: ["MIT"]),
        Case(
            item: "- [Warned](https://warned.example/) `⚠` - Has an anti-feature. `MIT`",
            description: "Has an anti-feature.", labels: ["⚠", "MIT"]),
        Case(item: "- [Only](https://only.example/) `MIT` `Go`", description: nil, labels: ["MIT", "Go"]),
        // awesome-selfhosted's mark of software that depends on a proprietary service, before the separator.
        Case(
            item: "- [Bludit](https://bludit.example/) `⚠` - Build a site. `MIT` `PHP`", description: "Build a site.",
            labels: ["⚠", "MIT", "PHP"]),
        Case(
            item: "- [Wrap](https://wrap.example/) `libfoo` bindings for Swift.",
            description: "libfoo bindings for Swift.", labels: []),
        Case(item: "- [Dash](https://dash.example/) - `BSD-3-Clause`", description: nil, labels: ["BSD-3-Clause"]),
        Case(
            item: "- [Wrapper](https://wrapper.example/) - A wrapper for `libfoo`", description: "A wrapper for libfoo",
            labels: []),
        Case(
            item: "- [Twice](https://twice.example/) - Repeats. `MIT` `mit` `Go/go`", description: "Repeats.",
            labels: ["MIT", "Go"]),
        Case(
            item: "- [Plain](https://plain.example/) - No labels at all.", description: "No labels at all.",
            labels: []),
    ]

    @Test(arguments: cases)
    func trailingCodeSpansBecomeLabels(_ test: Case) async throws {
        let link = try await Self.link(test.item)
        #expect(link.labels.map(\.name) == test.labels)
        #expect(link.description == test.description)
    }

    @Test func aSpanThatIsAFacetValueStaysWhole() async throws {
        let link = try await Self.link(
            "- [Net](https://net.example/) - Networking. `TCP/IP` `Go/Docker`",
            config: "title: T\nfacets:\n  Protocol: [TCP/IP]\n")
        #expect(link.labels.map(\.name) == ["TCP/IP", "Go", "Docker"])
    }

    @Test func aLabelIsNFCAndTrimmed() async throws {
        let decomposed = "맛집".decomposedStringWithCanonicalMapping
        let link = try await Self.link("- [Food](https://food.example/) - Good. ` \(decomposed) `")
        #expect(link.labels.map(\.name) == ["맛집"])
        #expect(link.labels[0].name.unicodeScalars.count == 2)
    }

    @Test func aTooLongLabelIsLeftOutWithALocatedWarning() async throws {
        let long = String(repeating: "x", count: 101)
        let (site, diagnostics) = try await Self.site([
            "links/list.md": "# List\n\n- [Long](https://long.example/) - Text. `\(long)` `MIT`\n"
        ])
        #expect(site.links[0].labels.map(\.name) == ["MIT"])
        let warning = try #require(diagnostics.first { $0.code == .invalidLabels })
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(path: "links/list.md", line: 3))
    }

    // MARK: - Link files

    @Test(arguments: ["[MIT, Go, Docker]", "MIT, Go, Docker", "\n  - MIT\n  - Go\n  - Docker"])
    func aLinkFileHasLabels(_ written: String) async throws {
        let (site, diagnostics) = try await Self.site([
            "links/a.md": TestSite.link(url: "https://a.example/", title: "A", extra: "labels: \(written)\n")
        ])
        #expect(site.links[0].labels.map(\.name) == ["MIT", "Go", "Docker"])
        #expect(!diagnostics.contains { $0.code == .unknownKey }, "labels is a known key")
        #expect(site.links[0].extra["labels"] == nil)
    }

    @Test func aLinkFilesLabelsOfTheWrongShapeAreALocatedError() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://a.example/", title: "A", extra: "labels: {a: b}\n")
        ])
        defer { site.remove() }
        let report = await site.build()
        let problem = try #require(report.diagnostics.first { $0.code == .invalidLabels })
        #expect(problem.location?.path == "links/a.md")
        #expect(problem.location?.line == 4)
    }

    @Test func moreThanAHundredLabelsKeepTheFirstHundred() async throws {
        let names = (1...120).map { "l\($0)" }.joined(separator: ", ")
        let (site, diagnostics) = try await Self.site([
            "links/a.md": TestSite.link(url: "https://a.example/", title: "A", extra: "labels: \(names)\n")
        ])
        #expect(site.links[0].labels.count == 100)
        #expect(site.links[0].labels.last?.name == "l100")
        #expect(diagnostics.contains { $0.code == .invalidLabels && $0.severity == .warning })
    }
}
