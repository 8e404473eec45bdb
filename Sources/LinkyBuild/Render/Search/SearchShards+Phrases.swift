/// The `p` space: a query word of initial consonants only matches the initial consonants of a title or
/// a tag anywhere, inside a word and across words, as es-hangul's `choseongIncludes` does (ㄱ finds
/// 사과, ㅍㄹㅌ finds 00프론트엔드, ㅍㄹㅌㅇㄷㄱㅂㅈ finds 프론트엔드 개발자). Each title's and tag's
/// `SearchText.phraseInitials` is kept under every one of its tails, so that such a match is a key
/// that starts with the query word, found in a run of shards like any prefix; tails that are alike
/// share one key, their postings merged.
extension SearchWordTable {
    /// The distinct tails of the links of `links` (ids of `index`, ascending), sorted by code unit, and
    /// per tail its postings, `link << 4 | fields` (bit 0 title, bit 1 tags), ascending by link. A table
    /// as the words' is, so that a rebuild patches it the same way (`SearchWordTables`).
    init(tailsOf index: SearchIndexDocument, links: some Sequence<Int>) {
        var found = WordArena()
        var postings = Postings()
        var tagTails: [Int: [Int]] = [:]
        for link in links {
            let title = SearchText.phraseInitials(index.links[link].title)
            title.withUnsafeBufferPointer { units in
                for start in units.indices {
                    postings.add(found.id(of: UnsafeBufferPointer(rebasing: units[start...])), field: 0)
                }
            }
            for tag in index.links[link].tags ?? [] {
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
        self.init(words: order.map { found.word($0) }, postings: order.map { postings.lists[$0] })
    }
}
