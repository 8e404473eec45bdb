import LinkyCuration
import Testing

@Suite struct FrontMatterFillerTests {
    @Test func addsOnlyMissingKeysAndKeepsEveryByte() throws {
        let text =
            "\u{FEFF}---\r\nurl: https://a.example/ # the page\r\ntitle: \"\"\r\n# a comment\r\n---\r\nNote with ---\r\n"
        let filled = try #require(
            FrontMatterFiller.filling(
                text, with: [("title", "Fetched"), ("description", "yes"), ("image", "https://a.example/i.png")]))
        #expect(filled.added == ["description", "image"], "an empty title is the author's choice")
        #expect(
            filled.text
                == "\u{FEFF}---\r\nurl: https://a.example/ # the page\r\ntitle: \"\"\r\n# a comment\r\ndescription: \"yes\"\r\nimage: https://a.example/i.png\r\n---\r\nNote with ---\r\n"
        )
    }

    @Test func nothingToAddOrNoFrontMatter() {
        #expect(FrontMatterFiller.filling("---\ntitle: T\n---\n", with: [("title", "X")]) == nil)
        #expect(FrontMatterFiller.filling("no front matter\n", with: [("title", "X")]) == nil)
        #expect(FrontMatterFiller.filling("---\nunterminated: yes\n", with: [("title", "X")]) == nil)
    }

    @Test func valuesNeedingQuotesAreQuoted() throws {
        let filled = try #require(
            FrontMatterFiller.filling("---\nurl: https://a.example/\n---\n", with: [("title", "Tom: \"the\" #1 — 한글")]))
        #expect(
            filled.text.contains("title: 'Tom: \"the\" #1 — 한글'\n")
                || filled.text.contains("title: \"Tom: \\\"the\\\" #1 — 한글\"\n"))
    }
}
