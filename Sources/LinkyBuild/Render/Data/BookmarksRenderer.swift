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

    func render() -> [UInt8] {
        var html = """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <!-- This is an automatically generated file.
                 It will be read and overwritten.
                 DO NOT EDIT! -->
            <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
            <TITLE>Bookmarks</TITLE>
            <H1>Bookmarks</H1>
            <DL><p>

            """
        folder(0, depth: 1, into: &html)
        html += "</DL><p>\n"
        return Array(html.utf8)
    }

    private func folder(_ id: Int, depth: Int, into html: inout String) {
        let category = site.categories[id]
        let indent = String(repeating: "    ", count: depth)
        let title = id == 0 ? site.config.title : category.title
        var attributes = ""
        if let newest = newestInstant(id) { attributes = " ADD_DATE=\"\(newest)\" LAST_MODIFIED=\"\(newest)\"" }
        html += "\(indent)<DT><H3\(attributes)>\(title.xmlEscaped)</H3>\n"
        if let description = category.description { html += "\(indent)<DD>\(description.xmlEscaped)\n" }
        html += "\(indent)<DL><p>\n"
        for child in category.children { folder(child, depth: depth + 1, into: &html) }
        for id in category.links {
            var attributes = "HREF=\"\(site.links[id].url.absoluteString.xmlEscaped)\""
            if let date = site.links[id].date { attributes += " ADD_DATE=\"\(date.instant)\"" }
            if !site.links[id].tags.isEmpty {
                attributes += " TAGS=\"\(site.links[id].tags.map { tagNames[$0] }.joined(separator: ",").xmlEscaped)\""
            }
            html += "\(indent)    <DT><A \(attributes)>\(site.links[id].title.xmlEscaped)</A>\n"
            if let description = site.links[id].description { html += "\(indent)    <DD>\(description.xmlEscaped)\n" }
        }
        html += "\(indent)</DL><p>\n"
    }

    private func newestInstant(_ id: Int) -> Int64? {
        let category = site.categories[id]
        let own = category.links.compactMap { site.links[$0].date?.instant }.max()
        let children = category.children.compactMap { newestInstant($0) }.max()
        return [own, children].compactMap { $0 }.max()
    }
}
