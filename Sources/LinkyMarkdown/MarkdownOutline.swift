import CCmarkGFM

/// The top-level structure of a Markdown document, as a list file needs it: headings, list items
/// that start with a link, and everything else as source text.
public struct MarkdownOutline: Sendable, Hashable {
    public enum Block: Sendable, Hashable {
        /// `## Seoul` (the text without markup).
        case heading(level: Int, text: String, line: Int)
        /// One item of a top-level list.
        case item(ListItem)
        /// Any other top-level block (paragraph, table, code, quote), as its Markdown source.
        /// `isDecoration` marks paragraphs made only of badges, images and in-page links ("back to top").
        case other(markdown: String, line: Int, isDecoration: Bool)
    }

    /// A place in the source: a 1-based line and a 1-based column counted in UTF-8 bytes.
    public struct Position: Sendable, Hashable {
        public var line: Int
        public var column: Int
    }

    /// One item of a top-level list.
    public struct ListItem: Sendable, Hashable {
        public var line: Int
        /// The link the item starts with (possibly inside `**…**`), when it does.
        public var linkText: String?
        public var linkDestination: String?
        /// True when the link's text is only an image (a badge).
        public var linkIsImage: Bool
        /// The plain text of the item's first paragraph after the link.
        public var trailingText: String
        /// Where the source of `trailingText` starts, as cmark-gfm reports it (its inline positions are
        /// approximate around autolinks and lazy lines: check the source before relying on it).
        public var trailingTextStart: Position?
        /// The item's other blocks (nested paragraphs, sub-lists), as dedented Markdown source.
        public var nestedMarkdown: String
        /// The whole first paragraph as plain text (for items without a link).
        public var text: String
    }

    public var blocks: [Block]

    /// Parses `markdown`; line numbers count from 1 at its first line.
    public init(parsing markdown: String) {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        blocks = MarkdownRenderer.withDocument(markdown) { document, _ in
            var blocks: [Block] = []
            var child = cmark_node_first_child(document)
            while let node = child {
                Self.collect(node, lines: lines, into: &blocks)
                child = cmark_node_next(node)
            }
            return blocks
        }
    }
}

// MARK: - Walking the document

