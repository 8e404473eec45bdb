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

    /// The positions (in `order`) of the links of each file of a collection whose bookmark file would
    /// pass `FileLimits.bookmarkBytes`, split into files of a run of links each; one
    /// range of every link when they fit in one file.
    static func split(_ site: Site) -> [Range<Int>] {
        let limit = site.config.fileLimits.bookmarkBytes
        // Most sites are far below the limit: their links are not weighed one by one.
        guard DataPart.mayPass(limit, site, overhead: 160) else { return [0..<site.links.count] }
        let order = order(site)
        return DataPart.split(order.count, partBytes: limit) { estimate(site, order[$0]) }
    }

    /// About how many bytes `links[id]`'s entry takes (its `<DT>` line and its `<DD>`).
    static func estimate(_ site: Site, _ id: Int) -> Int {
        var bytes = 96 + site.links[id].url.absoluteString.utf8.count * 9 / 8 + site.links[id].title.utf8.count
        bytes += site.links[id].description.map { $0.utf8.count + 24 } ?? 0
        for tag in site.links[id].tags { bytes += site.tags[tag].name.utf8.count + 1 }
        return bytes
    }

    /// The link ids in the order the file lists them: each folder's subfolders, then its own links.
    static func order(_ site: Site) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(site.links.count)
        func walk(_ id: Int) {
            for child in site.categories[id].children { walk(child) }
            order += site.categories[id].links
        }
        walk(0)
        return order
    }

    /// The file at `path`, with where each link's entry is (`OutputFile.parts`); an entry `previous`
    /// gives (the last build's, see `PreviousParts`) is copied, the others written. With `positions`,
    /// only those links (positions in `order`) and the folders they are in: a file of a split collection.
    func file(path: String, previous: (any PreviousParts)?, positions: Range<Int>? = nil) -> OutputFile {
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
        var position = 0
        let counts = subtreeCounts()
        folder(0, depth: 1, into: &html, only: positions, at: &position, counts: counts) { id, depth, html in
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

    /// How many links each category's folder holds, its subfolders' included.
    private func subtreeCounts() -> [Int] {
        var counts = [Int](repeating: 0, count: site.categories.count)
        func count(_ id: Int) -> Int {
            counts[id] = site.categories[id].links.count + site.categories[id].children.reduce(0) { $0 + count($1) }
            return counts[id]
        }
        _ = count(0)
        return counts
    }

    /// The folder of category `id`, its links at `position` onwards (in `order`); with `only`, a folder
    /// none of whose links are among those is left out (but the top one).
    private func folder(
        _ id: Int, depth: Int, into html: inout [UInt8], only: Range<Int>?, at position: inout Int, counts: [Int],
        link: (Int, Int, inout [UInt8]) -> Void
    ) {
        if let only, id != 0, !only.overlaps(position..<(position + counts[id])) {
            position += counts[id]
            return
        }
        let category = site.categories[id]
        let indent = String(repeating: "    ", count: depth)
        let title = id == 0 ? site.config.title : category.title
        var attributes = ""
        if let newest = newestInstant(id) { attributes = " ADD_DATE=\"\(newest)\" LAST_MODIFIED=\"\(newest)\"" }
        html += "\(indent)<DT><H3\(attributes)>\(title.xmlEscaped)</H3>\n".utf8
        if let description = category.description { html += "\(indent)<DD>\(description.xmlEscaped)\n".utf8 }
        html += "\(indent)<DL><p>\n".utf8
        for child in category.children {
            folder(child, depth: depth + 1, into: &html, only: only, at: &position, counts: counts, link: link)
        }
        for id in category.links {
            if only?.contains(position) ?? true { link(id, depth, &html) }
            position += 1
        }
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
