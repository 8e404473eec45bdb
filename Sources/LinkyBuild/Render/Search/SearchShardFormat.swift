import Foundation

/// The files of the sharded search index under `search/data/` (format version 1, documented in
/// `Templates/README.md`). Each is a script, `linkySearchShard("name",JSON);`, so that the page can
/// load it with `<script>` from `file://`; over HTTP the JSON between the first comma and the closing
/// `);` is the same data for `fetch`.
enum SearchShardFormat {
    static let folder = "search/data/"
    static let manifestName = "manifest"
    /// The shard with every tag's name, for the search page's tag filter.
    static let tagNamesName = "tags"
    /// The shard with every facet value's name and count, for the search page's facet filters.
    static let labelNamesName = "labels"
    /// The shard with the favourites and the dead links.
    static let flagsName = "flags"
    /// The shard with every link in title order, for sorting results by title.
    static let titlesName = "titles"
    /// The shard with the links that have project data, by stars and by last update.
    static let projectsName = "projects"

    static func path(_ name: String) -> String { folder + name + ".js" }

    static func script(
        _ name: String, _ value: some JSONTextWritable & Encodable, foundation: Bool = false
    ) throws -> [UInt8] {
        let (prefix, suffix) = ("linkySearchShard(\"\(name)\",", ");\n")
        guard foundation else { return value.script(prefix, suffix) }
        return JSONText.script(prefix, [UInt8](try DataEncoding.json(value, pretty: false)), suffix)
    }

    /// A term shard's key or word: the UTF-16 code units search.js compares, written as a JSON string
    /// straight from them (`JSONText.string(utf16:)`).
    struct Key: Encodable, Equatable {
        var units: [UInt16]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(String(decoding: units, as: UTF16.self))
        }
    }

    /// `search/data/manifest.js`: what the page loads before the first key, and how to find the rest.
    struct Manifest: Encodable {
        struct Results: Encodable {
            /// Links per result shard: link `id` is entry `id % size` of shard `r<id / size>`.
            var size: Int
            var count: Int
        }
        var version = 1
        /// How many links the site has (link ids are 0..<links, in `search-index.json`'s order).
        var links: Int
        var categories: [SearchIndexDocument.CategoryEntry]
        /// Per term space (`w`, `i`, `c`, `a`, and `b` for the best of `a`), each shard's smallest key;
        /// shard `n` is `<space><n>`.
        var terms: [String: [Key]]
        /// A query word whose `w`, `i` and `c` shards would number more than this has its own
        /// precomputed result in the `a` space.
        var aggregateAbove: Int
        /// How many of each precomputed result's links the `b` space holds, in rank order.
        var aggregateBest: Int
        var results: Results
        /// The first tag id (category id) of each tag (category) filter shard `t<n>` (`k<n>`).
        var tagShards: [Int]
        var categoryShards: [Int]
        /// The site's facets, in order, each with how many values it has; their values are numbered
        /// one facet after another (`SearchIndexDocument.FacetEntry`), in the `labels` shard and the
        /// label filter shards `l<n>`, whose first value numbers are `labelShards`.
        var facets: [FacetSummary]
        var labelShards: [Int]
        /// How many links are favourites and how many dead (the `flags` shard lists them).
        var favorites: Int
        var dead: Int
        /// A small site's shards, in the manifest itself: then it is the only file.
        var inline: [String: Shard]?

        struct FacetSummary: Encodable {
            var key: String
            var name: String
            var values: Int
        }

        enum CodingKeys: String, CodingKey {
            case version, links, categories, terms, results, inline, facets, favorites, dead
            case aggregateAbove = "aggregate_above"
            case aggregateBest = "aggregate_best"
            case tagShards = "tag_shards"
            case categoryShards = "category_shards"
            case labelShards = "label_shards"
        }
    }

    enum Shard: Encodable {
        case terms(TermShard)
        case results(ResultShard)
        case filters(FilterShard)
        case best(BestShard)
        case tagNames(TagNamesShard)
        case labelNames(LabelNamesShard)
        case flags(FlagsShard)
        case titles(TitlesShard)
        case projects(ProjectsShard)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .labelNames(let shard): try shard.encode(to: encoder)
            case .flags(let shard): try shard.encode(to: encoder)
            case .titles(let shard): try shard.encode(to: encoder)
            case .projects(let shard): try shard.encode(to: encoder)
            case .best(let shard): try shard.encode(to: encoder)
            case .tagNames(let shard): try shard.encode(to: encoder)
            case .terms(let shard): try shard.encode(to: encoder)
            case .results(let shard): try shard.encode(to: encoder)
            case .filters(let shard): try shard.encode(to: encoder)
            }
        }
    }

    /// A run of one term space's keys, with each key's postings as `SearchNumbers`. In `w`, `i` and
    /// `c` each posting is `delta << 4 | fields`
    /// (delta: link id minus the previous posting's, the first one's from 0; fields: bit 0 title,
    /// 1 tags, 2 description, 3 note); in `a` it is `delta << 4 | field << 2 | quality` (quality 0
    /// whole word, 1 start, 2 inside, 3 initial consonants).
    struct TermShard: Encodable {
        var keys: [Key]
        /// The word each key stands for, in `i` and `c` (in `w` the key is the word).
        var words: [Key]?
        var postings: [String]
    }

    /// The `b` space: for each key of the `a` space, how many links its result has (`totals`) and the
    /// first `aggregate_best` of them in rank order (`best`), each `id << 4 | field << 2 | quality`
    /// (not deltas: the order is by score), and the first few of them as results show them.
    struct BestShard: Encodable {
        var keys: [Key]
        var totals: [Int]
        var best: [String]
        /// Per key, its first results as result shards hold them (`links`), in rank order.
        var shown: [[SearchIndexDocument.LinkEntry]]
        /// The names of the tags those links have, by id as a string.
        var tags: [String: String]
        /// The names of the labels those links have, by value number as a string; nil for none.
        var labels: [String: String]?
    }

    /// `tags`: every tag's name, by id (the order of the tag filter).
    struct TagNamesShard: Encodable {
        var names: [String]
    }

    /// `labels`: every facet value's name and how many links have it, by value number.
    struct LabelNamesShard: Encodable {
        var names: [String]
        var counts: [Int]
    }

    /// `flags`: the favourites and the dead links, as ids `SearchNumbers.deltas`.
    struct FlagsShard: Encodable {
        var favorites: String
        var dead: String
    }

    /// `titles`: every link id, in the order of their titles (folded, then by id), as `SearchNumbers`.
    struct TitlesShard: Encodable {
        var ids: String
    }

    /// `projects`: the links with project data, by stars (most first) and by last update (newest first),
    /// ties in id order, each as ids `SearchNumbers` (not deltas); links without are in neither.
    struct ProjectsShard: Encodable {
        var stars: String
        var updated: String
    }

    /// What the results show for links `first` ..< `first + links.count`.
    struct ResultShard: Encodable {
        var first: Int
        var links: [SearchIndexDocument.LinkEntry]
        /// The names of the tags these links have, by id.
        var tags: [String: String]
        /// The names of the labels these links have, by value number; nil for none.
        var labels: [String: String]?
    }

    /// The links of tags (or categories, with their subcategories) `first` ..< `first + lists.count`,
    /// each list as `SearchNumbers.deltas` (link id minus the previous one's).
    struct FilterShard: Encodable {
        var first: Int
        var lists: [String]
    }
}

