import Foundation
import LinkyBuild
import LinkyCuration
import LinkyImport
import LinkyModel
import Testing

@Suite struct ImporterTests {
    static let config = "title: Test\nextra_keys: [toread, feed]\n"
    static let hackerNews = "---\nurl: https://news.ycombinator.com\ntitle: HN\n---\n"

    @Test func chromeBookmarksBecomeLinkFilesTheBuildReads() async throws {
        let site = try ImportFixtures.site(["linky.yml": Self.config, "links/news/hn.md": Self.hackerNews])
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture("chrome.html", into: site)
        #expect(report.folder == "links/imported")
        #expect(
            report.files.map(\.path) == [
                "links/imported/swift-org.md",
                "links/imported/개발-자료/swift-apple-developer-documentation.md",
                "links/imported/개발-자료/swift-프로그래밍-언어-나무위키.md",
                "links/imported/개발-자료/rust-and-go/the-go-programming-language.md",
                "links/imported/개발-자료/rust-and-go/rust-프로그래밍-언어.md",
                "links/imported/swift-org-welcome-to-swift-org.md",
                "links/imported/맛집/을지면옥-평양냉면-네이버-지도.md",
            ])
        #expect(
            report.indexFiles == [
                "links/imported/개발-자료/_index.md", "links/imported/개발-자료/rust-and-go/_index.md",
                "links/imported/맛집/_index.md",
            ])
        // Hacker News is in the site already; the #community link repeats swift.org in the import.
        #expect(report.duplicates.map(\.location?.line) == [28, 32])
        #expect(report.duplicates[0].message.contains("links/news/hn.md"))
        #expect(report.duplicates[1].message.contains("line 11"))
        #expect(report.invalid.map(\.code) == [.importInvalidURL, .importInvalidURL])
        #expect(
            report.invalid.map(\.location) == [
                SourceLocation(path: "chrome.html", line: 12), SourceLocation(path: "chrome.html", line: 34),
            ])
        #expect(report.writeFailure == nil && report.undeclaredExtraKeys.isEmpty && report.siteErrorCount == 0)

        let text = try String(
            contentsOf: site.appending(path: "links/imported/맛집/을지면옥-평양냉면-네이버-지도.md"), encoding: .utf8)
        #expect(
            text == """
                ---
                url: https://map.naver.com/p/entry/place/11591726
                title: '을지면옥 "평양냉면" : 네이버 지도'
                date: 2024-05-02
                ---

                """)
        let index = try String(
            contentsOf: site.appending(path: "links/imported/개발-자료/rust-and-go/_index.md"), encoding: .utf8)
        #expect(index == "---\ntitle: Rust & Go\n---\n")

        let built = await ImportFixtures.build(site)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        let result = try #require(built.site)
        #expect(result.links.count == 8)
        let go = try #require(result.links.first { $0.url.absoluteString == "https://go.dev/" })
        let category = result.categories[go.category]
        #expect(category.slugPath == ["imported", "개발-자료", "rust-and-go"])
        #expect(category.title == "Rust & Go")
        #expect(result.categories[category.parent!].title == "개발 자료")
        #expect(go.date?.isoDay == "2024-05-01")
    }

    @Test func theSameImportAgainAddsNothing() async throws {
        for fixture in ["chrome.html", "firefox.html", "safari.html", "edge.html", "pinboard.json", "awesome.md"] {
            let site = try ImportFixtures.site()
            defer { try? FileManager.default.removeItem(at: site) }
            let first = try await ImportFixtures.importFixture(fixture, into: site)
            let before = ImportFixtures.files(in: site)
            let second = try await ImportFixtures.importFixture(fixture, into: site)
            #expect(!first.files.isEmpty)
            #expect(second.files.isEmpty && second.indexFiles.isEmpty, "\(fixture)")
            #expect(second.duplicates.count == first.files.count + first.duplicates.count, "\(fixture)")
            #expect(second.invalid.count == first.invalid.count)
            #expect(ImportFixtures.files(in: site) == before)
        }
    }

    @Test func aDryRunListsTheFilesAndWritesNothing() async throws {
        let site = try ImportFixtures.site(["links/imported/swift-org.md": "mine\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let dry = try await ImportFixtures.importFixture("chrome.html", into: site, dryRun: true)
        #expect(ImportFixtures.files(in: site) == ["links/imported/swift-org.md"])
        #expect(dry.dryRun)
        let real = try await ImportFixtures.importFixture("chrome.html", into: site)
        #expect(dry.files == real.files)
        #expect(dry.indexFiles == real.indexFiles)
        #expect(real.files.first?.path == "links/imported/swift-org-2.md")
    }

    @Test func existingFilesAreNeverOverwritten() async throws {
        let mine = "---\ntitle: 우리 동네 맛집\ndescription: Mine.\n---\n"
        let site = try ImportFixtures.site([
            "links/imported/hacker-news.md": "---\nurl: https://example.com/other\ntitle: Other\n---\n",
            "links/imported/맛집/_index.md": mine,
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture("chrome.html", into: site)
        #expect(report.files.contains { $0.path == "links/imported/hacker-news-2.md" })
        #expect(!report.indexFiles.contains("links/imported/맛집/_index.md"))
        #expect(try String(contentsOf: site.appending(path: "links/imported/맛집/_index.md"), encoding: .utf8) == mine)
        #expect(
            try String(contentsOf: site.appending(path: "links/imported/hacker-news.md"), encoding: .utf8)
                .contains("example.com/other"))
    }

    @Test func categoryAndContentFolderFromTheSite() async throws {
        let site = try ImportFixtures.site(["linky.yml": "content_dir: content\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture("safari.html", into: site, category: "reading/browser")
        #expect(report.folder == "content/reading/browser")
        #expect(report.files.map(\.path).contains("content/reading/browser/여행/제주/비짓제주.md"))
        #expect(report.files.map(\.path).contains("content/reading/browser/reading-list/swift-5-10-released.md"))
        #expect(report.undeclaredExtraKeys == ["toread"])
        let built = await ImportFixtures.build(site)
        #expect(!built.diagnostics.containsErrors, "\(built.diagnostics)")
        let reading = try #require(built.site?.links.first { $0.title == "Swift 5.10 Released" })
        #expect(reading.extra["toread"] != nil)
        #expect(built.site?.categories[reading.category].title == "Reading List")
    }

    @Test(arguments: ["../outside", "/etc", "_drafts", ".hidden", "a/../b", "", "a/./b"])
    func unusableCategoriesAreRefused(category: String) async throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        await #expect(throws: ImportFailure.self) {
            _ = try await ImportFixtures.importFixture("safari.html", into: site, category: category)
        }
        #expect(ImportFixtures.files(in: site).isEmpty)
    }

    @Test func draftsPrivateBookmarksAndNotes() async throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture("linkding.html", into: site)
        #expect(report.files.count == 3)
        #expect(report.invalid.map(\.location?.line) == [12])
        let video = try String(contentsOf: site.appending(path: "links/imported/video-and-more.md"), encoding: .utf8)
        #expect(video.contains("draft: true\n"))
        #expect(video.contains("toread: \"true\"\n"))
        #expect(video.contains("url: https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s\n"))
        let built = await ImportFixtures.build(site)
        let linkding = try #require(
            built.site?.links.first { $0.url.absoluteString == "https://github.com/sissbruecker/linkding" })
        #expect(linkding.note?.markdown.contains("**demo**") == true)
        var withoutDrafts = BuildOptions(siteFolder: site)
        withoutDrafts.writeOutput = false
        #expect(await SiteBuilder().build(withoutDrafts).site?.links.count == 2)
    }

    @Test func untitledBookmarksAndTooManyTags() async throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        let tags = (1...120).map { "t\($0)" } + ["T1"]
        let bookmarks = ImportedBookmarks(entries: [
            .init(line: 3, url: "https://example.com/a/b/", title: "  ", tags: tags),
            .init(line: 4, url: nil, title: ""),
        ])
        let report = try await Importer(options: ImportOptions(siteFolder: site)).run(bookmarks, path: "x")
        #expect(report.files.map(\.title) == ["example.com/a/b"])
        #expect(report.warnings.map(\.code) == [.invalidTags])
        #expect(report.invalid.map(\.message) == ["the bookmark has no URL, so it is skipped"])
        let built = await ImportFixtures.build(site)
        #expect(!built.diagnostics.containsErrors)
        #expect(built.site?.links.first?.tags.count == 100)
    }

    @Test func decomposedHangulIsWrittenComposed() async throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        let decomposed = "한글".decomposedStringWithCanonicalMapping
        let bookmarks = ImportedBookmarks(entries: [
            .init(line: 1, folders: [decomposed], url: "https://a.example/", title: decomposed, tags: [decomposed])
        ])
        let report = try await Importer(options: ImportOptions(siteFolder: site)).run(bookmarks, path: "x")
        #expect(report.files.map(\.path) == ["links/imported/한글/한글.md"])
        let text = try Data(contentsOf: site.appending(path: "links/imported/한글/한글.md"))
        #expect(!text.contains(Data(decomposed.utf8)))
        #expect(text.contains(Data("title: 한글\n".utf8)))
    }

    @Test func aFileInAnotherFormatIsRefused() async throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        let importer = Importer(options: ImportOptions(siteFolder: site))
        await #expect(throws: ImportFailure.self) {
            _ = try await importer.run(try ImportFixtures.data("chrome.html"), format: .pinboard, path: "chrome.html")
        }
        await #expect(throws: ImportFailure.self) {
            _ = try await importer.run(try ImportFixtures.data("pinboard.json"), format: .netscape, path: "p.json")
        }
        #expect(ImportFixtures.files(in: site).isEmpty)
    }
}
