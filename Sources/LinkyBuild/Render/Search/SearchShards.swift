import Foundation
import LinkyModel
import Synchronization

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
    /// How many term shards, `p` shards and result shards there are at most, from `FileLimits`'s
    /// `searchShardFiles` (6,000 by default: 1,000, 150 and 4,000): past those the shards grow instead.
    var maximumTermShards: Int { max(fileBudget / 6, 50) }
    /// The `p` space's shards, beside those: each is a separator in the manifest every query loads.
    var maximumPhraseShards: Int { max(fileBudget / 40, 10) }
    static let resultShardBytes = 8_000
    var maximumResultShards: Int { max(fileBudget * 2 / 3, 100) }
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
    /// The initials' tails of the `p` space (`SearchWordTable(tailsOf:)`).
    let tails: SearchWordTable
    /// Every facet value's name, by its number (`SearchIndexDocument.labelNames`).
    let labelNames: [String]
    /// About how many files the shards may make (`FileLimits.searchShardFiles`).
    let fileBudget: Int

    /// `memory`: the last build's word tables, patched instead of made whole when it has them.
    init(
        _ index: SearchIndexDocument, memory: (any SearchWordMemory)? = nil, files: Int = FileLimits().searchShardFiles
    ) {
        self.index = index
        self.fileBudget = files
        let tables = SearchWordTables(index, memory: memory)
        self.table = tables.words
        self.tails = tables.tails
        self.labelNames = index.labelNames
    }

    /// Every file of `search/data/`, the manifest first.
    /// `foundation`: encoded with Foundation's `JSONEncoder`, the reference the tests hold `JSONText` to.
    ///
    /// The shards are a rebuild's longest task (at 10k links, 200 ms of a 260 ms render, the other core
    /// idle for half of it), so the term spaces and the other shards are made on two threads at once,
    /// and the shards are encoded on two.
    func files(foundation: Bool = false) throws -> [OutputFile] {
        let made = Mutex<(terms: TermSpaces?, others: OtherShards?)>((nil, nil))
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            if lane == 0 {
                var terms = termSpaces()
                terms.aggregates = aggregates(&terms)
                made.withLock { $0.terms = terms }
            } else {
                let others = otherShards()
                made.withLock { $0.others = others }
            }
        }
        let (terms, others) = made.withLock { ($0.terms!, $0.others!) }
        let shards = termShards(terms) + others.shards
        let scripts = try Self.inTwoLanes(shards) {
            OutputFile(
                path: Format.path($0.name), contents: try Format.script($0.name, $0.shard, foundation: foundation))
        }
        let inline = scripts.reduce(0) { $0 + $1.contents.count } < Self.inlineLimit
        var manifest = others.manifest
        manifest.terms = Dictionary(
            uniqueKeysWithValues: terms.all.map { ($0.name.rawValue, $0.space.separators.map(Format.Key.init)) })
        manifest.inline = inline ? Dictionary(uniqueKeysWithValues: shards.map { ($0.name, $0.shard) }) : nil
        let manifestFile = OutputFile(
            path: Format.path(Format.manifestName),
            contents: try Format.script(Format.manifestName, manifest, foundation: foundation))
        return [manifestFile] + (inline ? [] : scripts)
    }

    /// The shards of the term spaces, the `b` space's with what its results show.
    private func termShards(_ terms: TermSpaces) -> [(name: String, shard: Format.Shard)] {
        var shards: [(name: String, shard: Format.Shard)] = []
        for (name, space) in terms.all {
            for shard in 0..<space.shardCount {
                let entries = space.entries[space.shardEntries(shard)]
                let keys = entries.map { Format.Key(units: $0.key) }
                if name == .best {
                    let shown = entries.map { terms.aggregateShown[$0.item] }
                    let best = Format.BestShard(
                        keys: keys, totals: entries.map { terms.aggregateTotals[$0.item] },
                        best: entries.map { terms.aggregateBest[$0.item] }, shown: shown,
                        tags: tagNames(of: shown.flatMap { $0 }), labels: labelNames(of: shown.flatMap { $0 }))
                    shards.append(("\(name.rawValue)\(shard)", .best(best)))
                    continue
                }
                let words =
                    name == .inside || name == .consonants
                    ? entries.map { Format.Key(units: table.words[$0.item]) } : nil
                let postings = entries.map { terms.payload(name)[$0.item] }
                let term = Format.TermShard(keys: keys, words: words, postings: postings)
                shards.append(("\(name.rawValue)\(shard)", .terms(term)))
            }
        }
        return shards
    }

    /// The shards that are not cut from the word tables, and the manifest but for its term spaces and
    /// inline shards.
    private struct OtherShards {
        var shards: [(name: String, shard: Format.Shard)]
        var manifest: Format.Manifest
    }

    private func otherShards() -> OtherShards {
        var shards: [(name: String, shard: Format.Shard)] = []
        let results = resultShards()
        shards += results.shards.enumerated().map { ("r\($0.offset)", .results($0.element)) }
        let tags = filterShards(tagLists())
        shards += tags.shards.enumerated().map { ("t\($0.offset)", .filters($0.element)) }
        let categories = filterShards(categoryLists())
        shards += categories.shards.enumerated().map { ("k\($0.offset)", .filters($0.element)) }
        shards.append((Format.tagNamesName, .tagNames(.init(names: index.tags))))
        let labels = labelLists()
        let labelFilters = filterShards(labels)
        shards += labelFilters.shards.enumerated().map { ("l\($0.offset)", .filters($0.element)) }
        if !labelNames.isEmpty {
            shards.append(
                (Format.labelNamesName, .labelNames(.init(names: labelNames, counts: labels.map(\.count)))))
        }
        let flags = flagLists()
        let flagShard = Format.FlagsShard(
            favorites: SearchNumbers.deltas(flags.favorites), dead: SearchNumbers.deltas(flags.dead))
        shards.append((Format.flagsName, .flags(flagShard)))
        shards.append((Format.titlesName, .titles(.init(ids: SearchNumbers.string(titleOrder())))))
        if let orders = index.projectOrders {
            let projects = Format.ProjectsShard(
                stars: SearchNumbers.string(orders.stars), updated: SearchNumbers.string(orders.updated))
            shards.append((Format.projectsName, .projects(projects)))
        }
        let manifest = Format.Manifest(
            links: index.links.count, categories: index.categories, terms: [:],
            aggregateAbove: Self.aggregateAbove,
            aggregateBest: Self.bestCount,
            results: .init(size: results.size, count: results.shards.count), tagShards: tags.firsts,
            categoryShards: categories.firsts,
            facets: (index.facets ?? []).map { .init(key: $0.key, name: $0.name, values: $0.values.count) },
            labelShards: labelFilters.firsts, favorites: flags.favorites.count, dead: flags.dead.count, inline: nil)
        return OtherShards(shards: shards, manifest: manifest)
    }

    /// `transform` of each of `items`, in order, made on two threads (alternate items each); the first
    /// error either meets is thrown.
    static func inTwoLanes<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ transform: @Sendable (Item) throws -> Result
    ) throws -> [Result] {
        let lanes = Mutex<[Swift.Result<[Result], any Error>]>(Array(repeating: .success([]), count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            let made = Swift.Result { try stride(from: lane, to: items.count, by: 2).map { try transform(items[$0]) } }
            lanes.withLock { $0[lane] = made }
        }
        let (even, odd) = try lanes.withLock { (try $0[0].get(), try $0[1].get()) }
        return items.indices.map { $0 % 2 == 0 ? even[$0 / 2] : odd[$0 / 2] }
    }
}

