import Foundation

/// Every distinct folded word of the collection with where it occurs: the postings the term shards
/// are cut from. Fields are numbered as the search page weighs them: 0 title, 1 tags, 2 description,
/// 3 note.
struct SearchWordTable: Sendable, Equatable {
    typealias Word = SearchText.Word

    /// Sorted by UTF-16 code unit, as the page compares strings.
    var words: [Word]
    /// Per word, ascending by link: `link << 4 | fields`, where bit `f` of `fields` says field `f` has the word.
    var postings: [[UInt32]]

    init(words: [Word], postings: [[UInt32]]) {
        self.words = words
        self.postings = postings
    }

    /// The words of every link of `index`.
    init(_ index: SearchIndexDocument) {
        self.init(index, links: index.links.indices)
    }

    /// The words of the links of `links` only (ids of `index`, ascending).
    init(_ index: SearchIndexDocument, links: some Sequence<Int>) {
        var found = WordArena()
        var postings = Postings()
        var tagWords: [Int: [Int]] = [:]
        var labelWords: [Int: [Int]] = [:]
        let labelNames = index.labelNames
        var scratch: Word = []
        // A tag's or a label's words are split once, then counted for each link that has it.
        func addNamed(_ key: Int, _ name: String, _ cache: inout [Int: [Int]]) {
            if cache[key] == nil {
                var ids: [Int] = []
                SearchText.forEachWord(name, scratch: &scratch) { ids.append(found.id(of: $0)) }
                cache[key] = ids
            }
            for id in cache[key]! { postings.add(id, field: 1) }
        }
        for link in links {
            let entry = index.links[link]
            SearchText.forEachWord(entry.title, scratch: &scratch) { postings.add(found.id(of: $0), field: 0) }
            for tag in entry.tags ?? [] { addNamed(tag, index.tags[tag], &tagWords) }
            // Labels (`MIT`, `Docker`) are found as tags are.
            for label in entry.labels ?? [] { addNamed(label, labelNames[label], &labelWords) }
            SearchText.forEachWord(entry.description ?? "", scratch: &scratch) {
                postings.add(found.id(of: $0), field: 2)
            }
            SearchText.forEachWord(entry.note ?? "", scratch: &scratch) { postings.add(found.id(of: $0), field: 3) }
            postings.close(link: link)
        }
        let order = found.sortedIDs()
        self.words = order.map { found.word($0) }
        self.postings = order.map { postings.lists[$0] }
    }

    /// The table of `index` made from `previous`, the table of the links as they were, in which only
    /// the links of `changed` (ids then or now) may have other words: their postings are taken out,
    /// and those of the changed links `index` still has found again. The same table as
    /// `init(index)` makes, for a fraction of the work when a few links changed.
    init(_ index: SearchIndexDocument, patching previous: SearchWordTable, changed: [Int]) {
        let links = changed.filter { $0 < index.links.count }.sorted()
        self.init(
            count: index.links.count, patching: previous, with: SearchWordTable(index, links: links), changed: changed)
    }

    /// `previous`, a table of the links as they were, patched for a collection of `count` links in which
    /// only the links of `changed` (ids then or now) may differ: their postings are taken out, and
    /// `made`'s — the table of the changed links still there, found again — merged in. A table of words
    /// or of initials' tails alike.
    init(count: Int, patching previous: SearchWordTable, with made: SearchWordTable, changed: [Int]) {
        var isChanged = [Bool](repeating: false, count: count)
        for id in changed where id < count { isChanged[id] = true }
        // A link the collection no longer has is taken out too.
        func unchanged(_ posting: UInt32) -> Bool {
            let link = Int(posting >> 4)
            return link < count && !isChanged[link]
        }
        // The previous postings of a word without the changed links' (nil when none is left): the
        // same array, uncopied, when it has none of them.
        func kept(_ list: [UInt32]) -> [UInt32]? {
            guard !list.allSatisfy(unchanged) else { return list }
            let left = list.filter(unchanged)
            return left.isEmpty ? nil : left
        }
        var words: [Word] = []
        var postings: [[UInt32]] = []
        words.reserveCapacity(previous.words.count + made.words.count)
        postings.reserveCapacity(previous.words.count + made.words.count)
        // Both tables' words are sorted: a merge, as of two sorted lists.
        var old = 0
        var new = 0
        while old < previous.words.count || new < made.words.count {
            let takesOld: Bool
            let takesNew: Bool
            if new == made.words.count {
                (takesOld, takesNew) = (true, false)
            } else if old == previous.words.count {
                (takesOld, takesNew) = (false, true)
            } else if previous.words[old] == made.words[new] {
                (takesOld, takesNew) = (true, true)
            } else {
                takesOld = previous.words[old].lexicographicallyPrecedes(made.words[new])
                takesNew = !takesOld
            }
            let left = takesOld ? kept(previous.postings[old]) : nil
            if takesNew {
                words.append(made.words[new])
                postings.append(left.map { Self.merged($0, made.postings[new]) } ?? made.postings[new])
            } else if let left {
                words.append(previous.words[old])
                postings.append(left)
            }
            if takesOld { old += 1 }
            if takesNew { new += 1 }
        }
        self.words = words
        self.postings = postings
    }

    /// Two lists of postings of different links, each ascending, as one.
    private static func merged(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(a.count + b.count)
        var (i, j) = (0, 0)
        while i < a.count, j < b.count {
            if a[i] < b[j] {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        result += a[i...]
        result += b[j...]
        return result
    }

    /// The postings as they are found, a link at a time (of words here, of initials' tails in
    /// `SearchShards+Phrases`). A struct, not local variables a nested function captures: those are
    /// checked for overlapping access at run time, at every word.
    struct Postings {
        var lists: [[UInt32]] = []
        /// The fields each word is in for the link at hand, by word id, and the ids set so far.
        var fields: [UInt8] = []
        var touched: [Int] = []

        mutating func add(_ id: Int, field: Int) {
            while id >= fields.count {
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
