import Foundation

/// The last build's search word tables, for a rebuild to patch instead of finding every link's words
/// again: the word table was 7% of a 10k one-file rebuild's CPU, on the core the search shards keep
/// busy longest. The initials' tails of the `p` space are kept the same way, one design for both
/// (measured at 10k: about even, what finding them costs the bigger state costs to write and read).
/// A build's cache gives it (its one implementation is in Rebuild/); a build without one finds every word.
protocol SearchWordMemory: Sendable {
    /// The tables of the links as the last build found them, with the ids (then or now) of the links
    /// whose words may differ in `index`; nil when there are none to patch.
    func previous(_ index: SearchIndexDocument) -> (tables: SearchWordTables, changed: [Int])?
    /// This build's tables of `index`, for the next build.
    func keep(_ tables: SearchWordTables, of index: SearchIndexDocument)
}

/// The two tables the term shards are cut from, both of them a link's words' postings by key: the
/// folded words (`SearchWordTable(_:)`) and the tails of the titles' and tags' initial consonants
/// (`SearchWordTable(tailsOf:)`, the `p` space).
struct SearchWordTables: Sendable, Equatable {
    var words: SearchWordTable
    var tails: SearchWordTable

    /// The tables of `index`, found whole.
    init(_ index: SearchIndexDocument) {
        words = SearchWordTable(index)
        tails = SearchWordTable(tailsOf: index, links: index.links.indices)
    }

    init(words: SearchWordTable, tails: SearchWordTable) {
        self.words = words
        self.tails = tails
    }

    /// The tables of `index`: patched from the last build's when `memory` has them and fewer than half
    /// the links changed, else found whole; kept in `memory` for the next build.
    init(_ index: SearchIndexDocument, memory: (any SearchWordMemory)?) {
        if let memory, let (previous, changed) = memory.previous(index), changed.count * 2 <= index.links.count {
            let links = changed.filter { $0 < index.links.count }.sorted()
            self.init(
                words: SearchWordTable(
                    count: index.links.count, patching: previous.words, with: SearchWordTable(index, links: links),
                    changed: changed),
                tails: SearchWordTable(
                    count: index.links.count, patching: previous.tails,
                    with: SearchWordTable(tailsOf: index, links: links), changed: changed))
        } else {
            self.init(index)
        }
        memory?.keep(self, of: index)
    }
}
