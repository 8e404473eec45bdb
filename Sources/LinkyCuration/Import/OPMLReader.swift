import Foundation
import LinkyHTML
import LinkyModel

/// Reads an OPML feed list (what feed readers export: Feedly, Inoreader, NetNewsWire, Miniflux…), with
/// libxml2's XML parser (`XMLDocument`): each `<outline>` with an `xmlUrl` becomes a link to the site
/// (`htmlUrl`, else the feed itself), titled by its `title` or `text`, the feed kept as `feed:`;
/// outlines holding others are folders.
public enum OPMLReader {
    public static func read(_ data: Data, path: String) throws(ImportReadFailure) -> ImportedBookmarks {
        guard let root = XMLDocument.parse(bytes: [UInt8](data)), root.name?.lowercased() == "opml" else {
            throw .notInFormat(
                path: path, line: nil, message: "the file is not OPML (no <opml> element)",
                hint: "use the feed reader's OPML export as it is downloaded")
        }
        var entries: [ImportedBookmarks.Entry] = []
        func attribute(_ node: HTMLNode, _ name: String) -> String? {
            guard case .element(_, let attributes) = node.kind else { return nil }
            let value = attributes.first { $0.name.lowercased() == name.lowercased() }?.value
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return value?.isEmpty == false ? value : nil
        }
        func walk(_ node: HTMLNode, folders: [String], depth: Int) {
            guard depth < 64 else { return }
            for child in node.children where child.name?.lowercased() == "outline" || child.name?.lowercased() == "body"
            {
                if child.name?.lowercased() == "body" {
                    walk(child, folders: folders, depth: depth + 1)
                    continue
                }
                let title = (attribute(child, "title") ?? attribute(child, "text") ?? "").collapsingWhitespace
                guard let feed = attribute(child, "xmlUrl") else {
                    walk(child, folders: title.isEmpty ? folders : folders + [title], depth: depth + 1)
                    continue
                }
                let site = attribute(child, "htmlUrl")
                var entry = ImportedBookmarks.Entry(
                    line: child.line, folders: folders, url: site ?? feed, title: title,
                    description: attribute(child, "description").map(\.collapsingWhitespace))
                if site != nil { entry.extra.append(.init(key: "feed", value: feed)) }
                entries.append(entry)
                walk(child, folders: folders, depth: depth + 1)
            }
        }
        walk(root, folders: [], depth: 0)
        return ImportedBookmarks(entries: entries)
    }
}
