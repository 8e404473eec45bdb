import CCmarkGFM

/// The top-level structure of a Markdown document, as a list file needs it: headings, list items
/// that start with a link, and everything else as source text.
public struct MarkdownOutline: Sendable, Hashable {
    public enum Block: Sendable, Hashable {
        /// `## Seoul` (the text without markup, as GitHub makes its anchor from it), and its title: the
        /// text without its in-page and picture links (`[TOC](#top)`, a badge).
        case heading(level: Int, text: String, line: Int, title: String)
        /// One item of a top-level list.
        case item(ListItem)
        /// Any other top-level block (paragraph, table, code, quote), as its Markdown source.
        /// `isDecoration` marks paragraphs made only of badges, images and in-page links ("back to top").
        case other(markdown: String, line: Int, isDecoration: Bool)
        /// Anchors written in HTML (`### <a id="csharp"></a>C#`, `<span id="x">`, `<a name="x">`):
        /// in-page links may point at them as at a heading's.
        case anchors([String], line: Int)
        /// A link the outline could not make an item of (an `<a href>` inside prose or a note, whose
        /// HTML the safe renderer drops): its address and line, for a located warning.
        case unreadLink(destination: String, line: Int)
        /// A Markdown link in a top-level paragraph (it shows in its section's intro, if the section
        /// gets a page): its address and line.
        case proseLink(destination: String, line: Int)
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
        /// A link made only of a picture (`[![Open-Source Software][OSS Icon]](…)`): `text` is its `alt`.
        public var isImage = false

        public init(text: String, destination: String, textBefore: String, isImage: Bool = false) {
            self.text = text
            self.destination = destination
            self.textBefore = textBefore
            self.isImage = isImage
        }
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
        /// The code spans that end the first line of an item (`` `MIT` `Nodejs/Docker` ``), as written, in
        /// order: its labels, which are not in `trailingWords` (see `MarkdownOutline.trailingLabels`).
        /// Empty for table rows and items written in HTML.
        public var trailingLabels: [String] = []
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
        /// Anchors the item's first paragraph defines in HTML (`<a id="x"></a>`).
        public var definedAnchors: [String] = []
    }

    public var blocks: [Block]

    /// Parses `markdown`; line numbers count from 1 at its first line. Markdown nested deeper than
    /// `ContentLimits.maximumMarkdownDepth` is refused (the walk of its items follows its nesting).
    public init(parsing markdown: String) throws(MarkdownTooDeep) {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        blocks = try MarkdownRenderer.withDocument(markdown) { document, _ in
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
