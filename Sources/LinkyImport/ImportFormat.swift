import Foundation

/// The formats `linky-site import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// Netscape bookmark HTML: browsers' "Export bookmarks", Pinboard's and linkding's HTML exports;
    /// and Pocket's older HTML export.
    case netscape
    /// Pinboard's JSON export.
    case pinboard
    /// A JSON export, the app known by its shape: Pinboard, Omnivore, Karakeep (Hoarder), Linkwarden.
    case json
    /// An awesome list: Markdown with `- [Title](https://…) - description` items under headings.
    case markdown
    /// A read-it-later app's CSV export (Pocket, Raindrop.io, Instapaper) or any CSV with a `url`
    /// column (`export --format csv`'s).
    case csv
    /// A feed reader's OPML: each feed a link to its site.
    case opml
    /// Addresses, one a line.
    case text

    /// The format a file name suggests: `.html`/`.htm` Netscape, `.json` Pinboard, `.md` Markdown.
    public init?(guessingFrom path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "html", "htm": self = .netscape
        case "json": self = .json
        case "md", "markdown": self = .markdown
        case "csv": self = .csv
        case "opml": self = .opml
        case "txt", "text", "list": self = .text
        default: return nil
        }
    }

    /// Reads an import file of this format; `path` is how problems name it. `allowedSchemes` matter
    /// to Markdown lists, whose parser checks URLs itself.
    public func read(
        _ data: Data, path: String, allowedSchemes: Set<String> = ["http", "https"]
    ) throws(ImportReadFailure) -> ImportedBookmarks {
        switch self {
        case .netscape:
            // Pocket's older export is HTML too, but lists rather than a bookmark file's <DT> entries.
            PocketHTMLReader.recognises(String(decoding: data.prefix(1 << 16), as: UTF8.self))
                ? try PocketHTMLReader.read([UInt8](data), path: path)
                : try NetscapeBookmarkReader.read([UInt8](data), path: path)
        case .pinboard: try PinboardJSONReader.read(data, path: path)
        case .markdown: try MarkdownListReader.read(data, path: path, allowedSchemes: allowedSchemes)
        case .csv: try CSVBookmarkReader.read(data, path: path)
        case .json: try JSONBookmarkReader.read(data, path: path)
        case .opml: try OPMLReader.read(data, path: path)
        case .text: try TextListReader.read(data, path: path)
        }
    }
}
