import Foundation
import LinkyModel

/// `check --projects`: the repositories the site links to that need the curator's eye, from
/// `projects.json` (offline; `fetch` refreshes it) — archived, stale (no update in `staleAfter` days
/// before the day the data was fetched), moved and deleted — each a located warning at every line
/// that links to it, for a scheduled CI job.
public struct ProjectCheck: Sendable {
    public struct Summary: Sendable, Equatable {
        /// Distinct repositories the links and secondary links point at.
        public var linked = 0
        /// Of those, how many `projects.json` has no entry for (run `fetch`).
        public var unfetched = 0
        public var archived = 0
        public var stale = 0
        public var moved = 0
        public var missing = 0
        /// The oldest day an entry of those linked was fetched.
        public var oldestFetch: String?

        public var problems: Int { archived + stale + moved + missing }
    }

    public let site: Site
    public let data: ProjectData
    public let staleAfter: Int

    public init(site: Site, data: ProjectData, staleAfter: Int) {
        self.site = site
        self.data = data
        self.staleAfter = staleAfter
    }

    /// One warning per link (or secondary link) whose repository is archived, stale, moved or missing,
    /// in the site's file order, and the counts per repository.
    public func run() -> (diagnostics: [Diagnostic], summary: Summary) {
        var summary = Summary()
        var seen: Set<String> = []
        var diagnostics: [Diagnostic] = []
        for link in site.links {
            for url in [link.url.absoluteString] + link.secondaryLinks.map(\.url.absoluteString) {
                guard let project = ProjectAddress(url, hosts: site.config.projectHosts) else { continue }
                let first = seen.insert(project.key).inserted
                if first { summary.linked += 1 }
                guard let entry = data[project] else {
                    if first { summary.unfetched += 1 }
                    continue
                }
                if first, summary.oldestFetch.map({ entry.fetched < $0 }) ?? true {
                    summary.oldestFetch = entry.fetched
                }
                let found = problems(project, entry, at: link.urlSource)
                if first {
                    for problem in found {
                        switch problem.code {
                        case .projectArchived: summary.archived += 1
                        case .projectStale: summary.stale += 1
                        case .projectMoved: summary.moved += 1
                        default: summary.missing += 1
                        }
                    }
                }
                diagnostics += found
            }
        }
        // Located at the links, which the site holds in its own order: said in file order.
        let nowhere = SourceLocation(path: "")
        let sorted = diagnostics.sorted {
            ($0.location ?? nowhere, $0.code.rawValue) < ($1.location ?? nowhere, $1.code.rawValue)
        }
        return (sorted, summary)
    }

    private func problems(
        _ project: ProjectAddress, _ entry: ProjectData.Project, at location: SourceLocation
    ) -> [Diagnostic] {
        if entry.missing == true {
            return [
                .warning(
                    .projectMissing, at: location,
                    "\(project.url) does not exist (deleted, or private), as of \(entry.fetched)",
                    hint: "remove the link, or point it at where the project lives now")
            ]
        }
        var found: [Diagnostic] = []
        if let movedTo = entry.movedTo {
            found.append(
                .warning(
                    .projectMoved, at: location, "\(project.url) moved to \(movedTo)",
                    hint: "write the new address (`linky-site fetch --write` does it in link files)"))
        }
        if entry.archived == true {
            found.append(
                .warning(
                    .projectArchived, at: location,
                    "\(project.url) is archived" + (entry.updated.map { " (last updated \($0))" } ?? ""),
                    hint: "its owner no longer maintains it: keep it only if it is still worth reading"))
        } else if entry.isStale(after: staleAfter), let updated = entry.updated {
            found.append(
                .warning(
                    .projectStale, at: location,
                    "\(project.url) was last updated \(updated), more than \(staleAfter) days before \(entry.fetched)",
                    hint: "check that it still works; `stale_after` in linky.yml (or --stale-after) sets the days"))
        }
        return found
    }
}
