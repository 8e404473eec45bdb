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

    /// A word of the text after an item's link, and whether it is all plain text: a word with any
    /// part in a code span, a link, inline HTML, an escape (`\#`) or an entity (`&#35;`) is not.
    public struct Word: Sendable, Hashable {
        public var text: String
        public var isPlain: Bool
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
        /// `trailingText` word by word, marking the words written as plain text (the only ones that can be `#tags`).
        public var trailingWords: [Word] = []
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
                result.trailingWords = wordsAfter(link.container, lines: lines)
                result.trailingText = result.trailingWords.map(\.text).joined(separator: " ")
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

    /// The words after `node` up to the end of its line, each marked plain or not.
    static func wordsAfter(_ node: OpaquePointer, lines: [String]) -> [Word] {
        var parts: [(text: String, isPlain: Bool)] = []
        var sibling = cmark_node_next(node)
        while let current = sibling {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: sibling = nil; continue
            case CMARK_NODE_TEXT, CMARK_NODE_EMPH, CMARK_NODE_STRONG:
                collectPlain(current, lines: lines, into: &parts)
            case CMARK_NODE_CODE:
                parts.append((cmark_node_get_literal(current).map { String(cString: $0) } ?? "", false))
            default: parts.append((inlineText(current), false))
            }
            sibling = cmark_node_next(current)
        }
        var words: [Word] = []
        var word = ""
        var plain = true
        for part in parts {
            for character in part.text {
                if character.isWhitespace {
                    if !word.isEmpty { words.append(Word(text: word, isPlain: plain)) }
                    word = ""
                    plain = true
                } else {
                    word.append(character)
                    plain = plain && part.isPlain
                }
            }
        }
        if !word.isEmpty { words.append(Word(text: word, isPlain: plain)) }
        return words
    }

    /// Text and emphasis as parts; what an escape or an entity wrote is not plain.
    static func collectPlain(_ node: OpaquePointer, lines: [String], into parts: inout [(text: String, isPlain: Bool)])
    {
        if cmark_node_get_type(node) == CMARK_NODE_TEXT {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            parts += plainRuns(of: literal, node: node, lines: lines)
            return
        }
        var child = cmark_node_first_child(node)
        while let current = child {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_EMPH, CMARK_NODE_STRONG: collectPlain(current, lines: lines, into: &parts)
            case CMARK_NODE_CODE:
                parts.append((cmark_node_get_literal(current).map { String(cString: $0) } ?? "", false))
            default: parts.append((inlineText(current), false))
            }
            child = cmark_node_next(current)
        }
    }

    /// A text node's literal split into runs written as themselves and runs written as escapes
    /// (`\#`) or entities (`&#35;`). cmark-gfm merges adjacent text, so the literal is walked beside
    /// its source: where they stop agreeing (positions are approximate around autolinks), the rest
    /// counts as plain, as it did before escapes were told apart.
    static func plainRuns(of literal: String, node: OpaquePointer, lines: [String]) -> [(text: String, isPlain: Bool)] {
        let line = Int(cmark_node_get_start_line(node))
        let column = Int(cmark_node_get_start_column(node))
        guard line >= 1, line <= lines.count, column >= 1 else { return [(literal, true)] }
        let source = Array(lines[line - 1].utf8)
        let text = Array(literal.utf8)
        guard column <= source.count, !text.isEmpty else { return [(literal, true)] }
        var plain = [Bool](repeating: true, count: text.count)
        var i = 0
        var j = column - 1
        walk: while i < text.count, j < source.count {
            let byte = source[j]
            if byte == UInt8(ascii: "\\"), j + 1 < source.count, source[j + 1] == text[i], source[j + 1] < 0x80,
                isASCIIPunctuation(source[j + 1])
            {
                plain[i] = false
                i += 1
                j += 2
            } else if byte == UInt8(ascii: "&"), text[i] != byte,
                let end = source[j...].prefix(40).firstIndex(of: UInt8(ascii: ";"))
            {
                // The entity's decoded bytes run until the text meets the source again after `;`.
                let resume = end + 1
                let first = i
                repeat {
                    plain[i] = false
                    i += 1
                } while i < text.count && i - first < 8 && (resume >= source.count || text[i] != source[resume])
                j = resume
            } else if byte == text[i] {
                i += 1
                j += 1
            } else {
                break walk
            }
        }
        var runs: [(text: String, isPlain: Bool)] = []
        var start = 0
        for index in 1...text.count where index == text.count || plain[index] != plain[start] {
            runs.append((String(decoding: text[start..<index], as: UTF8.self), plain[start]))
            start = index
        }
        return runs
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
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
