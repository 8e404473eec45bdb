/// One sorted key space of the term shards, and how it is cut into shards.
///
/// There are six (`Name`): `w` holds every word under itself (prefix search), `i` every Hangul word
/// under each of its tails that starts with two syllables past its first character (글꼴 finds
/// 나눔글꼴), `c` every word with Hangul syllables that occurs in a title or tag under its initial
/// consonants (ㅅㅇㅍ finds 스위프트), `p` every tail of each title's and tag's initial consonants
/// (ㄱ finds 사과, ㅍㄹㅌㅇㄷㄱㅂㅈ finds 프론트엔드 개발자), `a` the precomputed results of the query
/// words that would otherwise need more than `SearchShards.aggregateAbove` shards (a, th, ㄱ), and
/// `b` the best links of each of those results.
struct SearchTermSpace: Sendable {
    typealias Word = SearchText.Word

    /// Which space: its name is the start of its shards' names (`w0`, `w1`…) and its key in the
    /// manifest's `terms`.
    enum Name: String, CaseIterable, Sendable {
        /// Precomputed results of the query words that would need many shards.
        case aggregates = "a"
        /// The best links of each precomputed result, in rank order, and the first few as shown.
        case best = "b"
        /// Words with Hangul syllables, under their initial consonants.
        case consonants = "c"
        /// Hangul words, under each of their tails.
        case inside = "i"
        /// Every tail of the initial consonants of each title and tag (`SearchText.phraseInitials`):
        /// a query of initial consonants only matches inside words and across them, as es-hangul's
        /// `choseongIncludes` does.
        case phrases = "p"
        /// Every word, under itself.
        case words = "w"
    }

    struct Entry: Sendable {
        var key: Word
        /// The word in `SearchWordTable` (in the `a` space: the aggregate's number).
        var item: Int
    }

    /// Sorted by key (UTF-16 code units), then item.
    var entries: [Entry]
    /// Where each shard starts in `entries`, after `cut`.
    var shardStarts: [Int] = [0]
    /// Each shard's smallest key, shortened to what still tells it from the shard before (the first is empty).
    var separators: [Word] = [[]]

    init(_ entries: [Entry]) {
        self.entries = entries.sorted(by: Self.precedes)
    }

    /// Entries already in order (a word table's words, or its tails, with their items ascending): not
    /// sorted again, which is most of a rebuild's work on the `w` and `p` spaces.
    init(sorted entries: [Entry]) {
        assert(zip(entries, entries.dropFirst()).allSatisfy { Self.precedes($0, $1) })
        self.entries = entries
    }

    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.key == b.key ? a.item < b.item : [UInt16].codeUnitsPrecede(a.key, b.key)
    }

    /// Cuts the space into shards of about `target` bytes (`size(i)` is entry `i`'s), never between
    /// two entries with the same key: a prefix then always finds its keys in a run of shards.
    mutating func cut(target: Int, size: (Int) -> Int) {
        shardStarts = [0]
        separators = [[]]
        var bytes = 0
        for index in entries.indices {
            if bytes >= target, entries[index].key != entries[index - 1].key {
                shardStarts.append(index)
                separators.append(Self.separator(after: entries[index - 1].key, before: entries[index].key))
                bytes = 0
            }
            bytes += size(index)
        }
    }

    var shardCount: Int { shardStarts.count }

    func shardEntries(_ shard: Int) -> Range<Int> {
        shardStarts[shard]..<(shard + 1 < shardStarts.count ? shardStarts[shard + 1] : entries.count)
    }

    /// The shards that hold the keys starting with `prefix` (the page computes the same from the
    /// manifest's separators).
    func shards(forPrefix prefix: Word) -> ClosedRange<Int> {
        let upper = prefix + [0xFFFF]
        let low = separators.lastIndex { !prefix.lexicographicallyPrecedes($0) }
        let high = separators.lastIndex { $0.lexicographicallyPrecedes(upper) }
        return (low ?? 0)...(high ?? 0)
    }

    /// The entries whose key starts with `prefix`.
    func entries(withPrefix prefix: Word) -> ArraySlice<Entry> {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key.lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < entries.count, entries[end].key.hasPrefix(prefix) { end += 1 }
        return entries[low..<end]
    }

    /// The shortest start of `next` that still sorts after `previous` (`previous` < `next`).
    static func separator(after previous: Word, before next: Word) -> Word {
        var common = 0
        while common < previous.count, common < next.count, previous[common] == next[common] { common += 1 }
        return Array(next.prefix(common + 1))
    }
}
