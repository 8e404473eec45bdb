import Foundation
import LinkyHTML
import LinkyModel

/// What a page says about itself: from Open Graph, Twitter card and plain HTML tags, in that order
/// of preference, with relative image and icon addresses made absolute. Titles and descriptions come
/// without control characters (an ESC or BEL a page puts there would reach link files,
/// `metadata.json` and terminals).
public struct PageMetadata: Sendable, Equatable {
    public var title: String?
    public var description: String?
    public var image: LinkURL?
    /// Icons the page declares, best first; `/favicon.ico` is tried when there are none.
    public var icons: [LinkURL]

    public init(title: String? = nil, description: String? = nil, image: LinkURL? = nil, icons: [LinkURL] = []) {
        self.title = title
        self.description = description
        self.image = image
        self.icons = icons
    }

    /// Reads the metadata of a parsed page found at `pageURL` (after redirects).
    public init(page root: HTMLNode, pageURL: String) {
        let head = root.descendants(named: "head").first ?? root
        var base = URL(string: pageURL)
        if let href = root.descendants(named: "base").first?.attribute("href"), !href.isEmpty,
            let resolved = URL(string: href, relativeTo: base)?.absoluteURL
        {
            base = resolved
        }
        var properties: [String: String] = [:]
        for meta in root.descendants(named: "meta") {
            guard let content = meta.attribute("content")?.collapsingWhitespace, !content.isEmpty else { continue }
            for key in [meta.attribute("property"), meta.attribute("name"), meta.attribute("itemprop")] {
                guard let key = key?.lowercased().trimmingCharacters(in: .whitespaces), !key.isEmpty else { continue }
                if properties[key] == nil { properties[key] = content }
            }
        }
        let documentTitle = (head.descendants(named: "title").first ?? root.descendants(named: "title").first)?
            .textContent.collapsingWhitespace
        let heading = root.descendants(named: "h1").first?.textContent.collapsingWhitespace
        title = [properties["og:title"], properties["twitter:title"], documentTitle, heading]
            .lazy.compactMap { $0?.droppingControlCharacters.collapsingWhitespace }.first { !$0.isEmpty }
        description = [properties["og:description"], properties["twitter:description"], properties["description"]]
            .lazy.compactMap { $0?.droppingControlCharacters.collapsingWhitespace }.first { !$0.isEmpty }
        let imageCandidates = [
            properties["og:image:secure_url"], properties["og:image"], properties["og:image:url"],
            properties["twitter:image"], properties["twitter:image:src"], properties["image"],
        ]
        image = imageCandidates.lazy.compactMap { $0 }.compactMap { Self.absolute($0, base: base) }.first

        var ranked: [(rank: Int, order: Int, url: LinkURL)] = []
        for (order, link) in root.descendants(named: "link").enumerated() {
            let relations = Set((link.attribute("rel") ?? "").lowercased().split(separator: " ").map(String.init))
            guard let href = link.attribute("href"), let url = Self.absolute(href, base: base) else { continue }
            let rank: Int
            if relations.contains("icon") {
                let sizes = link.attribute("sizes")?.lowercased() ?? ""
                let type = link.attribute("type")?.lowercased() ?? ""
                rank = (sizes.contains("32x32") || type.contains("svg") || href.hasSuffix(".svg")) ? 0 : 1
            } else if relations.contains("apple-touch-icon") || relations.contains("apple-touch-icon-precomposed") {
                rank = 2
            } else if relations.contains("mask-icon") {
                continue
            } else {
                continue
            }
            ranked.append((rank, order, url))
        }
        icons = ranked.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.url)
    }

    /// `/favicon.ico` of the page's site.
    public static func defaultIcon(for pageURL: String) -> LinkURL? {
        absolute("/favicon.ico", base: URL(string: pageURL))
    }
}

// MARK: - Private

private extension PageMetadata {
    /// A page's relative or protocol-relative address made absolute; nil unless it is http(s).
    static func absolute(_ reference: String, base: URL?) -> LinkURL? {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.lowercased().hasPrefix("data:") else { return nil }
        let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: Self.urlCharacters) ?? trimmed
        guard let url = URL(string: encoded, relativeTo: base)?.absoluteURL else { return nil }
        return LinkURL(stored: url.absoluteString)
    }

    /// Characters left alone when a page's address has spaces or Hangul in it: everything URLs allow, and `%`.
    static let urlCharacters: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.formUnion(.urlPathAllowed)
        set.insert(charactersIn: "#%")
        return set
    }()
}
