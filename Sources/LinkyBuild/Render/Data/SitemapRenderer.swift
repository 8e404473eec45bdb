import Foundation

/// `sitemap.xml`: the addresses of the pages the plan lists for it, in its order.
struct SitemapRenderer {
    let context: TemplateContext

    /// The sitemap of `pages` (paths from the output root): absolute addresses when `base_url` is
    /// known, else the paths as links have them.
    func render(_ pages: [String]) -> [UInt8] {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in pages {
            let location = context.absolute(path) ?? context.href(path)
            xml += "  <url><loc>\(location.xmlEscaped)</loc></url>\n"
        }
        xml += "</urlset>\n"
        return Array(xml.utf8)
    }
}
