import Foundation
import LinkyBuild
import LinkyCuration
import LinkyImport
import LinkyModel
import Testing

/// Import an export, build the site, read the built `bookmarks.html` back: the same links come out.
@Suite struct ImportRoundTripTests {
    /// What a bookmark file can carry, compared across the round trip.
    struct Bookmark: Hashable, CustomTestStringConvertible {
        var url: String
        var title: String
        var tags: [String]
        var date: String?
        var description: String?
        var folders: [String]

        var testDescription: String {
            "\(folders.joined(separator: "/")) | \(title) <\(url)> \(tags) \(date ?? "-") \(description ?? "")"
        }
    }

    @Test(arguments: [
        "chrome.html", "firefox.html", "safari.html", "edge.html", "pinboard.html", "linkding.html", "pinboard.json",
        "awesome.md",
    ])
    func bookmarksHTMLGivesBackWhatWasImported(fixture: String) async throws {
        let site = try ImportFixtures.site(["linky.yml": "title: Round trip\nextra_keys: [toread, feed]\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let output = FileManager.default.temporaryDirectory.appending(path: "linky-roundtrip-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: site)
            try? FileManager.default.removeItem(at: output)
        }
        let report = try await ImportFixtures.importFixture(fixture, into: site)
        #expect(report.writeFailure == nil)

        // What was imported, from the reader's entries that became files.
        let read = try ImportFixtures.read(fixture)
        var imported: [Bookmark] = []
        for file in report.files {
            let entry = try #require(
                read.entries.first {
                    $0.line == file.line
                        && (try? LinkURL(parsing: $0.url ?? "").absoluteString) == file.url.absoluteString
                })
            imported.append(
                Bookmark(
                    url: file.url.absoluteString, title: file.title, tags: entry.tags.map(\.foldedIdentity),
                    date: entry.date, description: entry.description, folders: entry.folders))
        }

        var options = BuildOptions(siteFolder: site, outputFolder: output, baseURL: "https://example.com/")
        options.includeDrafts = true
        let built = await SiteBuilder().build(options)
        #expect(built.outcome == .success, "\(built.diagnostics)")
        let html = try Data(contentsOf: output.appending(path: "bookmarks.html"))
        let reread = try NetscapeBookmarkReader.read([UInt8](html), path: "bookmarks.html")
        #expect(reread.problems.isEmpty)
        let back = try reread.entries.map { entry in
            // The file's top folders are the site (its title) and the category imported into.
            #expect(Array(entry.folders.prefix(2)) == ["Round trip", "Imported"])
            return Bookmark(
                url: try LinkURL(parsing: try #require(entry.url)).absoluteString, title: entry.title,
                tags: entry.tags.map(\.foldedIdentity), date: entry.date, description: entry.description,
                folders: Array(entry.folders.dropFirst(2)))
        }
        #expect(back.count == imported.count)
        let missing = Set(imported).subtracting(back).sorted { $0.url < $1.url }
        let extra = Set(back).subtracting(imported).sorted { $0.url < $1.url }
        #expect(
            missing.isEmpty && extra.isEmpty,
            "imported but not read back: \(missing)\nread back but not imported: \(extra)")
        // Folder descriptions survive too (Firefox's 읽을거리).
        for folder in read.folders {
            #expect(
                reread.folders.contains {
                    Array($0.path.dropFirst(2)) == folder.path && $0.description == folder.description
                })
        }
    }
}
