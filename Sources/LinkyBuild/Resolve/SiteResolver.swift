import Foundation
import LinkyModel
import Synchronization

/// The resolve stage: turns parsed files into the `Site` model — categories, tags, slugs,
/// duplicates, order — and reports what does not fit together.
struct SiteResolver {
    let config: SiteConfig
    /// What `linky-site fetch` learned: fills descriptions, images and icons the files leave out.
    var metadata = MetadataCache()
    /// What `check --links` found: dead and moved links.
    var health = LinkHealthFile()
    /// The pictures `fetch` made for link cards (empty unless `images: local`).
    var pictures = PictureIndex()
    /// What `fetch` read of the repositories the links point at.
    var projects = ProjectData()

    func resolve(_ content: ParsedContent, folders: [String], tagDefinitions: [TagDefinition]) -> (Site, [Diagnostic]) {
        resolve(content, links: ParsedLinks(content.links), folders: folders, tagDefinitions: tagDefinitions)
    }

    /// Resolves `content` with `links` for its links (`content.links` is not read).
    func resolve(
        _ content: ParsedContent, links: ParsedLinks, folders: [String], tagDefinitions: [TagDefinition]
    ) -> (Site, [Diagnostic]) {
        var diagnostics = unknownKeyWarnings(content.unknownKeys)
        var kept = links
        if !config.includeDrafts, links.indices.contains(where: { links[$0].draft }) {
            kept = links.filter { !links[$0].draft }
        }
        // `hide_dead_links`: what `check --links` found dead is left out, as a draft is.
        if config.hideDeadLinks, !health.entries.isEmpty {
            let all = kept
            kept = all.filter { health[all[$0].url]?.isDead != true }
        }
        let parsed = kept

        var counts: [[String]: Int] = [:]
        for index in parsed.indices { counts[parsed[index].categoryKey, default: 0] += 1 }
        let tree = CategoryTreeBuilder(siteTitle: config.title, contentDir: config.contentDir).build(
            folders: folders, definitions: content.categories, linkKeys: parsed.indices.map { parsed[$0].categoryKey },
            linkCounts: counts)
        diagnostics += tree.diagnostics
        var categories = tree.categories

        let tagResult = TagResolver(definitions: tagDefinitions).resolve(parsed)
        diagnostics += tagResult.diagnostics
        var tags = tagResult.tags

        diagnostics += duplicateWarnings(parsed)

        // Link slugs: unique within their category.
        var byCategory: [Int: [Int]] = [:]
        for index in parsed.indices {
            byCategory[tree.indexByKey[parsed[index].categoryKey]!, default: []].append(index)
        }
        var slugOf = [String](repeating: "", count: parsed.count)
        // Categories are independent, so their slugs are allocated in parallel (a large site's
        // biggest serial step); the results are applied in category order.
        let groups = byCategory.sorted { $0.key < $1.key }
        let allocated = Mutex(
            [(slugs: [Int: String], wanted: [Int: String])](repeating: ([:], [:]), count: groups.count))
        DispatchQueue.concurrentPerform(iterations: groups.count) { group in
            let names = groups[group].value.map {
                (
                    key: $0, name: parsed[$0].slugName, identity: parsed[$0].url.comparisonKey,
                    slug: parsed[$0].slugBase ?? Slug.make(parsed[$0].slugName)
                )
            }
            let (slugs, _) = SlugAllocator().allocate(names)
            // The links with a page that did not get the slug their name makes, with that slug, found
            // here in parallel rather than below, one link at a time.
            let made = Dictionary(uniqueKeysWithValues: names.map { ($0.key, $0.slug) })
            var wanted: [Int: String] = [:]
            for (index, slug) in slugs where parsed[index].note != nil && slug != made[index] {
                wanted[index] = made[index]
            }
            allocated.withLock { $0[group] = (slugs, wanted) }
        }
        for (group, result) in allocated.withLock({ $0 }).enumerated() {
            let category = groups[group].key
            for (index, slug) in result.slugs {
                slugOf[index] = slug
                // Only a link with a page has an address of its own to lose.
                guard let wanted = result.wanted[index] else { continue }
                diagnostics.append(
                    .warning(
                        .slugCollision, at: parsed[index].source,
                        "the link \"\(parsed[index].title)\" would have the address \"\(wanted)\" in \"\(categories[category].title)\", which is taken, so its page is at \"\(slug)\"",
                        hint: "rename the file (or retitle the list item) so the names differ in letters or digits"))
            }
        }

        // Global order: newest first, then by title; ids follow it.
        let titleKeys = parsed.indices.map { parsed[$0].titleKey ?? parsed[$0].title.foldedIdentity }
        let dates = parsed.indices.map { parsed[$0].date }
        // `precedes`, with the whole key built only for the few links whose date and title tie.
        let order = parsed.indices.sorted { a, b in
            Self.precedes(dates[a], titleKeys[a], dates[b], titleKeys[b])
                ?? ((parsed[a].url.absoluteString, parsed[a].source) < (parsed[b].url.absoluteString, parsed[b].source))
        }
        var links: [Link] = []
        links.reserveCapacity(parsed.count)
        for (id, index) in order.enumerated() {
            let category = tree.indexByKey[parsed[index].categoryKey]!
            links.append(
                resolvedLink(
                    parsed[index], id: id, slug: slugOf[index], category: category, tags: tagResult.tagsOfLink[index]))
            categories[category].links.append(id)
            for tag in tagResult.tagsOfLink[index] { tags[tag].links.append(id) }
        }
        let labels = LabelResolver(config: config).resolve(
            parsed, order: order,
            adding: projects.projects.isEmpty ? nil : Self.projectLabels(links, parsed, order: order))
        for id in labels.labelsOfLink.indices { links[id].labels = labels.labelsOfLink[id] }
        // A list item nested under another is related to it: by the other's place in the same file.
        // Only the files with nested items are indexed (most sites have none).
        let nestingFiles = Set(
            parsed.indices.lazy.filter { parsed[$0].relatedOrder != nil }.map { parsed[$0].source.path })
        if !nestingFiles.isEmpty {
            var idOfItem: [String: [Int: Int]] = [:]
            for id in links.indices where nestingFiles.contains(links[id].source.path) {
                idOfItem[links[id].source.path, default: [:]][links[id].sourceOrder] = id
            }
            for (id, index) in order.enumerated() {
                if let parentOrder = parsed[index].relatedOrder {
                    links[id].related = idOfItem[parsed[index].source.path]?[parentOrder]
                }
            }
        }
        for index in categories.indices where categories[index].keepsSourceOrder && config.linkOrder == .auto {
            categories[index].links.sort {
                (links[$0].source, links[$0].sourceOrder) < (links[$1].source, links[$1].sourceOrder)
            }
        }
        LinkOrdering(config.linkOrder, links: links).apply(to: &categories, &tags)
        var config = config
        if let title = Self.listTitle(config, categories) {
            config.title = title
            categories[0].title = title
        }
        // Tags used only as parents have no links; unused tags.yml entries with no children are left out.
        var site = Site(
            config: config, links: links, categories: categories, rootCategories: categories[0].children, tags: tags)
        site.listFiles = content.listFiles.sorted { $0.path < $1.path }
        site.facets = labels.facets
        site.hasProjects = links.contains { $0.project != nil }
        site.textBytes = Self.textBytes(links, tags: tags)
        if config.sites { (site.websites, site.websiteOfLink) = Website.websites(of: links) }
        for definition in content.categories where definition.isListFile {
            guard let title = definition.title, let id = tree.indexByKey[definition.key] else { continue }
            site.sectionAnchors[definition.source.path, default: [:]][SectionAnchors.anchor(of: title)] = id
            for anchor in definition.anchors {
                site.sectionAnchors[definition.source.path, default: [:]][anchor.lowercased()] = id
            }
        }
        return (site, diagnostics)
    }
}

