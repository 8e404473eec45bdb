import Foundation

/// A link's address recognised as a repository on a forge — GitHub, GitLab (gitlab.com and the instances
/// a site names), Codeberg and other Forgejo or Gitea hosts — whose project data `fetch` reads (stars,
/// last update, archived, licence, language, latest release).
///
/// Any address inside a repository names it: `https://github.com/apple/swift/tree/main/docs`,
/// `git@`-less `https://github.com/apple/swift.git`, `https://gitlab.com/group/sub/project/-/issues`.
/// Pages of the forge itself (`github.com/features`, `gitlab.com/explore`, a user's profile) are not
/// repositories, and neither is a gist.
public struct ProjectAddress: Sendable, Hashable, CustomStringConvertible {
    public enum Forge: String, Sendable, Codable, CaseIterable {
        case github
        case gitlab
        /// Forgejo and Gitea (Codeberg runs Forgejo): the same REST API.
        case gitea
    }

    public var forge: Forge
    /// The forge's host, lowercased, without `www.`.
    public var host: String
    /// The repository's path as the address spells it: `owner/name` (GitLab: `group/subgroup/name`).
    public var path: String

    /// The project's key in `projects.json`: host and path, lowercased (forges match paths in any case).
    public var key: String { "\(host)/\(path.lowercased())" }

    /// The repository's web address.
    public var url: String { "https://\(host)/\(path)" }

    public var description: String { key }

    public init(forge: Forge, host: String, path: String) {
        self.forge = forge
        self.host = host
        self.path = path
    }

    /// The forges a site's links may point at beyond the well-known ones (`projects:` in `linky.yml`).
    public struct Hosts: Sendable, Hashable {
        /// GitLab instances besides gitlab.com.
        public var gitlab: Set<String>
        /// Forgejo and Gitea instances besides codeberg.org.
        public var gitea: Set<String>

        public init(gitlab: Set<String> = [], gitea: Set<String> = []) {
            self.gitlab = Set(gitlab.map { $0.lowercased() })
            self.gitea = Set(gitea.map { $0.lowercased() })
        }

        /// The forge at `host` (lowercased, `www.` removed), if any.
        func forge(at host: String) -> Forge? {
            switch host {
            case "github.com": .github
            case "gitlab.com": .gitlab
            case "codeberg.org": .gitea
            default: gitlab.contains(host) ? .gitlab : gitea.contains(host) ? .gitea : nil
            }
        }
    }

    /// The repository `address` names, or nil when it names none.
    public init?(_ address: String, hosts: Hosts = Hosts()) {
        guard let components = URLComponents(string: address),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            var host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        guard let forge = hosts.forge(at: host) else { return nil }
        // Percent-encoded paths are not repository names (`%2F` would smuggle a slash in).
        let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true)
            .map(String.init)
        guard !segments.contains(where: { $0.contains("%") }) else { return nil }
        let path: [String]?
        switch forge {
        case .github: path = Self.ownerAndName(segments, reserved: Self.githubReserved, owner: Self.isGitHubOwner)
        case .gitea: path = Self.ownerAndName(segments, reserved: Self.giteaReserved, owner: Self.isName)
        case .gitlab: path = Self.gitlabPath(segments)
        }
        guard let path else { return nil }
        self.init(forge: forge, host: host, path: path.joined(separator: "/"))
    }

    // MARK: - Paths

    /// `owner/name` from the first two segments: the owner not a page of the forge, the name without `.git`.
    static func ownerAndName(_ segments: [String], reserved: Set<String>, owner: (String) -> Bool) -> [String]? {
        guard segments.count >= 2, !reserved.contains(segments[0].lowercased()), owner(segments[0]) else {
            return nil
        }
        let name = trimmedGit(segments[1])
        guard isName(name) else { return nil }
        return [segments[0], name]
    }

    /// A GitLab project: its namespace and name, every segment before `-` (GitLab's separator before
    /// a project's pages) or before an older page name (`tree`, `blob`, …) past the second.
    static func gitlabPath(_ segments: [String]) -> [String]? {
        guard segments.count >= 2, !gitlabReserved.contains(segments[0].lowercased()) else { return nil }
        var path: [String] = []
        for segment in segments {
            if segment == "-" { break }
            if path.count >= 2, gitlabPages.contains(segment) { break }
            path.append(segment)
        }
        guard path.count >= 2 else { return nil }
        path[path.count - 1] = trimmedGit(path[path.count - 1])
        guard path.allSatisfy(isName) else { return nil }
        return path
    }

    static func trimmedGit(_ name: String) -> String {
        name.lowercased().hasSuffix(".git") && name.count > 4 ? String(name.dropLast(4)) : name
    }

    /// Letters, digits, `.`, `_` and `-`, not `.` or `..`: what the forges allow in a name.
    static func isName(_ segment: String) -> Bool {
        !segment.isEmpty && segment != "." && segment != ".."
            && segment.unicodeScalars.allSatisfy {
                $0.isASCII && (isAlphanumeric($0) || "._-".unicodeScalars.contains($0))
            }
    }

    /// GitHub's accounts: letters, digits and single hyphens, not at either end.
    static func isGitHubOwner(_ segment: String) -> Bool {
        !segment.isEmpty && !segment.hasPrefix("-") && !segment.hasSuffix("-")
            && segment.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || $0 == "-") }
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// GitHub's own pages at the first segment, which no account can be named.
    static let githubReserved: Set<String> = [
        "about", "account", "apps", "blog", "codespaces", "collections", "contact", "copilot", "customer-stories",
        "enterprise", "events", "explore", "features", "github-copilot", "issues", "join", "login", "logout",
        "marketplace", "new", "notifications", "orgs", "organizations", "pricing", "pulls", "readme", "resources",
        "search", "security", "settings", "site", "solutions", "sponsors", "team", "topics", "trending", "users",
    ]

    /// GitLab's own pages at the first segment.
    static let gitlabReserved: Set<String> = [
        "-", "admin", "api", "dashboard", "explore", "groups", "help", "projects", "search", "users",
    ]

    /// A project's pages in GitLab's addresses from before `/-/`.
    static let gitlabPages: Set<String> = [
        "blob", "commits", "issues", "merge_requests", "pipelines", "raw", "releases", "tags", "tree", "wikis",
    ]

    /// Forgejo's and Gitea's own pages at the first segment.
    static let giteaReserved: Set<String> = [
        "-", "admin", "api", "assets", "explore", "issues", "login", "notifications", "org", "pulls", "repo",
        "user",
    ]
}
