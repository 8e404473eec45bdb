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

    /// A link written in an item's first paragraph (or a table row).
    public struct ItemLink: Sendable, Hashable {
        /// The link's text, without markup.
        public var text: String
        public var destination: String
        /// The plain text between the previous link (or the item's start) and this one.
        public var textBefore: String
    }

    /// One item of a list, at any depth, or one row of a table.
    public struct ListItem: Sendable, Hashable {
        public var line: Int
        /// 0 for an item of a top-level list or a table row; 1 for an item of a list nested in one; …
        public var depth: Int = 0
        /// A row of a table (its cells are read as one paragraph).
        public var isTableRow = false
        /// The first link of the item that is neither a badge nor an in-page anchor, when there is one.
        public var linkText: String?
        public var linkDestination: String?
        /// Whether the item opens with its link (possibly inside `**…**`), as `- [Name](url) - text` does.
        public var startsWithLink = false
        /// Every link of the first paragraph that is neither a badge nor an in-page anchor, in order.
        public var links: [ItemLink] = []
        /// The plain text of the item's first paragraph after the link.
        public var trailingText: String
        /// `trailingText` word by word, marking the words written as plain text (the only ones that can be `#tags`).
        public var trailingWords: [Word] = []
        /// Where the source of `trailingText` starts, as cmark-gfm reports it (its inline positions are
        /// approximate around autolinks and lazy lines: check the source before relying on it).
        public var trailingTextStart: Position?
        /// The item's other blocks (nested paragraphs, code, quotes, and nested lists without any
        /// link), as dedented Markdown source. Nested lists with links are items of their own.
        public var nestedMarkdown: String
        /// The whole first paragraph as plain text (for items without a link).
        public var text: String
        /// In-page anchors (`#database-management`) the item points at, for the check of anchors.
        public var anchors: [String] = []
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
            collectList(node, depth: 0, lines: lines, into: &blocks)
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK:
            break
        case CMARK_NODE_BLOCK_QUOTE where startsWithLink(node):
            // `> **[ArchUnit](…)** <br>Test library…`: lists generated as one quote per entry.
            collectItem(node, depth: 0, lines: lines, into: &blocks)
        default:
            if typeName(of: node) == "table", containsLink(node) {
                collectTable(node, lines: lines, into: &blocks)
                return
            }
            blocks.append(
                .other(markdown: source(of: node, lines: lines), line: line, isDecoration: isDecoration(node)))
        }
    }

    static func collectList(_ list: OpaquePointer, depth: Int, lines: [String], into blocks: inout [Block]) {
        var item = cmark_node_first_child(list)
        while let current = item {
            collectItem(current, depth: depth, lines: lines, into: &blocks)
            item = cmark_node_next(current)
        }
    }

    /// An item, then the items of its nested lists that hold links (each at `depth + 1`); nested
    /// lists without a link stay in the item's `nestedMarkdown`, as its note.
    static func collectItem(_ item: OpaquePointer, depth: Int, lines: [String], into blocks: inout [Block]) {
        var result = ListItem(
            line: Int(cmark_node_get_start_line(item)), depth: depth, linkText: nil, linkDestination: nil,
            trailingText: "", trailingTextStart: nil, nestedMarkdown: "", text: "")
        guard let first = cmark_node_first_child(item) else {
            blocks.append(.item(result))
            return
        }
        var nested: [String] = []
        var sublists: [OpaquePointer] = []
        var sibling: OpaquePointer? = first
        if cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH {
            result.text = MarkdownRenderer.plainText(of: first)
            read(first, into: &result, lines: lines)
            // DESIGN's list format: lines under the item's first line are its note, even without a
            // blank line between (CommonMark would make them one paragraph).
            let firstLine = Int(cmark_node_get_start_line(first))
            let lastLine = Int(cmark_node_get_end_line(first))
            if result.linkDestination != nil, lastLine > firstLine, lastLine <= lines.count {
                nested.append(dedented(lines[firstLine..<lastLine]))
            }
            sibling = cmark_node_next(first)
        }
        while let node = sibling {
            if cmark_node_get_type(node) == CMARK_NODE_LIST, containsLink(node) {
                sublists.append(node)
            } else {
                nested.append(source(of: node, lines: lines))
            }
            sibling = cmark_node_next(node)
        }
        result.nestedMarkdown = nested.joined(separator: "\n\n")
        blocks.append(.item(result))
        for list in sublists { collectList(list, depth: depth + 1, lines: lines, into: &blocks) }
    }

    /// Each row of a table that holds a link, as an item: the cells are read one after another. The
    /// cell after the link's describes it; the later ones follow as `Header: value`.
    static func collectTable(_ table: OpaquePointer, lines: [String], into blocks: inout [Block]) {
        var headers: [String] = []
        var row = cmark_node_first_child(table)
        while let current = row {
            defer { row = cmark_node_next(current) }
            let cells = children(of: current)
            if headers.isEmpty, typeName(of: current) == "table_header" {
                headers = cells.map { MarkdownRenderer.plainText(of: $0) }
            }
            guard containsLink(current) else { continue }
            var result = ListItem(
                line: Int(cmark_node_get_start_line(current)), isTableRow: true, linkText: nil, linkDestination: nil,
                trailingText: "", trailingTextStart: nil, nestedMarkdown: "", text: "")
            result.text = cells.map { MarkdownRenderer.plainText(of: $0) }.filter { !$0.isEmpty }
                .joined(separator: " | ")
            var described = false
            for (index, node) in cells.enumerated() {
                let hadLink = result.linkDestination != nil
                read(node, into: &result, lines: lines)
                guard hadLink else {
                    described = !result.trailingWords.isEmpty
                    continue
                }
                let words = wordsAfter(nil, in: node, lines: lines)
                guard !words.isEmpty else { continue }
                if described {
                    result.trailingWords.append(Word(text: "·", isPlain: false))
                    if index < headers.count, !headers[index].isEmpty {
                        result.trailingWords.append(Word(text: headers[index] + ":", isPlain: false))
                    }
                }
                result.trailingWords += words
                described = true
            }
            result.trailingText = result.trailingWords.map(\.text).joined(separator: " ")
            blocks.append(.item(result))
        }
    }

    static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    /// Reads the links of a paragraph (or a table cell) into `item`: the first becomes the item's link,
    /// with the words after it, unless the item already has one.
    static func read(_ paragraph: OpaquePointer, into item: inout ListItem, lines: [String]) {
        var found: [(link: ItemLink, node: OpaquePointer, container: OpaquePointer)] = []
        var pending = ""
        var child = cmark_node_first_child(paragraph)
        while let container = child {
            // Links of the first line are the item's; the lines under it are its note (unless the
            // first line has no link).
            if cmark_node_get_type(container) == CMARK_NODE_SOFTBREAK, !found.isEmpty { break }
            collectLinks(container, container: container, pending: &pending, found: &found, anchors: &item.anchors)
            child = cmark_node_next(container)
        }
        guard !found.isEmpty else { return }
        let hadLink = item.linkDestination != nil
        item.links += found.map(\.link)
        guard !hadLink, let main = found.first else { return }
        item.linkDestination = main.link.destination
        item.linkText = main.link.text
        if let leading = leadingLink(in: paragraph), leading.node == main.node { item.startsWithLink = true }
        item.trailingWords = wordsAfter(main.container, in: paragraph, lines: lines)
        item.trailingText = item.trailingWords.map(\.text).joined(separator: " ")
        if let next = cmark_node_next(main.container), cmark_node_get_start_line(next) > 0 {
            item.trailingTextStart = Position(
                line: Int(cmark_node_get_start_line(next)), column: Int(cmark_node_get_start_column(next)))
        }
    }

    /// The links inside an inline subtree, in order, each with the plain text written before it.
    static func collectLinks(
        _ node: OpaquePointer, container: OpaquePointer, pending: inout String,
        found: inout [(link: ItemLink, node: OpaquePointer, container: OpaquePointer)], anchors: inout [String]
    ) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_LINK:
            let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if destination.hasPrefix("#") {
                anchors.append(String(destination.dropFirst()))
                pending += inlineText(node)
            } else if isItemLink(node) {
                found.append(
                    (
                        ItemLink(
                            text: MarkdownRenderer.plainText(of: node), destination: destination, textBefore: pending),
                        node, container
                    ))
                pending = ""
            }
        case CMARK_NODE_IMAGE, CMARK_NODE_HTML_INLINE:
            break
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            pending += " "
        case CMARK_NODE_TEXT, CMARK_NODE_CODE:
            pending += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        default:
            var child = cmark_node_first_child(node)
            while let current = child {
                collectLinks(current, container: container, pending: &pending, found: &found, anchors: &anchors)
                child = cmark_node_next(current)
            }
        }
    }

    /// Whether a block's first paragraph opens with a link that is neither a badge nor an anchor.
    static func startsWithLink(_ block: OpaquePointer) -> Bool {
        guard let paragraph = cmark_node_first_child(block), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let link = leadingLink(in: paragraph)
        else { return false }
        return isItemLink(link.node)
    }

    /// A link that can be an item's: it has an address, is not an in-page anchor and not a badge.
    static func isItemLink(_ link: OpaquePointer) -> Bool {
        let destination = cmark_node_get_url(link).map { String(cString: $0) } ?? ""
        return !destination.isEmpty && !destination.hasPrefix("#") && !isImageOnly(link)
    }

    /// Whether a block holds a link that is neither a badge nor an in-page anchor, at any depth.
    static func containsLink(_ node: OpaquePointer) -> Bool {
        guard let iterator = cmark_iter_new(node) else { return false }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return false }
            if event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator),
                cmark_node_get_type(current) == CMARK_NODE_LINK, isItemLink(current)
            {
                return true
            }
        }
    }

    static func typeName(of node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
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

    /// The links among `first` and its next siblings that stand in brackets of their own, alone or
    /// separated by commas: `(`, `[Demo](…)`, `, `, `[Source Code](…)`, `)`.
    static func bracketedLinks(from first: OpaquePointer?) -> Set<OpaquePointer> {
        var siblings: [OpaquePointer] = []
        var next = first
        while let current = next {
            siblings.append(current)
            next = cmark_node_next(current)
        }
        func literal(_ node: OpaquePointer) -> String? {
            guard cmark_node_get_type(node) == CMARK_NODE_TEXT else { return nil }
            return cmark_node_get_literal(node).map { String(cString: $0) }
        }
        var result: Set<OpaquePointer> = []
        var index = 0
        while index < siblings.count {
            guard let opening = literal(siblings[index]),
                let last = opening.last(where: { !$0.isWhitespace }), last == "(" || last == "["
            else {
                index += 1
                continue
            }
            var links: [OpaquePointer] = []
            var end = index + 1
            while end < siblings.count {
                let node = siblings[end]
                if cmark_node_get_type(node) == CMARK_NODE_LINK {
                    links.append(node)
                } else if let text = literal(node), !links.isEmpty, isLinkSeparator(text) {
                    // `, ` between two links of the group
                } else {
                    break
                }
                end += 1
            }
            if !links.isEmpty, end < siblings.count, let closing = literal(siblings[end]),
                let first = closing.first(where: { !$0.isWhitespace }), first == ")" || first == "]"
            {
                result.formUnion(links)
            }
            index = max(end, index + 1)
        }
        return result
    }

    /// `, `, ` / `, ` and `: what stands between the links of one bracketed group.
    static func isLinkSeparator(_ text: String) -> Bool {
        text.allSatisfy { $0.isWhitespace || ",;/|·".contains($0) }
            || text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() } == ["and"]
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

    /// The words after `node` (from the start of `parent` when nil) up to the end of its line, each
    /// marked plain or not. Links in brackets of their own — `([Demo](…), [Source Code](…))`,
    /// `[[paper](…)]` — are left out: they are the item's secondary links, not its description.
    static func wordsAfter(_ node: OpaquePointer?, in parent: OpaquePointer, lines: [String]) -> [Word] {
        var parts: [(text: String, isPlain: Bool)] = []
        let first = node.map { cmark_node_next($0) } ?? cmark_node_first_child(parent)
        let omitted = bracketedLinks(from: first)
        var sibling = first
        while let current = sibling {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: sibling = nil; continue
            case CMARK_NODE_TEXT, CMARK_NODE_EMPH, CMARK_NODE_STRONG:
                collectPlain(current, lines: lines, into: &parts)
            case CMARK_NODE_CODE:
                parts.append((cmark_node_get_literal(current).map { String(cString: $0) } ?? "", false))
            case CMARK_NODE_LINK where omitted.contains(current): break
            case CMARK_NODE_HTML_INLINE: parts.append((" ", false))
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
