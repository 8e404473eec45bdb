import Foundation
import LinkyModel

/// Reads project data from GitLab (gitlab.com and the instances a site names) and from Forgejo and
/// Gitea hosts (Codeberg and the others a site names), one REST request per repository and one or two
/// more for its language and latest release, anonymously or with a token (`GITLAB_TOKEN`,
/// `GITEA_TOKEN`), sent only to the forge's own API.
///
/// Each host's API is at `https://<host>/api/v4` (GitLab) or `/api/v1` (Gitea), unless `apiBases`
/// names another (`LINKY_FORGE_API`: a forge behind a proxy, and the tests' local server). A rate limit
/// (429, or 403 with `RateLimit-Remaining: 0`) stops that host's work cleanly.
public struct ForgeProjects: Sendable {
    public let client: WebClient
    /// By host: the API's base address, instead of the host's own.
    public let apiBases: [String: String]
    let tokens: (gitlab: String?, gitea: String?)
    public let today: String

    public init(
        client: WebClient, apiBases: [String: String] = [:], gitlabToken: String?, giteaToken: String?, today: String
    ) {
        self.client = client
        self.apiBases = apiBases.mapValues { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.tokens = (gitlabToken.flatMap { $0.isEmpty ? nil : $0 }, giteaToken.flatMap { $0.isEmpty ? nil : $0 })
        self.today = today
    }

    /// `LINKY_FORGE_API`: `host=https://…/api/v4`, comma-separated.
    public static func apiBases(_ environment: [String: String]) -> [String: String] {
        var bases: [String: String] = [:]
        for pair in (environment["LINKY_FORGE_API"] ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty { bases[parts[0].lowercased()] = parts[1] }
        }
        return bases
    }

    func base(_ project: ProjectAddress) -> String {
        apiBases[project.host] ?? "https://\(project.host)/api/\(project.forge == .gitlab ? "v4" : "v1")"
    }

    func headers(_ forge: ProjectAddress.Forge) -> [(name: String, value: String)] {
        switch forge {
        case .gitlab: tokens.gitlab.map { [("PRIVATE-TOKEN", $0)] } ?? []
        case .gitea: tokens.gitea.map { [("Authorization", "token \($0)")] } ?? []
        case .github: []
        }
    }

    /// Reads `repositories` (GitLab and Gitea ones; others are left out), host after host.
    public func fetch(_ repositories: [ProjectAddress]) async -> GitHubProjects.Outcome {
        var outcome = GitHubProjects.Outcome()
        var stoppedHosts: Set<String> = []
        var unreachable: [String: Int] = [:]
        for (index, repository) in repositories.enumerated() where repository.forge != .github {
            // Counted in `stopped.left` when the host stopped.
            if stoppedHosts.contains(repository.host) { continue }
            if unreachable[repository.host, default: 0] >= 3 {
                outcome.failures[repository.key] = "\(repository.host) could not be reached"
                continue
            }
            do {
                switch try await read(repository, &outcome) {
                case .read(let project): outcome.projects[repository.key] = project
                case .missing:
                    var project = ProjectData.Project(forge: repository.forge, fetched: today)
                    project.missing = true
                    outcome.projects[repository.key] = project
                case .failed(let message): outcome.failures[repository.key] = message
                case .limited(let resetAt):
                    stoppedHosts.insert(repository.host)
                    let left = repositories[index...].count { $0.host == repository.host }
                    if outcome.stopped == nil {
                        outcome.stopped = .init(left: left, resetAt: resetAt, secondary: false, host: repository.host)
                    } else {
                        outcome.stopped!.left += left
                    }
                }
                unreachable[repository.host] = 0
            } catch {
                outcome.failures[repository.key] = error.description
                unreachable[repository.host, default: 0] += 1
            }
        }
        return outcome
    }

    enum Read {
        case read(ProjectData.Project)
        case missing
        case failed(String)
        case limited(resetAt: Int?)
    }

    func get(
        _ url: String, _ forge: ProjectAddress.Forge, _ outcome: inout GitHubProjects.Outcome
    ) async throws(WebClient.Failure) -> WebClient.Response {
        outcome.requests += 1
        return try await client.request(url, readBody: true, accept: "application/json", headers: headers(forge))
    }

    static func limit(_ response: WebClient.Response) -> Int?? {
        let limited =
            response.status == 429
            || (response.status == 403
                && (response.header("ratelimit-remaining") ?? response.header("x-ratelimit-remaining")) == "0")
        guard limited else { return nil }
        if let reset = (response.header("ratelimit-reset") ?? response.header("x-ratelimit-reset")).flatMap({ Int($0) })
        {
            return .some(reset)
        }
        return .some(response.header("retry-after").flatMap { Int($0) }.map { Int(Date().timeIntervalSince1970) + $0 })
    }

    func read(
        _ repository: ProjectAddress, _ outcome: inout GitHubProjects.Outcome
    ) async throws(WebClient.Failure)
        -> Read
    {
        let base = base(repository)
        let encodedPath = repository.path.replacingOccurrences(of: "/", with: "%2F")
        let main =
            repository.forge == .gitlab
            ? "\(base)/projects/\(encodedPath)?license=true" : "\(base)/repos/\(repository.path)"
        let response = try await get(main, repository.forge, &outcome)
        if let reset = Self.limit(response) { return .limited(resetAt: reset) }
        switch response.status {
        case 200: break
        case 404, 410, 451: return .missing
        default: return .failed("\(repository.host) answered \(response.status)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            return .failed("\(repository.host)'s answer was not a project")
        }
        var project = ProjectData.Project(forge: repository.forge, fetched: today)
        project.description = (object["description"] as? String).flatMap {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0
        }
        project.archived = object["archived"] as? Bool == true ? true : nil
        if repository.forge == .gitlab {
            project.stars = object["star_count"] as? Int
            project.updated = (object["last_activity_at"] as? String).map { String($0.prefix(10)) }
            let license = object["license"] as? [String: Any]
            project.license = Self.spdx(license?["key"] as? String) ?? Self.spdx(license?["nickname"] as? String)
            if let path = object["path_with_namespace"] as? String, path.lowercased() != repository.path.lowercased() {
                project.movedTo = object["web_url"] as? String
            }
            let id = (object["id"] as? Int).map(String.init) ?? encodedPath
            let languages = try await get("\(base)/projects/\(id)/languages", repository.forge, &outcome)
            if languages.status == 200,
                let shares = try? JSONSerialization.jsonObject(with: Data(languages.body)) as? [String: Double]
            {
                project.language = shares.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
            }
            let releases = try await get("\(base)/projects/\(id)/releases?per_page=1", repository.forge, &outcome)
            if releases.status == 200,
                let list = try? JSONSerialization.jsonObject(with: Data(releases.body)) as? [[String: Any]],
                let latest = list.first, let tag = latest["tag_name"] as? String
            {
                project.release = .init(
                    tag: tag, date: (latest["released_at"] as? String).map { String($0.prefix(10)) })
            }
        } else {
            project.stars = object["stars_count"] as? Int
            project.updated = (object["updated_at"] as? String).map { String($0.prefix(10)) }
            project.language = (object["language"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            project.license = ((object["licenses"] as? [String]) ?? []).lazy.compactMap(Self.spdx).first
            if let name = object["full_name"] as? String, name.lowercased() != repository.path.lowercased() {
                project.movedTo = object["html_url"] as? String
            }
            let release = try await get("\(base)/repos/\(repository.path)/releases/latest", repository.forge, &outcome)
            if release.status == 200,
                let latest = try? JSONSerialization.jsonObject(with: Data(release.body)) as? [String: Any],
                let tag = latest["tag_name"] as? String
            {
                project.release = .init(
                    tag: tag, date: (latest["published_at"] as? String).map { String($0.prefix(10)) })
            }
        }
        return .read(project)
    }

    /// The SPDX id a forge's licence key names (`mit`, `apache-2.0`, `MIT`), if it names one.
    static func spdx(_ key: String?) -> String? {
        guard let key, !key.isEmpty else { return nil }
        return BuiltInFacets.licenseByKey[LinkLabel.identity(of: key)]
    }
}