// MARK: - The links' words

extension SiteResolver {
    /// `Site.textBytes`: read by index, a field at a time (binding a `Link` to a name copies it).
    static func textBytes(_ links: [Link], tags: [Tag]) -> Int {
        var bytes = 0
        for id in links.indices {
            bytes += links[id].url.absoluteString.utf8.count + links[id].title.utf8.count
            bytes += (links[id].description?.utf8.count ?? 0) + (links[id].note?.markdown.utf8.count ?? 0)
            bytes += links[id].tags.count * 16 + links[id].secondaryLinks.count * 80 + links[id].extra.count * 64
        }
        return bytes
    }
}

// MARK: - The site's title

extension SiteResolver {
    /// The title of a site made of one list file, when `linky.yml` writes none: the list's (its first
    /// heading, or its front matter's `title:`), as an adopted awesome list is known; nil otherwise.
    static func listTitle(_ config: SiteConfig, _ categories: [Category]) -> String? {
        guard !config.titleWritten, categories[0].links.isEmpty, categories[0].children.count == 1 else { return nil }
        let list = categories[categories[0].children[0]]
        guard list.keepsSourceOrder, !list.title.isEmpty else { return nil }
        return list.title
    }
}

// MARK: - One link

extension SiteResolver {
    /// The order key of a link: date, then folded title, then address and file.
    typealias OrderKey = (date: LinkDate?, titleKey: String, url: LinkURL, source: SourceLocation)

    /// The global order: newest first, then by title; ids follow it.
    static func precedes(_ left: OrderKey, _ right: OrderKey) -> Bool {
        precedes(left.date, left.titleKey, right.date, right.titleKey)
            ?? ((left.url.absoluteString, left.source) < (right.url.absoluteString, right.source))
    }

