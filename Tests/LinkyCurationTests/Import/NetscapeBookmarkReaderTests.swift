import Foundation
import LinkyCuration
import LinkyImport
import Testing

@Suite struct NetscapeBookmarkReaderTests {
    typealias Entry = ImportedBookmarks.Entry

    func entry(_ entries: [Entry], _ url: String) throws -> Entry {
        try #require(entries.first { $0.url == url }, "no entry for \(url)")
    }

    @Test func chromeToolbarFlattenedFoldersNestedIconsIgnored() throws {
        let read = try ImportFixtures.read("chrome.html")
        #expect(read.entries.count == 11)
        #expect(read.problems.isEmpty)
        let swift = try entry(read.entries, "https://www.swift.org/")
        #expect(swift.folders == [])  // "Bookmarks bar" is the browser's, not a folder of the user's
        #expect(swift.title == "Swift.org")
        #expect(swift.date == "2024-05-01")
        #expect(swift.line == 11)
        #expect(swift.extra.isEmpty && swift.description == nil)
        let go = try entry(read.entries, "https://go.dev/")
        #expect(go.folders == ["개발 자료", "Rust & Go"])
        #expect(go.line == 22)
        let naver = try entry(read.entries, "https://map.naver.com/p/entry/place/11591726")
        #expect(naver.folders == ["맛집"])
        #expect(naver.title == "을지면옥 \"평양냉면\" : 네이버 지도")
        let bookmarklet = try #require(read.entries.first { $0.url?.hasPrefix("javascript:") == true })
        #expect(bookmarklet.line == 12)
        #expect(bookmarklet.title == "Save to Wayback")
        // Bookmarks after the nested folders close are back at the top.
        #expect(try entry(read.entries, "https://news.ycombinator.com/").folders == [])
        #expect(try entry(read.entries, "chrome://settings/").line == 34)
        // The empty folder leaves no trace; no data: blob is kept anywhere.
        #expect(!read.entries.contains { $0.folders.contains("Empty folder") })
        #expect(!read.entries.contains { entry in entry.extra.contains { $0.value.contains("base64") } })
    }

