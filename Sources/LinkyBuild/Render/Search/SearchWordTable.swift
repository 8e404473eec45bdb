import Foundation

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
        var found = WordArena()
        var postings = Postings()
        var tagWords: [Int: [Int]] = [:]
        var scratch: Word = []
        for (link, entry) in index.links.enumerated() {
            SearchText.forEachWord(entry.title, scratch: &scratch) { postings.add(found.id(of: $0), field: 0) }
            for tag in entry.tags ?? [] {
                if tagWords[tag] == nil {
                    var ids: [Int] = []
                    SearchText.forEachWord(index.tags[tag], scratch: &scratch) { ids.append(found.id(of: $0)) }
                    tagWords[tag] = ids
                }
                for id in tagWords[tag]! { postings.add(id, field: 1) }
            }
            SearchText.forEachWord(entry.description ?? "", scratch: &scratch) {
                postings.add(found.id(of: $0), field: 2)
            }
            SearchText.forEachWord(entry.note ?? "", scratch: &scratch) { postings.add(found.id(of: $0), field: 3) }
            postings.close(link: link)
        }
        let order = (0..<found.count).sorted { found.precedes($0, $1) }
        self.words = order.map { found.word($0) }
        self.postings = order.map { postings.lists[$0] }
    }

    /// The postings as they are found, a link at a time. A struct, not local variables a nested
    /// function captures: those are checked for overlapping access at run time, at every word.
    private struct Postings {
        var lists: [[UInt32]] = []
        /// The fields each word is in for the link at hand, by word id, and the ids set so far.
        var fields: [UInt8] = []
        var touched: [Int] = []

        mutating func add(_ id: Int, field: Int) {
            if id == fields.count {
                lists.append([])
                fields.append(0)
            }
            if fields[id] == 0 { touched.append(id) }
            fields[id] |= 1 << field
        }

        /// Ends the link's words: a posting for each word it has.
        mutating func close(link: Int) {
            for id in touched {
                lists[id].append(UInt32(link) << 4 | UInt32(fields[id]))
                fields[id] = 0
            }
            touched.removeAll(keepingCapacity: true)
        }
    }
}
