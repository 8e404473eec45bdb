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

    /// A list of more links than this has no details (address, description, pictures…) of its own:
    /// the page draws a link it does not show from the search page's result shards (`search/data/r*.js`,
    /// shared by every list and loaded for the links shown; `details: "search/data/"` in the index); a
    /// shorter list has them in its index. At 100,000 links each list's own copies were 77 MiB in 731 files.
    static let detailsLimit = 500

    /// Where a long list's links' details are, from the root: the search's result shards and manifest.
    static let searchDetails = "search/data/"

    /// A list of more links than this has its index in parts of this many links each: `links.js`, then
    /// `links-index-2.js`, … At about 84 bytes an entry (the generator's; a long title makes more) a part
    /// stays near 4 MiB, far inside the 25 MiB a file some hosts allow: a million links put 433,000 in
    /// one tag, whose index was 35 MiB whole.
    static let indexChunk = 50_000

    /// How many files a list of `count` links' index is: one, or one per `chunk` links.
    static func indexParts(_ count: Int, chunk: Int = indexChunk) -> Int { max(1, (count + chunk - 1) / chunk) }

    /// The files of a list of `count` links, by part of its index (`index(part:)`): `1`, `links.js`;
    /// `2, 3, …`, an index of more than `indexChunk` links' further parts (`links-index-2.js`, …). None
    /// when the list's one page carries its data (`inPage`).
    static func parts(_ count: Int, _ config: SiteConfig) -> [Int] {
        inPage(count, config) ? [] : Array(1...indexParts(count))
    }

    /// Whether a list of `count` links is on one page, which then carries the list's data itself, in a
    /// `<script type="application/json">` (`list_tools.inline_data`): no file to load, and at 100,000
    /// links 4,400 files fewer (most tags fit on one page).
    static func inPage(_ count: Int, _ config: SiteConfig) -> Bool {
        count <= min(max(config.pageSize, 1), detailsLimit)
    }

    /// The list's index (`links.js`): `linkyListData(JSON);`, what filtering and sorting need of every
    /// link of `ids`, in the list's order, and, for a list of up to `detailsLimit` links, what showing
    /// one needs (a longer one names where the search keeps it, `details`). `categories` when the list
    /// spans several (a tag's links), so that each item can name its category as the page's own items do.
    /// `script: false`: the JSON alone, for a page to carry (`inPage`; made safe there with
    /// `scriptSafeJSON`). That page shows every link of the list, so the script never draws one from the
    /// data, and reads a link's title, description and domain from its item on the page: the data holds
    /// none of `c` `d` `h` `j` `n` `o` `p` `s` `t` `u`, no `hosts` nor `categories`, and no tag's address
    /// (`""`). At 100,000 links the 4,377 one-page tags carried 20 MiB of data, 12 of it those.
    ///
    /// `part` (1…) of an index of more than `chunk` links (`indexParts`): part 1 is `links.js`, with
    /// every table and `index_parts`, and the first `chunk` links; part `n` is
    /// `linkyListIndex(n, {"links": […]});`, the next `chunk`, whose tags and labels number into part 1's
    /// tables. The links of the parts in order are the whole index's.
    func index(
        _ ids: [Int], categories: Bool, script: Bool = true, part: Int = 1, chunk: Int = indexChunk
    ) -> [UInt8] {
        let site = context.site
        let links = site.links
        var tagCounts: [Int: Int] = [:]
        var labelCounts: [LabelKey: Int] = [:]
        for id in ids {
            for tag in links[id].tags { tagCounts[tag, default: 0] += 1 }
            for label in Self.labels(of: id, in: site) { labelCounts[label, default: 0] += 1 }
        }
        let tags = tagCounts.keys.sorted { a, b in
            tagCounts[a]! != tagCounts[b]! ? tagCounts[a]! > tagCounts[b]! : site.tags[a].slug < site.tags[b].slug
        }
        let tagIndex = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1, $0) })
        let facets = Self.facetTables(labelCounts, site: site)
        let inline = ids.count <= Self.detailsLimit
        let tables = inline && script ? DetailTables(ids, site: site, categories: categories) : nil
        let parts = Self.indexParts(ids.count, chunk: chunk)
        let shown = ids[min((part - 1) * chunk, ids.count)..<min(part * chunk, ids.count)]
        func writeLinks(_ json: inout JSONText) {
            json.key("links")
            var previous = shown.startIndex > 0 ? ids[shown.startIndex - 1] : -1
            json.array(shown) { json, id in
                json.object { json in
                    if let date = links[id].date { json.member("a", date.isoDay) }
                    if let updated = links[id].project?.data.updated { json.member("b", String(updated.prefix(10))) }
                    if let tables { details(of: id, into: &json, tables: tables, keys: .beforeF) }
                    if links[id].favorite { json.member("f", 1) }
                    if !links[id].tags.isEmpty { json.member("g", links[id].tags.map { tagIndex[$0]! }) }
                    if let tables { details(of: id, into: &json, tables: tables, keys: .fToI) }
                    if id != previous + 1 { json.member("i", id) }
                    if let tables { details(of: id, into: &json, tables: tables, keys: .iToL) }
                    json.member("k", links[id].project?.data.stars)
                    let labels = Self.labels(of: id, in: site)
                    if !labels.isEmpty {
                        json.key("l")
                        json.array(labels) { json, label in json.array(facets.index[label]!) { $0.int($1) } }
                    }
                    if let tables { details(of: id, into: &json, tables: tables, keys: .lToT) }
                    if script { json.member("t", links[id].title) }
                    if let tables { details(of: id, into: &json, tables: tables, keys: .afterT) }
                    json.member("v", links[id].project?.flag?.rawValue)
                    if links[id].health?.deadSince != nil { json.member("x", 1) }
                }
                previous = id
            }
        }
        if part > 1 {
            var json = JSONText(pretty: false, capacity: 1024 + shown.count * 96, prefix: "linkyListIndex(\(part),")
            json.object { json in writeLinks(&json) }
            return json.finish(suffix: ");\n")
        }
        var json = JSONText(
            pretty: false, capacity: 1024 + shown.count * (inline ? 320 : 96), prefix: script ? "linkyListData(" : "")
        json.object { json in
            if let tables, tables.categories { writeCategories(tables.categoryIDs, into: &json) }
            json.member("count", ids.count)
            json.member("details", inline ? nil : Self.searchDetails)
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
            if let tables { json.member("hosts", tables.hosts) }
            json.member("index_parts", parts > 1 ? parts : nil)
            writeLinks(&json)
            json.key("tags")
            json.array(tags) { json, tag in
                json.array(0..<4) { json, part in
                    switch part {
                    case 0: json.string(site.tags[tag].name)
                    case 1: json.string(site.tags[tag].slug)
                    case 2: json.string(script ? context.href(context.paths.tag(tag)) : "")
                    default: json.int(tagCounts[tag]!)
                    }
                }
            }
            json.member("version", 1)
        }
        return json.finish(suffix: script ? ");\n" : "")
    }

    // MARK: - A link's details

    /// The hosts and categories a short list's links name, each once.
    private struct DetailTables {
        var hosts: [String] = []
        var hostIndex: [String: Int] = [:]
        var categoryIDs: [Int] = []
        var categoryIndex: [Int: Int] = [:]
        /// Whether the items name their categories: a list that spans several.
        let categories: Bool

        init(_ ids: some Sequence<Int>, site: Site, categories: Bool) {
            self.categories = categories
            for id in ids {
                if self.categories, categoryIndex[site.links[id].category] == nil {
                    categoryIndex[site.links[id].category] = categoryIDs.count
                    categoryIDs.append(site.links[id].category)
                }
                let host = site.links[id].url.displayHost
                if hostIndex[host] == nil {
                    hostIndex[host] = hosts.count
                    hosts.append(host)
                }
            }
        }
    }

    /// Where a link's details go among the index's keys, which are written in UTF-8 order.
    private enum DetailKeys { case beforeF, fToI, iToL, lToT, afterT }

    /// The details of `id` whose keys are in `keys`' range: `c` `d` before `f`; `h` between `g` and
    /// `i`; `j` between `i` and `k`; `n` `o` `p` `s` between `l` and `t`; `u` after it.
    private func details(of id: Int, into json: inout JSONText, tables: DetailTables, keys: DetailKeys) {
        let links = context.site.links
        switch keys {
        case .beforeF:
            if tables.categories { json.member("c", tables.categoryIndex[links[id].category]) }
            if let description = links[id].description, !description.isEmpty {
                json.member("d", Self.cut(description))
            }
        case .fToI:
            json.member("h", tables.hostIndex[links[id].url.displayHost])
        case .iToL:
            // The colour of the initial drawn for a link without an icon (`fallback.tone`).
            if iconSource(id) == nil { json.member("j", CardPictureFields.tone(host: links[id].url.displayHost)) }
        case .lToT:
            if let icon = iconSource(id) { json.member("n", icon) }
            // `o`: a page without a note (`link_pages: all`), which the item calls "Details".
            if links[id].hasPage && links[id].note == nil { json.member("o", 1) }
            if links[id].hasPage { json.member("p", context.href(context.paths.link(id))) }
            if let picture = pictureSource(id) { json.member("s", picture) }
        case .afterT:
            json.member("u", links[id].url.absoluteString)
        }
    }

    private func writeCategories(_ ids: [Int], into json: inout JSONText) {
        json.key("categories")
        json.array(ids) { json, id in
            json.array([trail(id), context.href(context.paths.category(id))]) { $0.string($1) }
        }
    }

    /// The card picture's smallest file, as the page's own items show it (root-relative when local).
    private func pictureSource(_ id: Int) -> String? {
        smallestFile(context.site.links[id].preview, remote: context.site.links[id].image)
    }

    /// The site's icon, as the page's own items show it.
    private func iconSource(_ id: Int) -> String? {
        smallestFile(context.site.links[id].icon, remote: context.site.links[id].favicon)
    }

    /// With `images: local`, the smallest screen file `pictures/` holds of a picture (from the root);
    /// with `remote`, the picture's own address; with `none`, nothing.
    private func smallestFile(_ entry: PictureIndex.Entry?, remote: LinkURL?) -> String? {
        switch context.site.config.images {
        case .local:
            guard let entry, let first = entry.screenFiles.first ?? entry.files.first else { return nil }
            return PictureIndex.folderName + "/" + first.name
        case .remote: return remote?.absoluteString
        case .none: return nil
        }
    }

    /// A category's trail (`Software › Analytics`), as link items name it (`TemplateContext.trail`).
    private func trail(_ id: Int) -> String {
        context.trail(id).map(\.title).joined(separator: " › ")
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
        site.links[id].labels.map { LabelKey(facet: $0.facet, value: $0.value) }
    }

    /// The list's facets, each with the values its links have and their counts (most first, then by
    /// name), and where each label is in them: `[facet, value]` of the list's tables.
    static func facetTables(
        _ counts: [LabelKey: Int], site: Site
    ) -> (
        tables: [(name: String, key: String, values: [(name: String, count: Int)])], index: [LabelKey: [Int]]
    ) {
        var tables: [(name: String, key: String, values: [(name: String, count: Int)])] = []
        var index: [LabelKey: [Int]] = [:]
        // The site's facet order; in each, the values most links of this list have first, then by name.
        for (facetID, facet) in site.facets.enumerated() {
            let values = counts.filter { $0.key.facet == facetID }.sorted { a, b in
                a.value != b.value
                    ? a.value > b.value : facet.values[a.key.value].name < facet.values[b.key.value].name
            }
            guard !values.isEmpty else { continue }
            for (position, value) in values.enumerated() { index[value.key] = [tables.count, position] }
            tables.append((facet.name, facet.key, values.map { (facet.values[$0.key.value].name, $0.value) }))
        }
        return (tables, index)
    }
}
