import Foundation

/// Result shards (what a result shows, by link id) and filter shards (a tag's or category's links).
extension SearchShards {
    /// Links per result shard: about `resultShardBytes` each, no more than `maximumResultShards` of them.
    func resultShards() -> (size: Int, shards: [SearchShardFormat.ResultShard]) {
        let links = index.links.map(Self.shown)
        let bytes = links.reduce(0) { $0 + Self.shownLength($1) }
        let average = max(bytes / max(links.count, 1), 1)
        let size = max(
            Self.resultShardBytes / average, 8, (links.count + Self.maximumResultShards - 1) / Self.maximumResultShards)
        let shards = stride(from: 0, to: links.count, by: size).map { first in
            let slice = Array(links[first..<min(first + size, links.count)])
            return SearchShardFormat.ResultShard(first: first, links: slice, tags: tagNames(of: slice))
        }
        return (size, shards)
    }

    /// About the bytes a shown link takes in a shard.
    static func shownLength(_ link: SearchIndexDocument.LinkEntry) -> Int {
        link.title.utf8.count + link.url.utf8.count + link.domain.utf8.count + (link.description?.utf8.count ?? 0)
            + (link.page?.utf8.count ?? 0) + (link.picture?.utf8.count ?? 0) + (link.icon?.utf8.count ?? 0)
            + 60
    }

    /// The names of the tags `links` have, by id as a string.
    func tagNames(of links: [SearchIndexDocument.LinkEntry]) -> [String: String] {
        let tags = Set(links.flatMap { $0.tags ?? [] })
        return Dictionary(uniqueKeysWithValues: tags.map { (String($0), index.tags[$0]) })
    }

    /// A link as a result shows it: no note (it is searched, not shown), the description cut short.
    static func shown(_ link: SearchIndexDocument.LinkEntry) -> SearchIndexDocument.LinkEntry {
        var shown = link
        shown.note = nil
        if let description = link.description, description.hasMoreCharacters(than: snippetLength + snippetLength / 5),
            var cut = description.characterPrefix(ifLongerThan: snippetLength)
        {
            if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > snippetLength * 3 / 4
            {
                cut = cut[..<space]
            }
            shown.description = cut.trimmingCharacters(in: .whitespaces) + "…"
        }
        return shown
    }

    /// Per tag, its links.
    func tagLists() -> [[UInt32]] {
        var lists = [[UInt32]](repeating: [], count: index.tags.count)
        for (id, link) in index.links.enumerated() {
            for tag in link.tags ?? [] { lists[tag].append(UInt32(id)) }
        }
        return lists
    }

    /// Per category, its links and its subcategories' (none for the root: no filter is all links).
    func categoryLists() -> [[UInt32]] {
        var lists = [[UInt32]](repeating: [], count: index.categories.count)
        for (id, link) in index.links.enumerated() {
            var category: Int? = link.category
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
