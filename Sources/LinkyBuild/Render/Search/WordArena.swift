import Foundation

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

    /// Every id, in the order of their words by code unit (`precedes`). Words are first told apart by
    /// their first four code units packed into one number (a word never holds the code unit 0, so a
    /// shorter word's padding sorts it first), and only words alike that far are compared unit by
    /// unit: a sort of 100,000 words through `precedes` spent most of its time making slices.
    func sortedIDs() -> [Int] {
        units.withUnsafeBufferPointer { units in
            starts.withUnsafeBufferPointer { starts in
                let keys = (0..<count).map { id -> UInt64 in
                    let (start, end) = (starts[id], starts[id + 1])
                    var key: UInt64 = 0
                    for offset in 0..<4 { key = key << 16 | (start + offset < end ? UInt64(units[start + offset]) : 0) }
                    return key
                }
                return (0..<count).sorted { a, b in
                    if keys[a] != keys[b] { return keys[a] < keys[b] }
                    // Alike in their first four units, so both are at least four long (or the same word).
                    let first = UnsafeBufferPointer(rebasing: units[min(starts[a] + 4, starts[a + 1])..<starts[a + 1]])
                    let second = UnsafeBufferPointer(rebasing: units[min(starts[b] + 4, starts[b + 1])..<starts[b + 1]])
                    return first.lexicographicallyPrecedes(second)
                }
            }
        }
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
