import Foundation
import Testing

/// The site folder every command takes (`SiteArgument`, `SiteOption`): checked the same way
/// everywhere, and shown the same way before the paths of its files.
extension CommandLineTests {
    @Test(arguments: [
        ["build", "SITE"], ["check", "SITE"], ["serve", "SITE", "--port", "0"], ["fetch", "SITE"],
        ["import", "bookmarks.html", "SITE"], ["add", "https://example.com/", "--site", "SITE", "--no-fetch"],
        ["tags", "list", "SITE"], ["tags", "rename", "a", "b", "SITE"], ["tags", "merge", "a", "INTO", "b", "SITE"],
        ["theme", "eject", "SITE"],
    ])
    func everyCommandRefusesAMissingSiteFolderTheSameWay(arguments: [String]) throws {
        let site = FileManager.default.temporaryDirectory.appending(path: "linky-missing-\(UUID().uuidString)")
        let result = try run(arguments.map { $0 == "SITE" ? site.path : $0 })
        #expect(result.status == 66)
        #expect(
            result.stderr
                == "linky-site: error: the site folder \"\(site.path)\" does not exist\n  hint: pass the folder that holds linky.yml and links/, or make one with `linky-site new DIR`\n"
        )
        #expect(!FileManager.default.fileExists(atPath: site.path), "nothing is made in its place")
    }

    @Test func aSiteFolderWithATrailingSlashPrefixesPathsWithOneSlash() throws {
        let site = try temporarySite(["links/a.md": "---\ntitle: A\n---\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        for arguments in [["tags", "list", site.path + "/"], ["fetch", site.path + "/"]] {
            let result = try run(arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(site.path)/links/a.md:1: error[LINKY101]"), "\(result.stderr)")
        }
    }
}
