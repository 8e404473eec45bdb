import Foundation
import LinkyModel
import LinkyTemplates

/// What the contexts of several kinds of HTML page share (each kind's own is in its declaration, under
/// `Pages/`; all are documented in Templates/README.md).
extension TemplateContext {
    /// `Page 2`, in the site's language.
    func pageNumber(_ number: Int) -> String {
        words["page_number"].replacingOccurrences(of: "{number}", with: String(number))
    }

    /// `section_feed` of a tag's or category's pages: its Atom feed's path (from the root) and title
    /// (a section has no JSON Feed: see `TagFeed`).
    func sectionFeed(_ feed: FeedRenderer) -> TemplateValue {
        .map(["atom": .string(feed.path(json: false)), "title": .string(feed.title)])
    }

    /// The address a shared link page previews with: the copy in `pictures/` (its JPEG, which every
    /// reader of Open Graph knows; `CopiedFiles` copies it for link pages) where the site has one and a
    /// `base_url`, else the picture's own.
    func ogImage(_ image: LinkURL, picture: PictureIndex.Entry?) -> String {
        guard site.config.images == .local, let base = site.config.baseURL, let file = picture?.printFile else {
            return image.absoluteString
        }
        return base + PictureIndex.folderName + "/" + file.name
    }

    /// A link the page at `path` lists: with `keepsParts`, a part, copied from the last build's page when
    /// the link is as it was (`PreviousParts`); else its item.
    func part(_ id: Int, of path: String, item: (Int) -> TemplateValue) -> TemplateValue {
        guard keepsParts else { return item(id) }
        if let previousParts, let previous = previousParts.part(of: path, link: id) {
            // The bytes stay in the last build's file, which `previousParts` keeps mapped.
            return .part(
                TemplatePart(id: id, value: true, rendered: TemplateBytes(unsafeBytes: previous, owner: previousParts)))
        }
        return .part(TemplatePart(id: id, value: item(id)))
    }

}

// MARK: - Archive

/// For the archive page and its years.
extension TemplateContext {
    /// `path`: the page's, when it lists the links and they may be parts. `href` is the month's own page
    /// when its year has one per month (`PageLinks.archiveYearByMonth`), else its place in its year's.
    /// `current`: the month is the page's own (a month's page).
    func month(
        year: Int, month: Int, links: [Int], withLinks: Bool, byMonth: Bool, current: Bool = false,
        path: String? = nil
    ) -> TemplateValue {
        let anchor = String(format: "m-%04d-%02d", year, month)
        var info: TemplateMap = [
            "title": .string(words.month(year: year, month: month)), "anchor": .string(anchor),
            "count": .int(links.count), "count_text": .string(words.number(links.count)),
            "href": .string(
                byMonth ? href(SitePaths.archiveMonth(year, month)) : href(SitePaths.archiveYear(year)) + "#" + anchor),
            "has_links": .bool(withLinks),
        ]
        if current { info["current"] = .bool(true) }
        if withLinks {
            info["links"] = .list(links.map { id in path.map { part(id, of: $0) { linkItem($0) } } ?? linkItem(id) })
        }
        return .map(info)
    }
}
