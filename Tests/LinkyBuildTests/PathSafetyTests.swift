import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// Names that try to leave the output folder (issue 6): slugs, category folders, tag names, list-file
/// headings and `output_dir`. Each is made safe or reported; nothing is written outside the output.
@Suite struct PathSafetyTests {
    static let hostileNames = [
        "..", "../../../etc", "/etc/passwd", "..%2f..%2fetc", "%2e%2e", "a/../../b", "C:\\Windows\\win.ini", "CON",
        "aux", "nul.txt", "com1", "lpt9", ".hidden", "~", " ", "\u{202E}cod.exe", "a\u{0}b",
        String(repeating: "가", count: 300), String(repeating: "x", count: 1_000), "..\\..\\x", "*?<>|\"",
    ]

    @Test func hostileNamesNeverLeaveTheOutput() async throws {
        var files: [String: String] = ["linky.yml": "title: Paths\n"]
        for (index, name) in Self.hostileNames.enumerated() {
            let tags = try String(decoding: JSONEncoder().encode([name, "ok"]), as: UTF8.self)
            files["links/f\(index)/link-\(index).md"] =
                "---\nurl: https://example.com/\(index)\ntitle: \(try String(decoding: JSONEncoder().encode("T " + name), as: UTF8.self))\ntags: \(tags)\n---\n"
            let safeFolder = name.replacingOccurrences(of: "/", with: "").replacingOccurrences(of: "\u{0}", with: "")
            if !safeFolder.isEmpty, safeFolder != ".", safeFolder != "..", safeFolder.utf8.count < 250 {
                files["links/\(safeFolder)x/_index.md"] =
                    "---\ntitle: \(try String(decoding: JSONEncoder().encode(name), as: UTF8.self))\n---\n"
                files["links/\(safeFolder)x/in-\(index).md"] =
                    "---\nurl: https://example.org/\(index)\ntitle: In \(index)\n---\n"
            }
        }
        let headings = Self.hostileNames.filter { !$0.contains("\u{0}") }.enumerated().map { index, name in
            "## \(name)\n- [H\(index)](https://example.net/\(index)) - x #t\(index)\n"
        }
        files["links/list.md"] = "---\ntitle: List\n---\n" + headings.joined(separator: "\n")
        // The site sits four folders deep in a folder of its own, so that anything escaping the
        // output by a few levels would land where the test can see it.
        let sandbox = FileManager.default.temporaryDirectory.appending(path: "linky-paths-\(UUID().uuidString)")
        let parent = sandbox.appending(path: "one/two/three")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: sandbox) }
        let site = try TestSite(files, in: parent)
        let report = await site.build()
        #expect(!report.diagnostics.containsErrors, "\(report.diagnostics.filter { $0.severity == .error })")
        #expect(report.outcome == .success)

        // Every file written is inside the output folder, with a name every file system accepts.
        let output = site.output.resolvingSymlinksInPath().path
        let walker = FileManager.default.enumerator(atPath: output)!
        var count = 0
        while let relative = walker.nextObject() as? String {
            count += 1
            let full = URL(fileURLWithPath: output).appending(path: relative).resolvingSymlinksInPath().path
            #expect(full.hasPrefix(output + "/"), "\(relative)")
            for component in relative.split(separator: "/") {
                let name = String(component)
                #expect(name != ".." && name != ".")
                #expect(name.utf8.count <= 255, "\(name.prefix(20))…")
                #expect(!name.contains("\\") && !name.contains(":") && !name.contains("\u{0}"), "\(name)")
                let stem = name.split(separator: ".").first.map { String($0).lowercased() } ?? ""
                #expect(!Slug.reservedNames.contains(stem), "\(name) is a reserved Windows name")
            }
        }
        #expect(count > 100)
        let siteFolder = try FileManager.default.contentsOfDirectory(atPath: site.folder.path)
        #expect(
            Set(siteFolder) == ["links", "linky.yml", "_site", "._site.linky-parses", "._site.linky-state"],
            "nothing appeared next to the output but the state the next build starts from")
        for escaped in ["etc", "b", "x", "win.ini", "passwd"] {
            #expect(
                !FileManager.default.fileExists(
                    atPath: site.folder.deletingLastPathComponent().appending(path: escaped).path))
        }
        #expect(!FileManager.default.fileExists(atPath: "/etc/passwd/index.html"))
    }

    @Test(arguments: ["../outside", "/tmp/linky-absolute-output", "links", ".", "templates", "static/x", "../../.."])
    func outputDirThatEscapesOrOverlapsIsRefused(outputDir: String) async throws {
        let site = try TestSite([
            "linky.yml": "output_dir: \(outputDir)\n",
            "links/a.md": TestSite.link(url: "https://example.com/", title: "A"),
        ])
        defer { site.remove() }
        var options = BuildOptions(siteFolder: site.folder, baseURL: "https://example.com/")
        options.strict = false
        let report = await SiteBuilder().build(options)
        #expect(report.outcome != .success, "output_dir \(outputDir) was accepted")
        #expect(report.diagnostics.contains { $0.severity == .error })
        #expect(!FileManager.default.fileExists(atPath: "/tmp/linky-absolute-output"))
        #expect(
            !FileManager.default.fileExists(
                atPath: site.folder.deletingLastPathComponent().appending(path: "outside").path))
        // Nor did the state a build leaves beside its output appear beside the refused one.
        for file in [ParseStore.location(of: report.outputFolder), BuildState.location(of: report.outputFolder)] {
            #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.path)")
        }
    }
}
