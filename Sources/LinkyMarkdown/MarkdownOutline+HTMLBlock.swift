import CCmarkGFM
import LinkyModel

/// Links written in HTML blocks: each `<li>`, and each line (or run ended by `<br>`) that holds a
/// link, is an item, read as a Markdown item is — the-book-of-secret-knowledge writes every entry
/// as `&nbsp;&nbsp; <a href="…"><b>GNU Bash</b></a> - is an sh-compatible shell…<br>`.
extension MarkdownOutline {
    /// Tags that end one item's text and start the next one's.
    static let htmlBreakTags: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "tr",
        "thead", "tbody", "dl", "dt", "dd", "details", "summary", "center", "hr", "section", "article", "header",
        "footer", "nav", "pre", "figure", "figcaption",
    ]

    /// The items of an HTML block (at `depth`, nested lists deeper), and the anchors its tags define.
    static func htmlBlockItems(_ node: OpaquePointer, depth: Int) -> (items: [ListItem], ids: [String]) {
        let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        guard literal.contains("<") else { return ([], []) }
        let firstLine = Int(cmark_node_get_start_line(node))
        var items: [ListItem] = []
        var ids: [String] = []
        var listDepth = 0
        var segment = HTMLSegment()
        var open: (destination: String, title: String?, line: Int, text: String, alts: [String], pictures: [String])?

        func closeAnchor() {
            guard let anchor = open else { return }
            open = nil
            segment.close(anchor, line: firstLine + anchor.line)
        }
        func finish() {
            closeAnchor()
            if let item = segment.item(depth: depth + max(listDepth - 1, 0)) { items.append(item) }
            segment = HTMLSegment()
        }
        for (token, line) in HTMLFragment(literal).tokens {
            switch token {
            case .text(let text):
                if open != nil { open?.text += text } else { segment.add(text) }
            case .newline:
                if open != nil { open?.text += " " } else { finish() }
            case .start(let name, let attributes):
                if let id = attributes["id"], !id.isEmpty { ids.append(id) }
                if htmlBreakTags.contains(name) {
                    finish()
                } else if name == "td" || name == "th" {
                    segment.add(" ")
                }
                switch name {
                case "ul", "ol": listDepth += 1
                case "a":
                    closeAnchor()
                    if let href = attributes["href"] {
                        open = (
                            href.trimmingCharacters(in: .whitespacesAndNewlines), attributes["title"], line, "", [], []
                        )
                    } else if let id = attributes["name"], !id.isEmpty {
                        ids.append(id)
                    }
                case "img":
                    open?.alts.append(attributes["alt"] ?? "")
                    open?.pictures.append(attributes["src"] ?? "")
                default: break
                }
            case .end(let name):
                if name == "a" {
                    closeAnchor()
                } else if htmlBreakTags.contains(name) {
                    finish()
                    if name == "ul" || name == "ol" { listDepth = max(listDepth - 1, 0) }
                }
            }
        }
        finish()
        // `<a href="X"><img alt="Sponsor"></a><br><a href="X">Sponsor, what it does</a>`: the picture
        // and the words are one link, named by the words.
        let named = Set(items.flatMap { $0.links.filter { !$0.isImage }.map(\.destination) })
        items.removeAll { item in item.links.allSatisfy { $0.isImage && named.contains($0.destination) } }
        return (items, ids)
    }
}

/// The text and links of one line of an HTML block, on their way to being an item.
struct HTMLSegment {
    var links: [MarkdownOutline.ItemLink] = []
    var line: Int?
    var pending = ""
    var text = ""
    var trailing = ""
    var anchors: [String] = []

    mutating func add(_ piece: String) {
        pending += piece
        text += piece
        if !links.isEmpty { trailing += piece }
    }

    mutating func close(
        _ anchor: (destination: String, title: String?, line: Int, text: String, alts: [String], pictures: [String]),
        line: Int
    ) {
        let name = anchor.text.collapsingWhitespace
        if anchor.destination.hasPrefix("#") || anchor.destination.isEmpty {
            if anchor.destination.count > 1 { anchors.append(String(anchor.destination.dropFirst())) }
            add(anchor.text)
            return
        }
        let isImage = name.isEmpty && !anchor.pictures.isEmpty
        if isImage, anchor.pictures.allSatisfy(MarkdownOutline.isBadgePicture) { return }
        let title = isImage ? (anchor.alts.first { !$0.isEmpty } ?? anchor.title ?? "").collapsingWhitespace : name
        if !links.isEmpty { trailing += anchor.text }
        text += anchor.text
        links.append(
            MarkdownOutline.ItemLink(
                text: title, destination: anchor.destination, textBefore: pending, isImage: isImage))
        pending = ""
        if self.line == nil { self.line = line }
    }

    func item(depth: Int) -> MarkdownOutline.ListItem? {
        guard let first = links.first, let line else { return nil }
        let words = trailing.split(whereSeparator: \.isWhitespace).map {
            MarkdownOutline.Word(text: String($0), isPlain: true)
        }
        var item = MarkdownOutline.ListItem(
            line: line, depth: depth, linkText: first.text, linkDestination: first.destination,
            trailingText: words.map(\.text).joined(separator: " "), trailingTextStart: nil, nestedMarkdown: "",
            text: text.collapsingWhitespace)
        item.links = links
        item.trailingWords = words
        item.startsWithLink = first.textBefore.allSatisfy { $0.isWhitespace }
        item.anchors = anchors
        return item
    }
}
