import Foundation
import LinkyModel
import LinkyTestSupport
import Testing

@testable import LinkyBuild

/// Files that would pass what a static host or a search engine takes in one file are split
/// (`FileLimits`): `links.json` into an index (format version 2) and parts that hold every link in order,
/// a sitemap of more than 50,000 pages into a sitemap index and sitemaps. A rebuild leaves what a fresh
/// build writes, and still finds the addresses that moved through `links.json`'s parts.
@Suite struct SplitFilesTests {
    struct Index: Decodable {
        var version: Int
        var generator: String
        var links: [Entry]?
        var parts: [String]?
        var linkCount: Int?
        var categories: [Category]
        var tags: [Tag]
        enum CodingKeys: String, CodingKey {
            case version, generator, links, parts, categories, tags
            case linkCount = "link_count"
        }
    }
    struct Category: Decodable { var id: Int }
    struct Tag: Decodable { var name: String }
    struct Entry: Decodable, Equatable {
        var id: Int
        var url: String
        var note: String?
    }
    struct Part: Decodable {
        var version: Int
        var part: Int
        var links: [Entry]
    }

    /// A part's limit for these tests: a generated site of 200 links has about 250 KB of entries, so
    /// several parts (the default, `FileLimits.dataPartBytes`, splits a collection of about 100,000 links).
    static let partBytes = 60_000
    /// Its sitemap has some 600 pages: several sitemaps of 100.
    static let sitemapAddresses = 100
    /// Its bookmark file is about 70 KB: several files.
    static let bookmarkBytes = 20_000
    /// Its print page is about 300 KB: several pages.
    static let printBytes = 80_000

    /// A build into the site's `_site` with parts of at most `partBytes`, from the last build's state or
    /// (`fresh`) into a new folder without it.
    static func build(_ site: GeneratedSite, fresh: Bool = false) async -> (BuildReport, URL) {
        let output =
            fresh
            ? FileManager.default.temporaryDirectory.appending(path: "linky-fresh-\(UUID().uuidString)")
            : RebuildOracleTests.output(site)
        var options = BuildOptions(siteFolder: site.folder, outputFolder: output, baseURL: RebuildOracleTests.baseURL)
        options.limits.dataPartBytes = partBytes
        options.limits.sitemapAddresses = sitemapAddresses
        options.limits.bookmarkBytes = bookmarkBytes
        options.limits.printBytes = printBytes
        options.reuseState = !fresh
        return (await SiteBuilder().build(options), output)
    }

    static func read<Value: Decodable>(_ type: Value.Type, _ file: URL) throws -> Value {
        try JSONDecoder().decode(type, from: Data(contentsOf: file))
    }

