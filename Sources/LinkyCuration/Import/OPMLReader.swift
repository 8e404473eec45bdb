import Foundation
import LinkyModel

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an OPML feed list (what feed readers export: Feedly, Inoreader, NetNewsWire, Miniflux…): each
/// `<outline>` with an `xmlUrl` becomes a link to the site (`htmlUrl`, else the feed itself), titled by
/// its `title` or `text`, the feed kept as `feed:`; outlines holding others are folders.
public enum OPMLReader {
    public static func read(_ data: Data, path: String) throws(ImportReadFailure) -> ImportedBookmarks {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        guard parser.parse(), delegate.sawOPML else {
            throw .notInFormat(
                path: path, line: parser.lineNumber,
                message: delegate.sawOPML
                    ? "the OPML is not well-formed XML (\(parser.parserError?.localizedDescription ?? "unknown"))"
                    : "the file is not OPML (no <opml> element)",
                hint: "use the feed reader's OPML export as it is downloaded")
        }
        return ImportedBookmarks(entries: delegate.entries)
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var entries: [ImportedBookmarks.Entry] = []
        var sawOPML = false
        /// The open outlines: the folder name each gives its children (nil for a feed's own outline).
        var stack: [String?] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if name.lowercased() == "opml" { sawOPML = true }
            guard name.lowercased() == "outline" else { return }
            let title = (attributes["title"] ?? attributes["text"] ?? "").collapsingWhitespace
            guard let feed = attributes["xmlUrl"].flatMap({ $0.isEmpty ? nil : $0 }) else {
                stack.append(title.isEmpty ? nil : title)
                return
            }
            let site = attributes["htmlUrl"].flatMap { $0.isEmpty ? nil : $0 }
            var entry = ImportedBookmarks.Entry(
                line: parser.lineNumber, folders: stack.compactMap { $0 }, url: site ?? feed, title: title,
                description: attributes["description"].map(\.collapsingWhitespace).flatMap { $0.isEmpty ? nil : $0 })
            if site != nil { entry.extra.append(.init(key: "feed", value: feed)) }
            entries.append(entry)
            stack.append(nil)
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if name.lowercased() == "outline", !stack.isEmpty { stack.removeLast() }
        }
    }
}
