import Foundation
import LinkyModel

/// `new/feed.xml` (Atom 1.0) and `new/feed.json` (JSON Feed 1.1): the weekly digest, an entry per week
/// of the new page (`new_feed_weeks` of them, newest first) listing the links added that week and the
/// list items removed. An entry's id is the week's (`…/new/#2026-W48`), so it stays the same from
/// build to build; its `updated` is the week's newest date, the last commit that added to it.
struct DigestFeedRenderer {
    let context: TemplateContext

    var site: Site { context.site }

    /// The weeks the feed carries.
    var weeks: [AddedWeek] { Array(site.addedWeeks.prefix(max(site.config.newFeedWeeks, 1))) }

    var title: String { "\(site.config.title) — \(context.words["weekly_digest"])" }

    func atom() -> Data {
        let config = site.config
        let weeks = weeks
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(config.language.xmlEscaped)\">\n"
        xml += "  <title>\(title.xmlEscaped)</title>\n"
        let base = config.baseURL ?? ""
        xml +=
            "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\((base + SitePaths.newFeed(json: false)).xmlEscaped)\"/>\n"
        xml += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(pageAddress(nil).xmlEscaped)\"/>\n"
        xml += "  <id>\(feedID.xmlEscaped)</id>\n"
        xml += "  <updated>\(LinkDate.rfc3339(weeks.first?.updated ?? 0))</updated>\n"
        xml += "  <author><name>\((config.author ?? config.title).xmlEscaped)</name></author>\n"
        xml += "  <generator>linky-site</generator>\n"
        for (index, week) in weeks.enumerated() {
            xml += "  <entry>\n"
            xml += "    <title>\(entryTitle(week).xmlEscaped)</title>\n"
            xml += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(pageAddress(index, week).xmlEscaped)\"/>\n"
            xml += "    <id>\(entryID(week).xmlEscaped)</id>\n"
            xml += "    <updated>\(LinkDate.rfc3339(week.updated))</updated>\n"
            xml += "    <content type=\"html\">\(html(week).xmlEscaped)</content>\n"
            xml += "  </entry>\n"
        }
        xml += "</feed>\n"
        return Data(xml.utf8)
    }

    func json() throws -> Data {
        let config = site.config
        let feed = JSONFeed(
            version: "https://jsonfeed.org/version/1.1", title: title,
            homePageURL: context.absolute(SitePaths.new(page: 1)),
            feedURL: config.baseURL.map { $0 + SitePaths.newFeed(json: true) }, description: nil,
            language: config.language, authors: [JSONFeed.Author(name: config.author ?? config.title)],
            items: weeks.enumerated().map { index, week in
                JSONFeed.Item(
                    id: entryID(week), url: pageAddress(index, week), externalURL: nil, title: entryTitle(week),
                    summary: nil, contentHTML: html(week), contentText: nil,
                    datePublished: LinkDate.rfc3339(week.updated), dateModified: LinkDate.rfc3339(week.updated),
                    tags: [], image: nil)
            })
        return try DataEncoding.json(feed)
    }
}

// MARK: - Private

private extension DigestFeedRenderer {
    /// The new page's folder address (whatever `clean_urls` says), or a URN without `base_url`.
    var feedID: String {
        site.config.baseURL.map { $0 + "new/" } ?? "urn:linky-site:\(Slug.make(site.config.title)):new"
    }

    func entryID(_ week: AddedWeek) -> String {
        site.config.baseURL.map { $0 + "new/#" + week.id }
            ?? "urn:linky-site:\(Slug.make(site.config.title)):new:\(week.id)"
    }

    /// `Week 48, 2026: 12 links`.
    func entryTitle(_ week: AddedWeek) -> String {
        "\(context.weekTitle(week)): \(context.words.counted("links", week.links.count))"
    }

    /// The new page that shows the week (the `index`th), at the week; the first page without one.
    func pageAddress(_ index: Int?, _ week: AddedWeek? = nil) -> String {
        let page = (index ?? 0) / max(site.config.newWeeksPerPage, 1) + 1
        let path = SitePaths.new(page: page)
        let address = context.absolute(path) ?? context.href(path)
        return week.map { address + "#" + $0.id.lowercased() } ?? address
    }

    /// The week's additions as a list of links with their descriptions, then its removals.
    func html(_ week: AddedWeek) -> String {
        var html = "<ul>"
        for id in week.links {
            let link = site.links[id]
            html += "<li><a href=\"\(link.url.absoluteString.xmlEscaped)\">\(link.title.xmlEscaped)</a>"
            if let description = link.description { html += " — \(description.xmlEscaped)" }
            html += "</li>"
        }
        html += "</ul>"
        if !week.removed.isEmpty {
            html += "<p>\(context.words["week_removed"].xmlEscaped)</p><ul>"
            for index in week.removed {
                let removed = site.removedLinks[index]
                html += "<li><del>\(removed.title.xmlEscaped)</del> \(removed.url.xmlEscaped)</li>"
            }
            html += "</ul>"
        }
        return html
    }
}