// MARK: - Term spaces

extension SearchShards {
    struct TermSpaces {
        var words: SearchTermSpace
        var inside: SearchTermSpace
        var consonants: SearchTermSpace
        var phrases: SearchTermSpace
        /// Empty until `aggregates` has worked them out.
        var aggregates = SearchTermSpace([])
        var best = SearchTermSpace([])
        /// Per word, its postings as `SearchNumbers` (`consonantPostings`: titles and tags only).
        var postings: [String]
        var consonantPostings: [String]
        /// Per tail of the `p` space, its postings (`link << 4 | fields`, titles and tags only), and
        /// as `SearchNumbers`.
        var phraseLists: [[UInt32]]
        var phrasePostings: [String]
        /// Per aggregate, its results as `SearchNumbers`.
        var aggregatePostings: [String] = []
        /// Per aggregate, its best `bestCount` results in rank order, and how many results it has.
        var aggregateBest: [String] = []
        /// Per aggregate, its first `bestShown` results as result shards hold them (for the `b` shard).
        var aggregateShown: [[SearchIndexDocument.LinkEntry]] = []
        var aggregateTotals: [Int] = []
        /// About how many bytes a term shard holds.
        var target: Int

        subscript(name: SearchTermSpace.Name) -> SearchTermSpace {
            switch name {
            case .aggregates: aggregates
            case .best: best
            case .consonants: consonants
            case .inside: inside
            case .phrases: phrases
            case .words: words
            }
        }

