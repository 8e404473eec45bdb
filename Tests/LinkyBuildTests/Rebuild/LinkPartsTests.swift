import Foundation
import LinkyModel
import LinkyTheme
import Testing

@testable import LinkyBuild

/// A rebuild copies each link's part of the files made from every link (`links.json`, the search
/// index, the bookmarks file, the print page) and of the archive's years from the last build's file when the link and the site's shape are as they
/// were (`PreviousLinkParts`), and makes the others; the output is still what a fresh build writes.
@Suite struct LinkPartsTests {
    /// Every link of the test site is of 2024.
    static let partFiles = [
        "archive/2024/index.html", "bookmarks.html", "links.json", "print/index.html", "search-index.json",
    ]
    /// The new page lists them by week, over two pages.
    static let newPages = ["new/index.html", "new/page/2/index.html"]

    /// The last build's parts as the current site would be asked for them.
    static func previousParts(_ site: TestSite) async throws -> (PreviousLinkParts?, Site) {
        let prepared = await SiteBuilder().prepare(
            BuildOptions(siteFolder: site.folder, baseURL: "https://example.com/links/"))
        let model = try #require(prepared.site)
        let fingerprints = await PageFingerprints(site: model, theme: prepared.theme)
        let state = try #require(BuildState.read(beside: site.output))
        return (PreviousLinkParts(previous: state, keys: fingerprints.partKeys, output: site.output), model)
    }

