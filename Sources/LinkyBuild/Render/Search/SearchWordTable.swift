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

/// The distinct words of a collection, numbered in the order they are first found: their code units
/// end to end in one array, found again through an open-addressing table of their hashes. A
/// dictionary of words needs an array for each word looked up, found or not.
struct WordArena {
    /// Word `id` is `units[starts[id]..<starts[id + 1]]`.
    private var units: [UInt16] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Word ids + 1, 0 for an empty slot; a power of two long, never more than half full.
    private var slots = [Int32](repeating: 0, count: 1 << 12)

    var count: Int { hashes.count }

    func word(_ id: Int) -> [UInt16] { Array(units[starts[id]..<starts[id + 1]]) }

    /// `word(a) < word(b)` by code unit.
    func precedes(_ a: Int, _ b: Int) -> Bool {
        units[starts[a]..<starts[a + 1]].lexicographicallyPrecedes(units[starts[b]..<starts[b + 1]])
    }

    /// The id of `word`, which is numbered next when it is new.
    mutating func id(of word: UnsafeBufferPointer<UInt16>) -> Int {
        let hash = Self.hash(word)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let id = Int(slots[slot]) - 1
            if hashes[id] == hash, equals(id, word) { return id }
            slot = (slot + 1) & mask
        }
        let id = hashes.count
        units.append(contentsOf: word)
        starts.append(units.count)
        hashes.append(hash)
        slots[slot] = Int32(id + 1)
        if hashes.count * 2 > slots.count { grow() }
        return id
    }

    private func equals(_ id: Int, _ word: UnsafeBufferPointer<UInt16>) -> Bool {
        let start = starts[id]
        guard starts[id + 1] - start == word.count else { return false }
        return units.withUnsafeBufferPointer { stored in
            word.isEmpty || memcmp(stored.baseAddress! + start, word.baseAddress!, word.count * 2) == 0
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id + 1)
        }
    }

    /// FNV-1a over the code units, its high bits folded down (the table indexes by the low ones).
    private static func hash(_ word: UnsafeBufferPointer<UInt16>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for unit in word { hash = (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01B3 }
        return hash ^ (hash >> 29)
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