private extension MarkdownOutline {
    static func collect(_ node: OpaquePointer, lines: [String], into blocks: inout [Block]) {
        let line = Int(cmark_node_get_start_line(node))
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            let text = MarkdownRenderer.plainText(of: node)
            blocks.append(.heading(level: Int(cmark_node_get_heading_level(node)), text: text, line: line))
        case CMARK_NODE_LIST:
            var item = cmark_node_first_child(node)
            while let current = item {
                blocks.append(.item(listItem(current, lines: lines)))
                item = cmark_node_next(current)
            }
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK:
            break
        default:
            blocks.append(
                .other(markdown: source(of: node, lines: lines), line: line, isDecoration: isDecoration(node)))
        }
    }

    static func listItem(_ item: OpaquePointer, lines: [String]) -> ListItem {
        var result = ListItem(
            line: Int(cmark_node_get_start_line(item)), linkText: nil, linkDestination: nil, linkIsImage: false,
            trailingText: "", trailingTextStart: nil, nestedMarkdown: "", text: "")
        guard let first = cmark_node_first_child(item) else { return result }
        var nested: [String] = []
        var sibling: OpaquePointer? = first
        if cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH {
            result.text = MarkdownRenderer.plainText(of: first)
            if let link = leadingLink(in: first) {
                result.linkDestination = cmark_node_get_url(link.node).map { String(cString: $0) } ?? ""
                result.linkText = MarkdownRenderer.plainText(of: link.node)
                result.linkIsImage = isImageOnly(link.node)
                result.trailingText = textAfter(link.container)
                if let next = cmark_node_next(link.container), cmark_node_get_start_line(next) > 0 {
                    result.trailingTextStart = Position(
                        line: Int(cmark_node_get_start_line(next)), column: Int(cmark_node_get_start_column(next)))
                }
                // DESIGN's list format: lines under the item's first line are its note, even without a
                // blank line between (CommonMark would make them one paragraph).
                let firstLine = Int(cmark_node_get_start_line(first))
                let lastLine = Int(cmark_node_get_end_line(first))
                if lastLine > firstLine, lastLine <= lines.count {
                    nested.append(dedented(lines[firstLine..<lastLine]))
                }
            }
            sibling = cmark_node_next(first)
        }
        while let node = sibling {
            nested.append(source(of: node, lines: lines))
            sibling = cmark_node_next(node)
        }
        result.nestedMarkdown = nested.joined(separator: "\n\n")
        return result
    }

    /// The link a paragraph opens with, directly or wrapped in emphasis; `container` is the
    /// paragraph's child that holds it, so the text after it can be read.
    static func leadingLink(
        in paragraph: OpaquePointer
    ) -> (node: OpaquePointer, container: OpaquePointer)? {
        var first = cmark_node_first_child(paragraph)
        // Leading white space text nodes do not count.
        while let node = first, cmark_node_get_type(node) == CMARK_NODE_TEXT,
            let literal = cmark_node_get_literal(node), String(cString: literal).allSatisfy(\.isWhitespace)
        {
            first = cmark_node_next(node)
        }
        guard let container = first else { return nil }
        var node = container
        while true {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK { return (node, container) }
            guard type == CMARK_NODE_STRONG || type == CMARK_NODE_EMPH, let inner = cmark_node_first_child(node),
                cmark_node_next(inner) == nil
            else { return nil }
            node = inner
        }
    }

    /// Whether an inline subtree is only badges, images, in-page links and separators.
    static func isDecoration(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            let text = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            return text.allSatisfy { $0.isWhitespace || "|•·-–—".contains($0) }
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_IMAGE:
            return true
        case CMARK_NODE_LINK:
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            return url.hasPrefix("#") || isImageOnly(node)
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_PARAGRAPH:
            var child = cmark_node_first_child(node)
            while let current = child {
                if !isDecoration(current) { return false }
                child = cmark_node_next(current)
            }
            return true
        default:
            return false
        }
    }

    static func isImageOnly(_ link: OpaquePointer) -> Bool {
        var child = cmark_node_first_child(link)
        var sawImage = false
        while let node = child {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_IMAGE {
                sawImage = true
            } else if !(type == CMARK_NODE_TEXT && MarkdownRenderer.plainText(of: node).isEmpty) {
                return false
            }
            child = cmark_node_next(node)
        }
        return sawImage
    }

    static func textAfter(_ node: OpaquePointer) -> String {
        var parts: [String] = []
        var sibling = cmark_node_next(node)
        while let current = sibling {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: sibling = nil; continue
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                parts.append(cmark_node_get_literal(current).map { String(cString: $0) } ?? "")
            default: parts.append(inlineText(current))
            }
            sibling = cmark_node_next(current)
        }
        return parts.joined().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Text of an inline subtree without collapsing its edges (plainText trims, which would glue words).
    static func inlineText(_ node: OpaquePointer) -> String {
        if let literal = cmark_node_get_literal(node) { return String(cString: literal) }
        var text = ""
        var child = cmark_node_first_child(node)
        while let current = child {
            text += inlineText(current)
            child = cmark_node_next(current)
        }
        return text
    }

    /// The source lines of a block, with the indentation they share removed.
    static func source(of node: OpaquePointer, lines: [String]) -> String {
        let start = max(Int(cmark_node_get_start_line(node)), 1)
        let end = min(max(Int(cmark_node_get_end_line(node)), start), lines.count)
        guard start <= end, start <= lines.count else { return "" }
        return dedented(lines[(start - 1)..<end])
    }

    static func dedented(_ slice: ArraySlice<String>) -> String {
        let indent =
            slice.filter { !$0.allSatisfy(\.isWhitespace) }
            .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return slice.map { String($0.dropFirst(min(indent, $0.prefix(while: { $0 == " " }).count))) }
            .joined(separator: "\n")
    }
}