    /// A Netscape bookmark file's links, each with the folders it is in (their titles, outermost
    /// first), in the file's order; and whether its folders open and close in balance.
    static func bookmarks(_ file: URL) throws -> (links: [String], balanced: Bool) {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"))
        var folders: [String] = []
        var links: [String] = []
        var open = 0
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("<DT><H3") {
                folders.append(
                    String(line.drop { $0 != ">" }.dropFirst().drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }))
            } else if line == "<DL><p>" {
                open += 1
            } else if line == "</DL><p>" {
                open -= 1
                if open > 0 { folders.removeLast() }
            } else if line.hasPrefix("<DT><A HREF=\"") {
                let href = line.dropFirst("<DT><A HREF=\"".count).prefix { $0 != "\"" }
                links.append(folders.joined(separator: "/") + " " + href)
            }
        }
        return (links, open == 0 && folders.isEmpty)
    }

    /// What a print page shows: the anchors of its contents' entries (with where they point), its
    /// sections' anchors and its links' addresses, in order.
    static func printed(_ file: URL) throws -> (contents: [String], sections: [String], links: [String], cover: Bool) {
        let html = try String(contentsOf: file, encoding: .utf8)
        func all(_ start: String, _ end: Character = "\"") -> [String] {
            html.components(separatedBy: start).dropFirst().map { String($0.prefix { $0 != end }) }
        }
        let contents = html.components(separatedBy: #"<li class="depth-"#).dropFirst().map {
            String($0.components(separatedBy: #"<a href=""#)[1].prefix { $0 != "\"" })
        }
        let sections = html.components(separatedBy: #"<section class="print-section depth-"#).dropFirst().map {
            String($0.drop { $0 != "\"" }.dropFirst(#"" id=""#.count).prefix { $0 != "\"" })
        }
        let links = all(#"<p class="print-url"><a href=""#)
        return (contents, sections, links, html.contains(#"<section class="print-cover""#))
    }

    /// A JSON file's object.
    static func object(_ file: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    /// The addresses a sitemap (or a sitemap index) lists, and its root element's name.
    static func sitemap(_ file: URL) throws -> (root: String, addresses: [String]) {
        let xml = try String(contentsOf: file, encoding: .utf8)
        let root = xml.contains("<sitemapindex ") ? "sitemapindex" : xml.contains("<urlset ") ? "urlset" : "?"
        let addresses = xml.components(separatedBy: "<loc>").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
        return (root, addresses)
    }

    /// The links of the output's `links.json` and its parts, checking each part's own fields.
    static func entries(_ output: URL, _ index: Index) throws -> [Entry] {
        var entries: [Entry] = []
        for (number, path) in (index.parts ?? []).enumerated() {
            let file = output.appending(path: path)
            let part = try read(Part.self, file)
            #expect(part.version == 2 && part.part == number + 1, "\(path)")
            #expect(!part.links.isEmpty, "\(path)")
            let bytes = try #require(try file.resourceValues(forKeys: [.fileSizeKey]).fileSize)
            // A part passes its limit by less than one link's entry.
            #expect(bytes < partBytes + 8_000, "\(path): \(bytes) bytes")
            entries += part.links
        }
        return entries
    }

    @Test func aLargeCollectionIsSplitIntoPartsThatHoldEveryLinkInOrder() async throws {
        let site = try GeneratedSite(links: 200)
        defer { site.remove() }
        // A theme of the site's own that loads the whole index as a script: the build writes it, split.
        let theme = site.folder.appending(path: "templates/assets/whole-search.js")
        try FileManager.default.createDirectory(
            at: theme.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("console.log(window.LINKY_SEARCH_INDEX);\n".utf8).write(to: theme)
        let (report, output) = await Self.build(site)
        #expect(report.outcome == .success, "\(report.diagnostics.prefix(3))")
        let built = try #require(report.site)

        let index = try Self.read(Index.self, output.appending(path: "links.json"))
        #expect(index.version == 2 && index.generator == "linky-site")
        #expect(index.links == nil)
        #expect(index.linkCount == 200)
        let parts = index.parts ?? []
        #expect(parts.count >= 3, "\(parts)")
        #expect(parts == (1...max(parts.count, 1)).map { "links/\($0).json" })
        #expect(index.categories.count == built.categories.count - 1 && index.tags.count == built.tags.count)
        // Every link once, in order, with its note.
        let entries = try Self.entries(output, index)
        #expect(entries.map(\.id) == Array(0..<200))
        #expect(entries.map(\.url) == built.links.map(\.url.absoluteString))
        #expect(entries.map(\.note) == built.links.map(\.note?.markdown))

        // The search index, and its script, split alike.
        let searchIndex = try Self.object(output.appending(path: "search-index.json"))
        #expect(searchIndex["version"] as? Int == 2 && searchIndex["links"] == nil)
        #expect(searchIndex["link_count"] as? Int == 200)
        let searchParts = searchIndex["parts"] as? [String] ?? []
        #expect(
            searchParts.count >= 2 && searchParts == (1...max(searchParts.count, 1)).map { "search-index/\($0).json" })
        var searchLinks: [Any] = []
        for (offset, path) in searchParts.enumerated() {
            let part = try Self.object(output.appending(path: path))
            #expect(part["version"] as? Int == 2 && part["part"] as? Int == offset + 1)
            searchLinks += part["links"] as? [Any] ?? []
            let json = try String(contentsOf: output.appending(path: path), encoding: .utf8)
            let script = try String(
                contentsOf: output.appending(path: "search-index/\(offset + 1).js"), encoding: .utf8)
            #expect(script == "(window.LINKY_SEARCH_INDEX_PARTS ||= {})[\(offset + 1)] = \(json.dropLast());\n")
        }
        let indexScript = try String(contentsOf: output.appending(path: "search-index.js"), encoding: .utf8)
        let indexJSON = try String(contentsOf: output.appending(path: "search-index.json"), encoding: .utf8)
        #expect(indexScript == "window.LINKY_SEARCH_INDEX = \(indexJSON.dropLast());\n")

        // The bookmark file: files of a run of links each, under their folders, named in the home page's footer.
        var bookmarkFiles = ["bookmarks.html"]
        while FileManager.default.fileExists(
            atPath: output.appending(path: "bookmarks-\(bookmarkFiles.count + 1).html").path)
        {
            bookmarkFiles.append("bookmarks-\(bookmarkFiles.count + 1).html")
        }
        #expect(bookmarkFiles.count >= 3, "\(bookmarkFiles)")
        var bookmarked: [String] = []
        for name in bookmarkFiles {
            let (links, balanced) = try Self.bookmarks(output.appending(path: name))
            #expect(balanced && !links.isEmpty, "\(name)")
            bookmarked += links
        }
        let home = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        let footer = bookmarkFiles.enumerated().map { #"<a href="\#($1)" download>\#($0 + 1)</a>"# }.joined(
            separator: ", ")
        #expect(home.contains("Bookmarks file: " + footer), "\(footer)")

        // The print page: pages of whole categories; the first has the cover and the contents of all.
        var printPages = ["print/index.html"]
        while FileManager.default.fileExists(
            atPath: output.appending(path: "print/\(printPages.count + 1)/index.html").path)
        {
            printPages.append("print/\(printPages.count + 1)/index.html")
        }
        #expect(printPages.count >= 3, "\(printPages)")
        var printedSections: [(page: Int, anchor: String)] = []
        var printedLinks: [String] = []
        var firstContents: [String] = []
        for (offset, path) in printPages.enumerated() {
            let page = try Self.printed(output.appending(path: path))
            #expect(page.cover == (offset == 0) && (page.contents.isEmpty == (offset > 0)), "\(path)")
            if offset == 0 { firstContents = page.contents }
            #expect(!page.sections.isEmpty, "\(path)")
            printedSections += page.sections.map { (offset + 1, $0) }
            printedLinks += page.links
            let html = try String(contentsOf: output.appending(path: path), encoding: .utf8)
            #expect(
                html.contains(#"<nav class="print-parts""#) && html.contains(#"aria-current="page">\#(offset + 1)</a>"#)
            )
        }
        // Each entry of the contents points at its section, on the page that has it.
        #expect(
            firstContents
                == printedSections.map {
                    $0.page == 1 ? "#" + $0.anchor : "../print/\($0.page)/index.html#" + $0.anchor
                })

        // The sitemap: an index of sitemaps at the root, each of at most 100 pages.
        let (root, parts2) = try Self.sitemap(output.appending(path: "sitemap.xml"))
        #expect(root == "sitemapindex")
        #expect(
            parts2.count >= 3
                && parts2 == (1...max(parts2.count, 1)).map { "\(RebuildOracleTests.baseURL)sitemap-\($0).xml" })
        var pages: [String] = []
        for number in 1...max(parts2.count, 1) {
            let (root, addresses) = try Self.sitemap(output.appending(path: "sitemap-\(number).xml"))
            #expect(root == "urlset" && !addresses.isEmpty && addresses.count <= Self.sitemapAddresses)
            pages += addresses
        }

        // The same site with the default limits: one links.json of every link, version 1, and one sitemap
        // of the same pages.
        var options = BuildOptions(siteFolder: site.folder, baseURL: RebuildOracleTests.baseURL)
        options.reuseState = false
        #expect(await SiteBuilder().build(options).outcome == .success)
        let whole = try Self.read(Index.self, output.appending(path: "links.json"))
        #expect(whole.version == 1 && whole.parts == nil && whole.links == entries)
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "links").path))
        let wholeSearch = try Self.object(output.appending(path: "search-index.json"))
        #expect(wholeSearch["version"] as? Int == 1 && wholeSearch["parts"] == nil)
        #expect((wholeSearch["links"] as? NSArray) == (searchLinks as NSArray))
        #expect(searchLinks.count == 200)
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "search-index").path))
        let sitemap = try Self.sitemap(output.appending(path: "sitemap.xml"))
        // The same pages, but the print page's others.
        #expect(sitemap.root == "urlset")
        #expect(sitemap.addresses == pages.filter { !$0.contains(#/print/[0-9]+//#) })
        let wholePrint = try Self.printed(output.appending(path: "print/index.html"))
        #expect(wholePrint.cover && wholePrint.sections == printedSections.map(\.anchor))
        #expect(wholePrint.contents == printedSections.map { "#" + $0.anchor })
        #expect(wholePrint.links == printedLinks && printedLinks.count == 200)
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "print/2").path))
        let printHTML = try String(contentsOf: output.appending(path: "print/index.html"), encoding: .utf8)
        #expect(!printHTML.contains("print-parts") && !printHTML.contains("print-part-title"))
        let wholeBookmarks = try Self.bookmarks(output.appending(path: "bookmarks.html"))
        #expect(wholeBookmarks.balanced && wholeBookmarks.links.count == 200)
        #expect(wholeBookmarks.links == bookmarked)
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "bookmarks-2.html").path))
        let homeAfter = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        #expect(homeAfter.contains(#"<li><a href="bookmarks.html" download>Bookmarks file</a></li>"#))
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "sitemap-1.xml").path))
    }

    @Test func aRebuildOfASplitCollectionWritesWhatAFreshBuildWritesAndFindsMovedPages() async throws {
        let site = try GeneratedSite(links: 200)
        defer { site.remove() }
        #expect(await Self.build(site).0.outcome == .success)
        try await Task.sleep(for: .milliseconds(30))
        let files = try RebuildOracleTests.linkFiles(site)

        // A title edited, and links deleted: the parts' boundaries move, and the last part goes.
        let edited = files[files.count - 1]
        let text = try String(contentsOf: edited, encoding: .utf8)
        try text.replacingOccurrences(of: "\ntitle: \"", with: "\ntitle: \"Edited ").write(
            to: edited, atomically: false, encoding: .utf8)
        let before = try Self.read(Index.self, RebuildOracleTests.output(site).appending(path: "links.json"))
        for file in files.prefix(60) { try FileManager.default.removeItem(at: file) }
        let (report, output) = await Self.build(site)
        #expect(report.outcome == .success && report.updatedInPlace, "\(report.diagnostics.prefix(3))")
        let (freshReport, freshOutput) = await Self.build(site, fresh: true)
        defer {
            try? FileManager.default.removeItem(at: freshOutput)
            try? FileManager.default.removeItem(at: BuildState.location(of: freshOutput))
            try? FileManager.default.removeItem(at: ParseStore.location(of: freshOutput))
        }
        #expect(freshReport.outcome == .success)
        var fresh = try filesBelow(freshOutput)
        fresh[OutputWriter.marker] = nil
        var rebuilt = try filesBelow(output)
        rebuilt[OutputWriter.marker] = nil
        let same = rebuilt == fresh
        #expect(same, "\(RebuildOracleTests.difference(rebuilt, fresh))")
        let after = try Self.read(Index.self, output.appending(path: "links.json"))
        #expect((after.parts?.count ?? 0) < (before.parts?.count ?? 0), "\(before.parts ?? []) → \(after.parts ?? [])")
        #expect(try Self.entries(output, after).count == 140)
        #expect(
            fresh["sitemap-1.xml"] != nil && fresh["search-index/1.json"] != nil && fresh["bookmarks-2.html"] != nil)
        #expect(fresh["print/2/index.html"] != nil)
        try await Task.sleep(for: .milliseconds(30))

        // A link file with a note renamed: its page's address moves, which only the previous links.json's
        // parts say.
        let renamed = try #require(
            try files.dropFirst(60).first { file in
                let parts = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n---\n")
                return parts.count > 1 && !parts[1].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            })
        try FileManager.default.moveItem(
            at: renamed, to: renamed.deletingLastPathComponent().appending(path: "renamed-link.md"))
        let (moved, _) = await Self.build(site)
        #expect(moved.outcome == .success, "\(moved.diagnostics.prefix(3))")
        let warnings = moved.diagnostics.filter { $0.code == .pathMoved }
        #expect(warnings.count == 1, "\(moved.diagnostics.prefix(5))")
        #expect(warnings.first?.message.contains("renamed-link") == true, "\(warnings)")
    }
}
