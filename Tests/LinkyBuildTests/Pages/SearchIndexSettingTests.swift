import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// `search_index: auto | true | false`, on Examples/reading-list built into a temporary folder: `auto`
/// writes `search-index.json` up to `FileLimits.searchIndexAutoLinks` links (10,000; lowered here below
/// the example's count) and leaves it out past that, while the search page's shards and `links.json`
/// stay; `true` writes it whatever the size; `false` never, unless the theme loads it whole.
@Suite struct SearchIndexSettingTests {
    static func build(
        adding settings: String, autoLimit: Int? = nil, files: [String: String] = [:]
    ) async throws
        -> (report: BuildReport, files: [String: Data])
    {
        let folder = try readingListCopy(adding: settings, prefix: "linky-search-index")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var options = BuildOptions(siteFolder: folder)
        if let autoLimit { options.limits.searchIndexAutoLinks = autoLimit }
        let report = await SiteBuilder().build(options)
        return (report, try filesBelow(folder.appending(path: "_site")))
    }

    @Test func autoWritesItForAnOrdinaryCollectionAndLeavesItOutPastTheLimit() async throws {
        let small = try await Self.build(adding: "")
        #expect(small.report.outcome == .success, "\(small.report.diagnostics.prefix(3))")
        let index = try #require(small.files["search-index.json"])
        let object = try JSONSerialization.jsonObject(with: index) as? [String: Any]
        #expect((object?["links"] as? [Any])?.count == small.report.site?.links.count)

        let large = try await Self.build(adding: "search_index: auto\n", autoLimit: 3)
        #expect(large.report.outcome == .success, "\(large.report.diagnostics.prefix(3))")
        #expect(!large.files.keys.contains { $0.hasPrefix("search-index") })
        // What the search page reads and what tools can read instead are still there.
        #expect(large.files["search/data/manifest.js"] != nil)
        #expect(large.files["links.json"] != nil)
        #expect(!(try #require(large.files["sitemap.xml"]).contains(Data("search-index".utf8))))
    }

    @Test func trueKeepsItPastTheLimitAndFalseLeavesItOut() async throws {
        let always = try await Self.build(adding: "search_index: true\n", autoLimit: 3)
        #expect(always.files["search-index.json"] != nil)
        let never = try await Self.build(adding: "search_index: false\n")
        #expect(never.report.outcome == .success)
        #expect(never.files["search-index.json"] == nil)
        #expect(never.files["search/data/manifest.js"] != nil)
    }

    /// A theme that loads the whole index (`search-index.js`) has it, and the JSON it is made from,
    /// whatever the setting says.
    @Test func aThemeThatLoadsTheWholeIndexHasItWhateverTheSetting() async throws {
        let built = try await Self.build(
            adding: "search_index: false\n", files: ["templates/assets/whole.js": "window.LINKY_SEARCH_INDEX;\n"])
        #expect(built.report.outcome == .success, "\(built.report.diagnostics.prefix(3))")
        #expect(built.files["search-index.json"] != nil)
        #expect(built.files["search-index.js"] != nil)
    }

    @Test func aValueThatIsNoneOfTheThreeIsALocatedWarning() async throws {
        let built = try await Self.build(adding: "search_index: sometimes\n")
        #expect(built.report.outcome == .success)
        let warning = try #require(built.report.diagnostics.first { $0.message.contains("`search_index`") })
        #expect(warning.location?.path == "linky.yml")
        #expect(built.files["search-index.json"] != nil)
    }
}