    /// The order by date, then folded title; nil when both tie.
    static func precedes(_ dateA: LinkDate?, _ titleA: String, _ dateB: LinkDate?, _ titleB: String) -> Bool? {
        if dateA != dateB {
            guard let dateA else { return false }
            guard let dateB else { return true }
            return dateA > dateB
        }
        if titleA != titleB { return titleA < titleB }
        return nil
    }

    static func orderKey(_ link: Link) -> OrderKey {
        (link.date, link.title.foldedIdentity, link.url, link.source)
    }

    /// A parsed link placed in the site: what the cache fills in is filled in.
    func resolvedLink(_ link: ParsedLink, id: Int, slug: String, category: Int, tags: [Int]) -> Link {
        let fetched = metadata[link.url]
        var resolved = Link(
            id: id, slug: slug, category: category, url: link.url, title: link.title,
            description: link.description ?? fetched?.description?.collapsingWhitespace,
            tags: tags, date: link.date, image: link.image ?? LinkURL(stored: fetched?.image),
            favorite: link.favorite, note: link.note, extra: link.extra, source: link.source,
            urlSource: link.urlSource, sourceOrder: link.sourceOrder)
        resolved.dateFromHistory = link.dateFromHistory
        switch config.linkPages {
        case .notes: resolved.hasPage = link.note != nil
        case .all: resolved.hasPage = true
        case .none: resolved.hasPage = false
        }
        resolved.favicon = LinkURL(stored: fetched?.favicon)
        resolved.health = LinkHealth(health[link.url])
        resolved.archive = link.archive
        resolved.preview = pictures.entry(resolved.image, kind: .preview)
        resolved.icon = pictures.entry(resolved.favicon, kind: .icon)
        resolved.aliases = link.aliases
        resolved.secondaryLinks = link.secondaryLinks
        resolved.project = LinkProject.of(
            link.url.absoluteString, secondary: link.secondaryLinks.map(\.url.absoluteString), in: projects,
            hosts: config.projectHosts, staleAfter: config.staleAfter)
        return resolved
    }

    /// The licence and language of each link's project, by index in `parsed` (`order[id]`), as labels
    /// in the License and Language facets: each only when it is an SPDX id or a language Linguist names,
    /// and the link's own labels have none of its kind (the curator's word wins).
    static func projectLabels(_ links: [Link], _ parsed: ParsedLinks, order: [Int]) -> [[String]] {
        var labels = [[String]](repeating: [], count: order.count)
        for (id, index) in order.enumerated() {
            guard let project = links[id].project?.data else { continue }
            let own = parsed[index].labels.map(LinkLabel.identity(of:))
            if let license = project.license.flatMap({ BuiltInFacets.licenseByKey[LinkLabel.identity(of: $0)] }),
                !own.contains(where: { BuiltInFacets.licenseByKey[$0] != nil })
            {
                labels[index].append(license)
            }
            if let language = project.language.flatMap({ BuiltInFacets.languageByKey[LinkLabel.identity(of: $0)] }),
                !own.contains(where: { BuiltInFacets.languageByKey[$0] != nil })
            {
                labels[index].append(language)
            }
        }
        return labels
    }
}

// MARK: - Checks

private extension SiteResolver {
    /// One warning per unknown key, at its first use, so a typo is seen without flooding the report.
    func unknownKeyWarnings(_ uses: [(key: String, location: SourceLocation)]) -> [Diagnostic] {
        var byKey: [String: [SourceLocation]] = [:]
        for use in uses { byKey[use.key, default: []].append(use.location) }
        return byKey.keys.sorted().map { key in
            let locations = byKey[key]!.sorted()
            let others =
                locations.count > 1
                ? " (and in \(locations.count - 1) other file\(locations.count == 2 ? "" : "s"))" : ""
            let known = ContentFileParser.linkKeys.sorted()
            let close = known.first { Spelling.distance($0, key) <= 2 }
            let hint =
                close.map { "did you mean `\($0)`? If `\(key)` is meant, add it to `extra_keys` in linky.yml" }
                ?? "templates see it as `extra.\(key)`; add it to `extra_keys` in linky.yml to silence this warning"
            return .warning(.unknownKey, at: locations[0], "`\(key)` is not a link setting\(others)", hint: hint)
        }
    }

    /// The same link twice is a warning naming both places: the `url:` lines (list items' lines).
    func duplicateWarnings(_ links: ParsedLinks) -> [Diagnostic] {
        var firstByKey: [String: Int] = [:]
        var diagnostics: [Diagnostic] = []
        firstByKey.reserveCapacity(links.count)
        for index in links.indices {
            if let first = firstByKey[links[index].url.comparisonKey] {
                let link = links[index]
                diagnostics.append(
                    .warning(
                        .duplicateLink, at: link.urlSource,
                        "\(link.url.displayString) is already in the collection at \(links[first].urlSource)",
                        hint:
                            "remove one of them (URLs are compared without in-page fragments, tracking parameters, trailing slashes or http/https)"
                    ))
            } else {
                firstByKey[links[index].url.comparisonKey] = index
            }
        }
        return diagnostics
    }
}
