/// The `p` space: a query word of initial consonants only matches the initial consonants of a title or
/// a tag anywhere, inside a word and across words, as es-hangul's `choseongIncludes` does (ㄱ finds
/// 사과, ㅍㄹㅌ finds 00프론트엔드, ㅍㄹㅌㅇㄷㄱㅂㅈ finds 프론트엔드 개발자). Each title's and tag's
/// `SearchText.phraseInitials` is kept under every one of its tails, so that such a match is a key
/// that starts with the query word, found in a run of shards like any prefix; tails that are alike
/// share one key, their postings merged.
extension SearchShards {
    /// The distinct tails, sorted by code unit, and per tail its postings, `link << 4 | fields` (bit 0
    /// title, bit 1 tags), ascending by link.
    func phraseTails() -> (tails: [Word], postings: [[UInt32]]) {
        var found = WordArena()
        var postings = SearchWordTable.Postings()
        var tagTails: [Int: [Int]] = [:]
        for (link, entry) in index.links.enumerated() {
            let title = SearchText.phraseInitials(entry.title)
            title.withUnsafeBufferPointer { units in
                for start in units.indices {
                    postings.add(found.id(of: UnsafeBufferPointer(rebasing: units[start...])), field: 0)
                }
            }
            for tag in entry.tags ?? [] {
                if tagTails[tag] == nil {
                    let initials = SearchText.phraseInitials(index.tags[tag])
                    tagTails[tag] = initials.withUnsafeBufferPointer { units in
                        units.indices.map { found.id(of: UnsafeBufferPointer(rebasing: units[$0...])) }
                    }
                }
                for id in tagTails[tag]! { postings.add(id, field: 1) }
            }
            postings.close(link: link)
        }
        let order = found.sortedIDs()
        return (order.map { found.word($0) }, order.map { postings.lists[$0] })
    }
}
