/// Precomputed results for the query words that would need many term shards: a one- or two-letter
/// prefix (a, th) or a bare initial consonant (ㄱ) matches a large part of the vocabulary, and its
/// result — each link's best field and match quality — is smaller than the words it covers.
extension SearchShards {
    /// How a word matches a query word, as the page ranks it (`QUALITIES` in search.js).
    enum Quality: UInt32 {
        case whole = 0, start, inside, consonants
        /// Initial consonants inside a word or across words (the `p` space): below every match at a
        /// word's start.
        case consonantsInside

        var value: Double { Self.values[Int(rawValue)] }

        /// Held, not a literal in `value`: an array literal is made anew at each use (275,000 times in
        /// a 10k build's precomputed results).
        private static let values = [
            Double(Float(1.25)), 1, Double(Float(0.6)), Double(Float(0.5)), Double(Float(0.4)),
        ]
    }

    /// The low four bits of a precomputed posting: `field << 2 | quality`, but for initial consonants
    /// inside or across words, which match titles and tags only: 11 in a title, 15 in a tag (the codes
    /// of quality 3 in a description or note, which never occur).
    static func code(field: Int, _ quality: Quality) -> UInt8 {
        quality == .consonantsInside ? (field == 0 ? 11 : 15) : UInt8(field << 2) | UInt8(quality.rawValue)
    }

    /// search.js's field weights: title, tags, description, note.
    static let weights: [Double] = [8, 4, 2, 1]

    /// The `a` space: one entry per query word that needs it, its result in `terms.aggregatePostings`.
    /// Also sets `terms.best`: the same words, their best results in `terms.aggregateBest`.
    func aggregates(_ terms: inout TermSpaces) -> SearchTermSpace {
        var candidates = Set<Word>()
        for space in [terms.words, terms.inside, terms.consonants, terms.phrases] {
            for separator in space.separators where !separator.isEmpty {
                for length in 1...separator.count { candidates.insert(Array(separator.prefix(length))) }
            }
        }
        let needed = candidates.filter { term in
            Self.hasPrecomputedResult(term) && shardCount(term, terms) > Self.aggregateAbove
        }.sorted(by: [UInt16].codeUnitsPrecede)
        var best = [UInt8](repeating: .max, count: index.links.count)
        var entries: [SearchTermSpace.Entry] = []
        var sizes: [Int] = []
        var bestSizes: [Int] = []
        for term in needed {
            var touched: [Int] = []
            for (list, quality) in matches(term, terms) {
                for posting in list {
                    let link = Int(posting >> 4)
                    for field in 0..<4 where posting & (1 << field) != 0 {
                        if quality.rawValue >= Quality.consonants.rawValue, field > 1 { continue }
                        let code = Self.code(field: field, quality)
                        if best[link] == .max {
                            touched.append(link)
                            best[link] = code
                        } else if Self.value(code) > Self.value(best[link]) {
                            best[link] = code
                        }
                    }
                }
            }
            touched.sort()
            let postings = SearchNumbers.postings(touched.map { UInt32($0) << 4 | UInt32(best[$0]) })
            let ranked = Self.bestFirst(touched, best)
            for link in touched { best[link] = .max }
            let encoded = SearchNumbers.string(ranked)
            let shown = ranked.prefix(Self.bestShown).map { Self.shown(index.links[Int($0 >> 4)]) }
            entries.append(.init(key: term, item: terms.aggregatePostings.count))
            sizes.append(Self.entryLength(term, postings, withWord: false))
            bestSizes.append(encoded.utf8.count + term.count * 2 + 12 + shown.reduce(0) { $0 + Self.shownLength($1) })
            terms.aggregatePostings.append(postings)
            terms.aggregateBest.append(encoded)
            terms.aggregateShown.append(shown)
            terms.aggregateTotals.append(touched.count)
        }
        var space = SearchTermSpace(entries)
        let items = space.entries.map(\.item)
        space.cut(target: terms.target) { sizes[items[$0]] }
        var bestSpace = SearchTermSpace(entries)
        bestSpace.cut(target: Self.bestShardBytes) { bestSizes[items[$0]] }
        terms.best = bestSpace
        return space
    }

