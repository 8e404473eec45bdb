import LinkyModel

// MARK: - Labels

extension ContentFileParser {
    /// A link's labels as kept: cleaned names without empty ones, each once (case aside), each at most
    /// `LinkLabel.maximumLength` characters and at most `LinkLabel.maximumCount` of them; what is left
    /// out is a located warning.
    static func labels(_ names: [String], at location: SourceLocation, diagnostics: inout [Diagnostic]) -> [String] {
        var kept: [String] = []
        var seen: Set<String> = []
        for name in names where !name.isEmpty {
            guard name.count <= LinkLabel.maximumLength else {
                diagnostics.append(
                    .warning(
                        .invalidLabels, at: location,
                        "the label \"\(name.prefix(40))…\" is longer than \(LinkLabel.maximumLength) characters, so it is left out",
                        hint: "a label is a short name (`MIT`, `Docker`); put longer text in the description"))
                continue
            }
            if seen.insert(LinkLabel.identity(of: name)).inserted { kept.append(name) }
        }
        if kept.count > LinkLabel.maximumCount {
            diagnostics.append(
                .warning(
                    .invalidLabels, at: location,
                    "the link has \(kept.count) labels; only the first \(LinkLabel.maximumCount) are kept",
                    hint: "keep the labels that help a reader filter the list"))
            kept = Array(kept.prefix(LinkLabel.maximumCount))
        }
        return kept
    }

    /// The identities of the values of the site's `facets:`: a code span that is one of them stays one
    /// label, `/` and all (see `LinkLabel.names(inSpan:knownValues:)`).
    static func facetValueKeys(_ config: SiteConfig) -> Set<String> {
        Set(config.facets.flatMap { $0.values.map(LinkLabel.identity(of:)) })
    }
}