    @Test func aBuildRecordsWhereEachLinksPartIs() async throws {
        let site = try await RebuildStateTests.settledSite()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let state = try #require(BuildState.read(beside: site.output))
        #expect(state.parts.keys.sorted() == (Self.partFiles + Self.newPages).sorted())
        #expect(state.linkKeys.count == 8)
        #expect(Set(Self.newPages.flatMap { state.parts[$0] ?? [] }.map(\.link)) == Set(0..<8))
        for path in Self.partFiles + Self.newPages {
            let parts = try #require(state.parts[path])
            if !Self.newPages.contains(path) { #expect(Set(parts.map(\.link)) == Set(0..<8), "\(path)") }
            let bytes = [UInt8](try Data(contentsOf: site.output.appending(path: path)))
            for part in parts {
                let text = String(decoding: bytes[part.range], as: UTF8.self)
                if path.hasSuffix(".json") {
                    #expect(text.hasPrefix("{") && text.hasSuffix("}"), "\(path): \(text)")
                } else if path == "bookmarks.html" {
                    #expect(text.contains("<DT><A HREF=") && text.hasSuffix("\n"), "\(text)")
                } else if path.hasPrefix("print") {
                    #expect(text.contains("<li class=\"print-link\">") && text.hasSuffix("</li>\n"), "\(text)")
                } else {
                    #expect(text.hasPrefix("<li") && text.hasSuffix("</li>\n"), "\(text)")
                }
            }
        }
    }

    @Test func onlyTheEditedLinksPartIsMadeAgain() async throws {
        let site = try await RebuildStateTests.settledSite()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        try RebuildStateTests.Edit.description.apply(to: site)
        let (found, model) = try await Self.previousParts(site)
        let parts = try #require(found)
        let edited = try #require(model.links.firstIndex { $0.title == "Beta" })
        for path in Self.partFiles {
            #expect(parts.part(of: path, link: edited) == nil, "\(path)")
            for id in model.links.indices where id != edited {
                let part = try #require(parts.part(of: path, link: id), "\(path) \(id)")
                #expect(String(decoding: part, as: UTF8.self).contains(model.links[id].title))
            }
        }
        // On the new page's pages, each link but the edited one is where it was.
        for id in model.links.indices {
            let found = Self.newPages.compactMap { parts.part(of: $0, link: id) }
            #expect(found.count == (id == edited ? 0 : 1), "\(id)")
        }
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(try site.read("links.json").contains("About Beta, edited."))
        #expect(try filesBelow(site.output) == (try await RebuildStateTests.freshBuild(site)))
    }

    @Test func aFileChangedByHandGivesNoParts() async throws {
        let site = try await RebuildStateTests.settledSite()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        // Same length, other bytes: the stamp (times, size, inode) says the file is not as it was left.
        let url = site.output.appending(path: "links.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingOccurrences(of: "About Alpha.", with: "About ALPHA.").write(
            to: url, atomically: false, encoding: .utf8)
        try RebuildStateTests.Edit.description.apply(to: site)
        let (found, model) = try await Self.previousParts(site)
        let parts = try #require(found)
        #expect(model.links.indices.allSatisfy { parts.part(of: "links.json", link: $0) == nil })
        #expect(parts.part(of: "search-index.json", link: 0) != nil)
        #expect(await site.build().outcome == .success)
        #expect(try filesBelow(site.output) == (try await RebuildStateTests.freshBuild(site)))
    }

    @Test func aChangeToTheSitesShapeGivesNoParts() async throws {
        let site = try await RebuildStateTests.settledSite()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        // A new tag changes every tag count the pages show: every link's part is made again.
        try RebuildStateTests.Edit.newTag.apply(to: site)
        let (found, model) = try await Self.previousParts(site)
        let parts = try #require(found)
        #expect(model.links.indices.allSatisfy { parts.part(of: "print/index.html", link: $0) == nil })
        #expect(await site.build().outcome == .success)
        #expect(try filesBelow(site.output) == (try await RebuildStateTests.freshBuild(site)))
    }

    @Test func aSitesOwnPrintTemplateKeepsNoParts() async throws {
        let site = try await RebuildStateTests.settledSite()
        defer { site.remove() }
        // Each link twice, and the whole list inside each item: an item shows more than its link.
        try site.write(
            "templates/print.mustache",
            "{{#sections}}{{#links}}<p>{{title}}</p>{{/links}}{{#links}}<i>{{title}}</i>{{/links}}{{/sections}}\n")
        #expect(await site.build().outcome == .success)
        let state = try #require(BuildState.read(beside: site.output))
        #expect(state.parts["print/index.html"] == nil)
        #expect(state.parts["links.json"] != nil)
        try RebuildStateTests.Edit.description.apply(to: site)
        #expect(await site.build().outcome == .success)
        #expect(try site.read("print/index.html").contains("<p>Beta</p>"))
        #expect(try filesBelow(site.output) == (try await RebuildStateTests.freshBuild(site)))
    }

    @Test func aYearNoEditTouchedKeepsItsPartsForTheNextEdit() async throws {
        // Links of two years: an edit of a 2023 link leaves the 2024 page as it was, and its parts too.
        var files = ["linky.yml": "title: Years\n"]
        for (index, year) in [2023, 2023, 2024, 2024].enumerated() {
            files["links/l\(index).md"] = TestSite.link(
                url: "https://l\(index).example/", title: "Link \(index)", date: "\(year)-05-0\(index + 1)",
                extra: "description: \"About \(index).\"\n")
        }
        let site = try TestSite(files)
        defer { site.remove() }
        try await Task.sleep(for: .milliseconds(1200))
        #expect(await site.build().outcome == .success)
        try site.write(
            "links/l0.md",
            TestSite.link(
                url: "https://l0.example/", title: "Link 0", date: "2023-05-01", extra: "description: \"Edited.\"\n"))
        let report = await site.build()
        #expect(report.outcome == .success && report.filesSkipped > 0)
        let state = try #require(BuildState.read(beside: site.output))
        #expect(state.parts["archive/2024/index.html"]?.count == 2)
        // And they are handed back for the 2024 links on the next edit.
        try site.write(
            "links/l2.md",
            TestSite.link(
                url: "https://l2.example/", title: "Link 2", date: "2024-05-03", extra: "description: \"Edited.\"\n"))
        let (found, model) = try await Self.previousParts(site)
        let parts = try #require(found)
        let other = try #require(model.links.firstIndex { $0.title == "Link 3" })
        #expect(parts.part(of: "archive/2024/index.html", link: other) != nil)
        #expect(await site.build().outcome == .success)
        #expect(try filesBelow(site.output) == (try await RebuildStateTests.freshBuild(site)))
    }

    @Test func withTheLayerOffNothingIsKept() async throws {
        let site = try await RebuildStateTests.settledSite()
        defer { site.remove() }
        var options = BuildOptions(siteFolder: site.folder, baseURL: "https://example.com/links/")
        options.cacheLayers = CacheLayers.all.subtracting(.parts)
        #expect(await SiteBuilder().build(options).outcome == .success)
        let state = try #require(BuildState.read(beside: site.output))
        #expect(state.parts.isEmpty && state.linkKeys.isEmpty)
    }
}
