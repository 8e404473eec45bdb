/// Every distinct folded word of the collection with where it occurs: the postings the term shards
/// are cut from. Fields are numbered as the search page weighs them: 0 title, 1 tags, 2 description,
/// 3 note.
struct SearchWordTable: Sendable {
    typealias Word = SearchText.Word

    /// Sorted by UTF-16 code unit, as the page compares strings.
    var words: [Word]
    /// Per word, ascending by link: `link << 4 | fields`, where bit `f` of `fields` says field `f` has the word.
    var postings: [[UInt32]]

    init(_ index: SearchIndexDocument) {
        var ids: [WordKey: Int] = [:]
        var words: [Word] = []
        var postings: [[UInt32]] = []
        var tagWords: [Int: [Word]] = [:]
        // The fields each word is in for the link at hand, by word id, and the ids set so far.
        var fields: [UInt8] = []
        var touched: [Int] = []
        for (link, entry) in index.links.enumerated() {
            func add(_ found: [Word], field: Int) {
                for word in found {
                    let id: Int
                    if let known = ids[WordKey(word)] {
                        id = known
                    } else {
                        id = words.count
                        ids[WordKey(word)] = id
                        words.append(word)
                        postings.append([])
                        fields.append(0)
                    }
                    if fields[id] == 0 { touched.append(id) }
                    fields[id] |= 1 << field
                }
            }
            add(SearchText.words(entry.t), field: 0)
            for tag in entry.g ?? [] {
                if tagWords[tag] == nil { tagWords[tag] = SearchText.words(index.tags[tag]) }
                add(tagWords[tag]!, field: 1)
            }
            add(SearchText.words(entry.s ?? ""), field: 2)
            add(SearchText.words(entry.n ?? ""), field: 3)
            for id in touched {
                postings[id].append(UInt32(link) << 4 | UInt32(fields[id]))
                fields[id] = 0
            }
            touched.removeAll(keepingCapacity: true)
        }
        let order = words.indices.sorted { words[$0].lexicographicallyPrecedes(words[$1]) }
        self.words = order.map { words[$0] }
        self.postings = order.map { postings[$0] }
    }
}

/// A word as a dictionary key, hashed as one run of bytes rather than a code unit at a time (finding
/// each word of a 10,000-link collection was a tenth of the search index's time).
struct WordKey: Hashable {
    let word: [UInt16]

    init(_ word: [UInt16]) { self.word = word }

    func hash(into hasher: inout Hasher) {
        word.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

extension [UInt16] {
    /// `self < other` as JavaScript compares strings: by UTF-16 code unit.
    static func codeUnitsPrecede(_ lhs: [UInt16], _ rhs: [UInt16]) -> Bool {
        lhs.lexicographicallyPrecedes(rhs)
    }

    func hasPrefix(_ prefix: [UInt16]) -> Bool {
        count >= prefix.count && self[0..<prefix.count].elementsEqual(prefix)
    }

    var string: String { String(decoding: self, as: UTF16.self) }
}
