import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `archive/index.html`: years with months and counts, and the links themselves while the collection
/// is small (`PageLinks.archiveListsEveryLink`); the undated links.
struct ArchivePage: HTMLPageKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: SitePaths.archive, kind: ArchivePage())]
    }

    var inputs: PlannedFile.Inputs { .everyLinksMonth }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "archive" }

    func linksShown(_ site: Site) -> LinksShown {
        guard !PageLinks.archiveListsEveryLink(site) else { return .every }
        return .these(site.links.indices.filter { site.links[$0].date == nil })
    }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(SitePaths.archive).archiveContext())
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        // Every dated link's month (the counts) and the undated links; every link while it lists them.
        writer.byte(11)
        let links = fingerprints.model.links
        for id in links.indices {
            if let date = links[id].date {
                writer.int(date.year * 100 + date.month)
            } else {
                writer.byte(0)
                writer.fingerprint(fingerprints.link(id))
            }
        }
        if PageLinks.archiveListsEveryLink(fingerprints.model) {
            fingerprints.links(links.indices, into: &writer)
        }
    }

}

private extension TemplateContext {
    func archiveContext() -> TemplateValue {
        let showLinks = PageLinks.archiveListsEveryLink(site)
        let years = PageLinks.archive(site).map { year, months -> TemplateValue in
            let count = months.reduce(0) { $0 + $1.links.count }
            let byMonth = PageLinks.archiveYearByMonth(count: count)
            return [
                "year": .int(year), "href": .string(href(SitePaths.archiveYear(year))), "count": .int(count),
                "count_text": .string(words.number(count)),
                "months": .list(
                    months.map {
                        month(year: year, month: $0.month, links: $0.links, withLinks: showLinks, byMonth: byMonth)
                    }),
            ]
        }
        let undatedLinks = site.links.indices.filter { site.links[$0].date == nil }
        let undated = undatedLinks.map { linkItem($0) }
        return page(
            path: SitePaths.archive, kind: "archive", title: words["archive"], description: nil,
            showing: showLinks ? Array(site.links.indices) : undatedLinks,
            extra: [
                "years": .list(years), "show_links": .bool(showLinks), "undated": .list(undated),
                "has_undated": .bool(!undated.isEmpty),
            ])
    }
}
