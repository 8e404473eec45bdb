import Foundation
import Testing

/// A site folder from a stranger (issue 39's reproductions): journals it carries and folders that are
/// symbolic links elsewhere make no command write, move or delete anything outside it.
extension CommandLineTests {
    /// A folder beside `site` with a file and an empty folder and a folder with a file, to be left alone.
    func victimFolder(beside site: URL) throws -> URL {
        let victim = site.deletingLastPathComponent().appending(path: site.lastPathComponent + "-victim")
        for folder in ["empty", "sub"] {
            try FileManager.default.createDirectory(
                at: victim.appending(path: folder), withIntermediateDirectories: true)
        }
        try "x\n".write(to: victim.appending(path: "a.txt"), atomically: true, encoding: .utf8)
        try "keep\n".write(to: victim.appending(path: "sub/f"), atomically: true, encoding: .utf8)
        return victim
    }

    func contents(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test(arguments: [["check", "SITE"], ["build", "SITE"], ["tags", "list", "SITE"], ["fetch", "SITE"]])
    func aSiteJournalThatNamesPathsOutsideIsRefused(arguments: [String]) throws {
        let site = try temporarySite(["links/a.md": Self.good, "payload": "echo pwned\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let victim = try victimFolder(beside: site)
        defer { try? FileManager.default.removeItem(at: victim) }
        let journal =
            #"{"folders":[],"moves":[{"kind":"create","path":"x","target":"VICTIM/dropped.sh","temporary":"payload"}]}"#
        try journal.replacingOccurrences(of: "VICTIM", with: victim.path).write(
            to: site.appending(path: ".linky-journal"), atomically: true, encoding: .utf8)
        let before = contents(victim)
        let result = try run(arguments.map { $0 == "SITE" ? site.path : $0 })
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains("error[LINKY185]: \(site.path)/.linky-journal: this journal"), "\(result.stderr)")
        #expect(result.stderr.contains("rm \(site.path)/.linky-journal"))
        #expect(contents(victim) == before)
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "payload").path))
        #expect(FileManager.default.fileExists(atPath: site.appending(path: ".linky-journal").path), "left to the user")
    }

    @Test func anOutputJournalThatNamesPathsOutsideIsRefused() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let victim = try victimFolder(beside: site)
        defer { try? FileManager.default.removeItem(at: victim) }
        #expect(try run(["build", site.path]).status == 0)
        let output = site.appending(path: "_site")
        let built = contents(output)
        try FileManager.default.createDirectory(at: site.appending(path: "stg"), withIntermediateDirectories: true)
        try "data\n".write(to: site.appending(path: "payload"), atomically: true, encoding: .utf8)
        let up = "../../\(victim.lastPathComponent)"
        let journals = [
            #"{"staging":"stg","moves":[{"staged":"../payload","path":"UP/dropped2"}],"removals":["UP/sub"]}"#,
            // Claiming the output's owner does not help paths that leave it.
            #"{"owner":OWNER,"staging":"._site.linky-tmp-1","moves":[],"removals":["UP/sub"]}"#,
            #"{"owner":OWNER,"staging":"stg","moves":[{"staged":"0","path":"index.html"}],"removals":[]}"#,
        ]
        var status = stat()
        #expect(stat(output.path, &status) == 0)
        let owner = #"{"machine":"\#(Self.machineID)","folder":"\#(status.st_dev):\#(status.st_ino)"}"#
        for journal in journals {
            try journal.replacingOccurrences(of: "UP", with: up).replacingOccurrences(of: "OWNER", with: owner).write(
                to: site.appending(path: "._site.linky-journal"), atomically: true, encoding: .utf8)
            let result = try run(["build", site.path])
            #expect(result.status == 65)
            #expect(result.stderr.contains("._site.linky-journal: error[LINKY185]: this journal"), "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "a journal linky-site did not write was refused; the previous output is unchanged"))
            #expect(contents(victim) == ["a.txt", "empty", "sub", "sub/f"])
            #expect(contents(output) == built)
        }
    }

    @Test func importIntoAFolderLinkedElsewhereWritesNothingThere() throws {
        let site = try temporarySite([
            "links/a.md": Self.good,
            "bookmarks.html":
                "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF=\"https://example.com/x\">X</A>\n</DL>\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let victim = try victimFolder(beside: site)
        defer { try? FileManager.default.removeItem(at: victim) }
        try FileManager.default.createSymbolicLink(
            atPath: site.appending(path: "links/imported").path, withDestinationPath: victim.path)
        let result = try run(["import", site.appending(path: "bookmarks.html").path, site.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("links/imported is a symbolic link to"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: replace the symbolic link with a real folder"), "\(result.stderr)")
        #expect(contents(victim) == ["a.txt", "empty", "sub", "sub/f"])
    }

    @Test func themeEjectIntoAFolderLinkedElsewhereWritesNothingThere() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let victim = try victimFolder(beside: site)
        defer { try? FileManager.default.removeItem(at: victim) }
        try FileManager.default.createSymbolicLink(
            atPath: site.appending(path: "templates").path, withDestinationPath: victim.path)
        let result = try run(["theme", "eject", site.path])
        #expect(result.status != 0)
        #expect(contents(victim) == ["a.txt", "empty", "sub", "sub/f"])
    }

    @Test func anOutputNamedWith255BytesIsBuiltAndRebuilt() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        // 85 Hangul letters: 255 bytes, the longest name ext4 allows; the files beside it must fit too.
        let output = site.appending(path: String(repeating: "출", count: 85))
        for _ in 0..<2 {
            let result = try run(["build", site.path, "--output", output.path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "index.html").path))
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix(".") }
        #expect(!beside.isEmpty && beside.allSatisfy { $0.utf8.count <= 255 && $0.contains(".linky-") })
    }

    static let machineID: String = {
        let text = (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8)) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }()
}
