import Foundation
import Testing

/// Issue 39: input nested past the limits is a located error in every command that reads it, never
/// a crash of the binary (whose stack is the main thread's and its workers', not the tests').
extension CommandLineTests {
    /// 20 KB: a list nested 10,000 levels, one `- ` a level.
    static let deepList = "# Deep\n\n" + String(repeating: "- ", count: 10_000) + "[a](https://a.example)\n"

    @Test func aListNested10000DeepIsALocatedErrorInBuildCheckAndImport() throws {
        let site = try temporarySite([
            "links/a.md": Self.good, "links/deep.md": Self.deepList,
            "links/quote.md": Self.good + String(repeating: "> ", count: 10_000) + "deep\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        for command in ["build", "check"] {
            let result = try run([command, site.path])
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("links/deep.md:3: error[LINKY175]"), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("links/quote.md:7: error[LINKY175]"), "\(command): \(result.stderr)")
        }
        let imported = try run(["import", "links/deep.md", "--from", "markdown"], in: site)
        #expect(imported.status == 65, "\(imported.stderr)")
        #expect(imported.stderr.contains("links/deep.md:3:"), "\(imported.stderr)")
        #expect(imported.stderr.contains("nested more than 100 levels"), "\(imported.stderr)")
    }

    @Test func deepYAMLAndFoldersAreLocatedErrorsOfTheBinary() throws {
        let flow = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let folders = Array(repeating: "a", count: 200).joined(separator: "/")
        let site = try temporarySite([
            "links/a.md": Self.good, "tags.yml": "deep: \(flow)\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ndeep: "
                + String(repeating: "{a: ", count: 500) + "1" + String(repeating: "}", count: 500) + "\n---\n",
            "links/\(folders)/x.md": Self.good,
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["build", site.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("tags.yml:1:"), "\(result.stderr)")
        #expect(result.stderr.contains("links/b.md:4:"), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "error[LINKY175]").count == 4, "\(result.stderr)")
        #expect(result.stderr.contains("/a: error[LINKY175]"), "\(result.stderr)")
    }
}
