import Foundation

/// The last build's search word table, for a rebuild to patch instead of finding every link's words
/// again: the table was 7% of a 10k one-file rebuild's CPU, on the core the search shards keep busy
/// longest. A build's cache gives it (its one implementation is in Rebuild/); a build without one
/// finds every word.
protocol SearchWordMemory: Sendable {
    /// The table of the links as the last build found them, with the ids (then or now) of the links
    /// whose words may differ in `index`; nil when there is none to patch.
    func previous(_ index: SearchIndexDocument) -> (table: SearchWordTable, changed: [Int])?
    /// This build's table of `index`, for the next build.
    func keep(_ table: SearchWordTable, of index: SearchIndexDocument)
}

extension SearchWordTable {
    /// The table of `index`: patched from the last build's when `memory` has it and fewer than half
    /// the links changed, else found whole; kept in `memory` for the next build.
    init(_ index: SearchIndexDocument, memory: (any SearchWordMemory)?) {
        if let memory, let (previous, changed) = memory.previous(index), changed.count * 2 <= index.links.count {
            self.init(index, patching: previous, changed: changed)
        } else {
            self.init(index)
        }
        memory?.keep(self, of: index)
    }
}
