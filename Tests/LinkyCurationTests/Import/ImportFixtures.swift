import Foundation
import LinkyBuild
import LinkyCuration
import LinkyImport

/// The export files in `Tests/Fixtures/import/`, and temporary sites to import them into.
enum ImportFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Fixtures/import")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appending(path: name))
    }

    static func format(_ name: String) -> ImportFormat {
        ImportFormat(guessingFrom: name)!
    }

    /// The fixture read by the reader its extension names.
    static func read(_ name: String) throws -> ImportedBookmarks {
        try format(name).read(data(name), path: name)
    }

    /// A new site folder holding `files` (path → text).
    static func site(_ files: [String: String] = [:]) throws -> URL {
        let site = FileManager.default.temporaryDirectory.appending(path: "linky-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = site.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return site
    }

    /// Imports a fixture into `site`.
    static func importFixture(
        _ name: String, into site: URL, category: String? = nil, dryRun: Bool = false
    ) async throws -> ImportReport {
        try await Importer(options: ImportOptions(siteFolder: site, category: category, dryRun: dryRun)).run(
            data(name), format: format(name), path: name)
    }

    /// Every file below `folder`, relative to it, sorted.
    static func files(in folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var paths: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
        }
        return paths.sorted()
    }

    /// The site as the build sees it (drafts included), without writing it.
    static func build(_ site: URL) async -> BuildReport {
        var options = BuildOptions(siteFolder: site)
        options.writeOutput = false
        options.includeDrafts = true
        return await SiteBuilder().build(options)
    }
}
