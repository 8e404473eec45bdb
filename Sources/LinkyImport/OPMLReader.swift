import Foundation
import LinkyHTML
import LinkyModel

/// Reads an OPML feed list (what feed readers export: Feedly, Inoreader, NetNewsWire, Miniflux,
/// Google Reader…), with libxml2's XML parser (`XMLDocument`). Outlines holding others are folders;
/// an outline is a link when it has an address:
///
/// - a feed (`xmlUrl`): a link to its site (`htmlUrl`, else the feed itself), the feed kept as `feed:`.
///   Different feeds that share a site address (a blog's posts and its comments, one site's feeds
///   per category) would be one link and lose the others, so each of them is a link to its feed
///   instead, the shared site kept as `site:`;
/// - a site without a feed (`htmlUrl` alone), or a link outline (`type="link" url="…"`, as OPML 2.0
///   and outliners write): a link to that address.
///
/// Titled by `title`, else `text`; `description` is the description.
public enum OPMLReader {
    public static func read(_ data: Data, path: String) throws(ImportReadFailure) -> ImportedBookmarks {
        guard let root = XMLDocument.parse(bytes: [UInt8](data)), root.name?.lowercased() == "opml" else {
            throw .notInFormat(
                path: path, line: nil, message: "the file is not OPML (no <opml> element)",
                hint: "use the feed reader's OPML export as it is downloaded")
        }
        var outlines: [(entry: ImportedBookmarks.Entry, site: String?, feed: String?)] = []
        func walk(_ node: HTMLNode, folders: [String], depth: Int) {
            guard depth < 64 else { return }
            for child in node.children where child.name?.lowercased() == "outline" || child.name?.lowercased() == "body"
            {
                if child.name?.lowercased() == "body" {
                    walk(child, folders: folders, depth: depth + 1)
                    continue
                }
                let title = (attribute(child, "title") ?? attribute(child, "text") ?? "").collapsingWhitespace
                let feed = attribute(child, "xmlUrl")
                let site = attribute(child, "htmlUrl")
                // `type="link"` (or `include`, `redirect`): the address is in `url`.
                let link = attribute(child, "url")
                guard let address = site ?? link ?? feed else {
                    walk(child, folders: title.isEmpty ? folders : folders + [title], depth: depth + 1)
                    continue
                }
                var entry = ImportedBookmarks.Entry(
                    line: child.line, folders: folders, url: address, title: title,
                    description: attribute(child, "description").map(\.collapsingWhitespace))
                if let feed, feed != address { entry.extra.append(.init(key: "feed", value: feed)) }
                outlines.append((entry, site, feed))
                walk(child, folders: folders, depth: depth + 1)
            }
        }
        walk(root, folders: [], depth: 0)

        // A site shared by two different feeds (as the duplicate check compares addresses).
        func key(_ address: String) -> String {
            do {
                return try LinkURL(parsing: address).comparisonKey
            } catch {
                return address  // the importer reports it
            }
        }
        var feedsBySite: [String: Set<String>] = [:]
        for outline in outlines {
            if let site = outline.site, let feed = outline.feed {
                feedsBySite[key(site), default: []].insert(key(feed))
            }
        }
        let entries = outlines.map { outline in
            guard let site = outline.site, let feed = outline.feed, feedsBySite[key(site), default: []].count > 1 else {
                return outline.entry
            }
            var entry = outline.entry
            entry.url = feed
            entry.extra = [.init(key: "site", value: site)]
            return entry
        }
        return ImportedBookmarks(entries: entries)
    }

    private static func attribute(_ node: HTMLNode, _ name: String) -> String? {
        guard case .element(_, let attributes) = node.kind else { return nil }
        let value = attributes.first { $0.name.lowercased() == name.lowercased() }?.value
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return value?.isEmpty == false ? value : nil
    }
}
