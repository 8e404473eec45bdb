import Foundation
import Synchronization

/// The search word tables a build found (words and initials' tails), with each link's key: what the
/// next build patches (`SearchWordMemory`). Kept in the state file (`BuildState.searchWords`), read only when the shards
/// ask for it.
///
/// A link's key is a fingerprint of what its words are found in — its title, its tags' names, its
/// description and its note, as the search index has them — at its id: a link whose key is the one
/// stored has the words and tails the tables hold for it, whatever else changed (settings, templates, the
/// output), and a link moved to another id is changed at both.
final class SearchWordStore: SearchWordMemory {
    private let stored: StoredSearchWords?
    private let memory = Mutex(Memory())

    private struct Memory {
        /// The tables the last build made, with its keys, when this store outlives a build (`advance`).
        var last: (tables: SearchWordTables, keys: [Fingerprint])?
        /// This build's keys, once `previous` has worked them out.
        var keys: [Fingerprint]?
        /// The tables the shards made, with their keys (`keep`).
        var made: (tables: SearchWordTables, keys: [Fingerprint])?
    }

    /// `previous`: the tables the last build left in the state.
    init(previous: StoredSearchWords?) {
        stored = previous
    }

    /// A store kept in memory from build to build (`serve`'s preview): see `advance`.
    convenience init() {
        self.init(previous: nil)
    }

    /// Makes the tables this build made the ones the next patches, for a store that outlives a build.
    func advance() {
        memory.withLock { memory in
            memory.last = memory.made ?? memory.last
            (memory.keys, memory.made) = (nil, nil)
        }
    }

    func previous(_ index: SearchIndexDocument) -> (tables: SearchWordTables, changed: [Int])? {
        let keys = Self.keys(index)
        let last = memory.withLock { memory in
            memory.keys = keys
            return memory.last
        }
        guard let (tables, previousKeys) = last ?? stored?.decode() else { return nil }
        let changed = (0..<max(keys.count, previousKeys.count)).filter {
            $0 >= keys.count || $0 >= previousKeys.count || keys[$0] != previousKeys[$0]
        }
        return (tables, changed)
    }

    func keep(_ tables: SearchWordTables, of index: SearchIndexDocument) {
        let keys = memory.withLock { $0.keys } ?? Self.keys(index)
        memory.withLock { $0.made = (tables, keys) }
    }

    /// The tables and keys this build made, for the state.
    var made: (tables: SearchWordTables, keys: [Fingerprint])? { memory.withLock { $0.made } }

    /// Each link's key, by id.
    static func keys(_ index: SearchIndexDocument) -> [Fingerprint] {
        var writer = ByteWriter(capacity: 4096)
        let labelNames = index.labelNames
        return index.links.indices.map { id in
            writer.removeAll()
            // Field by field: `index.links[id]` bound to a name is a copy of the whole entry.
            writer.string(index.links[id].title)
            writer.array(index.links[id].tags ?? []) { $0.string(index.tags[$1]) }
            // Labels are searched as tags are: by their names, not their numbers (which move).
            writer.array(index.links[id].labels ?? []) { $0.string(labelNames[$1]) }
            writer.optionalString(index.links[id].description)
            writer.optionalString(index.links[id].note)
            return Fingerprint(writer.bytes)
        }
    }
}

/// The search word tables in the state file: where they are, decoded when asked for.
struct StoredSearchWords: Sendable {
    let file: MappedFile
    let range: Range<Int>

    /// The tables and each link's key; nil when the bytes are damaged.
    func decode() -> (tables: SearchWordTables, keys: [Fingerprint])? {
        file.withUnsafeBytes { bytes in
            var reader = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[range]))
            do throws(ByteReader.Malformed) {
                let keys = try reader.array { r throws(ByteReader.Malformed) in try r.fingerprint() }
                let words = try Self.table(&reader)
                let tails = try Self.table(&reader)
                guard reader.isAtEnd else { return nil }
                return (SearchWordTables(words: words, tails: tails), keys)
            } catch {
                return nil
            }
        }
    }

    private static func table(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> SearchWordTable {
        let count = try reader.count()
        var words: [[UInt16]] = []
        var postings: [[UInt32]] = []
        words.reserveCapacity(count)
        postings.reserveCapacity(count)
        for _ in 0..<count {
            words.append(try Self.read(&reader, as: UInt16.self))
            postings.append(try Self.read(&reader, as: UInt32.self))
        }
        return SearchWordTable(words: words, postings: postings)
    }

    /// Writes `tables` and `keys` as `decode` reads them.
    static func write(_ tables: SearchWordTables, keys: [Fingerprint], to file: inout ChunkedFile) {
        file.writer.array(keys) { $0.fingerprint($1) }
        for table in [tables.words, tables.tails] {
            file.writer.int(table.words.count)
            for (word, postings) in zip(table.words, table.postings) {
                write(word, to: &file.writer)
                write(postings, to: &file.writer)
                file.flushIfFull()
            }
        }
    }

    /// A count, then the values' bytes as they are in memory (the state never leaves the machine).
    private static func write<T: FixedWidthInteger>(_ values: [T], to writer: inout ByteWriter) {
        writer.int(values.count)
        values.withUnsafeBytes { writer.append($0) }
    }

    private static func read<T: FixedWidthInteger>(
        _ reader: inout ByteReader, as: T.Type
    ) throws(ByteReader.Malformed)
        -> [T]
    {
        let count = try reader.count()
        let bytes = try reader.raw(count * MemoryLayout<T>.stride)
        // The bytes of a record need not be aligned for `T`: copied, not bound.
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            initialized = count
        }
    }
}
