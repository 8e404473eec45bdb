import CCmarkGFM

/// Walking the document: its top-level blocks, each list item (at any depth) and each table row
/// that holds a link, and the links of an item's first line.
extension MarkdownOutline {
    static func collect(_ node: OpaquePointer, lines: [String], into blocks: inout [Block]) {
        let line = Int(cmark_node_get_start_line(node))
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            let text = MarkdownRenderer.plainText(of: node)
            blocks.append(
                .heading(
                    level: Int(cmark_node_get_heading_level(node)), text: text, line: line,
                    title: headingTitle(node)))
            // `### <a id="csharp"></a>C#`: an anchor; `##### Tool: [terminal](…)`: a link of the section.
            var item = ListItem(
                line: line, linkText: nil, linkDestination: nil, trailingText: "", trailingTextStart: nil,
                nestedMarkdown: "", text: text)
            read(node, into: &item, lines: lines)
            if !item.definedAnchors.isEmpty { blocks.append(.anchors(item.definedAnchors, line: line)) }
            if item.linkDestination != nil {
                item.definedAnchors = []
                blocks.append(.item(item))
            }
        case CMARK_NODE_LIST:
            collectList(node, depth: 0, lines: lines, into: &blocks)
        case CMARK_NODE_HTML_BLOCK:
            collectHTML(node, depth: 0, into: &blocks)
        case CMARK_NODE_THEMATIC_BREAK:
            break
        case CMARK_NODE_BLOCK_QUOTE where startsWithLink(node):
            // `> **[ArchUnit](…)** <br>Test library…`: lists generated as one quote per entry.
            collectItem(node, depth: 0, lines: lines, into: &blocks)
        case CMARK_NODE_BLOCK_QUOTE where children(of: node).contains(where: isListOrHTML):
            // `> - [x](…)`: a list (or HTML) quoted whole is read as if it were not quoted.
            for child in children(of: node) { collect(child, lines: lines, into: &blocks) }
        default:
            if typeName(of: node) == "table", containsLink(node) {
                collectTable(node, lines: lines, into: &blocks)
                return
            }
            if cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH, let items = linkLineItems(node, lines: lines) {
                blocks += items.map { .item($0) }
                return
            }
            blocks.append(
                .other(markdown: source(of: node, lines: lines), line: line, isDecoration: isDecoration(node)))
            collectUnread(node, into: &blocks, reportingProse: !isDecoration(node))
        }
    }

    /// A heading's text without its in-page and picture links: `CLI Tools [<sup>[TOC]</sup>](#…)` is
    /// "CLI Tools", `Markdown Tools [![Awesome List][…]](…)` is "Markdown Tools".
    static func headingTitle(_ heading: OpaquePointer) -> String {
        var text = ""
        for child in children(of: heading) {
            if cmark_node_get_type(child) == CMARK_NODE_LINK {
                let destination = cmark_node_get_url(child).map { String(cString: $0) } ?? ""
                if destination.hasPrefix("#") || isImageOnly(child) { continue }
            }
            text += MarkdownRenderer.uncollapsedText(of: child)
        }
        return text.collapsingWhitespace
    }

    static func isListOrHTML(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return (type == CMARK_NODE_LIST || type == CMARK_NODE_HTML_BLOCK) && containsLink(node)
    }

    /// An HTML block's items, and the anchors it defines.
    static func collectHTML(_ node: OpaquePointer, depth: Int, into blocks: inout [Block]) {
        let (items, ids) = htmlBlockItems(node, depth: depth)
        if !ids.isEmpty { blocks.append(.anchors(ids, line: Int(cmark_node_get_start_line(node)))) }
        blocks += items.map { .item($0) }
    }

    /// The anchors a block of prose defines in HTML, and the links it writes in HTML: the safe
    /// renderer drops those, so each is reported rather than lost in silence (badges and logos aside).
    static func collectUnread(_ node: OpaquePointer, into blocks: inout [Block], reportingProse: Bool = false) {
        guard let iterator = cmark_iter_new(node) else { return }
        defer { cmark_iter_free(iterator) }
        var ids: [String] = []
        var paragraphs: [OpaquePointer] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                paragraphs.append(current)
            case CMARK_NODE_HTML_INLINE:
                ids += HTMLFragment.anchorIDs(cmark_node_get_literal(current).map { String(cString: $0) } ?? "")
            case CMARK_NODE_HTML_BLOCK:
                let (items, blockIDs) = htmlBlockItems(current, depth: 0)
                ids += blockIDs
                for item in items {
                    for link in item.links {
                        blocks.append(.unreadLink(destination: link.destination, line: item.line))
                    }
                }
            default:
                break
            }
        }
        for paragraph in paragraphs {
            var scan = LinkScan()
            for child in children(of: paragraph) { collectLinks(child, container: child, scan: &scan) }
            scan.closeAnchor(at: nil, container: nil)
            for found in scan.found {
                // Some inline nodes have no position (line 0: an extension's autolink): their paragraph's.
                let own = Int(cmark_node_get_start_line(found.node))
                let line = own > 0 ? own : Int(cmark_node_get_start_line(paragraph))
                guard cmark_node_get_type(found.node) == CMARK_NODE_HTML_INLINE else {
                    if reportingProse { blocks.append(.proseLink(destination: found.link.destination, line: line)) }
                    continue
                }
                // A picture-only `<a href><img></a>` in prose is a logo or a badge: decoration, as a
                // Markdown `[![logo](…)](…)` there is.
                if found.link.isImage { continue }
                blocks.append(.unreadLink(destination: found.link.destination, line: line))
            }
        }
        if !ids.isEmpty { blocks.append(.anchors(ids, line: Int(cmark_node_get_start_line(node)))) }
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
        var sibling: OpaquePointer? = first
        if cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH {
            result.text = MarkdownRenderer.plainText(of: first)
            read(first, into: &result, lines: lines)
            // DESIGN's list format: lines under the item's first line are its note, even without a
            // blank line between (CommonMark would make them one paragraph).
            let firstLine = Int(cmark_node_get_start_line(first))
            let lastLine = Int(cmark_node_get_end_line(first))
            var unread: [Block] = []
            if result.linkDestination != nil, lastLine > firstLine, lastLine <= lines.count {
                nested.append(dedented(lines[firstLine..<lastLine]))
                // Those lines are the note, rendered without raw HTML: an `<a href>` there is reported.
                unread = htmlLinksAfterFirstLine(of: first)
            }
            sibling = cmark_node_next(first)
            return collectRest(
                from: sibling, result: result, nested: nested, unread: unread, depth: depth, lines: lines,
                into: &blocks)
        }
        collectRest(
            from: sibling, result: result, nested: nested, unread: [], depth: depth, lines: lines,
            into: &blocks)
    }

    /// The `<a href>` links of a paragraph's lines after its first, as unread links.
    static func htmlLinksAfterFirstLine(of paragraph: OpaquePointer) -> [Block] {
        var scan = LinkScan()
        var pastFirstLine = false
        for child in children(of: paragraph) {
            let type = cmark_node_get_type(child)
            if !pastFirstLine {
                pastFirstLine = type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
                continue
            }
            collectLinks(child, container: child, scan: &scan)
        }
        scan.closeAnchor(at: nil, container: nil)
        return scan.found.filter { cmark_node_get_type($0.node) == CMARK_NODE_HTML_INLINE }.map {
            .unreadLink(destination: $0.link.destination, line: Int(cmark_node_get_start_line($0.node)))
        }
    }

    /// The blocks of an item after its first paragraph: its note, and its nested lists as items.
    static func collectRest(
        from first: OpaquePointer?, result: ListItem, nested: [String], unread: [Block],
        depth: Int, lines: [String], into blocks: inout [Block]
    ) {
        var result = result
        var nested = nested
        var sublists: [OpaquePointer] = []
        var sibling = first
        var unread = unread
        while let node = sibling {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LIST || type == CMARK_NODE_HTML_BLOCK, containsLink(node) {
                sublists.append(node)
            } else {
                nested.append(source(of: node, lines: lines))
                collectUnread(node, into: &unread)
            }
            sibling = cmark_node_next(node)
        }
        result.nestedMarkdown = nested.joined(separator: "\n\n")
        blocks.append(.item(result))
        blocks += unread
        for list in sublists {
            if cmark_node_get_type(list) == CMARK_NODE_HTML_BLOCK {
                collectHTML(list, depth: depth + 1, into: &blocks)
            } else {
                collectList(list, depth: depth + 1, lines: lines, into: &blocks)
            }
        }
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
        var scan = LinkScan()
        var child = cmark_node_first_child(paragraph)
        while let container = child {
            // Links of the first line are the item's; the lines under it are its note (unless the
            // first line has no link).
            if cmark_node_get_type(container) == CMARK_NODE_SOFTBREAK, !scan.found.isEmpty, scan.open == nil { break }
            collectLinks(container, container: container, scan: &scan)
            child = cmark_node_next(container)
        }
        scan.closeAnchor(at: nil, container: nil)
        item.anchors += scan.anchors
        item.definedAnchors += scan.ids
        guard !scan.found.isEmpty else { return }
        let hadLink = item.linkDestination != nil
        item.links += scan.found.map(\.link)
        guard !hadLink, let main = scan.found.first else { return }
        item.linkDestination = main.link.destination
        item.linkText = main.link.text
        if let leading = leadingLink(in: paragraph), leading.node == main.node {
            item.startsWithLink = true
        } else if cmark_node_get_type(main.node) == CMARK_NODE_HTML_INLINE,
            main.link.textBefore.allSatisfy({ $0.isWhitespace || $0 == "*" || $0 == "_" })
        {
            // `<a href="…"><b>GNU Bash</b></a> - …`, `&nbsp;&nbsp; <a href…`: the item opens with its link.
            item.startsWithLink = true
        }
        (item.trailingWords, item.trailingLabels) = wordsAfter(
            main.container, in: paragraph, lines: lines, takingLabels: true)
        item.trailingText = item.trailingWords.map(\.text).joined(separator: " ")
        if let next = cmark_node_next(main.container), cmark_node_get_start_line(next) > 0 {
            item.trailingTextStart = Position(
                line: Int(cmark_node_get_start_line(next)), column: Int(cmark_node_get_start_column(next)))
        }
    }

    /// The links inside an inline subtree, in order, each with the plain text written before it —
    /// Markdown links, and links written in HTML (`<a href="…">…</a>` as inline tags around text).
    static func collectLinks(_ node: OpaquePointer, container: OpaquePointer, scan: inout LinkScan) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_LINK:
            let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if destination.hasPrefix("#") {
                scan.anchors.append(String(destination.dropFirst()))
                scan.pending += inlineText(node)
            } else if isItemLink(node) {
                let isImage = isImageOnly(node)
                scan.found.append(
                    (
                        ItemLink(
                            text: MarkdownRenderer.plainText(of: node), destination: destination,
                            textBefore: scan.pending, isImage: isImage),
                        node, container
                    ))
                scan.pending = ""
            }
        case CMARK_NODE_IMAGE:
            break
        case CMARK_NODE_HTML_INLINE:
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            scan.read(inlineTag: literal, node: node, container: container)
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            scan.addText(" ")
        case CMARK_NODE_TEXT, CMARK_NODE_CODE:
            scan.addText(cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
        default:
            var child = cmark_node_first_child(node)
            while let current = child {
                collectLinks(current, container: container, scan: &scan)
                child = cmark_node_next(current)
            }
        }
    }
}
