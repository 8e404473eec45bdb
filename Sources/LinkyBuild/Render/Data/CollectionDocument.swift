import Foundation
import LinkyModel

/// `links.json`: the whole collection as data (format version 1, documented in docs/formats.md).
struct CollectionDocument: Encodable {
    struct SiteInfo: Encodable {
        var title: String
        var description: String
        var baseURL: String?
        var language: String
        var author: String?
        enum CodingKeys: String, CodingKey {
            case title, description, language, author
            case baseURL = "base_url"
        }
    }
    struct CategoryEntry: Encodable {
        var id: Int
        var path: String
        var title: String
        var description: String?
        var icon: String?
        var parent: Int?
        var children: [Int]
        var count: Int
        var page: String
    }
    struct TagEntry: Encodable {
        var id: Int
        var name: String
        var slug: String
        var description: String?
        var parent: Int?
        var count: Int
        var page: String
    }
    struct LinkEntry: Encodable {
        var id: Int
        var url: String
        var title: String
        var description: String?
        var tags: [String]
        var category: String
        var date: String?
        /// Where `date` came from: `file` (its `date:`) or `history` (the commit that added it).
        var dateSource: String?
        var favorite: Bool
        var image: String?
        var note: String?
        var page: String?
        var source: String
        var extra: [String: ExtraValue]?
        /// The item's secondary links (`Source Code`, `Demo`) of a list file.
        var links: [SecondaryEntry]?
        /// The id of the link this one is nested under in its list file.
        var related: Int?
        /// What `check --links` found (`link-status.json`): the day it was found dead, where it moved.
        var deadSince: String? = nil
        var movedTo: String? = nil
        /// Its labels' names, in the order written; nil (left out) without labels.
        var labels: [String]? = nil
        /// Its repository's data (`projects.json`), when it has any.
        var project: ProjectEntry? = nil

        enum CodingKeys: String, CodingKey {
            case id, url, title, description, tags, category, date, favorite, image, note, page, source, extra
            case links, related, labels, project
            case dateSource = "date_source"
            case deadSince = "dead_since"
            case movedTo = "moved_to"
        }
    }
    /// A link's project: what `fetch` read of its repository, and whether it is stale.
    struct ProjectEntry: Encodable {
        var archived: Bool
        var fetched: String
        var host: String
        var language: String?
        var license: String?
        var release: ProjectData.Project.Release?
        var stale: Bool
        var stars: Int?
        var updated: String?
        var url: String

        init(_ project: LinkProject) {
            archived = project.data.archived == true
            fetched = project.data.fetched
            host = project.address.host
            language = project.data.language
            license = project.data.license
            release = project.data.release
            stale = project.stale
            stars = project.data.stars
            updated = project.data.updated
            url = project.data.movedTo ?? project.address.url
        }
    }
    struct SecondaryEntry: Encodable {
        var title: String
        var url: String
    }

    var version = 1
    var generator = "linky-site"
    var site: SiteInfo
    var categories: [CategoryEntry]
    var tags: [TagEntry]
    var links: [LinkEntry]

    /// `withLinks` false leaves `links` empty, for `file`, which writes them itself.
    init(_ context: TemplateContext, withLinks: Bool = true) {
        let site = context.site
        let config = site.config
        self.site = SiteInfo(
            title: config.title, description: config.description, baseURL: config.baseURL, language: config.language,
            author: config.author)
        categories = site.categories.dropFirst().map { category in
            CategoryEntry(
                id: category.id, path: category.pathString, title: category.title, description: category.description,
                icon: category.icon, parent: category.parent == 0 ? nil : category.parent, children: category.children,
                count: category.totalCount, page: context.paths.category(category.id))
        }
        tags = site.tags.map { tag in
            TagEntry(
                id: tag.id, name: tag.name, slug: tag.slug, description: tag.description, parent: tag.parent,
                count: tag.links.count, page: context.paths.tag(tag.id))
        }
        links = withLinks ? site.links.indices.map { Self.entry(site, $0, context) } : []
    }