    /// The first `bestCount` of an aggregate's links as the page ranks a one-word query's results
    /// (score, highest first, then id; `top` in search.js), each `id << 4 | field << 2 | quality`.
    /// A query of that one word and no filter shows them without loading the whole result, and the
    /// first `bestShown` of them without loading a result shard.
    static func bestFirst(_ links: [Int], _ codes: [UInt8]) -> [UInt32] {
        let (scores, rank) = (ranks.scores, ranks.rank)
        var groups = [[UInt32]](repeating: [], count: scores.count)
        for link in links {
            let code = codes[link]
            let group = rank[Int(code)]
            if groups[group].count < bestCount { groups[group].append(UInt32(link) << 4 | UInt32(code)) }
        }
        return Array(groups.joined().prefix(bestCount))
    }

    /// The distinct scores, highest first, and each code's rank among them: codes with the same score
    /// (8 × 0.5 and 4 × 1) share a rank.
    private static let ranks: (scores: [Double], rank: [Int]) = {
        let scores = Array(Set((0..<16).map { value(UInt8($0)) })).sorted(by: >)
        return (scores, (0..<16).map { code in scores.firstIndex(of: value(UInt8(code)))! })
    }()

    /// A word mixing syllables and bare consonants (스위ㅍ) is matched from its shards however many:
    /// its result depends on more than the consonant key, and it is typed only on the way to a word.
    static func hasPrecomputedResult(_ term: Word) -> Bool {
        !term.contains(where: SearchText.isConsonant) || SearchText.initials(term) == term
    }

    /// How many term shards the page counts for `term` to decide whether it has a precomputed result.
    func shardCount(_ term: Word, _ spaces: TermSpaces) -> Int {
        var count = spaces.words.shards(forPrefix: term).count
        if Self.isSyllables(term) { count += spaces.inside.shards(forPrefix: term).count }
        if term.contains(where: SearchText.isConsonant) {
            count += spaces.consonants.shards(forPrefix: SearchText.initials(term)).count
        }
        // A word of initial consonants only always has a third range, `p`: its first shard is not
        // counted, so that one needing a shard of each space is looked up there, not precomputed.
        if SearchText.isChoseongOnly(term) { count += spaces.phrases.shards(forPrefix: term).count - 1 }
        return count
    }

    /// The postings of every word that matches `term`, with how, found as the page finds them; then
    /// those of the titles and tags whose initial consonants hold a `term` of consonants only.
    func matches(_ term: Word, _ spaces: TermSpaces) -> [(postings: [UInt32], quality: Quality)] {
        var items = Set(spaces.words.entries(withPrefix: term).map(\.item))
        if Self.isSyllables(term) { items.formUnion(spaces.inside.entries(withPrefix: term).map(\.item)) }
        if term.contains(where: SearchText.isConsonant) {
            items.formUnion(spaces.consonants.entries(withPrefix: SearchText.initials(term)).map(\.item))
        }
        var found = items.sorted().compactMap { item in
            Self.quality(table.words[item], term).map { (table.postings[item], $0) }
        }
        if SearchText.isChoseongOnly(term) {
            found += spaces.phrases.entries(withPrefix: term).map { (spaces.phraseLists[$0.item], .consonantsInside) }
        }
        return found
    }

    /// `wordQualities` of search.js for one word.
    static func quality(_ word: Word, _ term: Word) -> Quality? {
        if word.hasPrefix(term) { return word.count == term.count ? .whole : .start }
        if isSyllables(term), word.count > term.count {
            for start in 1...(word.count - term.count) where word[start..<(start + term.count)].elementsEqual(term) {
                return .inside
            }
        }
        if term.contains(where: SearchText.isConsonant), word.count >= term.count {
            let matches = zip(term, word).allSatisfy { typed, found in
                typed == found || (SearchText.isConsonant(typed) && SearchText.initial(found) == typed)
            }
            if matches { return .consonants }
        }
        return nil
    }

    /// Two or more Hangul syllables and nothing else: such a word also matches inside words.
    static func isSyllables(_ term: Word) -> Bool {
        term.count >= 2 && term.allSatisfy(SearchText.isSyllable)
    }

    /// A code's score: its field's weight times its quality's value.
    static func value(_ code: UInt8) -> Double { codeValues[Int(code & 15)] }

    private static let codeValues = (0..<16).map { code in
        switch code {
        case 11: weights[0] * Quality.consonantsInside.value
        case 15: weights[1] * Quality.consonantsInside.value
        default: weights[code >> 2] * Quality(rawValue: UInt32(code & 3))!.value
        }
    }
}
