import Foundation

/// Result shards (what a result shows, by link id) and filter shards (a tag's or category's links).
extension SearchShards {
    /// Links per result shard: about `resultShardBytes` each, no more than `maximumResultShards` of them.
    /// Each shown entry is made once, in its shard (an entry is a few dozen references to copy).
    func resultShards() -> (size: Int, shards: [SearchShardFormat.ResultShard]) {
        let count = index.links.count
        let snippets = index.links.indices.map { Self.snippet(index.links[$0].description) }
        var bytes = 0
        for id in index.links.indices { bytes += Self.shownLength(index.links[id], description: snippets[id]) }
        let average = max(bytes / max(count, 1), 1)
        let size = max(
            Self.resultShardBytes / average, 8, (count + maximumResultShards - 1) / maximumResultShards)
        let shards = stride(from: 0, to: count, by: size).map { first in
            let slice = (first..<min(first + size, count)).map {
                Self.shown(index.links[$0], description: snippets[$0])
            }
            return SearchShardFormat.ResultShard(
                first: first, links: slice, tags: tagNames(of: slice), labels: labelNames(of: slice))
        }
        return (size, shards)
    }

    /// About the bytes a shown link takes in a shard.
    static func shownLength(_ link: SearchIndexDocument.LinkEntry) -> Int {
        shownLength(link, description: link.description)
    }

    /// About the bytes `link` takes in a shard with `description` for its own.
    static func shownLength(_ link: SearchIndexDocument.LinkEntry, description: String?) -> Int {
        link.title.utf8.count + link.url.utf8.count + link.domain.utf8.count + (description?.utf8.count ?? 0)
            + (link.page?.utf8.count ?? 0) + (link.picture?.utf8.count ?? 0) + (link.icon?.utf8.count ?? 0)
            + 60
    }

    /// The names of the tags `links` have, by id as a string.
    func tagNames(of links: [SearchIndexDocument.LinkEntry]) -> [String: String] {
        let tags = Set(links.flatMap { $0.tags ?? [] })
        return Dictionary(uniqueKeysWithValues: tags.map { (String($0), index.tags[$0]) })
    }

    /// The names of the labels `links` have, by value number as a string; nil for none.
    func labelNames(of links: [SearchIndexDocument.LinkEntry]) -> [String: String]? {
        let labels = Set(links.flatMap { $0.labels ?? [] })
        guard !labels.isEmpty else { return nil }
        return Dictionary(uniqueKeysWithValues: labels.map { (String($0), labelNames[$0]) })
    }

    /// A link as a result shows it: no note (it is searched, not shown), the description cut short.
    static func shown(_ link: SearchIndexDocument.LinkEntry) -> SearchIndexDocument.LinkEntry {
        shown(link, description: snippet(link.description))
    }

    /// `link` as a result shows it, with `description`, its `snippet`.
    static func shown(_ link: SearchIndexDocument.LinkEntry, description: String?) -> SearchIndexDocument.LinkEntry {
        var shown = link
        shown.note = nil
        shown.description = description
        return shown
    }

    /// A description as results show it: cut after about `snippetLength` characters, at a space when
    /// one is near the end.
    static func snippet(_ description: String?) -> String? {
        guard let description, description.hasMoreCharacters(than: snippetLength + snippetLength / 5),
            var cut = description.characterPrefix(ifLongerThan: snippetLength)
        else { return description }
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > snippetLength * 3 / 4 {
            cut = cut[..<space]
        }
        return cut.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// Per tag, its links.
    func tagLists() -> [[UInt32]] { memberLists(count: index.tags.count) { index.links[$0].tags } }

    /// Per facet value (numbered across the facets), its links.
    func labelLists() -> [[UInt32]] { memberLists(count: labelNames.count) { index.links[$0].labels } }

    /// Per number `0 ..< count`, the links whose `members` (given a link's id) hold it, ascending.
    /// A closure that reads the one field, not a key path: `index.links[id][keyPath:]` copies the whole
    /// entry (its strings retained and released) for every link, at every build.
    private func memberLists(count: Int, _ members: (Int) -> [Int]?) -> [[UInt32]] {
        var lists = [[UInt32]](repeating: [], count: count)
        for id in index.links.indices {
            for member in members(id) ?? [] { lists[member].append(UInt32(id)) }
        }
        return lists
    }

    /// The favourites and the dead links, ascending.
    func flagLists() -> (favorites: [UInt32], dead: [UInt32]) {
        var favorites: [UInt32] = []
        var dead: [UInt32] = []
        for id in index.links.indices {
            if index.links[id].favorite != nil { favorites.append(UInt32(id)) }
            if index.links[id].deadSince != nil { dead.append(UInt32(id)) }
        }
        return (favorites, dead)
    }

    /// Every link id in the order of their titles: folded (case and accents aside; Hangul in syllable
    /// order), then by id, which is the site's order.
    func titleOrder() -> [UInt32] {
        // As bytes: UTF-8 keeps the order of code points, and comparing bytes is many times faster
        // than comparing Strings.
        let keys = index.links.indices.map { Array(index.links[$0].title.foldedIdentity.utf8) }
        return index.links.indices.sorted { a, b in
            keys[a] == keys[b] ? a < b : keys[a].lexicographicallyPrecedes(keys[b])
        }.map(UInt32.init)
    }

    /// Per category, its links and its subcategories' (none for the root: no filter is all links).
    func categoryLists() -> [[UInt32]] {
        var lists = [[UInt32]](repeating: [], count: index.categories.count)
        for id in index.links.indices {
            var category: Int? = index.links[id].category
            while let current = category, current != 0 {
                lists[current].append(UInt32(id))
                category = index.categories[current].parent
            }
        }
        return lists
    }

    /// `lists` delta-coded and grouped into shards of about `filterShardBytes`.
    func filterShards(_ lists: [[UInt32]]) -> (firsts: [Int], shards: [SearchShardFormat.FilterShard]) {
        var firsts: [Int] = []
        var shards: [SearchShardFormat.FilterShard] = []
        var bytes = 0
        for (id, list) in lists.enumerated() {
            let coded = SearchNumbers.deltas(list)
            if shards.isEmpty || bytes >= Self.filterShardBytes {
                firsts.append(id)
                shards.append(.init(first: id, lists: []))
                bytes = 0
            }
            shards[shards.count - 1].lists.append(coded)
            bytes += coded.utf8.count + 3
        }
        return (firsts, shards)
    }
}
