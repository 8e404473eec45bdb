import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `print/index.html`: one printable page, every category in reading order with all its links and
/// notes. Its links are parts a rebuild copies (`PlannedFile.keepsParts`).
struct PrintPage: HTMLPageKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: SitePaths.print, kind: PrintPage())]
    }

    var inputs: PlannedFile.Inputs { .everyLink }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "print" }
    func linksShown(_ site: Site) -> LinksShown { .every }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(SitePaths.print).printContext())
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var renderWeight: Int { 2 }
    func capacity(_ site: Site) -> Int { 16_384 + site.links.count * 1_536 }
}

private extension TemplateContext {
    func printContext() -> TemplateValue {
        let sections = site.categories.filter { !$0.links.isEmpty || $0.id != 0 }.map { category -> TemplateValue in
            var section: TemplateMap = [
                "anchor": .string(category.id == 0 ? "top-level" : "c-" + category.slugPath.joined(separator: "-")),
                "title": .string(category.id == 0 ? site.config.title : category.title),
                "trail": .string(
                    category.id == 0 ? site.config.title : trail(category.id).map(\.title).joined(separator: " › ")),
                "depth": .int(max(category.depth, 1)), "count": .int(category.links.count),
                "total_count": .int(category.id == 0 ? category.links.count : category.totalCount),
                "links": .list(category.links.map { part($0, of: SitePaths.print) { linkItem($0, withNote: true) } }),
                "has_links": .bool(!category.links.isEmpty),
            ]
            if let description = category.description { section["description"] = .string(description) }
            if let intro = category.intro {
                section["intro_html"] = .string(withSectionLinks(intro.html, from: category.id))
            }
            return .map(section)
        }
        var extra: TemplateMap = ["sections": .list(sections)]
        if let newest = site.newestDate {
            extra["newest_date"] = .string(newest.isoDay)
            extra["newest_date_text"] = .string(words.day(newest))
        }
        extra["has_pictures"] = .bool(
            site.config.images != .none
                && site.links.indices.contains {
                    site.config.images == .local ? site.links[$0].preview != nil : site.links[$0].image != nil
                })
        return page(path: SitePaths.print, kind: "print", title: site.config.title, description: nil, extra: extra)
    }
}
