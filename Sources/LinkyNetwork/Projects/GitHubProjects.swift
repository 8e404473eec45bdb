import AsyncHTTPClient
import Foundation
import LinkyModel

/// Reads GitHub repositories' project data (issue 44): with a token, many repositories per GraphQL
/// request; without one, one REST request per repository, within the 60 an hour GitHub allows. A rate
/// limit stops the work cleanly: what was read is returned with the moment to run again.
///
/// Addresses come from `GITHUB_API_URL` and `GITHUB_GRAPHQL_URL` as Actions set them (GitHub
/// Enterprise, and the tests' local server). The token goes only to those, in a header, never into a
/// message.
public struct GitHubProjects: Sendable {
    public struct Endpoints: Sendable, Equatable {
        public var api: String
        public var graphql: String

        public init(api: String = "https://api.github.com", graphql: String? = nil) {
            self.api = api.hasSuffix("/") ? String(api.dropLast()) : api
            self.graphql = graphql ?? "\(self.api)/graphql"
        }

        /// From the environment as GitHub Actions sets it.
        public init(environment: [String: String]) {
            self.init(
                api: environment["GITHUB_API_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://api.github.com",
                graphql: environment["GITHUB_GRAPHQL_URL"].flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    /// Repositories per GraphQL request: GitHub's node limit allows more, but a request of 50 stays well
    /// inside its 10-second timeout and its secondary limits.
    public static let batchSize = 50

    public let client: WebClient
    public let endpoints: Endpoints
    let token: String?
    /// The day the data is fetched (`ProjectData.Project.fetched`).
    public let today: String

    public init(client: WebClient, endpoints: Endpoints, token: String?, today: String) {
        self.client = client
        self.endpoints = endpoints
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.today = today
    }

    public var hasToken: Bool { token != nil }

    /// What one run read.
    public struct Outcome: Sendable, Equatable {
        /// By `ProjectAddress.key`: each repository read, deleted ones (`missing`) included.
        public var projects: [String: ProjectData.Project] = [:]
        /// Repositories not read: a request failed (the message), other than for a rate limit.
        public var failures: [String: String] = [:]
        public var requests = 0
        /// Set when a rate limit stopped the run: the repositories left, and when GitHub allows more.
        public var stopped: Stop?

        public struct Stop: Sendable, Equatable {
            public var left: Int
            /// Seconds since 1970, when GitHub said; nil when it did not.
            public var resetAt: Int?
            /// Whether it was a secondary limit (too many requests at once) rather than the hourly one.
            public var secondary: Bool
            /// The forge whose limit it was, when not GitHub's.
            public var host: String? = nil
        }
    }

    public func fetch(_ repositories: [ProjectAddress]) async -> Outcome {
        hasToken ? await fetchGraphQL(repositories) : await fetchREST(repositories)
    }

    // MARK: - REST

    func headers(json: Bool = false) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = [("X-GitHub-Api-Version", "2022-11-28")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        if json { headers.append(("Content-Type", "application/json")) }
        return headers
    }

    func fetchREST(_ repositories: [ProjectAddress]) async -> Outcome {
        var outcome = Outcome()
        var unreachable = 0
        for (index, repository) in repositories.enumerated() {
            let url = "\(endpoints.api)/repos/\(repository.path)"
            let response: WebClient.Response
            do {
                outcome.requests += 1
                response = try await client.request(
                    url, readBody: true, accept: "application/vnd.github+json", headers: headers())
                unreachable = 0
            } catch {
                outcome.failures[repository.key] = error.description
                // Three in a row that reach no server: GitHub cannot be reached (no network, a wrong
                // GITHUB_API_URL); the rest fail alike, without a wait each.
                unreachable += 1
                if unreachable >= 3 {
                    for rest in repositories[(index + 1)...] { outcome.failures[rest.key] = error.description }
                    break
                }
                continue
            }
            if let stop = Self.rateLimit(response) {
                outcome.stopped = .init(
                    left: repositories.count - index, resetAt: stop.resetAt, secondary: stop.secondary)
                break
            }
            switch response.status {
            case 200:
                guard let repo = try? JSONDecoder().decode(RESTRepository.self, from: Data(response.body)) else {
                    outcome.failures[repository.key] = "GitHub's answer was not a repository"
                    continue
                }
                outcome.projects[repository.key] = repo.project(asked: repository, today: today)
            case 404, 451:
                var project = ProjectData.Project(forge: .github, fetched: today)
                project.missing = true
                outcome.projects[repository.key] = project
            default:
                outcome.failures[repository.key] = "GitHub answered \(response.status)"
            }
        }
        return outcome
    }

    /// A rate limit in `response`: the hourly one (403 or 429 with `x-ratelimit-remaining: 0`) or a
    /// secondary one (`Retry-After`, or a 403 or 429 that says so).
    static func rateLimit(_ response: WebClient.Response) -> (resetAt: Int?, secondary: Bool)? {
        guard response.status == 403 || response.status == 429 else { return nil }
        if response.header("x-ratelimit-remaining") == "0" {
            return (response.header("x-ratelimit-reset").flatMap { Int($0) }, false)
        }
        if let retry = response.header("retry-after").flatMap({ Int($0) }) {
            return (Int(Date().timeIntervalSince1970) + retry, true)
        }
        let text = String(decoding: response.body, as: UTF8.self).lowercased()
        return text.contains("rate limit") ? (nil, true) : nil
    }

    struct RESTRepository: Decodable {
        var full_name: String
        var html_url: String
        var stargazers_count: Int?
        var pushed_at: String?
        var archived: Bool?
        var license: License?
        var language: String?
        var description: String?

        struct License: Decodable {
            var spdx_id: String?
        }

        func project(asked: ProjectAddress, today: String) -> ProjectData.Project {
            var project = ProjectData.Project(forge: .github, fetched: today)
            project.stars = stargazers_count
            project.updated = pushed_at.map { String($0.prefix(10)) }
            project.archived = archived == true ? true : nil
            project.license = GitHubProjects.spdx(license?.spdx_id)
            project.language = language
            project.description = description.flatMap { $0.isEmpty ? nil : $0 }
            if full_name.lowercased() != asked.path.lowercased() { project.movedTo = html_url }
            return project
        }
    }

    /// An SPDX id, not GitHub's `NOASSERTION` ("a licence we could not name").
    static func spdx(_ id: String?) -> String? {
        guard let id, !id.isEmpty, id != "NOASSERTION" else { return nil }
        return id
    }

    // MARK: - GraphQL

    func fetchGraphQL(_ repositories: [ProjectAddress]) async -> Outcome {
        var outcome = Outcome()
        var start = 0
        while start < repositories.count {
            let batch = Array(repositories[start..<min(start + Self.batchSize, repositories.count)])
            let query = Self.query(batch)
            let body = (try? JSONSerialization.data(withJSONObject: ["query": query])) ?? Data()
            let response: WebClient.Response
            do {
                outcome.requests += 1
                response = try await client.request(
                    endpoints.graphql, method: .POST, readBody: true, accept: "application/json",
                    headers: headers(json: true), body: [UInt8](body))
            } catch {
                for repository in batch { outcome.failures[repository.key] = error.description }
                start += batch.count
                continue
            }
            if let stop = Self.rateLimit(response) {
                outcome.stopped = .init(
                    left: repositories.count - start, resetAt: stop.resetAt, secondary: stop.secondary)
                break
            }
            guard response.status == 200,
                let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            else {
                for repository in batch { outcome.failures[repository.key] = "GitHub answered \(response.status)" }
                start += batch.count
                continue
            }
            let errors = object["errors"] as? [[String: Any]] ?? []
            // GraphQL's own rate limit comes as a 200 with an error of type RATE_LIMITED.
            if errors.contains(where: { ($0["type"] as? String) == "RATE_LIMITED" }) {
                outcome.stopped = .init(
                    left: repositories.count - start, resetAt: response.header("x-ratelimit-reset").flatMap { Int($0) },
                    secondary: false)
                break
            }
            let data = object["data"] as? [String: Any] ?? [:]
            for (index, repository) in batch.enumerated() {
                if let node = data["r\(index)"] as? [String: Any] {
                    outcome.projects[repository.key] = Self.project(node, asked: repository, today: today)
                } else if errors.contains(where: {
                    ($0["type"] as? String) == "NOT_FOUND" && ($0["path"] as? [Any])?.first as? String == "r\(index)"
                }) {
                    var project = ProjectData.Project(forge: .github, fetched: today)
                    project.missing = true
                    outcome.projects[repository.key] = project
                } else {
                    outcome.failures[repository.key] = "GitHub gave no data for it"
                }
            }
            start += batch.count
        }
        return outcome
    }

    /// One query for `batch`, each repository under an alias (`r0`, `r1`…).
    static func query(_ batch: [ProjectAddress]) -> String {
        let fields = """
            nameWithOwner url stargazerCount pushedAt isArchived description \
            licenseInfo { spdxId } primaryLanguage { name } latestRelease { tagName publishedAt }
            """
        let repositories = batch.enumerated().map { index, repository in
            let parts = repository.path.split(separator: "/", maxSplits: 1).map(String.init)
            return "r\(index): repository(owner: \(literal(parts[0])), name: \(literal(parts[1]))) { \(fields) }"
        }
        return "query { \(repositories.joined(separator: " ")) rateLimit { remaining resetAt } }"
    }

    /// A GraphQL string literal (names are checked by `ProjectAddress`; escaped all the same).
    static func literal(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    static func project(_ node: [String: Any], asked: ProjectAddress, today: String) -> ProjectData.Project {
        var project = ProjectData.Project(forge: .github, fetched: today)
        project.stars = node["stargazerCount"] as? Int
        project.updated = (node["pushedAt"] as? String).map { String($0.prefix(10)) }
        project.archived = node["isArchived"] as? Bool == true ? true : nil
        project.license = spdx((node["licenseInfo"] as? [String: Any])?["spdxId"] as? String)
        project.language = (node["primaryLanguage"] as? [String: Any])?["name"] as? String
        project.description = (node["description"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        if let release = node["latestRelease"] as? [String: Any], let tag = release["tagName"] as? String {
            project.release = .init(tag: tag, date: (release["publishedAt"] as? String).map { String($0.prefix(10)) })
        }
        if let name = node["nameWithOwner"] as? String, name.lowercased() != asked.path.lowercased() {
            project.movedTo = node["url"] as? String
        }
        return project
    }
}
