import CCmarkGFM
import LinkyModel

/// The walk over a paragraph's inline nodes that finds its links, Markdown and HTML alike: cmark-gfm
/// leaves `<a href="…">`, the text and `</a>` as siblings, so an HTML link is opened by one node and
/// closed by a later one.
extension MarkdownOutline {
    struct LinkScan {
        /// An `<a href>` whose `</a>` has not come yet.
        struct OpenAnchor {
            var destination: String
            var title: String?
            var textBefore: String
            var node: OpaquePointer
            var container: OpaquePointer
            var text = ""
            var alts: [String] = []
            var pictures: [String] = []
        }

        /// Plain text since the last link.
        var pending = ""
        var found: [(link: ItemLink, node: OpaquePointer, container: OpaquePointer)] = []
        /// In-page anchors pointed at (`#database-management`).
        var anchors: [String] = []
        /// Anchors defined in HTML (`<a id="x">`, `<span id="x">`, `<a name="x">`).
        var ids: [String] = []
        var open: OpenAnchor?

        mutating func addText(_ text: String) {
            if open != nil { open?.text += text } else { pending += text }
        }

        /// One inline tag: `<a href>` opens a link, `</a>` closes it, an `<img>` inside names it.
        mutating func read(inlineTag literal: String, node: OpaquePointer, container: OpaquePointer) {
            if let name = HTMLFragment.endTag(literal) {
                if name == "a" { closeAnchor(at: node, container: container) }
                return
            }
            guard let (name, attributes) = HTMLFragment.startTag(literal) else { return }
            if let id = attributes["id"], !id.isEmpty { ids.append(id) }
            switch name {
            case "a":
                closeAnchor(at: nil, container: nil)
                if let href = attributes["href"] {
                    open = OpenAnchor(
                        destination: href.trimmingCharacters(in: .whitespacesAndNewlines), title: attributes["title"],
                        textBefore: pending, node: node, container: container)
                } else if let id = attributes["name"], !id.isEmpty {
                    ids.append(id)
                }
            case "img":
                open?.alts.append(attributes["alt"] ?? "")
                open?.pictures.append(attributes["src"] ?? "")
            case "br":
                addText(" ")
            default:
                break
            }
        }

        /// Ends the open `<a>` (at its `</a>`, or where the paragraph ends when it has none): a link,
        /// unless it is an in-page anchor or a badge.
        mutating func closeAnchor(at node: OpaquePointer?, container: OpaquePointer?) {
            guard let anchor = open else { return }
            open = nil
            let text = anchor.text.collapsingWhitespace
            if anchor.destination.hasPrefix("#") || anchor.destination.isEmpty {
                if anchor.destination.count > 1 { anchors.append(String(anchor.destination.dropFirst())) }
                pending += anchor.text
                return
            }
            let isImage = text.isEmpty && !anchor.pictures.isEmpty
            if isImage, anchor.pictures.allSatisfy(MarkdownOutline.isBadgePicture) { return }
            let name =
                isImage
                ? (anchor.alts.first { !$0.isEmpty } ?? anchor.title ?? "").collapsingWhitespace : text
            found.append(
                (
                    ItemLink(
                        text: name, destination: anchor.destination, textBefore: anchor.textBefore, isImage: isImage),
                    node ?? anchor.node, container ?? anchor.container
                ))
            pending = ""
        }
    }

    /// Whether an inline tag opens a link to somewhere else (`<a href="https://…">`).
    static func opensLink(_ node: OpaquePointer) -> Bool {
        let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        guard literal.count > 2, literal.hasPrefix("<a") || literal.hasPrefix("<A"),
            let (name, attributes) = HTMLFragment.startTag(literal), name == "a", let href = attributes["href"]
        else { return false }
        return !href.isEmpty && !href.hasPrefix("#")
    }
}
