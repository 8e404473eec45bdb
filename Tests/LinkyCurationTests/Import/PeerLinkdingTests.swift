import Foundation
import LinkyCuration
import LinkyImport
import Testing

/// sissbruecker/linkding's Netscape parser tests (`bookmarks/tests/test_parser.py`) over the inputs
/// they render (`Tests/Fixtures/import/peers/linkding/`, MIT). Where linky-site reads differently, on
/// purpose:
///
/// - A bookmark without `PRIVATE` is public: linkding makes it private ("private by default"), but
///   browsers write no `PRIVATE` at all, and their bookmarks are not drafts.
/// - Folders are categories: linkding drops them.
/// - Tags keep the file's order (linkding sorts them).
@Suite struct PeerLinkdingTests {
    typealias Entry = ImportedBookmarks.Entry

    func read(_ name: String) throws -> [Entry] {
        let read = try ImportFixtures.read("peers/linkding/\(name)")
        #expect(read.problems.isEmpty)
        return read.entries
    }

    @Test func parseBookmarks() throws {
        let entries = try read("parse_bookmarks.html")
        #expect(entries.count == 4)
        #expect(
            entries.map(\.url) == [
                "https://example.com", "https://example.com/foo", "https://example.com/bar", "https://example.com/baz",
            ])
        #expect(entries.map(\.title) == ["Example title", "Foo title", "Bar title", "Baz title"])
        #expect(entries.map(\.description) == ["Example description", nil, "Bar description", "Baz description"])
        #expect(entries.map(\.tags) == [["example-tag"], [], ["bar-tag", "other-tag"], []])
        // ADD_DATE="1" … "4": the first day of 1970.
        #expect(entries.map(\.date) == Array(repeating: "1970-01-01", count: 4))
        #expect(entries.map { $0.extra.contains(.init(key: "toread", value: "true")) } == [false, false, false, true])
        #expect(entries.allSatisfy { $0.draft })
    }

    @Test func resetPropertiesAfterAddingBookmark() throws {
        let entries = try read("reset_properties.html")
        #expect(entries.count == 2)
        #expect(entries[0].url == "https://example.com" && entries[0].tags == ["example-tag"])
        #expect(entries[1].url == nil && entries[1].title == "" && entries[1].tags.isEmpty)
        #expect(entries[1].description == nil && entries[1].date == nil)
    }

    @Test func emptyTitle() throws {
        let entries = try read("empty_title.html")
        #expect(entries.count == 1)
        #expect(entries[0].title == "")
        #expect(entries[0].description == "Example description")
        #expect(entries[0].tags == ["example-tag"])
    }

    @Test func closingDescriptionTag() throws {
        let entries = try read("closing_description_tag.html")
        #expect(entries.map(\.url) == ["https://example.com", "https://foo.com"])
        #expect(entries.map(\.description) == ["Example description", nil])
        #expect(entries.map(\.date) == ["1970-01-01", "1970-01-01"])
    }

    @Test func descriptionTagBeforeAnchorTag() throws {
        // A <DD> before the <A> of its <DT> describes that <A>, not the bookmark before.
        let entries = try read("description_before_anchor.html")
        #expect(entries.map(\.url) == ["https://example.com", "https://foo.com"])
        #expect(entries.map(\.title) == ["Example title", "Foo title"])
        #expect(entries.map(\.description) == ["Example description", nil])
        #expect(entries.map(\.tags) == [["example-tag"], []])
    }

    @Test func withFolders() throws {
        let entries = try read("folders.html")
        #expect(entries.map(\.url) == ["https://example.com", "https://foo.com"])
        #expect(entries.map(\.description) == ["Example description", nil])
        #expect(entries.map(\.folders) == [["Folder 1"], ["Folder 2"]])
    }

    @Test func privateFlag() throws {
        let entries = try read("private_flag.html")
        // No PRIVATE (linkding: private), PRIVATE="1", PRIVATE="0".
        #expect(entries.map(\.draft) == [false, true, false])
    }

    @Test func notes() throws {
        let entries = try read("notes.html")
        #expect(entries.count == 7)
        #expect(
            entries.map(\.description) == [
                nil, "Example description", "Example description", "Example description", nil, nil,
                "Example description",
            ])
        // The fourth has no closing [/linkding-notes]: the notes run to the end, as linkding reads them.
        #expect(
            entries.map(\.note) == [nil, nil, "Example notes", "Example notes", "Example notes", "Example notes", nil])
    }

    @Test func unescapeContentAndHref() throws {
        let entries = try read("unescape.html")
        #expect(entries[0].title == "<style>: The Style Information element")
        #expect(
            entries[0].description
                == "The <style> HTML element contains style information for a document, or part of a document.")
        #expect(entries[0].note == "Interesting notes about the <style> HTML element.")
        #expect(entries[1].url == "https://example.com&center=123")
        #expect(entries[1].description == "Imported bookmark description")
    }
}
