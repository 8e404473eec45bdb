import LinkyModel

/// Runs one job per URL with at most `perHost` at a time on any host and `total` in all, so a
/// collection with 300 links to one site does not hammer it. Results come back in input order.
struct HostScheduler: Sendable {
    var perHost: Int
    var total: Int

    func run<Result: Sendable>(
        _ urls: [LinkURL], job: @escaping @Sendable (LinkURL) async -> Result
    ) async -> [Result] {
        // Lanes: each host's URLs dealt round-robin onto at most `perHost` lanes, each lane serial.
        var byHost: [String: [Int]] = [:]
        var hostOrder: [String] = []
        for (index, url) in urls.enumerated() {
            let host = url.host.isEmpty ? url.absoluteString : url.host
            if byHost[host] == nil { hostOrder.append(host) }
            byHost[host, default: []].append(index)
        }
        var lanes: [[Int]] = []
        for host in hostOrder {
            let indices = byHost[host]!
            let count = min(max(perHost, 1), indices.count)
            for lane in 0..<count {
                lanes.append(stride(from: lane, to: indices.count, by: count).map { indices[$0] })
            }
        }
        var results = [Result?](repeating: nil, count: urls.count)
        await withTaskGroup(of: [(Int, Result)].self) { group in
            var running = 0
            for lane in lanes {
                if running >= max(total, 1), let finished = await group.next() {
                    for (index, result) in finished { results[index] = result }
                    running -= 1
                }
                group.addTask {
                    var done: [(Int, Result)] = []
                    for index in lane { done.append((index, await job(urls[index]))) }
                    return done
                }
                running += 1
            }
            for await finished in group {
                for (index, result) in finished { results[index] = result }
            }
        }
        return results.map { $0! }
    }
}
