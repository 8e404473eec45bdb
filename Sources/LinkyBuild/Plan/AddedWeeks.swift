import LinkyModel

/// The links added each ISO week, by their dates (from their files or from git history), with the list
/// items taken out that week: what the new page (`new/`) and its digest feeds show. Newest week first.
struct AddedWeek: Sendable, Equatable {
    /// The ISO week-numbering year and the week's number (1–53).
    var year: Int
    var week: Int
    /// The week's Monday.
    var start: LinkDate
    /// Its links in the site's order (newest first).
    var links: [Int] = []
    /// Its removed list items, by index in `Site.removedLinks`.
    var removed: [Int] = []
    /// The newest instant of the week's additions and removals: the digest entry's `updated`.
    var updated: Int64

    /// `2026-W48`: the week's anchor on the new page and its digest entry's id.
    var id: String { "\(year)-W\(week < 10 ? "0" : "")\(week)" }

    /// The site's weeks with an addition or a removal, newest first.
    static func of(_ site: Site) -> [AddedWeek] {
        var weeks: [Int: AddedWeek] = [:]
        func add(_ date: LinkDate, _ place: (inout AddedWeek) -> Void) {
            let (year, week) = date.isoWeek
            let key = year * 100 + week
            var entry = weeks[key] ?? AddedWeek(year: year, week: week, start: date.weekStart, updated: date.instant)
            entry.updated = max(entry.updated, date.instant)
            place(&entry)
            weeks[key] = entry
        }
        // By index, reading only the date: copying each `Link` costs more than the rest.
        for id in site.links.indices {
            guard let date = site.links[id].date else { continue }
            add(date) { $0.links.append(id) }
        }
        for index in site.removedLinks.indices {
            add(site.removedLinks[index].date) { $0.removed.append(index) }
        }
        return weeks.keys.sorted(by: >).map { weeks[$0]! }
    }

    /// Whether the site has a new page: `new_page`, and a dated link or a removal.
    static func hasNewPage(_ site: Site) -> Bool {
        site.config.newPage && (!site.removedLinks.isEmpty || site.links.contains { $0.date != nil })
    }
}