// MARK: - Encoding

extension SearchShardFormat.Manifest: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            json.member("aggregate_above", aggregateAbove)
            json.member("aggregate_best", aggregateBest)
            json.key("categories")
            json.array(categories) { $1.write(to: &$0) }
            json.member("category_shards", categoryShards)
            json.member("dead", dead)
            json.key("facets")
            json.array(facets) { json, facet in
                json.object { json in
                    json.member("key", facet.key)
                    json.member("name", facet.name)
                    json.member("values", facet.values)
                }
            }
            json.member("favorites", favorites)
            if let inline {
                json.key("inline")
                json.sortedObject(inline) { $1.write(to: &$0) }
            }
            json.member("label_shards", labelShards)
            json.member("links", links)
            json.key("results")
            json.object { json in
                json.member("count", results.count)
                json.member("size", results.size)
            }
            json.member("tag_shards", tagShards)
            json.key("terms")
            json.sortedObject(terms) { json, separators in json.keys(separators) }
            json.member("version", version)
        }
    }
}

extension SearchShardFormat.Shard: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            switch self {
            case .terms(let shard):
                json.key("keys")
                json.keys(shard.keys)
                json.member("postings", shard.postings)
                if let words = shard.words {
                    json.key("words")
                    json.keys(words)
                }
            case .results(let shard):
                json.member("first", shard.first)
                if let labels = shard.labels {
                    json.key("labels")
                    json.sortedObject(labels) { $0.string($1) }
                }
                json.key("links")
                // By index: an entry handed to a closure is a copy of it.
                json.array(shard.links.indices) { shard.links[$1].write(to: &$0) }
                json.key("tags")
                json.sortedObject(shard.tags) { $0.string($1) }
            case .filters(let shard):
                json.member("first", shard.first)
                json.member("lists", shard.lists)
            case .best(let shard):
                json.member("best", shard.best)
                json.key("keys")
                json.keys(shard.keys)
                if let labels = shard.labels {
                    json.key("labels")
                    json.sortedObject(labels) { $0.string($1) }
                }
                json.key("shown")
                json.array(shard.shown) { json, links in json.array(links) { $1.write(to: &$0) } }
                json.key("tags")
                json.sortedObject(shard.tags) { $0.string($1) }
                json.member("totals", shard.totals)
            case .tagNames(let shard):
                json.member("names", shard.names)
            case .labelNames(let shard):
                json.member("counts", shard.counts)
                json.member("names", shard.names)
            case .flags(let shard):
                json.member("dead", shard.dead)
                json.member("favorites", shard.favorites)
            case .titles(let shard):
                json.member("ids", shard.ids)
            case .projects(let shard):
                json.member("stars", shard.stars)
                json.member("updated", shard.updated)
            }
        }
    }
}

extension JSONText {
    fileprivate mutating func keys(_ keys: [SearchShardFormat.Key]) {
        array(keys.indices) { $0.string(utf16: keys[$1].units) }
    }
}