    /// `links.json` at `path`, with where each link's entry is (`OutputFile.parts`): each entry is copied
    /// from the last build's file when `context.previousParts` has it, else made.
    static func file(_ context: TemplateContext, path: String) -> OutputFile {
        let site = context.site
        var parts: [LinkPart] = []
        var json = JSONText(pretty: true, capacity: 4096 + site.links.count * 1536)
        CollectionDocument(context, withLinks: false).write(
            to: &json,
            links: { json in
                json.linkParts(
                    site.links.count, previous: { context.previousParts?.part(of: path, link: $0) }, parts: &parts
                ) { json, id in entry(site, id, context).write(to: &json) }
            })
        return OutputFile(path: path, contents: json.finish(), parts: parts)
    }

    /// `links.json` of a collection split in parts (`DataPart`, format version 2): the document without
    /// its links, `link_count` and the `parts` files (paths from the output root) that hold them in order.
    static func index(_ context: TemplateContext, path: String, parts: [String]) -> OutputFile {
        var document = CollectionDocument(context, withLinks: false)
        document.version = 2
        var json = JSONText(pretty: true, capacity: 4096 + context.site.categories.count * 256)
        document.write(to: &json, linkCount: context.site.links.count, parts: parts)
        return OutputFile(path: path, contents: json.finish())
    }

    /// A part of a collection split in parts (`DataPart`): `{"links": […], "part": number, "version": 2}`,
    /// the entries of `links` as `links.json` has them; each entry is a part a rebuild can copy. Not
    /// indented, as the one `links.json` of a smaller collection is: parts are for collections of tens
    /// of thousands of links, where indentation was 11% of their bytes (14 MiB at 100,000 links).
    static func part(_ context: TemplateContext, path: String, number: Int, links: Range<Int>) -> OutputFile {
        let site = context.site
        var parts: [LinkPart] = []
        var json = JSONText(pretty: false, capacity: 4096 + links.count * 1536)
        json.linkPartsDocument(
            links, number: number, previous: { context.previousParts?.part(of: path, link: $0) }, parts: &parts
        ) { json, id in entry(site, id, context).write(to: &json) }
        return OutputFile(path: path, contents: json.finish(), parts: parts)
    }

    /// The entry of `site.links[id]`, read a field at a time: a `Link` bound to a name (or handed to a
    /// closure) is a copy of the whole link, a few dozen retains and releases.
    private static func entry(_ site: Site, _ id: Int, _ context: TemplateContext) -> LinkEntry {
        LinkEntry(
            id: id, url: site.links[id].url.absoluteString, title: site.links[id].title,
            description: site.links[id].description, tags: site.links[id].tags.map { site.tags[$0].name },
            category: site.categories[site.links[id].category].pathString,
            date: site.links[id].date.map { $0.hasTime ? $0.rfc3339 : $0.isoDay },
            dateSource: site.links[id].date == nil ? nil : site.links[id].dateFromHistory ? "history" : "file",
            favorite: site.links[id].favorite,
            image: site.links[id].image?.absoluteString, note: site.links[id].note?.markdown,
            page: site.links[id].hasPage ? context.paths.link(id) : nil, source: site.links[id].source.description,
            extra: site.links[id].extra.isEmpty ? nil : site.links[id].extra,
            links: site.links[id].secondaryLinks.isEmpty
                ? nil
                : site.links[id].secondaryLinks.map { SecondaryEntry(title: $0.title, url: $0.url.absoluteString) },
            related: site.links[id].related, deadSince: site.links[id].health?.deadSince,
            movedTo: site.links[id].health?.movedTo,
            labels: site.links[id].labels.isEmpty ? nil : site.links[id].labels.map(\.name),
            project: site.links[id].project.map(ProjectEntry.init))
    }
}

