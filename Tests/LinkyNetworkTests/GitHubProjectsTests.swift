import Foundation
import LinkyModel
import LinkyTestSupport
import Testing

@testable import LinkyNetwork

/// Project data from GitHub (issue 44), against a local server that answers as GitHub does
/// (`Tests/Fixtures/projects/github_server.py`): REST without a token, GraphQL with one; a moved
/// repository followed and reported, a deleted one marked, a rate limit that stops the run cleanly.
@Suite struct GitHubProjectsTests {
    nonisolated(unsafe) static let repositories: [String: Any] = [
        "gin-gonic/gin": [
            "stars": 81_234, "pushed": "2026-11-20T08:00:00Z", "license": "MIT", "language": "Go",
            "description": "Gin is a HTTP web framework", "release": ["v1.10.0", "2024-05-07T10:00:00Z"],
        ],
        "old/abandoned": ["stars": 12, "pushed": "2019-03-01T00:00:00Z", "archived": true, "license": "NOASSERTION"],
        "new-owner/renamed": ["stars": 3_400, "pushed": "2026-10-01T00:00:00Z", "language": "Rust"],
    ]

    /// A server with `repositories`, `old-owner/renamed` moved to `new-owner/renamed`, and `extra` settings.
    static func server(_ extra: [String: Any] = [:]) throws -> FixtureServer {
        var config: [String: Any] = ["repositories": repositories, "moved": ["old-owner/renamed": "new-owner/renamed"]]
        config.merge(extra) { $1 }
        return try FixtureServer.github(config)
    }

    static let asked = [
        "https://github.com/gin-gonic/gin", "https://github.com/old/abandoned", "https://github.com/old-owner/renamed",
        "https://github.com/gone/deleted",
    ].compactMap { ProjectAddress($0) }

    func fetcher(_ server: FixtureServer, token: String?) -> GitHubProjects {
        GitHubProjects(
            client: .forTests, endpoints: .init(api: server.url(""), graphql: server.url("/graphql")), token: token,
            today: "2026-11-28")
    }

    @Test(arguments: [nil, "t0ken"])
    func eachRepositorysDataIsRead(token: String?) async throws {
        let server = try Self.server(["token": "t0ken"])
        let outcome = await fetcher(server, token: token).fetch(Self.asked)
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.stopped == nil)
        let gin = try #require(outcome.projects["github.com/gin-gonic/gin"])
        #expect(gin.stars == 81_234 && gin.updated == "2026-11-20" && gin.license == "MIT" && gin.language == "Go")
        #expect(gin.description == "Gin is a HTTP web framework" && gin.fetched == "2026-11-28")
        // The latest release is one more request per repository: read with a token (GraphQL) only.
        #expect(gin.release == (token == nil ? nil : .init(tag: "v1.10.0", date: "2024-05-07")))
        let abandoned = try #require(outcome.projects["github.com/old/abandoned"])
        #expect(abandoned.archived == true && abandoned.license == nil, "NOASSERTION is no licence")
        #expect(abandoned.isStale(after: 365))
        #expect(outcome.projects["github.com/old-owner/renamed"]?.movedTo == "https://github.com/new-owner/renamed")
        #expect(outcome.projects["github.com/gone/deleted"]?.missing == true)
        let log = try server.log()
        if token == nil {
            #expect(outcome.requests == 4 && log.allSatisfy { $0.hasSuffix(" none") }, "\(log)")
        } else {
            #expect(outcome.requests == 1, "one GraphQL request for four repositories")
            #expect(log == ["POST /graphql token"])
        }
    }

    @Test(arguments: [false, true])
    func aRateLimitStopsTheRunAndKeepsWhatWasRead(secondary: Bool) async throws {
        let server = try Self.server(["limit": 2, "secondary": secondary])
        let outcome = await fetcher(server, token: nil).fetch(Self.asked)
        #expect(outcome.projects.count == 2, "the two answered before the limit are kept")
        let stop = try #require(outcome.stopped)
        #expect(stop.left == 2 && stop.secondary == secondary)
        if !secondary { #expect(stop.resetAt == 1_893_456_000) }
        #expect(outcome.failures.isEmpty)
    }

    @Test func theTokenGoesInAHeaderAndNowhereElse() async throws {
        let server = try Self.server(["token": "t0ken"])
        let outcome = await fetcher(server, token: "wrong-secret").fetch(Self.asked)
        #expect(outcome.projects.isEmpty)
        #expect(!outcome.failures.isEmpty)
        #expect(!outcome.failures.values.contains { $0.contains("wrong-secret") })
    }

    @Test func endpointsComeFromTheEnvironmentAsActionsSetThem() {
        let enterprise = GitHubProjects.Endpoints(environment: [
            "GITHUB_API_URL": "https://ghe.example.com/api/v3",
            "GITHUB_GRAPHQL_URL": "https://ghe.example.com/api/graphql",
        ])
        #expect(enterprise.api == "https://ghe.example.com/api/v3")
        #expect(enterprise.graphql == "https://ghe.example.com/api/graphql")
        let plain = GitHubProjects.Endpoints(environment: [:])
        #expect(plain.api == "https://api.github.com" && plain.graphql == "https://api.github.com/graphql")
    }

    @Test func aQueryQuotesNamesAsGraphQLStrings() {
        let query = GitHubProjects.query([ProjectAddress(forge: .github, host: "github.com", path: "a/b\"c")])
        #expect(query.contains(#"name: "b\"c""#))
    }
}
