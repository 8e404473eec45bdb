import Foundation
import LinkyCuration
import LinkyImport
import LinkyModel
import Testing

/// What real exports held that imports lost (issue 40), each at its root.
@Suite struct ImportRealExportTests {
    typealias Entry = ImportedBookmarks.Entry

    func read(_ text: String, _ format: ImportFormat, path: String = "export") throws -> ImportedBookmarks {
        try format.read(Data(text.utf8), path: path)
    }

    func run(_ text: String, _ format: ImportFormat, into site: URL) async throws -> ImportReport {
        try await Importer(options: ImportOptions(siteFolder: site)).run(
            Data(text.utf8), format: format, path: "export")
    }

    static func netscape(_ body: String) -> String {
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n" + body
            + "\n</DL><p>\n"
    }

    // MARK: - File names from titles

    @Test func emojiTitlesDoNotStopTheImport() async throws {
        // A real Instapaper export imported nothing: `❤️ Love` named its file `\u{FE0F}-love.md`.
        let csv = """
            URL,Title,Selection,Folder,Timestamp
            https://a.example/love,❤️ Love,,Unread,1700000000
            https://a.example/math,⚙️ Math Breakdown,,Archive,1700000000
            https://a.example/zwj,👩‍💻 Coding,,Archive,1700000000
            https://a.example/rtl,\u{200F}שלום\u{200F},,Archive,1700000000
            https://a.example/mark,\u{301}Accent,,Archive,1700000000
            https://a.example/only,❤️,,Archive,1700000000
            """
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await run(csv, .csv, into: site)
        #expect(report.writeFailure == nil)
        #expect(
            report.files.map(\.path) == [
                "links/imported/love.md", "links/imported/math-breakdown.md", "links/imported/coding.md",
                "links/imported/שלום.md", "links/imported/accent.md", "links/imported/a-example.md",
            ])
        let built = await ImportFixtures.build(site)
        #expect(built.site?.links.count == 6)
        #expect(built.site?.links.contains { $0.title == "❤️ Love" } == true)
    }

    // MARK: - Netscape files

    @Test func googleBookmarksWithoutDoctype() throws {
        for start in [
            "<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=UTF-8\">\n", "<TITLE>Bookmarks</TITLE>\n",
            "<H1>Bookmarks</H1>\n",
        ] {
            let text =
                start + "<DL><p>\n<DT><A HREF=\"https://a.example/\" ADD_DATE=\"1515515697780642\">A</A>\n</DL><p>\n"
            let read = try read(text, .netscape)
            #expect(read.entries.map(\.url) == ["https://a.example/"], "\(start)")
            #expect(read.entries.map(\.date) == ["2018-01-09"])
        }
    }

    @Test func aThumbnailInADescriptionIsNoBookmark() throws {
        let read = try read(
            Self.netscape(
                """
                <DT><A HREF="https://a.example/post" ADD_DATE="1459371397" PRIVATE="0" TAGS="x">A post</A>
                <DD><a href="https://a.example/thumb.jpg"><img src="https://a.example/thumb.jpg"></a> What it says, <a href="https://b.example/">with a link</a>.
                <DT><A HREF="https://c.example/" ADD_DATE="1459371397">C</A>
                """), .netscape)
        #expect(read.entries.map(\.url) == ["https://a.example/post", "https://c.example/"])
        #expect(read.entries[0].description == "What it says, with a link.")
        #expect(read.entries[1].line == 7)
    }

    @Test func tagsSplitAsShaarliSplitsThem() throws {
        let read = try read(
            Self.netscape(
                """
                <DT><A HREF="https://a.example/1" TAGS="private secret">1</A>
                <DT><A HREF="https://a.example/2" TAGS="a, b c,d">2</A>
                <DT><A HREF="https://a.example/3" TAGS="  spaced\ttabs  ">3</A>
                <DT><A HREF="https://a.example/4" TAGS="linkding:bookmarks.archived,swift">4</A>
                """), .netscape)
        #expect(
            read.entries.map(\.tags) == [["private", "secret"], ["a", "b c", "d"], ["spaced", "tabs"], ["swift"]])
        // linkding's archived marker is a state, not a tag.
        #expect(read.entries[3].extra == [.init(key: "archived", value: "true")])
    }

    @Test func descriptionsFromAttributesAndFromADescriptionBeforeItsLink() throws {
        let read = try read(
            Self.netscape(
                """
                <DT><A HREF="https://a.example/1" description="Scuttle's description">1</A>
                <DT><A HREF="https://a.example/2" NOTE="a note attribute">2</A>
                <DT><A HREF="https://a.example/3" DESCRIPTION="attribute">3</A>
                <DD>the DD wins
                <DT><DD>before its link</DD>
                <A HREF="https://a.example/4">4</A>
                <DT><DD>held, unclosed
                <A HREF="https://a.example/5">5</A>
                <DT><A HREF="https://a.example/6">6</A>
                <DD>Text[linkding-notes]Notes without an end
                """), .netscape)
        #expect(
            read.entries.map(\.description) == [
                "Scuttle's description", "a note attribute", "the DD wins", "before its link", "held, unclosed", "Text",
            ])
        #expect(read.entries[5].note == "Notes without an end")
    }

    // MARK: - Dates

    @Test(arguments: [
        ("1714608000", "2024-05-02"),  // seconds
        ("1714608000123", "2024-05-02"),  // milliseconds
        ("1714608000123456", "2024-05-02"),  // microseconds
        ("1714608000.5", "2024-05-02"),
        ("Thu, 02 May 2024 01:30:00 +0200", "2024-05-01"),  // RFC 2822: the UTC day
        ("02 May 2024 10:00:00 GMT", "2024-05-02"),
        ("Wed, 1 May 2024 22:00 -0500", "2024-05-02"),
        ("10/Oct/2000:13:55:36 +0300", "2000-10-10"),  // Apache log
        ("10/Oct/2000:01:55:36 +0300", "2000-10-09"),
        ("2024-05-01", "2024-05-01"),
        ("2024-05-01T23:30:00", "2024-05-01"),  // no zone: the day written
        ("2024-05-01 23:30:00", "2024-05-01"),
        ("2024-05-01T23:30:00-05:00", "2024-05-02"),
        ("2024-05-01T23:30:00.000Z", "2024-05-01"),
        ("2024-05-01 23:30:00 +0900", "2024-05-01"),
        ("2024-05-01T23:30:00 UTC", "2024-05-01"),
    ])
    func everyDateForm(written: String, day: String) throws {
        let read = try read(
            Self.netscape("<DT><A HREF=\"https://a.example/\" ADD_DATE=\"\(written)\">A</A>"), .netscape)
        #expect(read.entries.map(\.date) == [day])
        #expect(read.problems.isEmpty)
    }

    @Test func anUnreadableDateIsALocatedWarning() async throws {
        let html = Self.netscape(
            """
            <DT><A HREF="https://a.example/1" ADD_DATE="yesterday">1</A>
            <DT><A HREF="https://a.example/2" ADD_DATE="0">2</A>
            <DT><A HREF="https://a.example/3" ADD_DATE="32/Foo/2000:99:00:00">3</A>
            """)
        let read = try read(html, .netscape, path: "bookmarks.html")
        #expect(read.entries.map(\.date) == [nil, nil, nil])
        #expect(read.problems.map(\.code) == [.invalidDate, .invalidDate])
        #expect(read.problems.map { $0.location?.description } == ["bookmarks.html:5", "bookmarks.html:7"])
        #expect(read.problems.allSatisfy { $0.severity == .warning })
        #expect(read.problems[0].message.contains("\"yesterday\""))
        // The import goes on, and says so.
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await run(html, .netscape, into: site)
        #expect(report.files.count == 3)
        #expect(report.warnings.map(\.code) == [.invalidDate, .invalidDate])
    }

    @Test func csvDatesInEveryForm() throws {
        let raindrop = """
            id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite
            1,Seconds,,,https://a.example/1,,,1714608000,,,false
            2,ISO,,,https://a.example/2,,,2024-05-01T10:00:00.000Z,,,true
            3,Bad,,,https://a.example/3,,,soon,,,false
            """
        let read = try read(raindrop, .csv, path: "raindrop.csv")
        #expect(read.entries.map(\.date) == ["2024-05-02", "2024-05-01", nil])
        #expect(read.problems.map { $0.location?.description } == ["raindrop.csv:4"])
    }

    // MARK: - Instapaper's older export

    @Test func instapaperOlderHeaderStatesAndSelections() throws {
        let csv = """
            URL,Title,Selection,Folder
            https://a.example/1,Unread one,,Unread
            https://a.example/2,Starred one,A quoted selection,Starred
            https://a.example/3,Archived one,,Archive
            https://a.example/4,In a folder,,Recipes
            """
        let read = try read(csv, .csv)
        #expect(read.entries.map(\.folders) == [[], [], [], ["Recipes"]])
        #expect(read.entries.map(\.favorite) == [false, true, false, false])
        #expect(
            read.entries.map { $0.extra.contains(.init(key: "toread", value: "true")) } == [true, false, false, false])
        #expect(read.entries.map(\.description) == [nil, "A quoted selection", nil, nil])
    }

    // MARK: - OPML

    @Test func opmlSitesLinksAndFeedsSharingASite() throws {
        let opml = """
            <?xml version="1.0"?>
            <opml version="2.0"><body>
              <outline text="Sites">
                <outline text="A site with no feed" htmlUrl="https://site.example/"/>
                <outline text="A link" type="link" url="https://link.example/page"/>
              </outline>
              <outline text="Posts" type="rss" xmlUrl="https://blog.example/posts.xml" htmlUrl="https://blog.example/"/>
              <outline text="Comments" type="rss" xmlUrl="https://blog.example/comments.xml" htmlUrl="https://blog.example/"/>
              <outline text="Alone" type="rss" xmlUrl="https://alone.example/feed" htmlUrl="https://alone.example/"/>
            </body></opml>
            """
        let read = try read(opml, .opml)
        #expect(
            read.entries.map(\.url) == [
                "https://site.example/", "https://link.example/page", "https://blog.example/posts.xml",
                "https://blog.example/comments.xml", "https://alone.example/",
            ])
        #expect(read.entries.map(\.folders) == [["Sites"], ["Sites"], [], [], []])
        #expect(read.entries[2].extra == [.init(key: "site", value: "https://blog.example/")])
        #expect(read.entries[4].extra == [.init(key: "feed", value: "https://alone.example/feed")])
    }

    // MARK: - Identity

    @Test func routesAreDistinctLinksAndSectionsAreNot() async throws {
        let html = Self.netscape(
            """
            <DT><A HREF="https://mail.google.com/mail/u/0/#inbox/FMfcgzGxSHtw">Mail 1</A>
            <DT><A HREF="https://mail.google.com/mail/u/0/#inbox/FMfcgzGxSHzz">Mail 2</A>
            <DT><A HREF="https://groups.google.com/forum/#!topic/golang-nuts/abc">Topic</A>
            <DT><A HREF="https://app.example/#/settings">Settings</A>
            <DT><A HREF="https://docs.example/page#install">Install</A>
            <DT><A HREF="https://docs.example/page#usage">Usage</A>
            """)
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await run(html, .netscape, into: site)
        #expect(report.files.count == 5)
        #expect(report.duplicates.map { $0.location?.line } == [10])
        // The build agrees: no duplicate among them.
        let built = await ImportFixtures.build(site)
        #expect(built.site?.links.count == 5)
        #expect(!built.diagnostics.contains { $0.code == .duplicateLink })
    }
}
