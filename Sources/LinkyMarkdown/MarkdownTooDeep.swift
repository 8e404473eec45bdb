import CCmarkGFM
import LinkyModel

/// Markdown whose lists, block quotes or emphasis are nested deeper than
/// `ContentLimits.maximumMarkdownDepth`: it is refused before anything walks it, because the walks
/// of a list file's items follow its nesting (a list nested 10,000 deep, 20 KB, overflowed the stack).
public struct MarkdownTooDeep: Error, Sendable, Hashable {
    /// The line (1-based, in the Markdown given) of the block or inline that goes past the limit.
    public var line: Int

    public init(line: Int) {
        self.line = line
    }

    /// The first node nested deeper than `limit`, found without recursion: cmark-gfm's iterator
    /// walks the tree with its own pointers, and the depth is a counter.
    ///
    /// A level is any node with children but the document, list items, paragraphs, links and images
    /// (which cannot nest in themselves): a list in a list is one level more, a quote in a quote one,
    /// emphasis in emphasis one.
    static func check(_ document: OpaquePointer, limit: Int) throws(MarkdownTooDeep) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        var depth = 0
        var lastLine = 1
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return }
            guard let node = cmark_iter_get_node(iterator), counts(node) else { continue }
            if event == CMARK_EVENT_EXIT {
                depth -= 1
                continue
            }
            depth += 1
            // Inlines have no line of their own in cmark-gfm (0): the last block's stands in.
            let line = Int(cmark_node_get_start_line(node))
            if line > 0 { lastLine = line }
            if depth > limit { throw MarkdownTooDeep(line: lastLine) }
        }
    }

    private static func counts(_ node: OpaquePointer) -> Bool {
        guard cmark_node_first_child(node) != nil else { return false }
        let type = cmark_node_get_type(node)
        return type != CMARK_NODE_DOCUMENT && type != CMARK_NODE_ITEM && type != CMARK_NODE_PARAGRAPH
            && type != CMARK_NODE_LINK && type != CMARK_NODE_IMAGE
    }
}
