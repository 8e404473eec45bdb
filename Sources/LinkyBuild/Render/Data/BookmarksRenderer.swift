import Foundation
import LinkyModel

/// `bookmarks.html`: the Netscape bookmark file every browser imports. One folder per category,
/// nested like the categories, with `ADD_DATE`, `TAGS` and descriptions.
struct BookmarksRenderer {
    let site: Site
    /// Each tag's name as `TAGS` lists it: commas separate tags in this format, so a comma inside a
    /// tag name cannot survive.
    private let tagNames: [String]

    init(site: Site) {
        self.site = site
        tagNames = site.tags.map { $0.name.replacingOccurrences(of: ",", with: " ") }
    }

    /// The file's bytes.
    func render() -> [UInt8] { file(path: "", previous: nil).contents }

    /// The file at `path`, with where each link's entry is (`OutputFile.parts`); an entry `previous`
    /// gives (the last build's, see `PreviousParts`) is copied, the others written.
    func file(path: String, previous: (any PreviousParts)?) -> OutputFile {
        var html: [UInt8] = []
        html.reserveCapacity(4096 + site.links.count * 384)
        html +=
            """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <!-- This is an automatically generated file.
                 It will be read and overwritten.
                 DO NOT EDIT! -->
            <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
            <TITLE>Bookmarks</TITLE>
            <H1>Bookmarks</H1>
            <DL><p>

            """.utf8
        var parts: [LinkPart] = []
        parts.reserveCapacity(site.links.count)
        folder(0, depth: 1, into: &html) { id, depth, html in
            let start = html.count
            if let bytes = previous?.part(of: path, link: id) {
                html += bytes.assumingMemoryBound(to: UInt8.self)
            } else {
                html += entry(id, in: depth).utf8
            }
            parts.append(LinkPart(link: id, range: start..<html.count))
        }
        html += "</DL><p>\n".utf8
        return OutputFile(path: path, contents: html, parts: parts)
    }

    private func folder(
        _ id: Int, depth: Int, into html: inout [UInt8], link: (Int, Int, inout [UInt8]) -> Void
    ) {
        let category = site.categories[id]
        let indent = String(repeating: "    ", count: depth)
        let title = id == 0 ? site.config.title : category.title
        var attributes = ""
        if let newest = newestInstant(id) { attributes = " ADD_DATE=\"\(newest)\" LAST_MODIFIED=\"\(newest)\"" }
        html += "\(indent)<DT><H3\(attributes)>\(title.xmlEscaped)</H3>\n".utf8
        if let description = category.description { html += "\(indent)<DD>\(description.xmlEscaped)\n".utf8 }
        html += "\(indent)<DL><p>\n".utf8
        for child in category.children { folder(child, depth: depth + 1, into: &html, link: link) }
        for id in category.links { link(id, depth, &html) }
        html += "\(indent)</DL><p>\n".utf8
    }

    /// A link's entry in a folder `depth` deep: its `<DT>` line and, with a description, its `<DD>`.
    private func entry(_ id: Int, in depth: Int) -> String {
        let indent = String(repeating: "    ", count: depth + 1)
        var attributes = "HREF=\"\(site.links[id].url.absoluteString.xmlEscaped)\""
        if let date = site.links[id].date { attributes += " ADD_DATE=\"\(date.instant)\"" }
        // A published site's links are public: linkding and Shaarli take a link without it as private.
        attributes += " PRIVATE=\"0\""
        if !site.links[id].tags.isEmpty {
            attributes += " TAGS=\"\(site.links[id].tags.map { tagNames[$0] }.joined(separator: ",").xmlEscaped)\""
        }
        var entry = "\(indent)<DT><A \(attributes)>\(site.links[id].title.xmlEscaped)</A>\n"
        if let description = site.links[id].description { entry += "\(indent)<DD>\(description.xmlEscaped)\n" }
        return entry
    }

    private func newestInstant(_ id: Int) -> Int64? {
        let category = site.categories[id]
        let own = category.links.compactMap { site.links[$0].date?.instant }.max()
        let children = category.children.compactMap { newestInstant($0) }.max()
        return [own, children].compactMap { $0 }.max()
    }
}
