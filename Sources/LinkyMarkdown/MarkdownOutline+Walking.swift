import CCmarkGFM

/// Walking the document: its top-level blocks, each list item (at any depth) and each table row
/// that holds a link, and the links of an item's first line.
extension MarkdownOutline {
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
}
