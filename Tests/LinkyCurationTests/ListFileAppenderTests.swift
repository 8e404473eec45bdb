import Foundation
import LinkyModel
import Testing

@testable import LinkyCuration

@Suite struct ListFileAppenderTests {
    static let item = "- [New](https://new.example/)"
    static let file = """
        ---
        title: Places
        ---
        Intro paragraph.

        ## Seoul
        - [A](https://a.example/) #맛집

        ### Jongno
        - [B](https://b.example/)

        ## Busan
        - [C](https://c.example/)

        """

    func insert(_ text: String, _ section: [String]) throws -> String {
        try ListFileAppender.inserting(Self.item, into: text, section: section, file: "places.md")
    }

    @Test func topLevelGoesBeforeTheFirstHeading() throws {
        let result = try insert(Self.file, [])
        #expect(
            result
                == Self.file.replacingOccurrences(
                    of: "Intro paragraph.\n\n", with: "Intro paragraph.\n\n\(Self.item)\n\n"))
    }

    @Test func aSectionsOwnLinksEndAtItsFirstSubheading() throws {
        let result = try insert(Self.file, ["Seoul"])
        let expected = Self.file.replacingOccurrences(
            of: "#맛집\n", with: "#맛집\n\(Self.item)\n")
        #expect(result == expected, "below ### Jongno the item would belong to Jongno")
    }

    @Test func nestedAndLastSections() throws {
        #expect(
            try insert(Self.file, ["seoul", "jongno"])
                == Self.file.replacingOccurrences(
                    of: "- [B](https://b.example/)\n", with: "- [B](https://b.example/)\n\(Self.item)\n"))
        let busan = try insert(Self.file, ["Busan"])
        #expect(busan.hasSuffix("- [C](https://c.example/)\n\(Self.item)\n"))
    }

    @Test func aFileWithoutHeadingsOrFinalNewline() throws {
        #expect(try insert("- [A](https://a.example/)", []) == "- [A](https://a.example/)\n\(Self.item)\n")
    }

    @Test func crlfIsKept() throws {
        let crlf = Self.file.replacingOccurrences(of: "\n", with: "\r\n")
        let result = try insert(crlf, ["Busan"])
        #expect(result.hasSuffix("- [C](https://c.example/)\r\n\(Self.item)\r\n"))
        #expect(!result.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func headingsInCodeAreNotSections() throws {
        let text = "```\n## Not a heading\n```\n- [A](https://a.example/)\n"
        #expect(try insert(text, []) == text + Self.item + "\n")
    }

    @Test func anUnknownSectionIsRefused() throws {
        #expect(throws: LinkAddition.Failure.self) { try insert(Self.file, ["Daegu"]) }
    }

    @Test func itemsEscapeBracketsAndParentheses() throws {
        let link = NewLink(
            url: try LinkURL(parsing: "https://en.wikipedia.org/wiki/Swift_(programming_language)"),
            title: "Swift [lang]", tags: ["swift"], description: "A language")
        #expect(
            ListFileAppender.item(for: link)
                == #"- [Swift \[lang\]](https://en.wikipedia.org/wiki/Swift_%28programming_language%29) - A language #swift"#
        )
    }
}
