import Foundation
import LinkyCuration
import LinkyImport
import Testing

/// karakeep-app/karakeep's import parser tests (`packages/shared/import-export/parsers.test.ts`) over
/// their inputs (`Tests/Fixtures/import/peers/karakeep/`, AGPL-3.0 test data). Where linky-site
/// reads differently, on purpose:
///
/// - The same address twice is read twice and imported once: the importer keeps the first and names
///   the second at its line (`LINKY192`); Karakeep merges them into one bookmark in both folders with
///   both tags. A link file lives in one folder, so the first one's folder and tags win.
/// - A folder without a name is "Untitled folder" (Karakeep: "Unnamed").
/// - Archived is the absence of `toread` (Karakeep's `archived` flag).
@Suite struct PeerKarakeepTests {
    typealias Entry = ImportedBookmarks.Entry

    func read(_ name: String) throws -> [Entry] {
        let read = try ImportFixtures.read("peers/karakeep/\(name)")
        #expect(read.problems.isEmpty)
        return read.entries
    }

    @Test func netscapeSimpleAndTags() throws {
        let simple = try read("netscape-simple.html")
        #expect(simple.count == 1)
        #expect(simple[0].title == "Example Site" && simple[0].url == "https://example.com")
        #expect(simple[0].tags.isEmpty && simple[0].folders.isEmpty)
        #expect(simple[0].date == "2009-02-13")  // 1234567890
        #expect(try read("netscape-tags.html")[0].tags == ["tag1", "tag2", "tag3"])
    }

    @Test func netscapeFolders() throws {
        #expect(try read("netscape-nested-folders.html").map(\.folders) == [["Folder1", "Folder2"]])
        #expect(try read("netscape-empty-folder-name.html").map(\.folders) == [["Named Folder", "Untitled folder"]])
        let multiple = try read("netscape-multiple-folders.html")
        #expect(multiple.map(\.title) == ["GitHub", "Stack Overflow", "Hacker News"])
        #expect(multiple.map(\.folders) == [["Tech"], ["Tech"], ["News"]])
        #expect(try read("netscape-root-level.html").map(\.folders) == [[], []])
        #expect(try read("netscape-deep-nesting.html").map(\.folders) == [["Level1", "Level2", "Level3", "Level4"]])
        let mixed = try read("netscape-mixed.html")
        #expect(mixed.map(\.title) == ["Root Bookmark 1", "Folder Bookmark", "Root Bookmark 2"])
        #expect(mixed.map(\.folders) == [[], ["Folder"], []])
    }

    @Test func netscapeDuplicatesImportOnce() async throws {
        #expect(try read("netscape-duplicate-url.html").map(\.tags) == [["tag1"], ["tag2"]])
        #expect(try read("netscape-duplicate-notes.html").map(\.description) == ["First note", "Second note"])
        for name in ["netscape-duplicate-url.html", "netscape-duplicate-notes.html"] {
            let site = try ImportFixtures.site()
            defer { try? FileManager.default.removeItem(at: site) }
            let report = try await ImportFixtures.importFixture("peers/karakeep/\(name)", into: site)
            #expect(report.files.count == 1)
            #expect(report.duplicates.count == 1)
        }
    }

    @Test func netscapeMissingDateAndAddress() throws {
        #expect(try read("netscape-no-add-date.html").map(\.date) == [nil])
        let noHref = try read("netscape-no-href.html")
        #expect(noHref.count == 1)
        #expect(noHref[0].url == nil && noHref[0].title == "No URL Bookmark")
    }

    @Test func notANetscapeFile() throws {
        #expect(throws: ImportReadFailure.self) { try ImportFixtures.read("peers/karakeep/netscape-not-netscape.html") }
    }

    @Test func linkwardenCollections() async throws {
        let entries = try read("linkwarden-export.json")
        #expect(entries.count == 6)
        #expect(entries[0].title == "GitHub" && entries[0].url == "https://github.com")
        #expect(entries[0].tags == ["dev"] && entries[0].folders == ["Tech"] && entries[0].date == "2025-01-01")
        #expect(entries[1].title == "React" && entries[1].tags == ["js", "ui"])
        #expect(entries[1].folders == ["Tech", "Frontend"])
        #expect(entries[2].title == "Next.js" && entries[2].tags.isEmpty)
        #expect(entries[2].folders == ["Tech", "Frontend", "Frameworks"])
        #expect(entries[3].title == "Hacker News" && entries[3].folders == ["News"] && entries[3].tags == ["news"])
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture("peers/karakeep/linkwarden-export.json", into: site)
        #expect(report.files.count == 5)  // example.com twice: imported once, the second named
        #expect(report.duplicates.count == 1)
        #expect(report.files.first { $0.url.absoluteString == "https://example.com/" }?.path.contains("work") == true)
    }

    @Test func instapaperStatesAreNotFolders() throws {
        let entries = try read("instapaper.csv")
        #expect(entries.map(\.title) == ["Archived Article", "Unread Article", "Custom Article"])
        #expect(entries.map(\.folders) == [[], [], ["Reading List"]])
        #expect(entries.map { $0.extra.contains(.init(key: "toread", value: "true")) } == [false, true, false])
        #expect(entries.map(\.date) == ["2023-11-14", "2023-11-14", "2023-11-14"])
    }

    @Test func pocketStatus() throws {
        #expect(try read("pocket-archive.csv")[0].extra.isEmpty)
        #expect(try read("pocket-unread.csv")[0].extra == [.init(key: "toread", value: "true")])
    }
}
