import Testing

@testable import LinkyMarkdown

@Suite struct MarkdownRendererTests {
    @Test func rendersGitHubExtensions() throws {
        let markdown = """
            | a | b |
            |---|---|
            | 1 | 2 |

            ~~gone~~ and https://example.com and
            - [x] done
            - [ ] todo
            """
        let html = try MarkdownRenderer.render(markdown).html
        #expect(html.contains("<table>"))
        #expect(html.contains("<del>gone</del>"))
        #expect(html.contains("<a href=\"https://example.com\">https://example.com</a>"))
        #expect(html.contains("<li><span class=\"task done\">☑</span> done</li>"))
        #expect(html.contains("<li><span class=\"task\">☐</span> todo</li>"))
        #expect(!html.contains("<input"))
    }

    @Test func dropsRawHTMLAndUnsafeLinks() throws {
        let markdown = """
            <script>alert(1)</script>

            <img src=x onerror=alert(1)>

            [click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) <iframe src="x"></iframe>
            """
        let html = try MarkdownRenderer.render(markdown).html
        #expect(!html.contains("<script"))
        #expect(!html.contains("onerror"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("data:text/html"))
        #expect(!html.contains("<iframe"))
    }

    @Test func plainTextHasNoMarkup() throws {
        let text = try MarkdownRenderer.render(
            "# Title\n\nSome **bold** `code` and [a link](https://x.example).\n\n- one\n- two"
        ).plainText
        #expect(text == "Title Some bold code and a link. one two")
    }

    /// Debian's cmark-gfm corrupts output when used from several threads; the lock must prevent it.
    @Test func parallelRenderingMatchesSerialRendering() async throws {
        let notes = (0..<400).map { index in
            "Note \(index): ~~old~~ **new** https://example.com/\(index)\n\n| k | v |\n|---|---|\n| \(index) | 맛집 |\n\n- [x] task \(index)"
        }
        let serial = try notes.map { try MarkdownRenderer.render($0) }
        let parallel = try await withThrowingTaskGroup(of: (Int, RenderedMarkdown).self) { group in
            for (index, note) in notes.enumerated() {
                group.addTask { (index, try MarkdownRenderer.render(note)) }
            }
            var results = [RenderedMarkdown?](repeating: nil, count: notes.count)
            for try await (index, rendered) in group { results[index] = rendered }
            return results
        }
        #expect(parallel.map { $0 } == serial.map { Optional($0) })
        #expect(serial.allSatisfy { $0.html.contains("<del>") && $0.html.contains("<a href=") })
    }
}
