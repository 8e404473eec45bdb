import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// A site written into its own temporary folder, built with the real pipeline.
struct TestSite {
    let folder: URL

    /// - Parameter parent: where the site's folder goes (default: the temporary folder).
    init(_ files: [String: String] = [:], in parent: URL? = nil) throws {
        folder = (parent ?? FileManager.default.temporaryDirectory).appending(path: "linky-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let url = folder.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    var output: URL { folder.appending(path: "_site") }

    func build(
        output: URL? = nil, baseURL: String? = "https://example.com/links/", drafts: Bool = false, strict: Bool = false
    ) async -> BuildReport {
        var options = BuildOptions(siteFolder: folder, outputFolder: output, baseURL: baseURL)
        options.includeDrafts = drafts
        options.strict = strict
        return await SiteBuilder().build(options)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: output.appending(path: path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: output.appending(path: path).path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A link file's text.
    static func link(
        url: String, title: String, tags: String? = nil, date: String? = nil, extra: String = "", note: String = ""
    ) -> String {
        var text = "---\nurl: \(url)\ntitle: \(title)\n"
        if let tags { text += "tags: \(tags)\n" }
        if let date { text += "date: \(date)\n" }
        text += extra
        text += "---\n\(note)"
        return text
    }
}

/// Every file below a folder, by relative path.
func filesBelow(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let base = folder.standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else {
        return files
    }
    for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true
    {
        files[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
    }
    return files
}

/// Examples/reading-list copied into a temporary folder (`prefix-<uuid>`), with `settings` added to
/// its linky.yml.
func readingListCopy(adding settings: String = "", prefix: String = "linky-example") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "\(prefix)-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: repositoryRoot.appending(path: "Examples/reading-list"), to: folder)
    let config = folder.appending(path: "linky.yml")
    let text = try String(contentsOf: config, encoding: .utf8)
    try (text + "\n" + settings).write(to: config, atomically: true, encoding: .utf8)
    return folder
}

/// The repository's root folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
