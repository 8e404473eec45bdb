import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How a command that ends when its one build ends asks glibc's allocator to keep memory it frees.
///
/// By default glibc gives a thread's freed memory back to the kernel as soon as 128 KB of it lies at
/// the top of the thread's heap, and serves each block over 128 KB (at first) with a mapping of its
/// own, unmapped when freed. A build allocates and frees buffers of megabytes (a page's text, a
/// JSON document, the parses of a thousand files) on every thread, so the same memory went back
/// and came again, each page zeroed by the kernel at its first touch: a third of a 10k rebuild's
/// 40,000 page faults were the allocator's own (`perf record -e page-faults`).
///
/// Kept, the memory is used again: blocks up to 32 MB come from the heaps, which keep 64 MB spare
/// and give memory back only beyond 256 MB. The peak a build reaches is what it holds at once, so
/// it hardly changes; `serve`, which runs for hours, keeps glibc's defaults.
///
/// And one arena a core instead of glibc's eight: what one stage's threads freed was kept in arenas
/// the next stage's threads did not allocate from. A million links' build peaked at 9.07 GB with
/// eight, 8.22 GB with two (`Benchmarks/README.md`, session 35); a 10k build's time is the same.
/// A reader's `MALLOC_ARENA_MAX` wins.
enum ProcessMemory {
    static func keepFreedMemory() {
        #if canImport(Glibc)
            // `mallopt` is not in the Glibc module; looked up, so a libc without it is left alone.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            let (trimThreshold, topPad, mmapThreshold): (Int32, Int32, Int32) = (-1, -2, -3)  // malloc.h
            _ = mallopt(mmapThreshold, 32 << 20)
            _ = mallopt(topPad, 64 << 20)
            _ = mallopt(trimThreshold, 256 << 20)
            let arenaMax: Int32 = -8  // M_ARENA_MAX
            if ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil {
                _ = mallopt(arenaMax, Int32(max(ProcessInfo.processInfo.activeProcessorCount, 1)))
            }
        #endif
    }
}
