import Foundation
import Synchronization

/// Runs blocking work (file reads) on threads of its own, off the concurrency pool.
enum ReaderThreads {
    static let count = 16

    /// `work(0)…work(count - 1)`, in that order, computed on up to `ReaderThreads.count` threads.
    static func map<T: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) -> T) async -> [T] {
        guard count > 0 else { return [] }
        let threads = min(Self.count, count)
        // Indices are taken 16 at a time: few lock turns, and neighbours (files of one folder) together.
        let next = Mutex(0)
        // Each thread's results with their indices; put in order once all are in.
        let collected = Mutex<(threads: Int, results: [(Int, T)])>((0, []))
        let results = await withCheckedContinuation { (continuation: CheckedContinuation<[(Int, T)], Never>) in
            for _ in 0..<threads {
                let thread = Thread {
                    var local: [(Int, T)] = []
                    while true {
                        let start = next.withLock { next -> Int in
                            defer { next += 16 }
                            return next
                        }
                        guard start < count else { break }
                        for index in start..<min(start + 16, count) { local.append((index, work(index))) }
                    }
                    let all = collected.withLock { collected -> [(Int, T)]? in
                        collected.results += local
                        collected.threads += 1
                        return collected.threads == threads ? collected.results : nil
                    }
                    if let all { continuation.resume(returning: all) }
                }
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
        var ordered = [T?](repeating: nil, count: count)
        for (index, value) in results { ordered[index] = value }
        return ordered.map { $0! }
    }
}
