import LinkyModel
import Yams

// MARK: - facets

extension ConfigParser {
    /// `facets:` — a mapping of facet names to the labels each groups, as a list or one comma-separated
    /// string (`Platform: [Docker, Nodejs]`). A shape that cannot be read is a located warning and is
    /// left out; a label listed under two facets belongs to the first.
    static func facets(
        _ entry: YAMLMapping.Entry, in mapping: YAMLMapping, _ diagnostics: inout [Diagnostic]
    ) -> [SiteConfig.FacetSetting] {
        let example =
            "write `facets:` as a mapping of names to lists of labels, e.g. `facets: {Platform: [Docker, Nodejs]}`"
        switch entry.node {
        case .mapping: break
        case .scalar(let scalar) where scalar.string.isEmpty || YAMLMapping.nonTextKind(scalar) == "null":
            return []
        default:
            diagnostics.append(
                .warning(
                    .invalidConfig, at: mapping.location(of: entry),
                    "`facets` must be a mapping of facet names to lists of labels, not \(YAMLMapping.kind(of: entry.node)); it is ignored",
                    hint: example))
            return []
        }
        guard case .mapping(let pairs) = entry.node else { return [] }
        var facets: [SiteConfig.FacetSetting] = []
        var facetOfValue: [String: String] = [:]
        var names: Set<String> = []
        for (key, value) in pairs {
            let line = mapping.line(of: key)
            let location = SourceLocation(path: mapping.path, line: line)
            guard case .scalar(let keyScalar) = key else {
                diagnostics.append(
                    .warning(
                        .invalidConfig, at: location, "a facet's name in `facets` must be text; this one is ignored",
                        hint: example))
                continue
            }
            let name = keyScalar.string.nfc.collapsingWhitespace
            guard !name.isEmpty else {
                diagnostics.append(
                    .warning(
                        .invalidConfig, at: location, "a facet in `facets` has an empty name; it is ignored",
                        hint: "name it: `Platform: [Docker, Nodejs]`"))
                continue
            }
            if LinkLabel.identity(of: name) == LinkLabel.identity(of: BuiltInFacets.labels) {
                diagnostics.append(
                    .warning(
                        .invalidConfig, at: location,
                        "`\(name)` is the built-in facet of the labels no other facet groups, so it cannot be listed in `facets`; it is ignored",
                        hint: "give the facet another name, e.g. `Tags` or `Platform`"))
                continue
            }
            guard names.insert(LinkLabel.identity(of: name)).inserted else {
                diagnostics.append(
                    .warning(
                        .invalidConfig, at: location,
                        "the facet `\(name)` is listed twice in `facets`; the second is ignored",
                        hint: "list all of its labels under one `\(name):`"))
                continue
            }
            let valueEntry = YAMLMapping.Entry(key: name, node: value, line: line)
            guard
                var values = diagnostics.take(mapping.stringList(valueEntry), as: .invalidConfig)?.map(
                    LinkLabel.cleanedName)
            else {
                // `stringList` refuses with an error; a facet that cannot be read only loses its grouping.
                diagnostics[diagnostics.count - 1].severity = .warning
                continue
            }
            values = values.filter { value in
                guard !value.isEmpty else { return false }
                let key = LinkLabel.identity(of: value)
                if let other = facetOfValue[key] {
                    if other != name {
                        diagnostics.append(
                            .warning(
                                .invalidConfig, at: location,
                                "the label `\(value)` is listed under both `\(other)` and `\(name)` in `facets`; it belongs to `\(other)`",
                                hint: "list each label under one facet"))
                    }
                    return false
                }
                facetOfValue[key] = name
                return true
            }
            facets.append(SiteConfig.FacetSetting(name: name, values: values))
        }
        return facets
    }
}
