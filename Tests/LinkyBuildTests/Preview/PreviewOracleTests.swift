import Foundation
import LinkyTestSupport
import Testing

@testable import LinkyBuild

/// The oracle of `RebuildOracleTests` for the preview behind `serve`: after many incremental updates
/// of a generated site whose search index is split into many shards, the preview holds exactly the
/// files, byte for byte, that a build that reuses nothing writes — and so does a copy kept up to date
/// only from the paths the updates reported, as `serve` keeps the one it answers from.
@Suite struct PreviewOracleTests {
    /// A link file with a new title, and its description and note (when it has one) cut to a word:
    /// their words leave the search index, and with them search shards.
    static func stripped(_ text: String, step: Int) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let end = lines.dropFirst().firstIndex(of: "---") else { return text }
        var frontMatter: [Substring] = []
        for line in lines[1..<end] {
            if line.hasPrefix("title:") {
                frontMatter.append("title: \"Stripped \(step)\"")
            } else if !line.hasPrefix("description:") {
                frontMatter.append(line)
            }
        }
        let hasNote = lines[(end + 1)...].contains { !$0.isEmpty }
        return (["---"] + frontMatter + ["---"]).joined(separator: "\n") + "\n" + (hasNote ? "Cut.\n" : "")
    }

    @Test func strippingManyLinksOneUpdateAtATimeEndsWhereAFreshBuildWrites() async throws {
        let site = try GeneratedSite(links: 400)
        defer { site.remove() }
        var preview = await PreviewBuild(
            options: BuildOptions(siteFolder: site.folder, baseURL: RebuildOracleTests.baseURL))
        #expect(!preview.hasErrors, "\(preview.diagnostics.prefix(3))")
        var served = preview.files
        func publish(_ paths: [String]) {
            for path in paths { served[path] = preview.files[path] }
        }
        let shardsBefore = preview.files.keys.filter { $0.hasPrefix(SearchShardFormat.folder) }.count
        let root = site.folder.standardizedFileURL.path + "/"
        var updates: [String] = []
        // Every fourth link (every other in `scripts/test-long`), one update at a time; the deferred files
        // after every twentieth step (as `serve` renders them after each update, or after a burst of
        // updates), and at the end.
        let every = TestLength.pick(short: 4, long: 2)
        for (step, file) in try RebuildOracleTests.linkFiles(site).enumerated() where step % every == 0 {
            let text = try String(contentsOf: file, encoding: .utf8)
            try Self.stripped(text, step: step).write(to: file, atomically: false, encoding: .utf8)
            let path = String(file.standardizedFileURL.path.dropFirst(root.count))
            let update = await preview.update([path])
            guard case .incremental(let paths) = update else {
                updates.append("\(path): \(update)")
                continue
            }
            publish(paths)
            if step % 20 == 0 { publish(await preview.renderDeferred()) }
        }
        publish(await preview.renderDeferred())
        #expect(updates.isEmpty, "updates that were not incremental: \(updates.prefix(3))")
        #expect(!preview.hasErrors, "\(preview.diagnostics.prefix(3))")

        var fresh = try await RebuildOracleTests.freshBuild(site)
        fresh[OutputWriter.marker] = nil
        let shardsAfter = fresh.keys.filter { $0.hasPrefix(SearchShardFormat.folder) }.count
        #expect(shardsAfter < shardsBefore, "the site should lose shards: \(shardsBefore) → \(shardsAfter)")
        let same = preview.files == fresh
        #expect(same, "the preview: \(RebuildOracleTests.difference(preview.files, fresh))")
        let sameServed = served == fresh
        #expect(sameServed, "what serve would answer: \(RebuildOracleTests.difference(served, fresh))")
    }

    /// Links moved to other hosts, one update at a time: the websites' pages (`sites`) they leave and
    /// join, and the index of websites, end as a fresh build writes them.
    @Test func movingLinksToOtherHostsOneUpdateAtATimeEndsWhereAFreshBuildWrites() async throws {
        let site = try GeneratedSite(links: 150)
        defer { site.remove() }
        var preview = await PreviewBuild(
            options: BuildOptions(siteFolder: site.folder, baseURL: RebuildOracleTests.baseURL))
        #expect(!preview.hasErrors, "\(preview.diagnostics.prefix(3))")
        let root = site.folder.standardizedFileURL.path + "/"
        var updates: [String] = []
        for (step, file) in try RebuildOracleTests.linkFiles(site).enumerated() where step % 5 == 0 {
            let text = try String(contentsOf: file, encoding: .utf8)
            let moved = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasPrefix("url: ") ? "url: https://moved\(step % 3).example/\(step)" : String($0)
            }
            try moved.joined(separator: "\n").write(to: file, atomically: false, encoding: .utf8)
            let update = await preview.update([String(file.standardizedFileURL.path.dropFirst(root.count))])
            if case .incremental = update { continue }
            updates.append("\(file.lastPathComponent): \(update)")
        }
        _ = await preview.renderDeferred()
        #expect(updates.isEmpty, "updates that were not incremental: \(updates.prefix(3))")
        var fresh = try await RebuildOracleTests.freshBuild(site)
        fresh[OutputWriter.marker] = nil
        #expect(fresh["sites/moved0-example/index.html"] != nil)
        let same = preview.files == fresh
        #expect(same, "the preview: \(RebuildOracleTests.difference(preview.files, fresh))")
    }
}