        /// Every space with its name, in the order of the names (the order of the shards).
        var all: [(name: SearchTermSpace.Name, space: SearchTermSpace)] {
            SearchTermSpace.Name.allCases.sorted { $0.rawValue < $1.rawValue }.map { ($0, self[$0]) }
        }

        /// The postings of each entry's item in the term space `name` (not `best`, whose shards hold more).
        func payload(_ name: SearchTermSpace.Name) -> [String] {
            switch name {
            case .aggregates: aggregatePostings
            case .consonants: consonantPostings
            case .phrases: phrasePostings
            case .best, .inside, .words: postings
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
        let phrasePostings = tails.postings.map(SearchNumbers.postings)
        let phrases = tails.words.enumerated().map { SearchTermSpace.Entry(key: $0.element, item: $0.offset) }
        // Each space with the bytes of each of its entries (`i` and `c` shards also hold each key's word).
        typealias Sized = (space: SearchTermSpace, sizes: [Int])
        func sized(
            _ entries: [SearchTermSpace.Entry], _ payload: [String], withWord: Bool, sorted: Bool = false
        ) -> Sized {
            let space = sorted ? SearchTermSpace(sorted: entries) : SearchTermSpace(entries)
            return (space, space.entries.map { Self.entryLength($0.key, payload[$0.item], withWord: withWord) })
        }
        let uncut = (
            words: sized(words, postings, withWord: false, sorted: true),
            inside: sized(inside, postings, withWord: true),
            consonants: sized(consonants, consonantPostings, withWord: true),
            phrases: sized(phrases, phrasePostings, withWord: false, sorted: true)
        )
        // `p` is left out of the shards' size: its tails (7.5 MB at 100k links) would make every
        // other shard larger, and with it every query's first bytes (measured: 31 → 40 KB gzip median).
        let total = [uncut.words, uncut.inside, uncut.consonants].reduce(0) { $0 + $1.sizes.reduce(0, +) }
        let target = max(Self.termShardBytes, total / maximumTermShards)
        let phraseBytes = uncut.phrases.sizes.reduce(0, +)
        let phraseTarget = max(Self.termShardBytes, phraseBytes / maximumPhraseShards)
        func cut(_ sized: Sized, target: Int = target) -> SearchTermSpace {
            var space = sized.space
            space.cut(target: target) { sized.sizes[$0] }
            return space
        }
        return TermSpaces(
            words: cut(uncut.words), inside: cut(uncut.inside), consonants: cut(uncut.consonants),
            phrases: cut(uncut.phrases, target: phraseTarget), postings: postings, consonantPostings: consonantPostings,
            phraseLists: tails.postings, phrasePostings: phrasePostings, target: target)
    }

    /// About the bytes one key with its postings takes in a shard (Hangul counts three bytes a unit).
    static func entryLength(_ key: Word, _ postings: String, withWord: Bool) -> Int {
        postings.utf8.count + 3 + (key.count * 2 + 3) * (withWord ? 2 : 1)
    }
}
