/// `host:` in linky.yml: where the site is published. A build whose output that host would refuse
/// fails before the output changes, naming what to turn off, instead of the upload failing later in
/// someone's CI. The limits and where each host documents them are in `docs/hosts.md`.
public enum StaticHost: String, Sendable, Hashable, CaseIterable {
    /// No host's limits are checked; the build still reports the output's size.
    case any
    case githubPages = "github-pages"
    case cloudflarePages = "cloudflare-pages"
    case netlify
    case gitlabPages = "gitlab-pages"

    /// What a host takes; nil where it documents no limit.
    public struct Limits: Sendable, Hashable {
        /// All files together, in bytes.
        public var siteBytes: Int64?
        /// Files in the site (entries: with `countsFolders`, folders too).
        public var files: Int?
        /// Folders count as entries toward `files` (GitLab Pages counts every entry of the archive).
        public var countsFolders = false
        /// One file, in bytes.
        public var fileBytes: Int64?
    }

    private static let mebibyte: Int64 = 1 << 20
    private static let gibibyte: Int64 = 1 << 30

    public var limits: Limits {
        switch self {
        case .any, .netlify:
            // Netlify documents no limit on a deploy's size or number of files.
            Limits()
        case .githubPages:
            // "Published GitHub Pages sites may be no larger than 1 GB."
            Limits(siteBytes: Self.gibibyte)
        case .cloudflarePages:
            // 20,000 files on the Free plan (100,000 on paid plans, which must opt in), 25 MiB a file.
            Limits(files: 20_000, fileBytes: 25 * Self.mebibyte)
        case .gitlabPages:
            // GitLab.com: a Pages site is a job artifact (at most 1 GB) of at most 200,000 entries.
            Limits(siteBytes: Self.gibibyte, files: 200_000, countsFolders: true)
        }
    }

    /// The host's name, as its documentation writes it.
    public var name: String {
        switch self {
        case .any: "any host"
        case .githubPages: "GitHub Pages"
        case .cloudflarePages: "Cloudflare Pages"
        case .netlify: "Netlify"
        case .gitlabPages: "GitLab Pages"
        }
    }
}
