import Foundation

/// The sharded search index the search page loads (`search/data/`): a manifest, term shards keyed by
/// the start of each folded word, result shards by link id and filter shards by tag and category, so
/// that a query costs what it needs rather than what the collection weighs. Sizes follow the
/// collection: a small site is one file, 100,000 links a few thousand.
///
/// Built from the same `SearchIndexDocument` as `search-index.json`, so both find the same links.
struct SearchShards {
    typealias Word = SearchText.Word
    typealias Format = SearchShardFormat

    /// A query word's term shards, over all spaces, above which it gets a precomputed result.
    static let aggregateAbove = 2
    /// Below this many bytes of shards in all, they go inline into the manifest.
    static let inlineLimit = 96_000
    static let termShardBytes = 24_000
    static let maximumTermShards = 1_000
    static let resultShardBytes = 8_000
    static let maximumResultShards = 3_000
    static let filterShardBytes = 24_000
    /// How many results each precomputed result keeps in rank order (search.js shows 200), and about
    /// how many bytes of them a `b` shard holds.
    static let bestCount = 200
    static let bestShardBytes = 8_000
    /// How many of them a `b` shard also holds as results show them (search.js's first screen), so
    /// that a one-word query is on screen after one file, not two.
    static let bestShown = 8
    /// Descriptions in result shards are cut to about this many characters (the whole is searched).
    static let snippetLength = 160

    let index: SearchIndexDocument
    let table: SearchWordTable

    init(_ index: SearchIndexDocument) {
        self.index = index
        self.table = SearchWordTable(index)
    }

    /// Every file of `search/data/`, the manifest first.
    /// `foundation`: encoded with Foundation's `JSONEncoder`, the reference the tests hold `JSONText` to.
    func files(foundation: Bool = false) throws -> [OutputFile] {
        var shards: [(name: String, shard: Format.Shard)] = []
        var terms = termSpaces()
        let aggregates = aggregates(&terms)
        terms.spaces["a"] = aggregates
        for (name, space) in terms.spaces.sorted(by: { $0.key < $1.key }) {
            for shard in 0..<space.shardCount {
                let entries = space.entries[space.shardEntries(shard)]
                if name == "b" {
                    let shown = entries.map { terms.aggregateShown[$0.item] }
                    let best = Format.BestShard(
                        keys: entries.map(\.key.string), totals: entries.map { terms.aggregateTotals[$0.item] },
                        best: entries.map { terms.aggregateBest[$0.item] }, shown: shown,
                        tags: tagNames(of: shown.flatMap { $0 }))
                    shards.append(("b\(shard)", .best(best)))
                    continue
                }
                let words = name == "i" || name == "c" ? entries.map { table.words[$0.item].string } : nil
                let postings = entries.map { terms.payload(name)[$0.item] }
                let term = Format.TermShard(keys: entries.map(\.key.string), words: words, postings: postings)
                shards.append(("\(name)\(shard)", .terms(term)))
            }
        }
        let results = resultShards()
        shards += results.shards.enumerated().map { ("r\($0.offset)", .results($0.element)) }
        let tags = filterShards(tagLists())
        shards += tags.shards.enumerated().map { ("t\($0.offset)", .filters($0.element)) }
        let categories = filterShards(categoryLists())
        shards += categories.shards.enumerated().map { ("k\($0.offset)", .filters($0.element)) }
        shards.append((Format.tagNamesName, .tagNames(.init(names: index.tags))))

        let scripts = try shards.map {
            OutputFile(
                path: Format.path($0.name), contents: try Format.script($0.name, $0.shard, foundation: foundation))
        }
        let inline = scripts.reduce(0) { $0 + $1.contents.count } < Self.inlineLimit
        let manifest = Format.Manifest(
            links: index.links.count, categories: index.categories,
            terms: terms.spaces.mapValues { $0.separators.map(\.string) }, aggregateAbove: Self.aggregateAbove,
            aggregateBest: Self.bestCount,
            results: .init(size: results.size, count: results.shards.count), tagShards: tags.firsts,
            categoryShards: categories.firsts,
            inline: inline ? Dictionary(uniqueKeysWithValues: shards.map { ($0.name, $0.shard) }) : nil)
        let manifestFile = OutputFile(
            path: Format.path(Format.manifestName),
            contents: try Format.script(Format.manifestName, manifest, foundation: foundation))
        return [manifestFile] + (inline ? [] : scripts)
    }
}

// MARK: - Term spaces

extension SearchShards {
    struct TermSpaces {
        var spaces: [String: SearchTermSpace]
        /// Per word, its postings as `SearchNumbers` (`consonantPostings`: titles and tags only).
        var postings: [String]
        var consonantPostings: [String]
        /// Per aggregate, its results as `SearchNumbers`.
        var aggregatePostings: [String] = []
        /// Per aggregate, its best `bestCount` results in rank order, and how many results it has.
        var aggregateBest: [String] = []
        /// Per aggregate, its first `bestShown` results as result shards hold them (for the `b` shard).
        var aggregateShown: [[SearchIndexDocument.LinkEntry]] = []
        var aggregateTotals: [Int] = []
        /// About how many bytes a term shard holds.
        var target: Int

        func payload(_ space: String) -> [String] {
            switch space {
            case "a": aggregatePostings
            case "c": consonantPostings
            default: postings
            }
        }
    }

    func termSpaces() -> TermSpaces {
        let postings = table.postings.map(SearchNumbers.postings)
        let consonantPostings = table.postings.map { list in
            SearchNumbers.postings(list.compactMap { $0 & 3 == 0 ? nil : $0 & ~0xC })
        }
        var words: [SearchTermSpace.Entry] = []
        var inside: [SearchTermSpace.Entry] = []
        var consonants: [SearchTermSpace.Entry] = []
        for (item, word) in table.words.enumerated() {
            words.append(.init(key: word, item: item))
            if word.count > 2 {
                for start in 1..<(word.count - 1)
                where SearchText.isSyllable(word[start]) && SearchText.isSyllable(word[start + 1]) {
                    inside.append(.init(key: Array(word[start...]), item: item))
                }
            }
            if word.contains(where: SearchText.isSyllable), !consonantPostings[item].isEmpty {
                consonants.append(.init(key: SearchText.initials(word), item: item))
            }
        }
        var spaces: [(String, SearchTermSpace, [Int])] = []
        for (name, entries, payload) in [
            ("w", words, postings), ("i", inside, postings), ("c", consonants, consonantPostings),
        ] {
            let space = SearchTermSpace(entries)
            let withWord = name != "w"
            let sizes = space.entries.map { Self.entryLength($0.key, payload[$0.item], withWord: withWord) }
            spaces.append((name, space, sizes))
        }
        let total = spaces.reduce(0) { $0 + $1.2.reduce(0, +) }
        let target = max(Self.termShardBytes, total / Self.maximumTermShards)
        var cut: [String: SearchTermSpace] = [:]
        for (name, space, sizes) in spaces {
            var space = space
            space.cut(target: target) { sizes[$0] }
            cut[name] = space
        }
        return TermSpaces(spaces: cut, postings: postings, consonantPostings: consonantPostings, target: target)
    }

    /// About the bytes one key with its postings takes in a shard (Hangul counts three bytes a unit).
    static func entryLength(_ key: Word, _ postings: String, withWord: Bool) -> Int {
        postings.utf8.count + 3 + (key.count * 2 + 3) * (withWord ? 2 : 1)
    }
}
