import Foundation
import LinkyTestSupport
import Testing

/// `linky-site import --from SERVICE`, run as a user runs it, against a local linkding
/// (`Tests/Fixtures/services/bookmark_server.py`).
extension CommandLineTests {
    static let serviceToken = "e2e-Token-9f8d"

    static func linkdingBookmarks(extra: [[String: Any]] = []) -> [[String: Any]] {
        extra + [
            [
                "id": 1, "url": "https://swift.org", "title": "Swift", "tags": ["publish"], "notes": "Start here.",
                "created": "2024-05-03T10:00:00Z", "unread": true,
            ],
            ["id": 2, "url": "https://go.dev", "title": "Go", "tags": ["lang"], "created": "2024-05-02T10:00:00Z"],
            [
                "id": 3, "url": "https://www.rust-lang.org", "title": "Rust", "tags": ["publish"],
                "created": "2024-05-01T10:00:00Z",
            ],
        ]
    }

    static func localLinkding(faults: [String: Any] = [:]) throws -> FixtureServer {
        try FixtureServer.bookmarks([
            "service": "linkding", "token": serviceToken, "page_size": 1, "bookmarks": linkdingBookmarks(),
            "faults": faults,
        ])
    }

    @Test func importFromLinkdingAgainAndAgainKeepsTheCuratorsEdit() throws {
        let server = try Self.localLinkding()
        let site = try temporarySite(["linky.yml": "title: Synced\nextra_keys: [toread, archived]\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let arguments = ["import", "--from", "linkding", "--url", "http://127.0.0.1:\(server.port)", site.path]
        let environment = ["LINKDING_TOKEN": Self.serviceToken]

        let first = try run(arguments + ["--tag", "publish"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "add \(site.path)/links/imported/swift.md\nadd \(site.path)/links/imported/rust.md\n")
        #expect(
            first.stderr.contains("linkding (127.0.0.1): read 2 bookmarks in 3 requests. Added 2 into"),
            "\(first.stderr)")

        // The curator edits Rust; linkding changes both and gains one.
        let rust = site.appending(path: "links/imported/rust.md")
        let edited = try String(contentsOf: rust, encoding: .utf8).replacingOccurrences(
            of: "title: Rust", with: "title: Rust, the book")
        try edited.write(to: rust, atomically: true, encoding: .utf8)
        var changed = Self.linkdingBookmarks(extra: [
            ["id": 4, "url": "https://kotlinlang.org", "title": "Kotlin", "tags": ["publish"]]
        ])
        changed[1]["title"] = "Swift.org"
        changed[3]["description"] = "A language empowering everyone"
        try server.post("/_bookmarks", json: changed)

        let second = try run(arguments + ["--tag", "publish"], environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.stdout == "add \(site.path)/links/imported/kotlin.md\nupdate \(site.path)/links/imported/swift.md\n")
        #expect(
            second.stderr.contains(
                "\(site.path)/links/imported/rust.md: warning[LINKY195]: linkding changed this bookmark, but the file was edited here"
            ), "\(second.stderr)")
        #expect(second.stderr.contains("Added 1 into"), "\(second.stderr)")
        #expect(try String(contentsOf: rust, encoding: .utf8) == edited)

        for output in [first.stdout, first.stderr, second.stdout, second.stderr] {
            #expect(!output.contains(Self.serviceToken))
        }
        let record = try String(contentsOf: site.appending(path: "sync.json"), encoding: .utf8)
        #expect(!record.contains(Self.serviceToken))

        let build = try run(["build", site.path, "--base-url", "https://example.com/"])
        #expect(build.status == 0, "\(build.stderr)")
        let home = try String(contentsOf: site.appending(path: "_site/index.html"), encoding: .utf8)
        #expect(home.contains("Swift.org") && home.contains("Kotlin") && home.contains("Rust, the book"))
    }

    @Test func aWrongTokenIsRefusedAndNothingIsWritten() throws {
        let server = try Self.localLinkding()
        let site = try temporarySite(["linky.yml": "title: Synced\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let wrong = "wrong-\(Self.serviceToken)"
        let result = try run(
            ["import", "--from", "linkding", "--url", "http://127.0.0.1:\(server.port)", site.path],
            environment: ["LINKDING_TOKEN": wrong])
        #expect(result.status == 77)
        #expect(result.stderr.contains("error[LINKY198]: linkding refused the request (401: Invalid token.)"))
        #expect(!result.stderr.contains(wrong) && !result.stdout.contains(wrong))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == ["linky.yml"])

        let missing = try run(
            ["import", "--from", "linkding", "--url", "http://127.0.0.1:\(server.port)", site.path],
            environment: ["LINKDING_TOKEN": ""])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("linky-site: error: LINKDING_TOKEN is not set"), "\(missing.stderr)")
        #expect(missing.stderr.components(separatedBy: "linky-site: error:").count == 2, "\(missing.stderr)")

        // An export file given with a service: said, rather than taken for the site.
        let export = site.appending(path: "bookmarks.html")
        try "<DL><DT><A HREF=\"https://swift.org\">Swift</A></DL>".write(to: export, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: export) }
        let mixed = try run(
            ["import", export.path, "--from", "linkding", "--url", "http://127.0.0.1:\(server.port)"],
            environment: ["LINKDING_TOKEN": Self.serviceToken])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("--from linkding reads the service, not a FILE"), "\(mixed.stderr)")
    }

    @Test func aServiceThatStopsAnsweringKeepsWhatWasRead() throws {
        let server = try Self.localLinkding(faults: ["unavailable_from": 3])
        let site = try temporarySite(["linky.yml": "title: Synced\nextra_keys: [toread]\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let arguments = [
            "import", "--from", "linkding", "--url", "http://127.0.0.1:\(server.port)", site.path, "--max-wait", "1",
        ]
        let result = try run(arguments, environment: ["LINKDING_TOKEN": Self.serviceToken])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("warning[LINKY197]: the fetch stopped after 2 bookmarks"), "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("add ") }.count == 2)

        // The service is back: the next run completes.
        try server.post("/_faults", json: [String: Any]())
        let again = try run(arguments, environment: ["LINKDING_TOKEN": Self.serviceToken])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "add \(site.path)/links/imported/rust.md\n")
    }
}
