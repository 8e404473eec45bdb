import Foundation
import LinkyModel

/// `feed.xml` (Atom 1.0) and `feed.json` (JSON Feed 1.1): the newest links.
struct FeedRenderer {
    let context: TemplateContext

    var site: Site { context.site }

    /// The links a feed carries: dated ones, newest first.
    var entries: [Link] { Self.entries(of: site) }

    static func entries(of site: Site) -> [Link] { PageLinks.feed(site).map { site.links[$0] } }

    /// Feeds' `updated`: the newest link's date, so an unchanged collection gives an unchanged feed.
    var updated: String {
        (site.newestDate?.instant).map(LinkDate.rfc3339) ?? LinkDate.rfc3339(0)
    }

    func atom() -> Data {
        let config = site.config
        let base = config.baseURL ?? ""
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(config.language.xmlEscaped)\">\n"
        xml += "  <title>\(config.title.xmlEscaped)</title>\n"
        if !config.description.isEmpty { xml += "  <subtitle>\(config.description.xmlEscaped)</subtitle>\n" }
        xml += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\((base + "feed.xml").xmlEscaped)\"/>\n"
        xml +=
            "  <link rel=\"alternate\" type=\"text/html\" href=\"\((base.isEmpty ? "index.html" : base).xmlEscaped)\"/>\n"
        xml += "  <id>\((config.baseURL ?? "urn:linky-site:" + Slug.make(config.title)).xmlEscaped)</id>\n"
        xml += "  <updated>\(updated)</updated>\n"
        xml += "  <author><name>\((config.author ?? config.title).xmlEscaped)</name></author>\n"
        xml += "  <generator>linky-site</generator>\n"
        for link in entries {
            let date = link.date!
            xml += "  <entry>\n"
            xml += "    <title>\(link.title.xmlEscaped)</title>\n"
            xml += "    <link rel=\"alternate\" href=\"\(link.url.absoluteString.xmlEscaped)\"/>\n"
            if link.hasPage, let page = context.absolute(context.paths.link(link.id)) {
                xml += "    <link rel=\"related\" type=\"text/html\" href=\"\(page.xmlEscaped)\"/>\n"
            }
            xml += "    <id>\(entryID(link).xmlEscaped)</id>\n"
            xml += "    <published>\(date.rfc3339)</published>\n"
            xml += "    <updated>\(date.rfc3339)</updated>\n"
            for tag in link.tags { xml += "    <category term=\"\(site.tags[tag].name.xmlEscaped)\"/>\n" }
            if let description = link.description { xml += "    <summary>\(description.xmlEscaped)</summary>\n" }
            if let note = link.note { xml += "    <content type=\"html\">\(note.html.xmlEscaped)</content>\n" }
            xml += "  </entry>\n"
        }
        xml += "</feed>\n"
        return Data(xml.utf8)
    }

    func json() throws -> Data {
        let config = site.config
        let feed = JSONFeed(
            version: "https://jsonfeed.org/version/1.1", title: config.title,
            homePageURL: config.baseURL, feedURL: config.baseURL.map { $0 + "feed.json" },
            description: config.description.isEmpty ? nil : config.description, language: config.language,
            authors: [JSONFeed.Author(name: config.author ?? config.title)],
            items: entries.map { link in
                JSONFeed.Item(
                    id: entryID(link),
                    url: link.hasPage
                        ? context.absolute(context.paths.link(link.id)) ?? link.url.absoluteString
                        : link.url.absoluteString,
                    externalURL: link.url.absoluteString, title: link.title, summary: link.description,
                    contentHTML: link.note?.html,
                    contentText: link.note == nil ? (link.description ?? link.title) : nil,
                    datePublished: link.date!.rfc3339, tags: link.tags.map { site.tags[$0].name },
                    image: link.image?.absoluteString)
            })
        return try DataEncoding.json(feed)
    }

    /// A stable, unique id: the link's own page when it has one, else its URL.
    func entryID(_ link: Link) -> String {
        if link.hasPage, let page = context.absolute(context.paths.link(link.id)) { return page }
        return link.url.absoluteString
    }
}
