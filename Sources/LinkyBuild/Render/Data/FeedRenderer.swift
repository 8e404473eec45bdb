import Foundation
import LinkyModel

/// `feed.xml` (Atom 1.0) and `feed.json` (JSON Feed 1.1): the site's newest links; or a tag's or a
/// category's, in Atom (`tags/<tag>/feed.xml`, with `section_feeds`).
struct FeedRenderer {
    let context: TemplateContext
    /// Which feed: the site's, a tag's or a category's.
    var section: Section = .site

    enum Section {
        case site
        case tag(Int)
        case category(Int)
    }

    init(context: TemplateContext, section: Section = .site) {
        self.context = context
        self.section = section
    }

    var site: Site { context.site }

    /// The links a feed carries: dated ones, newest first.
    var entries: [Link] {
        let ids =
            switch section {
            case .site: PageLinks.feed(site)
            case .tag(let id): PageLinks.tagFeed(site, id)
            case .category(let id): PageLinks.categoryFeed(site, id)
            }
        return ids.map { site.links[$0] }
    }

    static func entries(of site: Site) -> [Link] { PageLinks.feed(site).map { site.links[$0] } }

    /// The feed's title: the site's, or `Site — #tag`, `Site — Programming › Swift`.
    var title: String {
        switch section {
        case .site: site.config.title
        case .tag(let id): "\(site.config.title) — #\(site.tags[id].name)"
        case .category(let id):
            "\(site.config.title) — \(context.trail(id).map(\.title).joined(separator: " › "))"
        }
    }

    /// Whether entries carry the note as content: the site's feed does; a tag's or a category's carries
    /// titles and descriptions (a site has a feed per tag, and notes would multiply its size).
    var carriesNotes: Bool {
        if case .site = section { true } else { false }
    }

    /// The feed's own path and the page it stands for, from the output root (a tag or a category has
    /// only an Atom feed).
    func path(json: Bool) -> String {
        switch section {
        case .site: json ? "feed.json" : "feed.xml"
        case .tag(let id): context.paths.tagFeed(id)
        case .category(let id): context.paths.categoryFeed(id)
        }
    }

    var pagePath: String {
        switch section {
        case .site: SitePaths.home
        case .tag(let id): context.paths.tag(id)
        case .category(let id): context.paths.category(id)
        }
    }

    var subtitle: String? {
        switch section {
        case .site: site.config.description.isEmpty ? nil : site.config.description
        case .tag(let id): site.tags[id].description
        case .category(let id): site.categories[id].description
        }
    }

    /// Feeds' `updated`: the newest date of the links it carries (of the whole site, for one without
    /// dated links), so a feed whose links did not change does not change.
    var updated: String {
        let newest = entries.lazy.compactMap(\.date).max() ?? site.newestDate
        return (newest?.instant).map(LinkDate.rfc3339) ?? LinkDate.rfc3339(0)
    }

    func atom() -> Data {
        let config = site.config
        let base = config.baseURL ?? ""
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(config.language.xmlEscaped)\">\n"
        xml += "  <title>\(title.xmlEscaped)</title>\n"
        if let subtitle { xml += "  <subtitle>\(subtitle.xmlEscaped)</subtitle>\n" }
        xml +=
            "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\((base + path(json: false)).xmlEscaped)\"/>\n"
        let page = context.absolute(pagePath) ?? context.href(pagePath)
        xml += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(page.xmlEscaped)\"/>\n"
        xml += "  <id>\(feedID.xmlEscaped)</id>\n"
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
            if carriesNotes, let note = link.note {
                xml += "    <content type=\"html\">\(note.html.xmlEscaped)</content>\n"
            }
            xml += "  </entry>\n"
        }
        xml += "</feed>\n"
        return Data(xml.utf8)
    }

    func json() throws -> Data {
        let config = site.config
        let feed = JSONFeed(
            version: "https://jsonfeed.org/version/1.1", title: title,
            homePageURL: context.absolute(pagePath), feedURL: config.baseURL.map { $0 + path(json: true) },
            description: subtitle, language: config.language,
            authors: [JSONFeed.Author(name: config.author ?? config.title)],
            items: entries.map { link in
                JSONFeed.Item(
                    id: entryID(link),
                    url: link.hasPage
                        ? context.absolute(context.paths.link(link.id)) ?? link.url.absoluteString
                        : link.url.absoluteString,
                    externalURL: link.url.absoluteString, title: link.title, summary: link.description,
                    contentHTML: carriesNotes ? link.note?.html : nil,
                    contentText: carriesNotes && link.note != nil ? nil : (link.description ?? link.title),
                    datePublished: link.date!.rfc3339, tags: link.tags.map { site.tags[$0].name },
                    image: link.image?.absoluteString)
            })
        return try DataEncoding.json(feed)
    }

    /// The feed's id: the site's address (its page's, for a tag or category), or a URN without one.
    var feedID: String {
        switch section {
        case .site: site.config.baseURL ?? "urn:linky-site:" + Slug.make(site.config.title)
        case .tag, .category:
            context.absolute(pagePath)
                ?? "urn:linky-site:\(Slug.make(site.config.title)):\(pagePath.dropLast("index.html".count))"
        }
    }

    /// A stable, unique id: the link's own page when it has one, else its URL.
    func entryID(_ link: Link) -> String {
        if link.hasPage, let page = context.absolute(context.paths.link(link.id)) { return page }
        return link.url.absoluteString
    }
}
