import Foundation
import LinkyBuild
import LinkyModel
import LinkyNetwork

/// `fetch`'s project data step (issue 44): every link and secondary link that points at a repository
/// (`ProjectAddress`) is read from its forge and kept in `projects.json` beside `metadata.json`.
/// GitHub (`GitHubProjects`), GitLab and Forgejo/Gitea (`ForgeProjects`) are read.
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
        /// The site's list files: `--write` leaves them as they are.
        public var listFiles: Set<String> = []
        var data: ProjectData
    }

    public struct Report: Sendable {
        public var read: Int
        public var requests: Int
        /// Of `requests`, those to GitLab and Gitea hosts.
        public var otherForgeRequests = 0
        /// Moved and deleted repositories, with where their address is written.
        public var moved: [(project: ProjectAddress, to: String, uses: [SourceLocation])]
        public var missing: [(project: ProjectAddress, uses: [SourceLocation])]
        public var failures: [(project: ProjectAddress, message: String, uses: [SourceLocation])]
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
                guard let project = ProjectAddress(url.absoluteString, hosts: site.config.projectHosts) else {
                    continue
                }
                if uses[project.key] == nil { repositories.append(project) }
                uses[project.key, default: []].append(link.urlSource)
            }
        }
        let due = repositories.filter { project in
            guard let maxAge = options.maxAge, let entry = data[project] else { return true }
            return entry.isOlder(than: maxAge, on: options.today)
        }
        return Plan(
            repositories: repositories, due: due, uses: uses, listFiles: Set(site.listFiles.map(\.path)), data: data)
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
        var outcome = await github.fetch(plan.due.filter { $0.forge == .github })
        let forges = ForgeProjects(
            client: client, apiBases: ForgeProjects.apiBases(options.environment),
            gitlabToken: options.environment["GITLAB_TOKEN"], giteaToken: options.environment["GITEA_TOKEN"],
            today: options.today)
        let others = await forges.fetch(plan.due.filter { $0.forge != .github })
        await client.shutdown()
        outcome.projects.merge(others.projects) { $1 }
        outcome.failures.merge(others.failures) { $1 }
        outcome.requests += others.requests
        if let stop = others.stopped {
            if outcome.stopped == nil { outcome.stopped = stop } else { outcome.stopped!.left += stop.left }
        }

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
            read: outcome.projects.count, requests: outcome.requests, otherForgeRequests: others.requests,
            moved: outcome.projects.sorted { $0.key < $1.key }.compactMap { key, project in
                project.movedTo.flatMap { to in byKey[key].map { (project: $0, to: to, uses: uses(key)) } }
            },
            missing: outcome.projects.sorted { $0.key < $1.key }.compactMap { key, project in
                project.missing == true ? byKey[key].map { (project: $0, uses: uses(key)) } : nil
            },
            failures: outcome.failures.sorted { $0.key < $1.key }.compactMap { key, message in
                byKey[key].map { (project: $0, message: message, uses: uses(key)) }
            },
            stopped: outcome.stopped, saved: saved)
    }
}

// MARK: - Writing moved addresses

extension ProjectFetch {
    /// `fetch --write`: each moved repository's new address written into the link files whose `url:`
    /// line names the old one (`https://github.com/old/name/tree/main` keeps its `/tree/main`); list
    /// files are not changed (a located note says each move). Every file in one `SiteTransaction`.
    ///
    /// - Returns: the files written, in path order.
    public func writeMoved(_ report: Report, listFiles: Set<String>) throws(MetadataFetch.Failure) -> [String] {
        var texts: [String: String] = [:]
        for moved in report.moved {
            for use in moved.uses where !listFiles.contains(use.path) {
                guard let line = use.line else { continue }
                if texts[use.path] == nil {
                    do {
                        texts[use.path] = try RegularFile.text(at: options.siteFolder.appending(path: use.path))
                    } catch {
                        throw .unreadableFile(path: use.path, reason: error.systemReason)
                    }
                }
                if let rewritten = Self.rewriting(texts[use.path]!, line: line, from: moved.project, to: moved.to) {
                    texts[use.path] = rewritten
                }
            }
        }
        var changes: [SiteTransaction.Change] = []
        for path in texts.keys.sorted() {
            let original = try? RegularFile.text(at: options.siteFolder.appending(path: path))
            guard texts[path] != original else { continue }
            changes.append(.init(path: path, kind: .replace, bytes: Array(texts[path]!.utf8)))
        }
        do {
            try SiteTransaction.commit(changes, in: options.siteFolder)
        } catch {
            throw .filesNotWritten(path: error.path, reason: error.reason)
        }
        return changes.map(\.path)
    }

    /// `text` with the repository address on line `line` (a `url:` line) replaced by `to`, what follows
    /// the repository's path kept; nil when that line is not a `url:` naming it.
    static func rewriting(_ text: String, line: Int, from project: ProjectAddress, to: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard line >= 1, line <= lines.count, lines[line - 1].trimmingCharacters(in: .whitespaces).hasPrefix("url:")
        else { return nil }
        let escaped = NSRegularExpression.escapedPattern(for: "\(project.host)/\(project.path)")
        let pattern = "https?://(www\\.)?\(escaped)(\\.git)?(?=[/?#\"'\\s]|$)"
        guard let range = lines[line - 1].range(of: pattern, options: [.regularExpression, .caseInsensitive]) else {
            return nil
        }
        lines[line - 1].replaceSubrange(range, with: to)
        return lines.joined(separator: "\n")
    }
}

extension ProjectData.Project {
    /// Whether this entry was fetched more than `days` days before `today`.
    func isOlder(than days: Int, on today: String) -> Bool {
        guard let fetched = Self.dayNumber(fetched), let now = Self.dayNumber(today) else { return true }
        return now - fetched > days
    }
}
