import Foundation
import LinkyBuild
import Testing

/// Golden files for the rendered pages of a small fixture site. A change to the theme or the
/// pipeline that changes a page shows up as a line diff; `RECORD_SNAPSHOTS=1 swift test` re-records.
@Suite struct SnapshotTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Snapshots")

    static let fixture: [String: String] = [
        "linky.yml":
            "title: Snapshot & Co\ndescription: A tiny site\nbase_url: https://example.com/snap/\nlanguage: ko\nauthor: 테스트\n",
        "tags.yml": "swift:\n  title: Swift\n  description: The language\n",
        "links/reading/_index.md": "---\ntitle: 읽을거리\norder: 1\nicon: 📚\n---\nThings to **read**.\n",
        "links/reading/swift-6.md":
            "---\nurl: https://www.swift.org/blog/announcing-swift-6/\ntitle: Announcing Swift 6\ntags: [swift, 동시성]\ndate: 2024-09-17\ndescription: Data-race safety <by default>\nfavorite: true\nimage: https://www.swift.org/og.png\n---\nA note with `code` and a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
        "links/reading/kimchi.md":
            "---\nurl: https://ko.wikipedia.org/wiki/김치\ntitle: 김치\ntags: 음식, Swift\ndate: 2023-01-05\n---\n",
        // A preview picture for Swift 6 (400 and 800 pixels wide, a JPEG for print), an icon for
        // Wikipedia: the build copies what `pictures/index.json` names, whatever the bytes.
        "metadata.json":
            #"{"pages": {"//ko.wikipedia.org/wiki/%EA%B9%80%EC%B9%98": {"favicon": "https://ko.wikipedia.org/favicon.ico"}}, "version": 1}"#,
        "pictures/index.json": #"""
        {"version": 1, "pictures": {
          "https://www.swift.org/og.png": {"kind": "preview", "sha256": "aa", "width": 1200, "height": 630,
            "fetched": "2024-09-18", "files": [
              {"name": "aaaaaaaaaaaaaaaaaaaaaaaa-400w.webp", "width": 400, "height": 210, "bytes": 4},
              {"name": "aaaaaaaaaaaaaaaaaaaaaaaa-400w.jpg", "width": 400, "height": 210, "bytes": 4},
              {"name": "aaaaaaaaaaaaaaaaaaaaaaaa-800w.webp", "width": 800, "height": 420, "bytes": 4}]},
          "https://ko.wikipedia.org/favicon.ico": {"kind": "icon", "sha256": "bb", "width": 64, "height": 64,
            "fetched": "2024-09-18", "files": [
              {"name": "bbbbbbbbbbbbbbbbbbbbbbbb-32w.webp", "width": 32, "height": 32, "bytes": 4},
              {"name": "bbbbbbbbbbbbbbbbbbbbbbbb-32w.png", "width": 32, "height": 32, "bytes": 4}]}
        }}
        """#,
        "pictures/aaaaaaaaaaaaaaaaaaaaaaaa-400w.webp": "webp",
        "pictures/aaaaaaaaaaaaaaaaaaaaaaaa-400w.jpg": "jpeg",
        "pictures/aaaaaaaaaaaaaaaaaaaaaaaa-800w.webp": "webp",
        "pictures/bbbbbbbbbbbbbbbbbbbbbbbb-32w.webp": "webp",
        "pictures/bbbbbbbbbbbbbbbbbbbbbbbb-32w.png": "png.",
        "links/tools.md":
            "---\ntitle: Tools\n---\n## Editors\n- [Helix](https://helix-editor.com) - A modal editor. #editor\n",
    ]

    static let pages = [
        "index.html", "c/reading/index.html", "c/tools/editors/index.html", "tags/swift/index.html",
        "l/reading/swift-6/index.html", "print/index.html", "feed.xml", "feed.json", "bookmarks.html", "sitemap.xml",
        "search-index.json", "assets/list-tools.js",
    ]

    @Test(arguments: pages)
    func pageMatchesItsSnapshot(_ page: String) async throws {
        let site = try TestSite(Self.fixture)
        defer { site.remove() }
        let report = await site.build(baseURL: nil)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let actual = try site.read(page)
        let file = Self.snapshots.appending(path: page.replacingOccurrences(of: "/", with: "__"))
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil
            || !FileManager.default.fileExists(atPath: file.path)
        {
            try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("snapshot \(file.lastPathComponent) was missing in CI; record it locally and commit it")
            }
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        if actual != expected {
            Issue.record("\(page) differs from its snapshot:\n\(Self.lineDiff(expected, actual))")
        }
    }

    /// The lines that differ, `-` expected and `+` actual, with their line numbers.
    static func lineDiff(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [String] = []
        for index in 0..<max(a.count, b.count)
        where (index < a.count ? a[index] : nil) != (index < b.count ? b[index] : nil) {
            if index < a.count { lines.append("\(index + 1) - \(a[index])") }
            if index < b.count { lines.append("\(index + 1) + \(b[index])") }
            if lines.count > 40 { break }
        }
        return lines.joined(separator: "\n")
    }
}
