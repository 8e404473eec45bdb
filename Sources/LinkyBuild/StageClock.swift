import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Stage timings on standard error when `LINKY_TIMINGS` is set: how the benchmark figures are explained.
/// Each stage gives its wall time and the CPU time of the whole process during it (user + system, all
/// threads), so a stage that leaves cores idle shows as CPU below wall × cores, and the peak resident
/// memory so far when it ends (where a large build's memory goes).
struct StageClock {
    private let enabled = ProcessInfo.processInfo.environment["LINKY_TIMINGS"] != nil
    private var last = DispatchTime.now()
    private var lastCPU = StageClock.cpuSeconds()
    private var laps: [(String, Double, Double, Int)] = []
    private var notes: [String] = []

    mutating func lap(_ name: String) {
        guard enabled else { return }
        let now = DispatchTime.now()
        let cpu = Self.cpuSeconds()
        laps.append((name, Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e9, cpu - lastCPU, Self.peakMB()))
        last = now
        lastCPU = cpu
    }

    /// What the timings depend on, said after them (how much work the cache saved).
    mutating func note(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        notes.append(text())
    }

    func report() {
        guard enabled else { return }
        let text = laps.map { String(format: "%@ %.3f s (cpu %.3f s, peak %d MB)", $0.0, $0.1, $0.2, $0.3) }
            .joined(separator: ", ")
        let noted = notes.isEmpty ? "" : "; " + notes.joined(separator: ", ")
        FileHandle.standardError.write(Data("timings: \(text)\(noted)\n".utf8))
    }

    /// The process's peak resident memory so far, in MB (`ru_maxrss` is in KiB on Linux).
    private static func peakMB() -> Int { usage().map { Int($0.ru_maxrss) / 1024 } ?? 0 }

    private static func cpuSeconds() -> Double {
        guard let usage = usage() else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func usage() -> rusage? {
        var usage = rusage()
        return getrusage(RUSAGE_SELF.rawValue, &usage) == 0 ? usage : nil
    }
}
