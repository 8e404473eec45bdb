import Foundation
import Testing

@testable import LinkyBuild

/// The word arena behind the search index's word table: one id per distinct word, kept through its
/// table's growth, with the words and their order given back as they went in.
@Suite struct SearchWordTableTests {
    @Test func eachDistinctWordHasOneIdThroughEveryGrowth() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcxyz09".utf16) + Array("가나다한글".utf16) + [0x00E9, 0x3131]
        var arena = WordArena()
        var ids: [[UInt16]: Int] = [:]
        // Far past the table's first size (4,096 slots), with short words that repeat often.
        for _ in 0..<60_000 {
            let word = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement()! }
            let id = word.withUnsafeBufferPointer { arena.id(of: $0) }
            if let known = ids[word] {
                #expect(id == known, "\(word)")
            } else {
                #expect(id == ids.count, "a new word is numbered next")
                ids[word] = id
            }
        }
        #expect(arena.count == ids.count)
        #expect(ids.count > 5_000)
        for (word, id) in ids { #expect(arena.word(id) == word) }
        let order = (0..<arena.count).sorted { arena.precedes($0, $1) }.map { arena.word($0) }
        #expect(order == ids.keys.sorted { $0.lexicographicallyPrecedes($1) })
        // The sort by packed first units is the same order (words up to eight units long: ties past four).
        #expect(arena.sortedIDs().map { arena.word($0) } == order)
    }

    /// The eight-at-a-time test finds a byte over 0x7F at any place of any length, and text taken for
    /// ASCII is cut into the words the general rule gives.
    @Test func asciiIsToldApartAtEveryPlace() {
        for length in 0..<40 {
            let plain =
                Array("Abc, xyz 09 word-Word".utf8.prefix(length))
                + Array(repeating: UInt8(ascii: "q"), count: max(0, length - 21))
            #expect(plain.withUnsafeBufferPointer(SearchText.isASCII), "\(length) bytes")
            for place in 0..<length {
                var high = plain
                high[place] = 0x80 | UInt8(place % 64)
                #expect(!high.withUnsafeBufferPointer(SearchText.isASCII), "\(length) bytes, high at \(place)")
            }
            // The same words as the scalar rule, which does not take the ASCII path.
            let text = String(decoding: plain, as: UTF8.self)
            var fromASCII: [[UInt16]] = []
            var scratch: [UInt16] = []
            SearchText.forEachWord(text, scratch: &scratch) { fromASCII.append(Array($0)) }
            let general = SearchText.fold(text).split { !$0.isLetter && !$0.isNumber }.map { Array($0.utf16) }
            #expect(fromASCII == general, "\(text)")
        }
    }

    /// The table built from the words of each field, against the same built with a dictionary.
    @Test func postingsAreEachWordsLinksAndFields() {
        let index = SearchIndexDocument(
            categories: [], tags: ["Swift", "한글 검색"],
            links: [
                .init(
                    title: "Swift search", url: "https://a.example/", domain: "a.example", description: "Fast search",
                    tags: [0], category: 0),
                .init(
                    title: "검색 엔진", url: "https://b.example/", domain: "b.example", note: "한글 notes", tags: [1],
                    category: 0),
                .init(
                    title: "Crème brûlée", url: "https://c.example/", domain: "c.example", description: "swift",
                    note: "search", category: 0),
            ])
        let table = SearchWordTable(index)
        var expected: [[UInt16]: [UInt32]] = [:]
        for (link, entry) in index.links.enumerated() {
            var fields: [[UInt16]: UInt32] = [:]
            let texts = [
                [entry.title], (entry.tags ?? []).map { index.tags[$0] }, [entry.description ?? ""], [entry.note ?? ""],
            ]
            for (field, parts) in texts.enumerated() {
                for part in parts {
                    for word in SearchText.words(part) { fields[word, default: 0] |= 1 << field }
                }
            }
            for (word, bits) in fields { expected[word, default: []].append(UInt32(link) << 4 | bits) }
        }
        #expect(table.words == expected.keys.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(table.postings == table.words.map { expected[$0]! })
        #expect(table.words.contains(Array("search".utf16)) && table.words.contains(Array("creme".utf16)))
    }

    /// A rebuild patches the last build's table (`SearchWordMemory`): the changed links' postings out,
    /// their words found again. Through random edits — a word added or gone, a tag given or taken, a
    /// link added, removed or moved — the patched table is the one made whole.
    @Test func aPatchedTableIsTheTableMadeWhole() {
        var random = SystemRandomNumberGenerator()
        let vocabulary = [
            "swift", "search", "검색", "한글", "Crème", "brûlée", "fast", "notes", "ΟΔΟΣ", "rust", "web", "a1",
        ]
        let tags = ["Swift", "한글 검색", "web tools", "rust"]
        func text(_ words: Int) -> String {
            (0..<words).map { _ in vocabulary.randomElement(using: &random)! }.joined(separator: " ")
        }
        func link(_ id: Int) -> SearchIndexDocument.LinkEntry {
            let tagged = tags.indices.filter { _ in Bool.random(using: &random) }
            return .init(
                title: text(Int.random(in: 1...3, using: &random)), url: "https://\(id).example/", domain: "example",
                description: Bool.random(using: &random) ? text(Int.random(in: 0...5, using: &random)) : nil,
                note: Bool.random(using: &random) ? text(2) : nil, tags: tagged.isEmpty ? nil : tagged, category: 0)
        }
        for round in 0..<200 {
            let links = (0..<Int.random(in: 0...12, using: &random)).map(link)
            let before = SearchIndexDocument(categories: [], tags: tags, links: links)
            var after = links
            var changed: Set<Int> = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !after.isEmpty:
                    let id = Int.random(in: 0..<after.count, using: &random)
                    after[id] = link(id)
                    changed.insert(id)
                case 1:
                    // Added at the end, or removed from it: the ids past the shorter list change.
                    changed.insert(after.count)
                    after.append(link(after.count))
                case 2 where !after.isEmpty:
                    after.removeLast()
                    changed.insert(after.count)
                case 3 where after.count > 1:
                    // Two links swap places: each is changed at its id.
                    let (a, b) = (0, after.count - 1)
                    after.swapAt(a, b)
                    changed.formUnion([a, b])
                default: break
                }
            }
            let now = SearchIndexDocument(categories: [], tags: tags, links: after)
            let patched = SearchWordTable(now, patching: SearchWordTable(before), changed: changed.sorted())
            #expect(patched == SearchWordTable(now), "round \(round)")
            // The initials' tails are patched alike.
            let tails = SearchWordTable(
                count: after.count, patching: SearchWordTable(tailsOf: before, links: links.indices),
                with: SearchWordTable(tailsOf: now, links: changed.filter { $0 < after.count }.sorted()),
                changed: changed.sorted())
            #expect(tails == SearchWordTable(tailsOf: now, links: after.indices), "round \(round)")
            // Nothing changed, nothing found again: the same table.
            #expect(SearchWordTable(now, patching: SearchWordTable(now), changed: []) == SearchWordTable(now))
        }
    }
}
