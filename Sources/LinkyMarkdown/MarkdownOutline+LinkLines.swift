import CCmarkGFM

/// Paragraphs written as lines of links: `[Fish](…) - a friendly shell<br>` under
/// `[Nushell](…) - a new type of shell`, or a paragraph of its own per entry
/// (`**[Oil](…)** - a Unix shell.`). Each such line is an item, read as a list item's first line is.
extension MarkdownOutline {
    /// The items of a paragraph whose every line opens with a link, or nil for prose. One line alone is
    /// an entry only when a separator follows its link (`[Fish](…) - …`, `: …`) or nothing does: a
    /// sentence that happens to start with a link (`[Read this](…) before you start.`) stays prose.
    static func linkLineItems(_ paragraph: OpaquePointer, lines: [String]) -> [ListItem]? {
        // Badges, logos and "back to top" links are decoration, not entries.
        guard !isDecoration(paragraph) else { return nil }
        var runs: [[OpaquePointer]] = [[]]
        for child in children(of: paragraph) {
            let type = cmark_node_get_type(child)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                runs.append([])
            } else {
                runs[runs.count - 1].append(child)
            }
        }
        // A line that is only `<br>` or spaces is no entry and no prose.
        runs.removeAll { $0.allSatisfy(isBlankInline) }
        guard !runs.isEmpty, runs.allSatisfy({ opensWithLink($0) }) else { return nil }
        if runs.count == 1, !separatorFollowsLink(runs[0]) { return nil }
        var items: [ListItem] = []
        for run in runs {
            // The line's nodes move into a paragraph of their own, which `read` takes as an item's
            // first line; the outline's tree is not used again once walked.
            guard let line = cmark_node_new(CMARK_NODE_PARAGRAPH) else { return nil }
            defer { cmark_node_free(line) }
            for node in run { cmark_node_append_child(line, node) }
            var item = ListItem(
                line: Int(cmark_node_get_start_line(run[0])), linkText: nil, linkDestination: nil,
                trailingText: "", trailingTextStart: nil, nestedMarkdown: "",
                text: MarkdownRenderer.plainText(of: line))
            if item.line <= 0 { item.line = Int(cmark_node_get_start_line(paragraph)) }
            read(line, into: &item, lines: lines)
            if item.linkDestination != nil {
                item.startsWithLink = true
                items.append(item)
            }
        }
        return items.isEmpty ? nil : items
    }

    /// Text that is only spaces (no-break ones too), `•` or `·`, or a `:emoji:` code; or a `<br>`.
    private static func isBlankInline(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return isLeadingDecoration(node)
        case CMARK_NODE_HTML_INLINE:
            let literal = (cmark_node_get_literal(node).map { String(cString: $0) } ?? "").lowercased()
            return literal.hasPrefix("<br") || literal.hasPrefix("</br")
        default: return false
        }
    }

    private static func isLeadingDecoration(_ node: OpaquePointer) -> Bool {
        guard cmark_node_get_type(node) == CMARK_NODE_TEXT else { return false }
        let text = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        var rest = Substring(text)
        while let first = rest.first {
            if first.isWhitespace || "•·".contains(first) {
                rest = rest.dropFirst()
            } else if first == ":", let end = rest.dropFirst().firstIndex(of: ":"),
                rest[rest.index(after: rest.startIndex)..<end].allSatisfy({
                    $0.isLetter || $0.isNumber || $0 == "_" || $0 == "+" || $0 == "-"
                }),
                rest.index(after: rest.startIndex) < end
            {
                rest = rest[rest.index(after: end)...]
            } else {
                return false
            }
        }
        return true
    }

    /// Whether a line's first node that is not decoration is a link with words (in `**…**` or `_…_`
    /// too), or an `<a href>` written in HTML.
    private static func opensWithLink(_ run: [OpaquePointer]) -> Bool {
        guard let start = run.firstIndex(where: { !isLeadingDecoration($0) }) else { return false }
        let first = run[start]
        if cmark_node_get_type(first) == CMARK_NODE_HTML_INLINE {
            // `<a href="…"><b>GNU Bash</b></a>`, not a logo's `<a href="…"><img …></a>`.
            guard opensLink(first) else { return false }
            let words = run[(start + 1)..<closingAnchor(in: run, after: start)]
                .filter { cmark_node_get_type($0) != CMARK_NODE_HTML_INLINE }
                .map(MarkdownRenderer.uncollapsedText(of:)).joined()
            return words.contains { !$0.isWhitespace }
        }
        var node = first
        while true {
            let type = cmark_node_get_type(node)
            // A picture alone (`[![CC0](…)](…)`) opens no entry: it names nothing.
            if type == CMARK_NODE_LINK { return isItemLink(node) && !isImageOnly(node) }
            guard type == CMARK_NODE_STRONG || type == CMARK_NODE_EMPH, let inner = cmark_node_first_child(node)
            else { return false }
            node = inner
        }
    }

    /// Whether the text after a line's opening link is empty or starts with `-`, `–`, `—` or `:`.
    private static func separatorFollowsLink(_ run: [OpaquePointer]) -> Bool {
        guard let start = run.firstIndex(where: { !isLeadingDecoration($0) }) else { return false }
        // Past the `</a>` that closes an opening `<a href>`.
        let index =
            cmark_node_get_type(run[start]) == CMARK_NODE_HTML_INLINE
            ? min(closingAnchor(in: run, after: start) + 1, run.count) : start + 1
        let after = run[index...].map(MarkdownRenderer.uncollapsedText(of:)).joined()
        let trimmed = after.drop { $0.isWhitespace }
        guard let first = trimmed.first else { return true }
        return "-–—:".contains(first)
    }

    /// The index of the `</a>` that closes the `<a href>` at `start`, or the line's end.
    private static func closingAnchor(in run: [OpaquePointer], after start: Int) -> Int {
        run[(start + 1)...].firstIndex {
            cmark_node_get_type($0) == CMARK_NODE_HTML_INLINE
                && (cmark_node_get_literal($0).map { String(cString: $0) } ?? "").lowercased().hasPrefix("</a")
        } ?? run.count
    }
}