// MARK: - Encoding

extension CollectionDocument: JSONTextWritable {
    /// The bytes of `links.json`: pretty-printed, as people read it too.
    func bytes() -> [UInt8] {
        // About what a link adds, so that the buffer of a large collection is not outgrown.
        json(pretty: true, capacity: 4096 + links.count * 1536)
    }

    /// The keys in UTF-8 order, as `JSONTextWritable` asks.
    func write(to json: inout JSONText) {
        write(to: &json, links: { json in json.array(links) { $1.write(to: &$0) } })
    }

    /// The index of a collection split in parts: `link_count` and `parts` where the links were.
    private func write(to json: inout JSONText, linkCount: Int, parts: [String]) {
        write(
            to: &json,
            between: { json in
                json.member("link_count", linkCount)
                json.member("parts", parts)
            })
    }

    /// The document with `writeLinks` writing the array of links.
    private func write(to json: inout JSONText, links writeLinks: (inout JSONText) -> Void) {
        write(
            to: &json,
            between: { json in
                json.key("links")
                writeLinks(&json)
            })
    }

    /// The document with `between` writing the members between `generator` and `site`: the links, or
    /// where they are.
    private func write(to json: inout JSONText, between: (inout JSONText) -> Void) {
        json.object { json in
            json.key("categories")
            json.array(categories) { json, category in
                json.object { json in
                    json.member("children", category.children)
                    json.member("count", category.count)
                    json.member("description", category.description)
                    json.member("icon", category.icon)
                    json.member("id", category.id)
                    json.member("page", category.page)
                    json.member("parent", category.parent)
                    json.member("path", category.path)
                    json.member("title", category.title)
                }
            }
            json.member("generator", generator)
            between(&json)
            json.key("site")
            json.object { json in
                json.member("author", site.author)
                json.member("base_url", site.baseURL)
                json.member("description", site.description)
                json.member("language", site.language)
                json.member("title", site.title)
            }
            json.key("tags")
            json.array(tags) { json, tag in
                json.object { json in
                    json.member("count", tag.count)
                    json.member("description", tag.description)
                    json.member("id", tag.id)
                    json.member("name", tag.name)
                    json.member("page", tag.page)
                    json.member("parent", tag.parent)
                    json.member("slug", tag.slug)
                }
            }
            json.member("version", version)
        }
    }
}

extension CollectionDocument.LinkEntry: JSONTextWritable {
    /// The keys in UTF-8 order.
    func write(to json: inout JSONText) {
        json.object { json in
            json.member("category", category)
            json.member("date", date)
            json.member("date_source", dateSource)
            json.member("dead_since", deadSince)
            json.member("description", description)
            if let extra {
                json.key("extra")
                json.sortedObject(extra) { $0.extra($1) }
            }
            json.member("favorite", favorite)
            json.member("id", id)
            json.member("image", image)
            json.member("labels", labels)
            if let secondary = links {
                json.key("links")
                json.array(secondary) { json, entry in
                    json.object { json in
                        json.member("title", entry.title)
                        json.member("url", entry.url)
                    }
                }
            }
            json.member("moved_to", movedTo)
            json.member("note", note)
            json.member("page", page)
            if let project {
                json.key("project")
                json.object { json in
                    json.member("archived", project.archived)
                    json.member("fetched", project.fetched)
                    json.member("host", project.host)
                    json.member("language", project.language)
                    json.member("license", project.license)
                    if let release = project.release {
                        json.key("release")
                        json.object { json in
                            json.member("date", release.date)
                            json.member("tag", release.tag)
                        }
                    }
                    json.member("stale", project.stale)
                    json.member("stars", project.stars)
                    json.member("updated", project.updated)
                    json.member("url", project.url)
                }
            }
            json.member("related", related)
            json.member("source", source)
            json.member("tags", tags)
            json.member("title", title)
            json.member("url", url)
        }
    }
}
