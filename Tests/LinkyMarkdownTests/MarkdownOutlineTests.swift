import LinkyModel
import Testing

@testable import LinkyMarkdown

@Suite struct MarkdownOutlineTests {
    @Test func findsHeadingsItemsAndOtherBlocks() throws {
        let outline = try MarkdownOutline(
            parsing: """
                [![Awesome](https://awesome.re/badge.svg)](https://awesome.re)

                Intro text.

                ## Seoul
                - [을지로 노포](https://example.kr/a) - 오래된 식당. #맛집 #서울
                - **[Bold](https://example.com/b)**: described
                  A nested note line.
                - Plain item without a link

                **[⬆ back to top](#contents)**
                """)
        let blocks = outline.blocks
        #expect(blocks.count == 7)
        guard case .other(_, _, let badgeIsDecoration) = blocks[0] else { Issue.record("badge"); return }
        #expect(badgeIsDecoration)
        guard case .other(let intro, _, let introIsDecoration) = blocks[1] else { Issue.record("intro"); return }
        #expect(intro == "Intro text.")
        #expect(!introIsDecoration)
        guard case .heading(2, "Seoul", 5, "Seoul") = blocks[2] else { Issue.record("heading \(blocks[2])"); return }
        guard case .item(let first) = blocks[3] else { Issue.record("item"); return }
        #expect(first.linkText == "을지로 노포")
        #expect(first.linkDestination == "https://example.kr/a")
        #expect(first.trailingText == "- 오래된 식당. #맛집 #서울")
        #expect(first.line == 6)
        // Byte column just after `[을지로 노포](https://example.kr/a)` on line 6.
        #expect(first.trailingTextStart == MarkdownOutline.Position(line: 6, column: 43))
        guard case .item(let second) = blocks[4] else { Issue.record("item 2"); return }
        #expect(second.linkText == "Bold")
        #expect(second.trailingText == ": described")
        #expect(second.trailingTextStart == MarkdownOutline.Position(line: 7, column: 36))
        #expect(second.nestedMarkdown == "A nested note line.")
        guard case .item(let third) = blocks[5] else { Issue.record("item 3"); return }
        #expect(third.linkDestination == nil)
        guard case .other(_, _, let backToTop) = blocks[6] else { Issue.record("back to top"); return }
        #expect(backToTop)
    }

    @Test func aListNestedPastTheLimitIsRefusedAtItsLine() {
        let deep = "# Deep\n\n" + String(repeating: "- ", count: 10_000) + "[a](https://a.example)\n"
        #expect(throws: MarkdownTooDeep(line: 3)) { try MarkdownOutline(parsing: deep) }
        let quotes = "Intro.\n\n" + String(repeating: "> ", count: 10_000) + "deep\n"
        #expect(throws: MarkdownTooDeep(line: 3)) { try MarkdownRenderer.render(quotes) }
        let emphasis = String(repeating: "*a ", count: 5_000) + String(repeating: "b*", count: 5_000)
        #expect(throws: MarkdownTooDeep.self) { try MarkdownRenderer.render(emphasis) }
    }

    @Test func aListAtTheLimitIsRead() throws {
        let lines = (0..<ContentLimits.maximumMarkdownDepth).map {
            String(repeating: "  ", count: $0) + "- [l\($0)](https://l\($0).example)"
        }
        let outline = try MarkdownOutline(parsing: lines.joined(separator: "\n") + "\n")
        #expect(outline.blocks.count == ContentLimits.maximumMarkdownDepth)
    }
}
