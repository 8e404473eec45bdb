import Foundation

/// Work over `0..<count` split into chunks, run as tasks on the concurrency pool, with the results
/// put back in index order: the shape of the parse stage, the page fingerprints and the rebuild plan.
package enum ParallelChunks {
    /// `transform` of each chunk of indices, concatenated in order. Chunks hold at least `minimum`
    /// indices, and there are about `perCore` of them per core.
    package static func map<T: Sendable>(
        _ count: Int, minimum: Int, perCore: Int, _ transform: @escaping @Sendable (Range<Int>) -> [T]
    ) async -> [T] {
        let workers = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        let chunkSize = max(minimum, count / (workers * perCore) + 1)
        let starts = Array(stride(from: 0, to: count, by: chunkSize))
        return await withTaskGroup(of: (Int, [T]).self) { group in
            for (index, start) in starts.enumerated() {
                group.addTask { (index, transform(start..<min(start + chunkSize, count))) }
            }
            var parts = [[T]](repeating: [], count: starts.count)
            for await (index, part) in group { parts[index] = part }
            return parts.flatMap { $0 }
        }
    }
}
