/// The links added in one ISO week, by their dates (from their files or from git history), with the
/// list items taken out that week: what the new page (`new/`) and its digest feeds show
/// (`Site.addedWeeks`, worked out once as the site resolves).
public struct AddedWeek: Sendable, Equatable {
    /// The ISO week-numbering year and the week's number (1–53).
    public var year: Int
    public var week: Int
    /// The week's Monday.
    public var start: LinkDate
    /// Its links in the site's order (newest first).
    public var links: [Int] = []
    /// Its removed list items, by index in `Site.removedLinks`.
    public var removed: [Int] = []
    /// The newest instant of the week's additions and removals: the digest entry's `updated`.
    public var updated: Int64

    /// `2026-W48`: the week's anchor on the new page and its digest entry's id.
    public var id: String { "\(year)-W\(week < 10 ? "0" : "")\(week)" }

    /// The site's weeks with an addition or a removal, newest first.
    public static func of(_ site: Site) -> [AddedWeek] {
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
}
