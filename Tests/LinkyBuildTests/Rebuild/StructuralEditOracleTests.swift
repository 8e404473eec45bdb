import Foundation
import LinkyModel
import LinkyTestSupport
import LinkyTheme
import Testing

@testable import LinkyBuild

/// The rebuild-versus-fresh oracle (`RebuildOracleTests`) for the edits that change the site's shape
/// rather than a link: a category renamed (its title, and its folder), tags merged, the settings
/// changed, a template edited. After each, in turn on one site, a rebuild from the last build's state
/// and `serve`'s preview must both hold exactly what a build that reuses nothing writes.
@Suite struct StructuralEditOracleTests {
    /// One edit of the site; returns the paths (relative to the site folder) a watcher would report.
    struct Edit: Sendable, CustomStringConvertible {
        var description: String
        var apply: @Sendable (URL) throws -> Set<String>
    }

    static let edits: [Edit] = [
        Edit(description: "a category's title") { folder in
            let index = try #require(try categoryIndexes(folder).first)
            try replace(in: index, "\ntitle: \"", with: "\ntitle: \"Renamed ")
            return [relative(index, to: folder)]
        },
        Edit(description: "a category's folder renamed") { folder in
            let category = try #require(try categoryIndexes(folder).last).deletingLastPathComponent()
            let renamed = category.deletingLastPathComponent().appending(path: "renamed-category")
            try FileManager.default.moveItem(at: category, to: renamed)
            return [relative(category, to: folder) + "/", relative(renamed, to: folder) + "/"]
        },
        Edit(description: "two tags merged into one") { folder in
            var changed: Set<String> = []
            for file in try RebuildOracleTests.linkFiles(in: folder) {
                let text = try String(contentsOf: file, encoding: .utf8)
                guard text.contains("privacy") || text.contains("browser") else { continue }
                let merged = text.replacingOccurrences(of: "privacy", with: "security")
                    .replacingOccurrences(of: "browser", with: "security")
                try merged.write(to: file, atomically: false, encoding: .utf8)
                changed.insert(relative(file, to: folder))
            }
            return changed
        },
        Edit(description: "the settings: the page size and the title") { folder in
            let settings = folder.appending(path: "linky.yml")
            try replace(in: settings, "page_size: 50", with: "page_size: 7")
            try replace(in: settings, "title: \"", with: "title: \"Retitled ")
            return ["linky.yml"]
        },
        Edit(description: "a template edited") { folder in
            let (theme, _) = Theme.load(overrides: nil)
            let templates = folder.appending(path: "templates")
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
            let source = try #require(theme.templateSources["link"])
            try (source + "<!-- edited -->\n").write(
                to: templates.appending(path: "link.mustache"), atomically: false, encoding: .utf8)
            return ["templates/link.mustache"]
        },
        Edit(description: "pictures fetched for a few links") { folder in
            var changed: Set<String> = ["pictures/index.json"]
            var entries: [String] = []
            let pictures = folder.appending(path: "pictures")
            try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
            for (index, file) in try RebuildOracleTests.linkFiles(in: folder).enumerated() where index % 7 == 0 {
                let address = "https://pictures.example/\(index).jpg"
                try replace(in: file, "\n---\n", with: "\nimage: \(address)\n---\n")
                changed.insert(relative(file, to: folder))
                let name = String(repeating: "0", count: 20) + String(format: "%04x", index)
                var files: [String] = []
                for (suffix, width) in [("400w.webp", 400), ("400w.jpg", 400), ("800w.webp", 800)] {
                    try Data("\(name)-\(suffix)".utf8).write(to: pictures.appending(path: "\(name)-\(suffix)"))
                    changed.insert("pictures/\(name)-\(suffix)")
                    files.append(
                        #"{"name": "\#(name)-\#(suffix)", "width": \#(width), "height": \#(width / 2), "bytes": \#(name.count + 1 + suffix.count)}"#
                    )
                }
                entries.append(
                    #""\#(address)": {"kind": "preview", "sha256": "\#(name)", "width": 1600, "height": 800, "fetched": "2026-11-27", "files": [\#(files.joined(separator: ", "))]}"#
                )
            }
            try #"{"version": 1, "pictures": {\#(entries.joined(separator: ", "))}}"#.write(
                to: pictures.appending(path: "index.json"), atomically: false, encoding: .utf8)
            return changed
        },
        Edit(description: "a picture's file deleted") { folder in
            let pictures = folder.appending(path: "pictures")
            let name = try #require(
                try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted().first {
                    $0.hasSuffix(".webp")
                })
            try FileManager.default.removeItem(at: pictures.appending(path: name))
            return ["pictures/\(name)"]
        },
        Edit(description: "check --links found three links dead and one moved") { folder in
            var file = LinkHealthFile()
            let urls = try RebuildOracleTests.linkFiles(in: folder).prefix(4).map { file -> LinkURL in
                let text = try String(contentsOf: file, encoding: .utf8)
                let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("url: ") })
                return try LinkURL(parsing: String(line.dropFirst(5)).trimmingCharacters(in: .init(charactersIn: "\"")))
            }
            for url in urls.prefix(3) {
                file.record(url, state: .broken, code: 404, finalURL: nil, now: 1_795_000_000, deadAfter: 0)
                file.record(url, state: .broken, code: 404, finalURL: nil, now: 1_795_000_100, deadAfter: 0)
            }
            file.record(
                urls[3], state: .moved, code: 200, finalURL: "https://moved.example/", now: 1_795_000_100, deadAfter: 0)
            try file.save(toSiteFolder: folder)
            return [LinkHealthFile.fileName]
        },
        Edit(description: "many links deleted") { folder in
            var removed: Set<String> = []
            for (index, file) in try RebuildOracleTests.linkFiles(in: folder).enumerated() where index % 3 == 0 {
                try FileManager.default.removeItem(at: file)
                removed.insert(relative(file, to: folder))
            }
            return removed
        },
    ]

    /// A check that changed three links' statuses costs a rebuild the pages that show those links (and
    /// the files made from every link), not the site: the others are skipped unrendered.
    @Test func aCheckThatChangedThreeStatusesRendersOnlyThePagesThatShowThem() async throws {
        let site = try GeneratedSite(links: 300)
        defer { site.remove() }
        try await RebuildOracleTests.settledBuilds(site)
        let paths = try Self.edits.first { $0.description.hasPrefix("check --links") }!.apply(site.folder)
        #expect(paths == [LinkHealthFile.fileName])
        let report = await RebuildOracleTests.cachedBuild(site)
        #expect(report.outcome == .success)
        let dead = try #require(report.site).links.filter { $0.health != nil }
        #expect(dead.count == 4)
        // Each shows on its own page, one page of its category and of each tag, the archive's year and
        // up to six feeds, and in the list data of its category and of each tag (`links.js`); then the
        // home page, the site's feeds and the files made from every link.
        let showing = dead.reduce(0) { $0 + 4 + 3 * $1.tags.count + 2 + 1 + $1.tags.count }
        let rendered = report.fileCount - report.filesSkipped
        #expect(rendered <= showing + 16, "rendered \(rendered) of \(report.fileCount) files")
        #expect(report.filesSkipped > report.fileCount / 2)
        let fresh = try await RebuildOracleTests.freshBuild(site)
        #expect(try filesBelow(RebuildOracleTests.output(site)) == fresh)
    }

    @Test func aRebuildAndThePreviewEndWhereAFreshBuildWritesAfterEachEdit() async throws {
        // 150 links (`scripts/test-long`: 300): dozens of search shards, and pages of seven after the
        // settings' edit.
        let site = try GeneratedSite(links: TestLength.pick(short: 150, long: 300))
        defer { site.remove() }
        let options = BuildOptions(siteFolder: site.folder, baseURL: RebuildOracleTests.baseURL)
        try await RebuildOracleTests.settledBuilds(site)
        var preview = await PreviewBuild(options: options)
        #expect(!preview.hasErrors, "\(preview.diagnostics.prefix(3))")
        for edit in Self.edits {
            let paths = try edit.apply(site.folder)
            let report = await RebuildOracleTests.cachedBuild(site)
            #expect(report.outcome == .success, "\(edit): \(report.diagnostics.prefix(3))")
            var fresh = try await RebuildOracleTests.freshBuild(site)
            let rebuilt = try filesBelow(RebuildOracleTests.output(site))
            let same = rebuilt == fresh
            #expect(same, "the rebuild after \(edit): \(RebuildOracleTests.difference(rebuilt, fresh))")

            let update = await preview.update(paths)
            #expect(update != .failed && update != .unchanged, "\(edit): \(update)")
            _ = await preview.renderDeferred()
            fresh[OutputWriter.marker] = nil
            // Static files are served from disk, not rendered.
            let staticFiles = try filesBelow(site.folder.appending(path: "static"))
            for path in staticFiles.keys { fresh[path] = nil }
            // So are the card pictures, from the site's `pictures/`.
            for path in fresh.keys where path.hasPrefix("pictures/") { fresh[path] = nil }
            let samePreview = preview.files == fresh
            #expect(samePreview, "the preview after \(edit): \(RebuildOracleTests.difference(preview.files, fresh))")
            try await Task.sleep(for: .milliseconds(30))
        }
    }

    // MARK: - Editing files

    static func categoryIndexes(_ folder: URL) throws -> [URL] {
        let walker = FileManager.default.enumerator(
            at: folder.appending(path: "links"), includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if url.lastPathComponent == "_index.md" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    static func replace(in file: URL, _ old: String, with new: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "\(file.lastPathComponent) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: false, encoding: .utf8)
    }

    static func relative(_ file: URL, to folder: URL) -> String {
        String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
    }
}
