import Foundation
import Testing

/// What reaches the terminal: file names and messages with control characters are shown, not obeyed.
extension CommandLineTests {
    @Test func controlCharactersInFileNamesAreEscapedInEveryTextMessage() throws {
        let evil = "evil\u{1B}]0;X\u{07}.md"
        let site = try temporarySite([
            "links/\(evil)": "---\ntitle: No address\n---\n", "links/b.md": Self.good,
            "links/c.md": "---\nurl: https://c.example/\ntitle: C\u{1B}[2J\n---\n",
            "links/d\u{1B}[31m/e.md": "---\nurl: https://e.example/\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        for arguments in [["build", site.path], ["check", site.path]] {
            let result = try run(arguments)
            #expect(result.status == 1)
            #expect(!result.stderr.unicodeScalars.contains("\u{1B}"), "\(arguments[0]): \(result.stderr)")
            #expect(!result.stderr.unicodeScalars.contains("\u{07}"))
            #expect(result.stderr.contains("links/evil\\u{1B}]0;X\\u{7}.md:1: error[LINKY101]"))
            #expect(result.stderr.contains("links/d\\u{1B}[31m/e.md:1: error[LINKY102]"))
        }
        // The GitHub format already escaped them its own way; it still does.
        let github = try run(["build", site.path, "--format", "github"])
        #expect(!github.stdout.unicodeScalars.contains("\u{07}"))
    }
}
