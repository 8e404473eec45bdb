import Foundation
import LinkyModel

/// Places the links' labels in facets (`Site.facets`): a label whose name is a value of the site's
/// `facets:` (case aside) is in that facet, else one of License's (SPDX identifiers and the site's own
/// values under `License`), else one of Language's, else in Labels. Labels are one value case aside;
/// the first-seen spelling (in file order) is shown.
struct LabelResolver {
    struct Result {
        /// The site's own facets in `facets:` order, then License, Language and Labels: those with a
        /// value, values the most links first, then by name.
        var facets: [Facet]
        /// Each link's labels, by id, in the order written.
        var labelsOfLink: [[LinkLabel]]
    }

    let config: SiteConfig

    /// The facets of `links`, whose ids `order` gives (`order[id]` is the index in `links`); `links`
    /// are in file order, which makes "first seen" the same on every build.
    /// `adding`: more labels of each link, by index in `links`, after its own (its project's licence
    /// and language).
    func resolve(_ links: ParsedLinks, order: [Int], adding: [[String]]? = nil) -> Result {
        let labelsOf = { (index: Int) in adding.map { links[index].labels + $0[index] } ?? links[index].labels }
        guard links.indices.contains(where: { !labelsOf($0).isEmpty }) else {
            return Result(facets: [], labelsOfLink: [])
        }
        let (names, facetOfValue) = facetDefinitions()
        let labelsFacet = names.count - 1
        // The first-seen spelling of each label, in file order.
        var spelling: [String: String] = [:]
        var keysOfParsed: [[String]] = Array(repeating: [], count: links.count)
        for index in links.indices where !labelsOf(index).isEmpty {
            keysOfParsed[index] = labelsOf(index).map { name in
                let key = LinkLabel.identity(of: name)
                if spelling[key] == nil { spelling[key] = name }
                return key
            }
        }
        // Each facet's values and their links, in the site's order.
        var linksOfKey: [String: [Int]] = [:]
        for (id, index) in order.enumerated() {
            for key in keysOfParsed[index] { linksOfKey[key, default: []].append(id) }
        }
        var keysOfFacet: [[String]] = Array(repeating: [], count: names.count)
        for key in linksOfKey.keys { keysOfFacet[facetOfValue[key] ?? labelsFacet].append(key) }
        let keys = Self.keys(of: names)
        var facets: [Facet] = []
        var place: [String: (facet: Int, value: Int)] = [:]
        for definition in names.indices where !keysOfFacet[definition].isEmpty {
            let folded = Dictionary(
                uniqueKeysWithValues: keysOfFacet[definition].map { ($0, spelling[$0]!.foldedIdentity) })
            let sorted = keysOfFacet[definition].sorted { a, b in
                let (countA, countB) = (linksOfKey[a]!.count, linksOfKey[b]!.count)
                if countA != countB { return countA > countB }
                return (folded[a]!, spelling[a]!) < (folded[b]!, spelling[b]!)
            }
            for (value, key) in sorted.enumerated() { place[key] = (facets.count, value) }
            facets.append(
                Facet(
                    name: names[definition], key: keys[definition],
                    values: sorted.map { FacetValue(name: spelling[$0]!, links: linksOfKey[$0]!) }))
        }
        let labelsOfLink = order.map { index in
            keysOfParsed[index].map { key in
                LinkLabel(name: spelling[key]!, facet: place[key]!.facet, value: place[key]!.value)
            }
        }
        return Result(facets: facets, labelsOfLink: labelsOfLink)
    }

    /// The facets' names, in order (the site's own, License, Language, Labels), and the facet each
    /// known value is in, by its identity.
    private func facetDefinitions() -> (names: [String], facetOfValue: [String: Int]) {
        var names: [String] = []
        var facetOfValue: [String: Int] = [:]
        var extraLicenses: [String] = []
        var extraLanguages: [String] = []
        for facet in config.facets {
            switch LinkLabel.identity(of: facet.name) {
            case LinkLabel.identity(of: BuiltInFacets.license): extraLicenses += facet.values
            case LinkLabel.identity(of: BuiltInFacets.language): extraLanguages += facet.values
            default:
                for value in facet.values { facetOfValue[LinkLabel.identity(of: value)] = names.count }
                names.append(facet.name)
            }
        }
        // A site's values win over the built-in lists: only values no facet of the site has are added.
        let license = names.count
        let language = license + 1
        names += [BuiltInFacets.license, BuiltInFacets.language, BuiltInFacets.labels]
        for value in extraLicenses { facetOfValue[LinkLabel.identity(of: value)] = license }
        for value in extraLanguages where facetOfValue[LinkLabel.identity(of: value)] == nil {
            facetOfValue[LinkLabel.identity(of: value)] = language
        }
        // A few names are both (`Ruby`, `TCL`, `gnuplot`): lists mean the language far more often than
        // the licence of that name, so the languages are placed first.
        for key in BuiltInFacets.languageByKey.keys where facetOfValue[key] == nil { facetOfValue[key] = language }
        for key in BuiltInFacets.licenseByKey.keys where facetOfValue[key] == nil { facetOfValue[key] = license }
        return (names, facetOfValue)
    }

    /// The addresses' parameter names that mean something else on a list page (`?sort=`, `?tag=`…): a
    /// facet so named gets another.
    static let reservedKeys: Set<String> = ["sort", "tag", "fav", "live", "q", "page", "dead", "view"]

    /// Each facet's parameter name: its name in lower-case ASCII (`Plattform` → `plattform`, `Über` →
    /// `uber`), other characters as `-`; `facet` when nothing is left; unique, the later ones numbered.
    static func keys(of names: [String]) -> [String] {
        var taken = reservedKeys
        return names.map { name in
            let folded =
                name.applyingTransform(.toLatin, reverse: false)?
                .folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
                .lowercased() ?? name.lowercased()
            var slug = ""
            for scalar in folded.unicodeScalars {
                if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                    slug.unicodeScalars.append(scalar)
                } else if !slug.isEmpty, !slug.hasSuffix("-") {
                    slug += "-"
                }
            }
            while slug.hasSuffix("-") { slug.removeLast() }
            if slug.isEmpty { slug = "facet" }
            var key = slug
            var number = 2
            while taken.contains(key) {
                key = "\(slug)-\(number)"
                number += 1
            }
            taken.insert(key)
            return key
        }
    }
}
