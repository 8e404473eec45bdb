import LinkyModel
import Yams

// MARK: - projects

extension ConfigParser {
    /// `projects:` — the forges a site's repository links may be on beyond github.com, gitlab.com and
    /// codeberg.org: `projects: {gitlab: [gitlab.gnome.org], gitea: [git.example.org]}` (Forgejo hosts
    /// under `gitea`). A shape that cannot be read is a located warning and is left out.
    static func projectHosts(
        _ mapping: YAMLMapping, _ entry: YAMLMapping.Entry, _ diagnostics: inout [Diagnostic]
    ) -> ProjectAddress.Hosts {
        let example = "write e.g. `projects: {gitlab: [gitlab.gnome.org], gitea: [git.example.org]}`"
        guard case .mapping(let pairs) = entry.node else {
            if case .scalar(let scalar) = entry.node, scalar.string.isEmpty || YAMLMapping.nonTextKind(scalar) == "null"
            {
                return ProjectAddress.Hosts()
            }
            diagnostics.append(
                .warning(
                    .invalidConfig, at: mapping.location(of: entry),
                    "`projects` must be a mapping of forges (`gitlab`, `gitea`) to lists of hosts, not \(YAMLMapping.kind(of: entry.node)); it is ignored",
                    hint: example))
            return ProjectAddress.Hosts()
        }
        var gitlab: Set<String> = []
        var gitea: Set<String> = []
        for (key, value) in pairs {
            let line = mapping.line(of: key)
            let forge = key.string?.lowercased() ?? ""
            guard forge == "gitlab" || forge == "gitea" || forge == "forgejo" else {
                diagnostics.append(
                    .warning(
                        .invalidConfig, at: SourceLocation(path: mapping.path, line: line),
                        "`projects` knows the forges `gitlab` and `gitea` (Forgejo too), not `\(forge)`; it is ignored",
                        hint: example))
                continue
            }
            let valueEntry = YAMLMapping.Entry(key: forge, node: value, line: line)
            guard let hosts = diagnostics.take(mapping.stringList(valueEntry), as: .invalidConfig) else {
                diagnostics[diagnostics.count - 1].severity = .warning
                continue
            }
            // A host as written, or an address whose host is meant.
            let names = hosts.map { host in
                var name = host.lowercased()
                if let range = name.range(of: "://") { name = String(name[range.upperBound...]) }
                name = String(name.prefix { $0 != "/" })
                return name.hasPrefix("www.") ? String(name.dropFirst(4)) : name
            }.filter { !$0.isEmpty }
            if forge == "gitlab" { gitlab.formUnion(names) } else { gitea.formUnion(names) }
        }
        return ProjectAddress.Hosts(gitlab: gitlab, gitea: gitea)
    }
}
