import Foundation
import LinkyModel

/// A list file read on its own, outside a site, with the build's own list-file parser: what
/// `linky-site import --from markdown` reads an awesome list with.
public struct ListFile: Sendable {
    /// One list item that is a link.
    public struct Entry: Sendable, Hashable {
        /// The item's line in the file.
        public var line: Int
        /// The headings above the item, from the outermost down (empty before the first heading).
        public var sections: [String]
        public var url: LinkURL
        public var title: String
        public var description: String?
        public var tags: [String]
        /// Lines and sub-lists under the item, as Markdown.
        public var note: String?
        /// The item's other links (`(Demo)`, `(Source Code)`).
        public var secondaryLinks: [SecondaryLink] = []
        /// The index in `entries` of the link this one is nested under.
        public var related: Int?
    }

    /// The file's `# Title`, or its front matter's `title`.
    public var title: String?
    /// The links, in file order.
    public var entries: [Entry]
    /// What the parser reported: items whose link is not a usable URL (`LINKY112`), too many tags,
    /// a file without a single link (`LINKY113`), an unreadable encoding (`LINKY171`)…
    public var diagnostics: [Diagnostic]

    /// Reads `data` (UTF-8; CRLF and NFD are fine) as a list file; `path` is how diagnostics name it.
    /// URLs are checked against `allowedSchemes`, as in a site with that setting.
    public static func read(
        _ data: Data, path: String, allowedSchemes: Set<String> = ["http", "https"]
    ) -> ListFile {
        let text: String
        switch TextDecoding.decode(data) {
        case .success(let decoded): text = decoded
        case .failure(.invalidUTF8(let line)), .failure(.binary(let line)):
            return ListFile(
                title: nil, entries: [],
                diagnostics: [
                    .error(
                        .invalidEncoding, at: SourceLocation(path: path, line: line), "the file is not UTF-8 text",
                        hint: "save it as UTF-8")
                ])
        }
        var diagnostics: [Diagnostic] = []
        let frontMatter: FrontMatter
        switch FrontMatter.split(text) {
        case .success(let value): frontMatter = value
        case .failure:
            // An opening `---` without a closing one is a horizontal rule in Markdown: read it all.
            frontMatter = FrontMatter(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1)
        }
        var mapping = YAMLMapping(path: path, firstLine: frontMatter.yamlFirstLine)
        if let yaml = frontMatter.yaml {
            switch YAMLMapping.parse(yaml, path: path, firstLine: frontMatter.yamlFirstLine, what: "the front matter") {
            case .success(let value): mapping = value
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        var config = SiteConfig()
        config.allowedSchemes = allowedSchemes
        var parsed = ParsedContent()
        ListFileParser(path: path, config: config).parse(
            mapping, frontMatter: frontMatter, key: [], fileName: "", into: &parsed)
        let indexOfOrder = Dictionary(
            parsed.links.enumerated().map { ($1.sourceOrder, $0) }, uniquingKeysWith: { first, _ in first })
        let entries = parsed.links.map { link in
            Entry(
                line: link.source.line ?? 1, sections: link.categoryKey, url: link.url, title: link.title,
                description: link.description, tags: link.tags.map(\.name), note: link.note?.markdown,
                secondaryLinks: link.secondaryLinks, related: link.relatedOrder.flatMap { indexOfOrder[$0] })
        }
        let root = parsed.categories.first { $0.key.isEmpty }
        return ListFile(
            title: root?.title.flatMap { $0.isEmpty ? nil : $0 }, entries: entries,
            diagnostics: diagnostics + parsed.diagnostics)
    }
}
