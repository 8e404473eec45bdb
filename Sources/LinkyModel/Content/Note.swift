/// A curator's Markdown text (a link's note or a category's intro), with its safe HTML and plain text.
public struct Note: Hashable, Sendable {
    public var markdown: String
    /// cmark-gfm output in safe mode: no raw HTML, no unsafe URLs.
    public var html: String
    /// The text without markup, for search: its first 300 characters, as much as the search index keeps
    /// (a note's words past them are on its page and in `links.json`, not in the index).
    public var plainText: String

    public init(markdown: String, html: String, plainText: String) {
        self.markdown = markdown
        self.html = html
        self.plainText = plainText
    }
}
