import Foundation
import LinkyBuild
import LinkyModel
import LinkyNetwork

/// `fetch`'s project data step (issue 44): every link and secondary link that points at a repository
/// (`ProjectAddress`) is read from its forge and kept in `projects.json` beside `metadata.json`.
/// GitHub is read today; GitLab and Gitea hosts are recognised and kept for their readers.
public struct ProjectFetch: Sendable {
    public struct Options: Sendable {
        public var siteFolder: URL
        /// The day the data is fetched, `YYYY-MM-DD`.
        public var today: String
        /// Only projects whose entry is older than this many days, or missing (`--max-age`).
        public var maxAge: Int?
        public var timeout: Duration = .seconds(20)
        public var allowPrivateAddresses = false
        /// The environment: `GITHUB_TOKEN`, `GITHUB_API_URL`, `GITHUB_GRAPHQL_URL`.
        public var environment: [String: String] = ProcessInfo.processInfo.environment

        public init(siteFolder: URL, today: String) {
            self.siteFolder = siteFolder
            self.today = today
        }
    }

    public let options: Options

    public init(options: Options) {
        self.options = options
    }

    /// The repositories of the site, each with where its address is written.
    public struct Plan: Sendable {
        public var repositories: [ProjectAddress]
        /// Those to read now (all, or those older than `maxAge`).
        public var due: [ProjectAddress]
        public var uses: [String: [SourceLocation]]
        var data: ProjectData
    }

    public struct Report: Sendable {
        public var read: Int
        public var requests: Int
        /// Moved and deleted repositories, with where their address is written.
        public var moved: [(project: ProjectAddress, to: String, uses: [SourceLocation])]
        public var missing: [(project: ProjectAddress, uses: [SourceLocation])]
        public var failures: [(project: ProjectAddress, message: String, uses: [SourceLocation])]
        /// Repositories not read on forges linky-site does not read yet.
        public var unsupported: Int
        public var stopped: GitHubProjects.Outcome.Stop?
        public var saved: Bool
    }

    /// Reads the site as `fetch` does (drafts included) and plans from it.
    public func plan() async throws -> Plan {
        let report = try await MetadataFetch.readSite(options.siteFolder)
        guard let site = report.site else {
            return Plan(repositories: [], due: [], uses: [:], data: ProjectData())
        }
        return try plan(site)
    }

    public func plan(_ site: Site) throws -> Plan {
        let data = try ProjectData.load(fromSiteFolder: options.siteFolder)
        var repositories: [ProjectAddress] = []
        var uses: [String: [SourceLocation]] = [:]
        for link in site.links {
            for url in [link.url] + link.secondaryLinks.map(\.url) {
                guard let project = ProjectAddress(url.absoluteString) else { continue }
                if uses[project.key] == nil { repositories.append(project) }
                uses[project.key, default: []].append(link.urlSource)
            }
        }
        let due = repositories.filter { project in
            guard let maxAge = options.maxAge, let entry = data[project] else { return true }
            return entry.isOlder(than: maxAge, on: options.today)
        }
        return Plan(repositories: repositories, due: due, uses: uses, data: data)
    }

    /// Reads the plan's due repositories and saves `projects.json`: what was read replaces its entry,
    /// what was not keeps its old one, and entries of repositories the site no longer links to go.
    public func fetch(_ plan: Plan) async throws -> Report {
        var clientOptions = WebClient.Options()
        clientOptions.timeout = options.timeout
        clientOptions.allowPrivateAddresses = options.allowPrivateAddresses
        clientOptions.maximumBodyBytes = 8 * 1024 * 1024
        let client = WebClient(options: clientOptions)
        let github = GitHubProjects(
            client: client, endpoints: .init(environment: options.environment),
            token: options.environment["GITHUB_TOKEN"], today: options.today)
        let due = plan.due.filter { $0.forge == .github }
        let outcome = await github.fetch(due)
        await client.shutdown()

        var data = plan.data
        let used = Set(plan.uses.keys)
        data.projects = data.projects.filter { used.contains($0.key) }
        for (key, project) in outcome.projects { data.projects[key] = project }
        let file = options.siteFolder.appending(path: ProjectData.fileName)
        let saved = data != plan.data || (!data.projects.isEmpty && !FileManager.default.fileExists(atPath: file.path))
        if saved { try data.save(toSiteFolder: options.siteFolder) }
        let byKey = Dictionary(plan.repositories.map { ($0.key, $0) }) { first, _ in first }
        func uses(_ key: String) -> [SourceLocation] { plan.uses[key] ?? [] }
        return Report(
            read: outcome.projects.count, requests: outcome.requests,
            moved: outcome.projects.sorted { $0.key < $1.key }.compactMap { key, project in
                project.movedTo.flatMap { to in byKey[key].map { (project: $0, to: to, uses: uses(key)) } }
            },
            missing: outcome.projects.sorted { $0.key < $1.key }.compactMap { key, project in
                project.missing == true ? byKey[key].map { (project: $0, uses: uses(key)) } : nil
            },
            failures: outcome.failures.sorted { $0.key < $1.key }.compactMap { key, message in
                byKey[key].map { (project: $0, message: message, uses: uses(key)) }
            },
            unsupported: plan.due.count - due.count, stopped: outcome.stopped, saved: saved)
    }
}

extension ProjectData.Project {
    /// Whether this entry was fetched more than `days` days before `today`.
    func isOlder(than days: Int, on today: String) -> Bool {
        guard let fetched = Self.day(fetched), let now = Self.day(today) else { return true }
        return now.timeIntervalSince(fetched) > Double(days) * 86_400
    }
}
