/// The project data of a link whose address, or else one of its secondary links (`(Source Code)`),
/// is a repository on a forge: what `fetch` kept in `projects.json`, read by `build` offline.
public struct LinkProject: Sendable, Hashable {
    /// The repository, as the link's address names it.
    public var address: ProjectAddress
    public var data: ProjectData.Project
    /// Its last update is more than `stale_after` days before the day the data was fetched.
    public var stale: Bool

    /// What a card flags: an archived project (whatever its age), else a stale one.
    public enum Flag: Int, Sendable {
        case archived = 1
        case stale = 2
    }

    public var flag: Flag? { data.archived == true ? .archived : stale ? .stale : nil }

    public init(address: ProjectAddress, data: ProjectData.Project, stale: Bool) {
        self.address = address
        self.data = data
        self.stale = stale
    }

    /// The project of a link at `url` with `secondary` links: its own address's, else the first
    /// secondary link's that `projects` has (a missing repository is none: nothing to show).
    public static func of(
        _ url: String, secondary: [String], in projects: ProjectData, hosts: ProjectAddress.Hosts, staleAfter: Int
    ) -> LinkProject? {
        guard !projects.projects.isEmpty else { return nil }
        for address in [url] + secondary {
            guard let project = ProjectAddress(address, hosts: hosts), let data = projects[project],
                data.missing != true
            else { continue }
            return LinkProject(address: project, data: data, stale: data.isStale(after: staleAfter))
        }
        return nil
    }
}
