import CCmarkGFM
import LinkyModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HTML and plain text made from one piece of Markdown.
public struct RenderedMarkdown: Hashable, Sendable {
    public var html: String
    public var plainText: String
}

/// The one door to cmark-gfm.
///
/// Debian's libcmark-gfm is not thread-safe: parsing in parallel corrupts output, and registering
/// the extensions from two threads aborts. So the extensions are registered once, and every parse
/// and render happens while holding one process-wide lock.
public enum MarkdownRenderer {
    /// GitHub's extensions, minus raw HTML: `tagfilter` neuters what safe mode would still let through.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]

    /// Safe mode (the default in cmark-gfm 0.29: raw HTML and `javascript:` URLs are dropped),
    /// UTF-8 validated, `~~strike~~` only with two tildes, table alignment as `style` (HTML5 has no `align`).
    static let options =
        CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE | CMARK_OPT_FOOTNOTES
        | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES

    static let lock = Mutex<Void>(())

    /// Renders Markdown to safe HTML and to plain text; Markdown nested deeper than
    /// `ContentLimits.maximumMarkdownDepth` is refused.
    public static func render(_ markdown: String) throws(MarkdownTooDeep) -> RenderedMarkdown {
        let (html, text) = try withDocument(markdown) { document, extensions in
            let htmlPointer = cmark_render_html(document, options, extensions)
            defer { free(htmlPointer) }
            return (htmlPointer.map { String(cString: $0) } ?? "", uncollapsedText(of: document))
        }
        // Outside the lock, which only cmark's own calls need: files parse in parallel.
        return RenderedMarkdown(html: accessibleTaskItems(html), plainText: text.collapsingWhitespace)
    }

    /// Parses Markdown and hands the document to `body` while the lock is held, once its depth is
    /// known to be within `ContentLimits.maximumMarkdownDepth`.
    static func withDocument<Result>(
        _ markdown: String, _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> Result
    ) throws(MarkdownTooDeep) -> Result {
        let outcome: Swift.Result<Result, MarkdownTooDeep> = lock.withLock { _ in
            _ = registration
            guard let parser = cmark_parser_new(options) else { fatalError("cmark-gfm could not allocate a parser") }
            defer { cmark_parser_free(parser) }
            for name in extensionNames {
                if let syntaxExtension = cmark_find_syntax_extension(name) {
                    cmark_parser_attach_syntax_extension(parser, syntaxExtension)
                }
            }
            var text = markdown
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    cmark_parser_feed(parser, chars.baseAddress, chars.count)
                }
            }
            guard let document = cmark_parser_finish(parser) else { fatalError("cmark-gfm returned no document") }
            defer { cmark_node_free(document) }
            do throws(MarkdownTooDeep) {
                try MarkdownTooDeep.check(document, limit: ContentLimits.maximumMarkdownDepth)
            } catch {
                return .failure(error)
            }
            return .success(body(document, cmark_parser_get_syntax_extensions(parser)))
        }
        return try outcome.get()
    }

    /// cmark-gfm draws task items as disabled checkboxes without labels, which screen readers
    /// announce as unnamed form fields; ☑ and ☐ say the same and are read as what they are.
    static func accessibleTaskItems(_ html: String) -> String {
        guard contains(html, "<input type=\"checkbox\"") else { return html }
        return html.replacingOccurrences(
            of: "<input type=\"checkbox\" checked=\"\" disabled=\"\" />", with: "<span class=\"task done\">☑</span>"
        )
        .replacingOccurrences(of: "<input type=\"checkbox\" disabled=\"\" />", with: "<span class=\"task\">☐</span>")
    }

    /// Whether `text`'s UTF-8 holds `needle`'s: a plain byte scan (Foundation's `contains` and the
    /// standard library's generic `firstRange(of:)` were each a large share of a big build's time).
    static func contains(_ text: String, _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= pattern.count else { return false }
            var index = 0
            while index <= bytes.count - pattern.count {
                if bytes[index] == first, memcmp(bytes.baseAddress! + index, pattern.baseAddress!, pattern.count) == 0 {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// Text of a subtree with block boundaries turned into spaces.
    static func plainText(of node: OpaquePointer) -> String { uncollapsedText(of: node).collapsingWhitespace }

    /// `plainText` before its white space is collapsed.
    static func uncollapsedText(of node: OpaquePointer) -> String {
        var text = ""
        let iterator = cmark_iter_new(node)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let current = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(current)
            if event == CMARK_EVENT_ENTER {
                switch type {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                    if let literal = cmark_node_get_literal(current) { text += String(cString: literal) }
                case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                    text += " "
                case CMARK_NODE_HTML_INLINE:
                    // Raw HTML in a link's or heading's text: `[<img alt="Logo" …>](…)` is "Logo".
                    text += HTMLFragment.inlineText(cmark_node_get_literal(current).map { String(cString: $0) } ?? "")
                default: break
                }
            } else if event == CMARK_EVENT_EXIT, isBlock(type) {
                text += " "
            }
        }
        return text
    }

    static func isBlock(_ type: cmark_node_type) -> Bool {
        Int32(type.rawValue) & CMARK_NODE_TYPE_MASK == CMARK_NODE_TYPE_BLOCK
    }

    /// Registering the core extensions is itself not thread-safe: a static `let` runs it exactly once.
    private static let registration: Void = cmark_gfm_core_extensions_ensure_registered()
}
