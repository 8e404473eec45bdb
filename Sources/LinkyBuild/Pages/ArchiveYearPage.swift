import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `archive/<year>/index.html`: every link of a year, by month (not paginated). Its links are parts a
/// rebuild copies (`PlannedFile.keepsParts`).
struct ArchiveYearPage: HTMLPageKind {
    var year: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        let site = planning.site
        return Set(site.links.indices.compactMap { site.links[$0].date?.year }).sorted(by: >).map {
            PlannedFile(path: SitePaths.archiveYear($0), kind: ArchiveYearPage(year: $0))
        }
    }

    var inputs: PlannedFile.Inputs { .yearOfLinks }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { theme.hasTemplate("archive_year") ? "archive_year" : "archive" }

    /// The links of the year, in the site's order.
    func links(_ site: Site) -> [Int] { site.links.indices.filter { site.links[$0].date?.year == year } }

    func linksShown(_ site: Site) -> LinksShown { .these(links(site)) }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(SitePaths.archiveYear(year)).archiveYearContext(year))
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(4)
        fingerprints.links(links(fingerprints.model), into: &writer)
    }

    // Every link may be of one year; pages reserved and never written cost no memory.
    func capacity(_ site: Site) -> Int { 16_384 + site.links.count * 1_024 }
}

private extension TemplateContext {
    func archiveYearContext(_ year: Int) -> TemplateValue {
        let months = archiveYears().first { $0.year == year }?.months ?? []
        return page(
            path: SitePaths.archiveYear(year), kind: "archive_year", title: "\(year)", description: nil,
            showing: months.flatMap { $0.links },
            extra: [
                "year": .int(year),
                "months": .list(
                    months.map {
                        month(
                            year: year, month: $0.month, links: $0.links, withLinks: true,
                            path: SitePaths.archiveYear(year))
                    }),
                "archive_href": .string(href(SitePaths.archive)),
            ])
    }
}