    @Test func firefoxDescriptionsTagsSmartBookmarksAndFeeds() throws {
        let read = try ImportFixtures.read("firefox.html")
        #expect(read.entries.count == 11)
        let places = read.entries.filter { $0.url?.hasPrefix("place:") == true }
        #expect(places.map(\.line) == [12, 27])
        #expect(places.map(\.folders) == [[], []])
        let mdn = try entry(read.entries, "https://developer.mozilla.org/ko/docs/Web/JavaScript")
        #expect(mdn.tags == ["javascript", "mdn", "문서"])
        #expect(
            mdn.description
                == "JavaScript(JS)는 가벼운, 인터프리터 혹은 JIT 컴파일 프로그래밍 언어로, 일급 함수를 지원합니다. <script> 태그 & 모듈")
        #expect(mdn.date == "2024-05-01")
        let hacks = try entry(read.entries, "https://hacks.mozilla.org/")
        #expect(hacks.extra == [.init(key: "feed", value: "https://hacks.mozilla.org/feed/")])
        // A live bookmark without HREF is its feed.
        let feedOnly = try entry(read.entries, "https://blog.rust-lang.org/feed.xml")
        #expect(feedOnly.title == "Rust Blog (feed)")
        // ADD_DATE="0" falls back to LAST_MODIFIED.
        #expect(try entry(read.entries, "https://www.mozilla.org/ko/firefox/central/").date == "2024-05-02")
        let rust = try entry(read.entries, "https://blog.rust-lang.org/2024/05/02/Rust-1.78.0.html")
        #expect(rust.folders == ["읽을거리"])
        #expect(rust.description == "The Rust team is happy to announce a new version of Rust, 1.78.0.")
        #expect(rust.tags == ["rust", "release"])
        #expect(read.folders == [.init(path: ["읽을거리"], description: "나중에 읽을 글 & 자료")])
        // "Other Bookmarks" (UNFILED_BOOKMARKS_FOLDER) is the browser's too.
        #expect(try entry(read.entries, "https://www.w3.org/TR/html52/").folders == [])
        #expect(
            try entry(read.entries, "https://support.mozilla.org/ko/products/firefox").folders == ["Mozilla Firefox"])
    }

    @Test func safariWithoutAnOuterListAndItsReadingList() throws {
        let read = try ImportFixtures.read("safari.html")
        #expect(read.entries.map(\.folders) == [[], [], ["여행"], ["여행", "제주"], ["Reading List"], ["Reading List"]])
        #expect(read.entries.map(\.line) == [8, 9, 16, 19, 24, 26])
        #expect(read.entries.allSatisfy { $0.date == nil })
        let reading = read.entries.filter { $0.folders == ["Reading List"] }
        #expect(reading.allSatisfy { $0.extra == [.init(key: "toread", value: "true")] })
        #expect(reading[1].title == "한글 - 위키백과, 우리 모두의 백과사전")
        #expect(reading[1].description?.hasPrefix("한글은 한국어를 표기하는 문자 체계이다.") == true)
        #expect(read.entries[0].extra.isEmpty)
    }

    @Test func edgeWithCRLFLineEndingsAndEntitiesInAddresses() throws {
        let read = try ImportFixtures.read("edge.html")
        #expect(read.entries.first?.url == "https://www.bing.com/?form=M403HB&pc=U531")
        #expect(read.entries.map(\.line) == [11, 12, 15, 16, 19, 20, 21])
        #expect(read.entries.map(\.folders) == [[], [], ["업무"], ["업무"], [], [], []])
        #expect(read.entries[1].title == "C# 가이드 - .NET 관리 언어 | Microsoft Learn")
    }

    @Test func pinboardHTMLPrivateAndToRead() throws {
        let read = try ImportFixtures.read("pinboard.html")
        #expect(read.entries.count == 3)
        #expect(read.entries.map(\.draft) == [false, true, false])
        #expect(read.entries[0].extra == [.init(key: "toread", value: "true")])
        #expect(read.entries[1].extra.isEmpty)
        #expect(read.entries[1].tags == ["맛집", "서울"])
        #expect(read.entries[1].description == "오래된 식당들. \"노포\" & 골목")
        #expect(read.entries[1].date == "2024-05-02")
        #expect(read.entries[2].tags.isEmpty && read.entries[2].description == nil)
    }

    @Test func linkdingNotesAndItsOddLineBreaks() throws {
        let read = try ImportFixtures.read("linkding.html")
        #expect(read.entries.count == 4)
        #expect(read.entries.map(\.line) == [6, 9, 10, 12])
        let first = read.entries[0]
        #expect(
            first.description
                == "Self-hosted bookmark manager that is designed be to be minimal, fast, and easy to set up using Docker."
        )
        #expect(first.note?.hasPrefix("Runs on a Raspberry Pi.") == true)
        #expect(first.note?.hasSuffix("Try the **demo** first.") == true)
        #expect(read.entries[1].url == "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s")
        #expect(read.entries[1].draft)
        // linkding's archived marker is a state (`archived: "true"`), not a tag (issue 40).
        #expect(
            read.entries[1].extra == [.init(key: "toread", value: "true"), .init(key: "archived", value: "true")])
        #expect(read.entries[1].tags == ["video"])
        #expect(read.entries[2].description == "<useState> 와 <useEffect> 정리")
    }

    @Test(
        arguments: [
            ("1714552200", "2024-05-01"), ("1714552200000", "2024-05-01"), ("1714552200000000", "2024-05-01"),
            ("0", nil), ("", nil), ("-5", nil), ("soon", nil), ("1714552200.75", "2024-05-01"), ("86399", "1970-01-01"),
        ] as [(String, String?)])
    func addDatesInSecondsMillisecondsOrMicroseconds(value: String, day: String?) throws {
        let html =
            "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=\"https://a.example/\" ADD_DATE=\"\(value)\">A</A>\n</DL><p>\n"
        let read = try NetscapeBookmarkReader.read(Array(html.utf8), path: "b.html")
        #expect(read.entries.first?.date == day)
    }

    @Test func aFolderNamedLikeAToolbarIsKeptBelowTheTop() throws {
        let html = """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
                <DT><H3>Projects</H3>
                <DL><p>
                    <DT><H3>Favorites</H3>
                    <DL><p>
                        <DT><A HREF="https://a.example/">A</A>
                    </DL><p>
                </DL><p>
                <DT><H3>Favorites</H3>
                <DL><p>
                    <DT><A HREF="https://b.example/">B</A>
                </DL><p>
            </DL><p>
            """
        let read = try NetscapeBookmarkReader.read(Array(html.utf8), path: "b.html")
        #expect(read.entries.map(\.folders) == [["Projects", "Favorites"], []])
    }

    @Test func aLegacyCharsetIsDecoded() throws {
        var bytes = Array(
            "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=EUC-KR\">\n<DL><p>\n<DT><H3>"
                .utf8)
        bytes += [0xC7, 0xD1, 0xB1, 0xDB]  // 한글 in EUC-KR
        bytes += Array("</H3>\n<DL><p>\n<DT><A HREF=\"https://a.example/\">A</A>\n</DL><p>\n</DL><p>\n".utf8)
        let read = try NetscapeBookmarkReader.read(bytes, path: "b.html")
        #expect(read.entries.first?.folders == ["한글"])
        #expect(read.entries.first?.line == 6)
    }

    @Test func somethingElseIsNotABookmarkFile() throws {
        #expect(throws: ImportReadFailure.self) {
            try NetscapeBookmarkReader.read(Array(try ImportFixtures.data("pinboard.json")), path: "pinboard.json")
        }
        #expect(throws: ImportReadFailure.self) {
            try NetscapeBookmarkReader.read(Array("<html><body><p>Hello</p></body></html>".utf8), path: "page.html")
        }
    }
}
