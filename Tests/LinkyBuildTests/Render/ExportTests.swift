import Foundation
import LinkyModel
import LinkyTestSupport
import Testing

@testable import LinkyBuild

/// `export --format awesome` gives the list back: the README it writes, built as a list file, has the
/// same links, titles, descriptions, tags, secondary links and categories as the site it came from.
struct ExportTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// What a round trip must keep of a link; its category as the trail of titles (below the list's
    /// own category, for the list built from the README).
    struct Kept: Equatable {
        var title: String
        var summary: String?
        var tags: [String]
        var secondary: [String]
        var trail: [String]
    }

    static func prepared(_ folder: URL) async throws -> Site {
        var options = BuildOptions(siteFolder: folder)
        options.writeOutput = false
        let prepared = await SiteBuilder().prepare(options)
        return try #require(prepared.site, "\(prepared.report.diagnostics.filter { $0.severity == .error })")
    }

    static func kept(_ site: Site, below depth: Int) -> [String: Kept] {
        func trail(_ id: Int) -> [String] {
            var titles: [String] = []
            var current = id
            while current != 0 {
                titles.insert(site.categories[current].title, at: 0)
                current = site.categories[current].parent ?? 0
            }
            return Array(titles.dropFirst(depth))
        }
        var links: [String: Kept] = [:]
        for link in site.links {
            links[link.url.comparisonKey] = Kept(
                title: link.title, summary: link.description, tags: link.tags.map { site.tags[$0].name }.sorted(),
                secondary: link.secondaryLinks.map(\.url.absoluteString), trail: trail(link.category))
        }
        return links
    }

    /// Exports `folder`'s site as an awesome list, builds that README as the only list file of a new
    /// site (with the original's tags.yml and linky.yml, and an alias for each tag the export wrote
    /// with hyphens, as the export's note says), and compares the two.
    func roundTrip(_ folder: URL) async throws -> Int {
        let original = try await Self.prepared(folder)
        let readme = try SiteExport.bytes(original, format: .awesome)
        let copy = FileManager.default.temporaryDirectory.appending(path: "linky-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.createDirectory(at: copy.appending(path: "links"), withIntermediateDirectories: true)
        try Data(readme).write(to: copy.appending(path: "links/readme.md"))
        for name in ["linky.yml"] where FileManager.default.fileExists(atPath: folder.appending(path: name).path) {
            try FileManager.default.copyItem(at: folder.appending(path: name), to: copy.appending(path: name))
        }
        var tags = (try? String(contentsOf: folder.appending(path: "tags.yml"), encoding: .utf8)) ?? ""
        for (name, written) in SiteExport.respelledTags(original) {
            let spelling = try #require(written, "the tag \(name) cannot be written at all")
            tags += "\n\"\(name)\":\n  aliases: [\"\(spelling)\"]\n"
        }
        try tags.write(to: copy.appending(path: "tags.yml"), atomically: true, encoding: .utf8)

        let back = try await Self.prepared(copy)
        let before = Self.kept(original, below: 0)
        // The list is a category of its own: the README's sections are below it.
        let after = Self.kept(back, below: 1)
        #expect(after.count == before.count, "\(after.count) links came back of \(before.count)")
        var differences = 0
        for (key, kept) in before.sorted(by: { $0.key < $1.key }) where after[key] != kept {
            differences += 1
            if differences <= 5 { Issue.record("\(key): \(kept) became \(after[key].map { "\($0)" } ?? "nothing")") }
        }
        #expect(differences == 0)
        return before.count
    }

    @Test(arguments: ["Examples/reading-list", "Examples/awesome"])
    func theExamplesComeBackWhole(_ example: String) async throws {
        let count = try await roundTrip(Self.repository.appending(path: example))
        #expect(count >= 20)
    }

    @Test func aGeneratedSiteOfTenThousandLinksComesBackWhole() async throws {
        let site = try GeneratedSite(links: 10_000)
        defer { site.remove() }
        #expect(try await roundTrip(site.folder) == 10_000)
    }

    /// Found on awesome-rust: a description holding a bare address (a badge's alt text) came back as a
    /// secondary link; escaped, it stays text. Markup characters stay text too.
    @Test func bareAddressesAndMarkupInDescriptionsStayText() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-export-bare-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appending(path: "links/tools"), withIntermediateDirectories: true)
        try
            "---\nurl: https://a.example/\ntitle: \"A [beta] *star*\"\ndescription: \"See https://a.example/ci and www.a.example, `code` <b>x</b> | y\"\n---\n"
            .write(to: folder.appending(path: "links/tools/a.md"), atomically: true, encoding: .utf8)
        #expect(try await roundTrip(folder) == 1)
    }

    @Test func theReadmeIsWhatAnAwesomeListLooksLike() async throws {
        let original = try await Self.prepared(Self.repository.appending(path: "Examples/reading-list"))
        let readme = String(decoding: try SiteExport.bytes(original, format: .awesome), as: UTF8.self)
        #expect(readme.hasPrefix("# Reading List\n\nArticles, books"))
        #expect(readme.contains("## Contents\n\n- [Programming](#programming)\n  - [Swift](#swift)\n"))
        #expect(readme.contains("- [한국어 자료](#한국어-자료)\n  - [기술 블로그](#기술-블로그)\n"))
        #expect(readme.contains("\n### Swift\n\nSwift language, concurrency and the road to Swift 6.\n\n- ["))
        #expect(
            readme.contains(
                "- [Announcing Swift 6](https://www.swift.org/blog/announcing-swift-6/) - Data-race safety by default"))
    }

    @Test func csvAndBookmarksAndJSON() async throws {
        let original = try await Self.prepared(Self.repository.appending(path: "Examples/reading-list"))
        let csv = String(decoding: try SiteExport.bytes(original, format: .csv), as: UTF8.self)
        let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "url,title,description,category,tags,date,favorite,note")
        #expect(rows.count >= original.links.count + 1)  // notes with new lines make rows longer, not more
        #expect(csv.contains(#"https://www.swift.org/blog/announcing-swift-6/,Announcing Swift 6,"#))
        let bookmarks = String(decoding: try SiteExport.bytes(original, format: .netscape), as: UTF8.self)
        #expect(bookmarks.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"))
        let json = try JSONSerialization.jsonObject(with: Data(try SiteExport.bytes(original, format: .json)))
        #expect(((json as? [String: Any])?["links"] as? [Any])?.count == original.links.count)
    }
}
