import LinkyModel

/// The data a category's or a tag's page loads to filter and sort every link of it in the browser,
/// across its pages (`c/<category>/links.js`, `tags/<tag>/links.js`; format in Templates/README.md).
///
/// It is a script, `linkyListData(JSON);`, so that a page opened from `file://` can load it with
/// `<script>` as the search shards are. The page loads it only when the reader first reaches for a
/// filter or opens a filtered address. Each link is one compact object in the list's own order, with
/// what `assets/list.js` needs to filter it, sort it and show it where the page does not: tags and
/// labels are indices into tables of the list's own, with their counts in the list, so a facet's values
/// can show how many links each has.
struct ListDataRenderer {
    /// At the site's root: every path in the data is relative to it.
    let context: TemplateContext

    /// Longer descriptions are cut here: the dense list shows one line, a card a few.
    static let descriptionLimit = 160

    /// The script of the links `ids`, in the list's order; `categories` when the list spans several
    /// (a tag's links), so that each item can name its category as the page's own items do.
    func script(_ ids: [Int], categories: Bool) -> [UInt8] {
        let site = context.site
        let links = site.links
        // The list's own tables, in first-seen order, then sorted by count for the panel's order.
        var tagCounts: [Int: Int] = [:]
        var labelCounts: [LabelKey: Int] = [:]
        var categoryOrder: [Int: Int] = [:]
        var hostOrder: [String: Int] = [:]
        var hosts: [String] = []
        var categoryIDs: [Int] = []
        for id in ids {
            for tag in links[id].tags { tagCounts[tag, default: 0] += 1 }
            for label in Self.labels(of: id, in: site) { labelCounts[label, default: 0] += 1 }
            if categories, categoryOrder[links[id].category] == nil {
                categoryOrder[links[id].category] = categoryIDs.count
                categoryIDs.append(links[id].category)
            }
            let host = links[id].url.displayHost
            if hostOrder[host] == nil {
                hostOrder[host] = hosts.count
                hosts.append(host)
            }
        }
        let tags = tagCounts.keys.sorted { a, b in
            tagCounts[a]! != tagCounts[b]! ? tagCounts[a]! > tagCounts[b]! : site.tags[a].slug < site.tags[b].slug
        }
        let tagIndex = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1, $0) })
        let facets = Self.facetTables(labelCounts, site: site)
        var json = JSONText(pretty: false, capacity: 1024 + ids.count * 320, prefix: "linkyListData(")
        json.object { json in
            if categories {
                json.key("categories")
                json.array(categoryIDs) { json, id in
                    json.array([
                        trail(id), context.href(context.paths.category(id)),
                    ]) { $0.string($1) }
                }
            }
            json.member("count", ids.count)
            json.key("facets")
            json.array(facets.tables) { json, facet in
                json.object { json in
                    json.member("key", facet.key)
                    json.member("name", facet.name)
                    json.key("values")
                    json.array(facet.values) { json, value in
                        json.array(0..<2) { json, part in
                            if part == 0 { json.string(value.name) } else { json.int(value.count) }
                        }
                    }
                }
            }
            json.member("hosts", hosts)
            json.key("links")
            var previous = -1
            json.array(ids) { json, id in
                entry(
                    id, after: previous, into: &json, tagIndex: tagIndex, facets: facets.index, hosts: hostOrder,
                    categories: categoryOrder)
                previous = id
            }
            json.key("tags")
            json.array(tags) { json, tag in
                json.array(0..<4) { json, part in
                    switch part {
                    case 0: json.string(site.tags[tag].name)
                    case 1: json.string(site.tags[tag].slug)
                    case 2: json.string(context.href(context.paths.tag(tag)))
                    default: json.int(tagCounts[tag]!)
                    }
                }
            }
            json.member("version", 1)
        }
        return json.finish(suffix: ");\n")
    }

    // MARK: - A link

    /// One link: keys in UTF-8 order, absent values left out, as everywhere in the build's JSON. Its id
    /// only when it is not the one after the previous link's (a category's links are mostly in id order).
    private func entry(
        _ id: Int, after previous: Int, into json: inout JSONText, tagIndex: [Int: Int], facets: [LabelKey: [Int]],
        hosts: [String: Int],
        categories: [Int: Int]
    ) {
        let site = context.site
        let links = site.links
        json.object { json in
            if let date = links[id].date { json.member("a", date.isoDay) }
            if !categories.isEmpty { json.member("c", categories[links[id].category]) }
            if let description = links[id].description, !description.isEmpty {
                json.member("d", Self.cut(description))
            }
            if links[id].favorite { json.member("f", 1) }
            if !links[id].tags.isEmpty { json.member("g", links[id].tags.map { tagIndex[$0]! }) }
            json.member("h", hosts[links[id].url.displayHost])
            if id != previous + 1 { json.member("i", id) }
            let labels = Self.labels(of: id, in: site)
            if !labels.isEmpty {
                json.key("l")
                json.array(labels) { json, label in json.array(facets[label]!) { $0.int($1) } }
            }
            if let icon = iconSource(id) { json.member("n", icon) }
            if links[id].hasPage { json.member("p", context.href(context.paths.link(id))) }
            if let picture = pictureSource(id) { json.member("s", picture) }
            json.member("t", links[id].title)
            json.member("u", links[id].url.absoluteString)
            if links[id].health?.deadSince != nil { json.member("x", 1) }
        }
    }

    /// The card picture's smallest file, as the page's own items show it (root-relative when local).
    private func pictureSource(_ id: Int) -> String? {
        let link = context.site.links[id]
        switch context.site.config.images {
        case .local:
            guard let entry = link.preview, let first = entry.screenFiles.first ?? entry.files.first else { return nil }
            return PictureIndex.folderName + "/" + first.name
        case .remote: return link.image?.absoluteString
        case .none: return nil
        }
    }

    /// The site's icon, as the page's own items show it.
    private func iconSource(_ id: Int) -> String? {
        let link = context.site.links[id]
        switch context.site.config.images {
        case .local:
            guard let entry = link.icon, let first = entry.screenFiles.first ?? entry.files.first else { return nil }
            return PictureIndex.folderName + "/" + first.name
        case .remote: return link.favicon?.absoluteString
        case .none: return nil
        }
    }

    private func trail(_ id: Int) -> String {
        var titles: [String] = []
        var next: Int? = id
        while let current = next, current != 0 {
            titles.append(context.site.categories[current].title)
            next = context.site.categories[current].parent
        }
        return titles.reversed().joined(separator: " › ")
    }

    /// `text` cut at a word's end before `descriptionLimit` characters, with an ellipsis.
    static func cut(_ text: String) -> String {
        guard text.count > descriptionLimit else { return text }
        let head = text.prefix(descriptionLimit)
        let end = head.lastIndex(where: { $0 == " " }) ?? head.endIndex
        return String(head[..<end]) + "…"
    }
}

// MARK: - Labels

extension ListDataRenderer {
    /// A link's label: its facet and value in `Site.facets`.
    struct LabelKey: Hashable {
        var facet: Int
        var value: Int
    }

    /// The labels of `site.links[id]`, as written.
    static func labels(of id: Int, in site: Site) -> [LabelKey] {
        []
    }

    /// The list's facets, each with the values its links have and their counts (most first, then by
    /// name), and where each label is in them: `[facet, value]` of the list's tables.
    static func facetTables(
        _ counts: [LabelKey: Int], site: Site
    ) -> (
        tables: [(name: String, key: String, values: [(name: String, count: Int)])], index: [LabelKey: [Int]]
    ) {
        ([], [:])
    }
}
