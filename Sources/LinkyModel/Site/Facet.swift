/// A group of labels a reader can filter by (`?license=MIT`): a site's own from `facets:` in
/// `linky.yml` (`Platform: [Docker, Nodejs]`), then the built-in License, Language and Labels
/// (`BuiltInFacets`).
public struct Facet: Sendable, Hashable {
    /// As shown: `License`, `Platform`.
    public var name: String
    /// The address's parameter name: lower-case, ASCII-folded, unique among the site's facets
    /// (`license`, `language`, `labels`, `platform`).
    public var key: String
    /// By number of links, most first, then by name.
    public var values: [FacetValue]

    public init(name: String, key: String, values: [FacetValue]) {
        self.name = name
        self.key = key
        self.values = values
    }
}

/// One value of a facet (`MIT` of License) and the links labelled with it.
public struct FacetValue: Sendable, Hashable {
    /// As shown: the first-seen spelling of the label on the site (labels are one value case aside).
    public var name: String
    /// Link ids, in the site's order.
    public var links: [Int]

    public init(name: String, links: [Int]) {
        self.name = name
        self.links = links
    }
}
