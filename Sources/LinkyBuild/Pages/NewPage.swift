import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `new/index.html` (`new_page`, on by default): the links added each ISO week, newest week first, each
/// week with its count and the list items removed that week, `new_weeks_per_page` weeks a page
/// (`new/page/2/index.html`…). Dates are the links' own or, for links their files leave undated, the
/// day git history says their address landed (`dates_from_history`).
struct NewPage: HTMLPageKind {
    var page: Int
    var of: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard planning.site.config.newPage else { return [] }
        let count = pageCount(planning.site.addedWeeks.count, planning.site.config)
        return (1...count).map { PlannedFile(path: SitePaths.new(page: $0), kind: NewPage(page: $0, of: count)) }
    }

    var inputs: PlannedFile.Inputs { .yearOfLinks }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "new" }

    /// The weeks of this page.
    func weeks(_ site: Site) -> ArraySlice<AddedWeek> {
        let perPage = max(site.config.newWeeksPerPage, 1)
        return site.addedWeeks.dropFirst((page - 1) * perPage).prefix(perPage)
    }

    func linksShown(_ site: Site) -> LinksShown { .these(weeks(site).flatMap(\.links)) }

    /// Whether this page is the last and `new_weeks` left older weeks out: it then points at the archive.
    func pointsAtArchive(_ site: Site) -> Bool { page == of && site.olderWeeks > 0 }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        let path = SitePaths.new(page: page)
        return rendering.context.at(path).newContext(
            weeks: weeks(rendering.site), page: page, of: of, older: pointsAtArchive(rendering.site))
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(32)
        writer.int(page)
        writer.int(of)
        writer.bool(pointsAtArchive(fingerprints.model))
        for week in weeks(fingerprints.model) {
            writer.string(week.id)
            writer.int(week.links.count)
            fingerprints.links(week.links, into: &writer)
            writer.array(week.removed) { writer, index in
                writer.removedLink(fingerprints.model.removedLinks[index])
            }
        }
    }

    func capacity(_ site: Site) -> Int { 16_384 + min(site.links.count, 2_000) * 1_024 }

    /// Pages for `weeks` weeks: one at least, which says when no link has a date yet.
    static func pageCount(_ weeks: Int, _ config: SiteConfig) -> Int {
        max(1, (weeks + max(config.newWeeksPerPage, 1) - 1) / max(config.newWeeksPerPage, 1))
    }
}

extension ByteWriter {
    /// A removed list item as the new page and the digest feeds show it.
    mutating func removedLink(_ removed: RemovedLink) {
        string(removed.title)
        string(removed.url)
        linkDate(removed.date)
    }
}

extension TemplateContext {
    /// A week of the new page: its title and days, its removed items and, given the page's path, its
    /// links' items (parts a rebuild may copy, as an archive year's are).
    func addedWeek(_ week: AddedWeek, itemsOn path: String?) -> TemplateMap {
        let end = week.start.adding(days: 6)
        var info: TemplateMap = [
            "id": .string(week.id), "anchor": .string(week.id.lowercased()), "title": .string(weekTitle(week)),
            "year": .int(week.year), "number": .int(week.week), "start": .string(week.start.isoDay),
            "end": .string(end.isoDay), "start_text": .string(words.day(week.start)),
            "end_text": .string(words.day(end)), "count": .int(week.links.count),
            "count_text": .string(words.number(week.links.count)),
            "counted": counted("links", week.links.count), "removed_count": .int(week.removed.count),
            "removed_count_text": .string(words.number(week.removed.count)),
            "has_links": .bool(!week.links.isEmpty), "has_removed": .bool(!week.removed.isEmpty),
        ]
        info["removed"] = .list(
            week.removed.map { index in
                let removed = site.removedLinks[index]
                return [
                    "title": .string(removed.title), "url": .string(removed.url),
                    "display_url": .string(LinkURL(stored: removed.url)?.displayString ?? removed.url),
                    "date": .string(removed.date.isoDay), "date_text": .string(words.day(removed.date)),
                ]
            })
        if let path { info["links"] = .list(week.links.map { part($0, of: path) { linkItem($0) } }) }
        return info
    }

    /// `Week 48, 2026`, in the site's language.
    func weekTitle(_ week: AddedWeek) -> String {
        words["week_title"].replacingOccurrences(of: "{week}", with: String(week.week))
            .replacingOccurrences(of: "{year}", with: String(week.year))
    }
}

private extension TemplateContext {
    func newContext(weeks: ArraySlice<AddedWeek>, page: Int, of count: Int, older: Bool) -> TemplateValue {
        let path = SitePaths.new(page: page)
        var extra: TemplateMap = [
            "weeks": .list(weeks.map { .map(addedWeek($0, itemsOn: path)) }), "has_weeks": .bool(!weeks.isEmpty),
            "section_feed": .map([
                "atom": .string(SitePaths.newFeed(json: false)), "json": .string(SitePaths.newFeed(json: true)),
                "title": .string("\(site.config.title) — \(words["weekly_digest"])"),
            ]),
        ]
        if older { extra["has_older"] = .bool(true) }
        if let pagination = pagination(page: page, of: count, path: { SitePaths.new(page: $0) }) {
            extra["pagination"] = pagination
        }
        let title = page > 1 ? "\(words["new_title"]) (\(pageNumber(page)))" : words["new_title"]
        return self.page(
            path: path, kind: "new", title: title, description: nil, showing: weeks.flatMap(\.links), extra: extra)
    }
}
