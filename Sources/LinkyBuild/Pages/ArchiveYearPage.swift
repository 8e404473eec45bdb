import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `archive/<year>/index.html`: every link of a year, by month (not paginated); a year of more than
/// `PageLinks.archiveYearLimit` links lists its months instead, each a page of its own
/// (`ArchiveMonthPage`). Its links are parts a rebuild copies (`PlannedFile.keepsParts`).
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

    func linksShown(_ site: Site) -> LinksShown {
        let links = links(site)
        return PageLinks.archiveYearByMonth(count: links.count) ? .none : .these(links)
    }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(SitePaths.archiveYear(year)).archiveYearContext(year, month: nil))
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(4)
        fingerprints.links(links(fingerprints.model), into: &writer)
    }

    // Every link may be of one year; pages reserved and never written cost no memory.
    func capacity(_ site: Site) -> Int { 16_384 + site.links.count * 1_024 }
}

/// `archive/<year>/<month>/index.html`: every link of a month of a year too large for one page
/// (`PageLinks.archiveYearByMonth`), with the `archive_year` template. Its links are parts, as a year's are.
struct ArchiveMonthPage: HTMLPageKind {
    var year: Int
    var month: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        PageLinks.archive(planning.site).flatMap { year, months in
            guard PageLinks.archiveYearByMonth(count: months.reduce(0) { $0 + $1.links.count }) else {
                return [PlannedFile]()
            }
            return months.map {
                PlannedFile(
                    path: SitePaths.archiveMonth(year, $0.month), kind: ArchiveMonthPage(year: year, month: $0.month))
            }
        }
    }

    var inputs: PlannedFile.Inputs { .yearOfLinks }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { theme.hasTemplate("archive_year") ? "archive_year" : "archive" }

    /// The links of the month, in the site's order.
    func links(_ site: Site) -> [Int] {
        site.links.indices.filter { site.links[$0].date.map { $0.year == year && $0.month == month } ?? false }
    }

    func linksShown(_ site: Site) -> LinksShown { .these(links(site)) }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(SitePaths.archiveMonth(year, month)).archiveYearContext(year, month: month))
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        // The month's links, and the other months' counts its navigation shows.
        writer.byte(24)
        writer.int(month)
        let all = fingerprints.model.links
        for id in all.indices {
            if let date = all[id].date, date.year == year { writer.int(date.month) }
        }
        fingerprints.links(links(fingerprints.model), into: &writer)
    }

    func capacity(_ site: Site) -> Int { 16_384 + site.links.count * 1_024 }
}

private extension TemplateContext {
    /// A year's page (`month` nil) or, for a year of a page per month, one month's.
    func archiveYearContext(_ year: Int, month shown: Int?) -> TemplateValue {
        let months = PageLinks.archive(site).first { $0.year == year }?.months ?? []
        let byMonth = PageLinks.archiveYearByMonth(count: months.reduce(0) { $0 + $1.links.count })
        let path = shown.map { SitePaths.archiveMonth(year, $0) } ?? SitePaths.archiveYear(year)
        let listed = months.filter { byMonth ? $0.month == shown : true }
        var extra: TemplateMap = [
            "year": .int(year), "by_month": .bool(byMonth),
            "months": .list(
                months.map {
                    month(
                        year: year, month: $0.month, links: $0.links, withLinks: !byMonth || $0.month == shown,
                        byMonth: byMonth, current: $0.month == shown, path: path)
                }),
            "archive_href": .string(href(SitePaths.archive)),
        ]
        if shown != nil { extra["year_href"] = .string(href(SitePaths.archiveYear(year))) }
        return page(
            path: path, kind: "archive_year",
            title: shown.map { words.month(year: year, month: $0) } ?? "\(year)", description: nil,
            showing: listed.flatMap { $0.links }, extra: extra)
    }
}
