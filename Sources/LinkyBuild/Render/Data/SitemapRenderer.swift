import Foundation

/// `sitemap.xml`: the addresses of the pages the plan lists for it, in its order.
struct SitemapRenderer {
    let context: TemplateContext

    /// The sitemap of `pages` (paths from the output root): absolute addresses when `base_url` is
    /// known, else the paths as links have them. A path is percent-encoded (RFC 3986, as the sitemap
    /// protocol asks): `tags/한글/` is `tags/%ED%95%9C%EA%B8%80/`.
    func render(_ pages: [String]) -> [UInt8] {
        document("urlset", entry: "url", pages)
    }

    /// The sitemap index of a split sitemap: the addresses of its `parts` (paths from the output root).
    func index(_ parts: [String]) -> [UInt8] {
        document("sitemapindex", entry: "sitemap", parts)
    }

    /// A `<root>` of the sitemap protocol with an `<entry><loc>` per path.
    private func document(_ root: String, entry: String, _ paths: [String]) -> [UInt8] {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<\(root) xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths {
            xml += "  <\(entry)><loc>\(address(path).xmlEscaped)</loc></\(entry)>\n"
        }
        xml += "</\(root)>\n"
        return Array(xml.utf8)
    }

    /// The address of `path` in a sitemap: absolute when `base_url` is known, else as links have it.
    private func address(_ path: String) -> String {
        let relative = Self.encodedPath(context.href(path))
        return context.site.config.baseURL.map { $0 + (relative == "./" ? "" : relative) } ?? relative
    }

    /// `path` with every byte but RFC 3986's unreserved characters and `/` percent-encoded.
    static func encodedPath(_ path: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(path.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.append(byte)
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
