import Foundation
import LinkyModel
import LinkyTestSupport
import Testing

@testable import LinkyBuild

/// The rebuild-versus-fresh oracle of `RebuildStateTests`, on a generated site large enough that its
/// search index is split into many shards: many links deleted at once, and a seeded random run of
/// deletions, edits and renames. After each, a rebuild that starts from the last build's state must
/// leave exactly the bytes a build that reuses nothing (`--no-cache`) writes.
@Suite struct RebuildOracleTests {
    static let baseURL = "https://example.com/links/"

    /// A build into the site's `_site`, from the state the last one left.
    static func cachedBuild(_ site: GeneratedSite) async -> BuildReport {
        await SiteBuilder().build(BuildOptions(siteFolder: site.folder, baseURL: baseURL))
    }

    /// The whole output of a build that reuses nothing, into a new folder.
    static func freshBuild(_ site: GeneratedSite) async throws -> [String: Data] {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-fresh-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: BuildState.location(of: folder))
            try? FileManager.default.removeItem(at: ParseStore.location(of: folder))
        }
        var options = BuildOptions(siteFolder: site.folder, outputFolder: folder, baseURL: baseURL)
        options.reuseState = false
        let report = await SiteBuilder().build(options)
        #expect(report.outcome == .success, "\(report.diagnostics.prefix(3))")
        return try filesBelow(folder)
    }

    static func output(_ site: GeneratedSite) -> URL { site.folder.appending(path: "_site") }

    /// The link files of the site (not the categories' `_index.md`), sorted.
    static func linkFiles(_ site: GeneratedSite) throws -> [URL] { try linkFiles(in: site.folder) }

    static func linkFiles(in folder: URL) throws -> [URL] {
        let walker = FileManager.default.enumerator(
            at: folder.appending(path: "links"), includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "md", url.lastPathComponent != "_index.md" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Builds twice, a tick apart: the second build changes nothing, as on any site rebuilt after a while.
    static func settledBuilds(_ site: GeneratedSite) async throws {
        #expect(await cachedBuild(site).outcome == .success)
        try await Task.sleep(for: .milliseconds(30))
        #expect(await cachedBuild(site).outcome == .success)
    }

    /// How two outputs differ, in a few paths (an expectation on the outputs themselves would print
    /// both whole).
    static func difference(_ actual: [String: Data], _ expected: [String: Data]) -> String {
        let extra = actual.keys.filter { expected[$0] == nil }.sorted()
        let missing = expected.keys.filter { actual[$0] == nil }.sorted()
        let changed = actual.keys.filter { expected[$0] != nil && expected[$0] != actual[$0] }.sorted()
        return "\(extra.count) extra \(extra.prefix(5)), \(missing.count) missing \(missing.prefix(5)), "
            + "\(changed.count) changed \(changed.prefix(5))"
    }

    @Test func deletingManyLinksAtOnceLeavesWhatAFreshBuildWrites() async throws {
        let seed: UInt64 = 2404
        // 800 links, 160 deleted (`scripts/test-long`: 1,500 and 300); either site has dozens of shards.
        let (links, deleted) = TestLength.pick(short: (800, 160), long: (1500, 300))
        let site = try GeneratedSite(links: links)
        defer { site.remove() }
        try await Self.settledBuilds(site)
        var random = SeededRandom(seed: seed)
        var files = try Self.linkFiles(site)
        for _ in 0..<deleted {
            try FileManager.default.removeItem(at: files.remove(at: random.next(in: 0...(files.count - 1))))
        }
        let report = await Self.cachedBuild(site)
        #expect(report.outcome == .success && report.updatedInPlace, "seed \(seed)")
        #expect(report.filesRemoved > 0, "seed \(seed)")
        let fresh = try await Self.freshBuild(site)
        let rebuilt = try filesBelow(Self.output(site))
        let same = rebuilt == fresh
        #expect(same, "seed \(seed), \(deleted) links deleted: \(Self.difference(rebuilt, fresh))")
        // And the build after that has nothing left to write or remove.
        let again = await Self.cachedBuild(site)
        #expect(again.filesWritten == 0 && again.filesRemoved == 0, "seed \(seed), the next rebuild")
        let rebuiltAgain = try filesBelow(Self.output(site))
        let sameAgain = rebuiltAgain == fresh
        #expect(sameAgain, "seed \(seed), the next rebuild: \(Self.difference(rebuiltAgain, fresh))")
    }

    /// What the random run does to one link file.
    enum Change: CaseIterable {
        case delete, editTitle, editTags, rename, moveToAnotherCategory
    }

    @Test func aSeededRunOfDeletionsEditsAndRenamesRebuildsToWhatAFreshBuildWrites() async throws {
        let seed: UInt64 = 24
        let site = try GeneratedSite(links: TestLength.pick(short: 600, long: 1200))
        defer { site.remove() }
        try await Self.settledBuilds(site)
        var random = SeededRandom(seed: seed)
        let manager = FileManager.default
        var files = try Self.linkFiles(site)
        var changes: [String] = []
        // 100 changes, a rebuild checked against a fresh build after every 25 (and so after the last); in
        // `scripts/test-long`, 200 changes checked after every 40.
        let (steps, checkEvery) = TestLength.pick(short: (100, 25), long: (200, 40))
        for step in 1...steps {
            let index = random.next(in: 0...(files.count - 1))
            let file = files[index]
            let change = random.pick(Change.allCases)
            var text = try String(contentsOf: file, encoding: .utf8)
            switch change {
            case .delete:
                try manager.removeItem(at: file)
                files.remove(at: index)
            case .editTitle:
                text = text.replacingOccurrences(of: "\ntitle: \"", with: "\ntitle: \"Edited \(step) ")
                try text.write(to: file, atomically: false, encoding: .utf8)
            case .editTags:
                text = text.replacingOccurrences(of: "\ntags: [", with: "\ntags: [step\(step % 7), ")
                try text.write(to: file, atomically: false, encoding: .utf8)
            case .rename:
                let renamed = file.deletingLastPathComponent().appending(path: "renamed-\(step).md")
                try manager.moveItem(at: file, to: renamed)
                files[index] = renamed
            case .moveToAnotherCategory:
                let other = random.pick(files).deletingLastPathComponent().appending(path: "moved-\(step).md")
                try manager.moveItem(at: file, to: other)
                files[index] = other
            }
            changes.append("\(change) \(file.lastPathComponent)")
            guard step % checkEvery == 0 else { continue }
            let report = await Self.cachedBuild(site)
            #expect(report.outcome == .success, "seed \(seed), step \(step): \(report.diagnostics.prefix(3))")
            #expect(report.updatedInPlace, "seed \(seed), step \(step)")
            let fresh = try await Self.freshBuild(site)
            let rebuilt = try filesBelow(Self.output(site))
            let same = rebuilt == fresh
            #expect(
                same,
                Comment(
                    rawValue: "seed \(seed), after step \(step) (\(changes.suffix(40).joined(separator: "; "))): "
                        + Self.difference(rebuilt, fresh)))
            // A tick, so the next rebuild finds the folders this one changed older than its marker.
            try await Task.sleep(for: .milliseconds(30))
        }
        let again = await Self.cachedBuild(site)
        #expect(again.filesWritten == 0 && again.filesRemoved == 0, "seed \(seed), a rebuild after the run")
    }
}
