import LinkyTheme

/// The link item entries each page template can show (see `ItemFields`), worked out once per render.
struct ItemFieldsByTemplate: Sendable {
    private let fields: [String: ItemFields]

    init(theme: Theme) {
        // Every template a page may name (`PageKind.template(in:)`): the theme's, but its partials.
        let templates = theme.templateOrigins.keys.filter { !$0.hasPrefix("partials/") }
        fields = Dictionary(
            uniqueKeysWithValues: templates.map { ($0, ItemFields(names: theme.names(reachableFrom: $0))) })
    }

    /// All entries for a file that is not an HTML page (feeds and data files read items themselves).
    subscript(template: String?) -> ItemFields { template.flatMap { fields[$0] } ?? .all }
}
