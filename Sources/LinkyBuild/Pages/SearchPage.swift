import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `search/index.html`: the search form, its filters, and the words its script says numbers and dates
/// with; the index itself is other files (`search-index.json`, the shards under `search/data/`).
struct SearchPage: HTMLPageKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: SitePaths.search, kind: SearchPage())]
    }

    var inputs: PlannedFile.Inputs { .shape }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "search" }
    func linksShown(_ site: Site) -> LinksShown { .none }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(SitePaths.search).searchContext())
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) { writer.byte(6) }
}

private extension TemplateContext {
    func searchContext() -> TemplateValue {
        let categories = site.categories.dropFirst().map { category -> TemplateValue in
            ["id": .int(category.id), "trail": .string(trail(category.id).map(\.title).joined(separator: " › "))]
        }
        let tags = site.tags.map { tag -> TemplateValue in ["id": .int(tag.id), "name": .string(tag.name)] }
        return page(
            path: SitePaths.search, kind: "search", title: words["search"], description: nil,
            extra: [
                "filter_categories": .list(categories), "filter_tags": .list(tags),
                "words_json": .string(scriptWords(results: "search_results")),
            ])
    }
}
