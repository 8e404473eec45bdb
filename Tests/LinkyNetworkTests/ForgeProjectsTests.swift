import Foundation
import LinkyModel
import LinkyTestSupport
import Testing

@testable import LinkyNetwork

/// Project data from GitLab and Forgejo/Gitea (issue 44), against a local server that answers as their
/// documented APIs do (`Tests/Fixtures/projects/forge_server.py`): stars, last activity, archived,
/// licence as SPDX, the main language, the latest release; a renamed project followed and reported; a
/// deleted one marked; a rate limit that stops that host's work and keeps what was read.
@Suite struct ForgeProjectsTests {
    nonisolated(unsafe) static let config: [String: Any] = [
        "gitlab": [
            "group/sub/tool": [
                "stars": 1_500, "activity": "2026-01-01T10:00:00.000Z", "license": "apache-2.0",
                "languages": ["Rust": 80.5, "Shell": 19.5], "release": ["v2.0", "2025-12-01T00:00:00.000Z"],
                "description": "A tool",
            ],
            "group/old-project": ["stars": 3, "activity": "2020-01-01T00:00:00.000Z", "archived": true],
        ],
        "gitea": [
            "a/b": [
                "stars": 42, "updated": "2026-11-01T08:00:00Z", "language": "Go", "licenses": ["MIT"],
                "release": ["v0.3.1", "2026-10-30T12:00:00Z"],
            ],
            "c/d": ["stars": 0, "updated": "2023-01-01T00:00:00Z", "archived": true],
        ],
        "moved": ["group/renamed-before": "group/sub/tool", "old/b": "a/b"],
    ]

    static let hosts = ProjectAddress.Hosts(gitlab: ["gitlab.example.org"])
    static let asked = [
        "https://gitlab.example.org/group/sub/tool/-/issues", "https://gitlab.example.org/group/old-project",
        "https://gitlab.example.org/group/renamed-before", "https://gitlab.example.org/gone/away",
        "https://codeberg.org/a/b", "https://codeberg.org/c/d", "https://codeberg.org/old/b",
        "https://codeberg.org/x/y",
    ].compactMap { ProjectAddress($0, hosts: hosts) }

    func reader(_ server: FixtureServer, gitlabToken: String? = nil) -> ForgeProjects {
        ForgeProjects(
            client: .forTests,
            apiBases: ["gitlab.example.org": server.url("/api/v4"), "codeberg.org": server.url("/api/v1")],
            gitlabToken: gitlabToken, giteaToken: nil, today: "2026-11-28")
    }

    @Test func eachProjectsDataIsRead() async throws {
        let server = try FixtureServer.forges(Self.config)
        #expect(Self.asked.count == 8)
        let outcome = await reader(server).fetch(Self.asked)
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.stopped == nil)
        let tool = try #require(outcome.projects["gitlab.example.org/group/sub/tool"])
        #expect(tool.forge == .gitlab && tool.stars == 1_500 && tool.updated == "2026-01-01")
        #expect(tool.license == "Apache-2.0" && tool.language == "Rust" && tool.description == "A tool")
        #expect(tool.release == .init(tag: "v2.0", date: "2025-12-01") && tool.movedTo == nil)
        let old = try #require(outcome.projects["gitlab.example.org/group/old-project"])
        #expect(old.archived == true && old.license == nil && old.release == nil)
        #expect(
            outcome.projects["gitlab.example.org/group/renamed-before"]?.movedTo
                == "https://gitlab.example.org/group/sub/tool")
        #expect(outcome.projects["gitlab.example.org/gone/away"]?.missing == true)
        let ab = try #require(outcome.projects["codeberg.org/a/b"])
        #expect(ab.forge == .gitea && ab.stars == 42 && ab.updated == "2026-11-01" && ab.license == "MIT")
        #expect(ab.language == "Go" && ab.release == .init(tag: "v0.3.1", date: "2026-10-30"))
        #expect(outcome.projects["codeberg.org/c/d"]?.archived == true)
        #expect(outcome.projects["codeberg.org/old/b"]?.movedTo == "https://codeberg.org/a/b")
        #expect(outcome.projects["codeberg.org/x/y"]?.missing == true)
        #expect(try server.log().allSatisfy { $0.hasSuffix(" none") }, "no token, none sent")
    }

    @Test func aRateLimitStopsThatHostAndKeepsWhatWasRead() async throws {
        var config = Self.config
        config["limit"] = 4
        let server = try FixtureServer.forges(config)
        let outcome = await reader(server).fetch(Self.asked)
        // GitLab's first project takes three requests (project, languages, releases), the next one a fourth.
        #expect(
            outcome.projects.keys.sorted() == [
                "gitlab.example.org/group/old-project", "gitlab.example.org/group/sub/tool",
            ])
        let stop = try #require(outcome.stopped)
        #expect(stop.host == "gitlab.example.org" && stop.resetAt == 1_893_456_000)
        #expect(stop.left == 2 + 4, "GitLab's two left and Codeberg's four, whose requests were refused too")
    }

    @Test func aTokenGoesOnlyToItsForgeAndIntoNoMessage() async throws {
        var config = Self.config
        config["token"] = "t0ken"
        let server = try FixtureServer.forges(config)
        let outcome = await reader(server, gitlabToken: "wrong-secret").fetch(Self.asked)
        #expect(outcome.projects.keys.allSatisfy { $0.hasPrefix("codeberg.org/") }, "\(outcome.projects.keys)")
        #expect(!outcome.failures.isEmpty)
        #expect(!outcome.failures.values.contains { $0.contains("wrong-secret") })
        let log = try server.log()
        #expect(log.filter { $0.contains("/api/v1/") }.allSatisfy { $0.hasSuffix(" none") }, "\(log)")
    }

    @Test func apiAddressesComeFromTheEnvironment() {
        let bases = ForgeProjects.apiBases([
            "LINKY_FORGE_API": "gitlab.example.org=http://127.0.0.1:1/api/v4, Codeberg.org=http://127.0.0.1:2/api/v1"
        ])
        #expect(
            bases == ["gitlab.example.org": "http://127.0.0.1:1/api/v4", "codeberg.org": "http://127.0.0.1:2/api/v1"])
    }
}
