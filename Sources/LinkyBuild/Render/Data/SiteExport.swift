import Foundation
import LinkyModel

/// `linky-site export`: the collection in another tool's format, made from the site model as the
/// build makes its data files (the bookmarks file and `links.json` are the build's own).
public enum SiteExport {
    public enum Format: String, CaseIterable, Sendable {
        /// An awesome list's README.
        case awesome
        /// The Netscape bookmark file browsers import (`bookmarks.html`).
        case netscape
        /// `links.json`.
        case json
        /// A row per link.
        case csv
    }

    public static func bytes(_ site: Site, format: Format) throws -> [UInt8] {
        switch format {
        case .awesome: AwesomeListRenderer(site: site).render()
        case .netscape: BookmarksRenderer(site: site).render()
        case .json: CollectionDocument(TemplateContext(site: site)).bytes()
        case .csv: try CSVRenderer(site: site).render()
        }
    }

    /// The tags an awesome list cannot write by their name: spelled with hyphens for spaces, or
    /// (nil) left out.
    public static func respelledTags(_ site: Site) -> [(name: String, written: String?)] {
        AwesomeListRenderer.respelledTags(site)
    }
}
