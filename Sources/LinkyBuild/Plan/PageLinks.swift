import LinkyModel

/// Which links a page shows, where that is a choice of the site's and not one category's or tag's
/// list: said here, in the plan, for the renderer (which links' items a page needs) and the rebuild's
/// fingerprints (what a page is made of) alike.
enum PageLinks {
    /// Favourites the home page shows, the first in the site's order (newest first); with more, it
    /// links to the search page's view of them all (`search/?fav=1`). A million generated links have
    /// 20,000 favourites: listed whole, the home page was 21 MiB.
    static let homeFavorites = 24

    /// The home page's: the favorites (the first `homeFavorites`, and how many there are in all), the
    /// most recent dated links and those at the top level.
    /// By index: filtering `site.links` copied every `Link` (a tenth of a 10k rebuild's reference counting).
    static func home(_ site: Site) -> (favorites: [Int], favoriteCount: Int, recent: [Int], topLevel: [Int]) {
        let links = site.links
        let favorites = links.indices.filter { links[$0].favorite }
        return (
            Array(favorites.prefix(homeFavorites)), favorites.count,
            Array(links.indices.lazy.filter { links[$0].date != nil }.prefix(site.config.recentCount)),
            site.categories[site.loneCategory ?? 0].links
        )
    }

    /// The feeds' entries: the dated links, newest first, as many as the feed size.
    static func feed(_ site: Site) -> [Int] {
        // By index, stopping at the last entry: filtering `site.links` copied every link.
        Array(site.links.indices.lazy.filter { site.links[$0].date != nil }.prefix(site.config.feedSize))
    }

    /// A tag's feed's entries: its dated links, newest first, as many as `section_feed_size`.
    static func tagFeed(_ site: Site, _ id: Int) -> [Int] {
        Array(
            site.tags[id].links.sorted().lazy.filter { site.links[$0].date != nil }.prefix(site.config.sectionFeedSize))
    }

    /// A category's feed's entries: the dated links of it and its subcategories, newest first, as many
    /// as `section_feed_size` (a top-level category often holds its links only in subcategories).
    static func categoryFeed(_ site: Site, _ id: Int) -> [Int] {
        var ids: [Int] = []
        var pending = [id]
        while let next = pending.popLast() {
            ids += site.categories[next].links
            pending += site.categories[next].children
        }
        return Array(ids.sorted().lazy.filter { site.links[$0].date != nil }.prefix(site.config.sectionFeedSize))
    }

    /// Whether a tag or category has feeds of its own: with `section_feeds`, when it has a dated link
    /// (feeds carry dated links only).
    static func hasSectionFeed(_ site: Site, tag id: Int) -> Bool {
        site.config.sectionFeeds && site.tags[id].links.contains { site.links[$0].date != nil }
    }

    static func hasSectionFeed(_ site: Site, category id: Int) -> Bool {
        guard site.config.sectionFeeds, id != 0 else { return false }
        // Any dated link of it or its subcategories, without sorting them into a feed.
        var pending = [id]
        while let next = pending.popLast() {
            if site.categories[next].links.contains(where: { site.links[$0].date != nil }) { return true }
            pending += site.categories[next].children
        }
        return false
    }

    /// The broken-links page's links: those `link-status.json` calls dead, then those it calls moved,
    /// each in the site's order.
    static func broken(_ site: Site) -> (dead: [Int], moved: [Int]) {
        let links = site.links
        return (
            links.indices.filter { links[$0].health?.deadSince != nil },
            links.indices.filter { links[$0].health?.movedTo != nil }
        )
    }

    /// Whether the archive page lists every link (else it gives counts and links to the years).
    static func archiveListsEveryLink(_ site: Site) -> Bool { site.links.count <= 1000 }

    /// The dated links by year and month: years newest first, each with its months newest first and
    /// their links in the site's order. What the archive's pages show, and which month pages there are.
    static func archive(_ site: Site) -> [(year: Int, months: [(month: Int, links: [Int])])] {
        var byMonth: [Int: [Int: [Int]]] = [:]
        // By index, reading only the date: copying each `Link` cost more than the rest.
        for id in site.links.indices {
            guard let date = site.links[id].date else { continue }
            byMonth[date.year, default: [:]][date.month, default: []].append(id)
        }
        return byMonth.keys.sorted(by: >).map { year in
            (year, byMonth[year]!.keys.sorted(by: >).map { ($0, byMonth[year]![$0]!) })
        }
    }

    /// Links a year's archive page lists itself; a year with more has a page per month
    /// (`ArchiveMonthPage`), and its own page lists its months. About 1 KB a link: a year page stays
    /// near 10 MiB, well inside the 25 MiB a file some hosts allow (a million links put 90,000 in a year).
    static let archiveYearLimit = 10_000

    /// Whether a year of `count` dated links has a page per month.
    static func archiveYearByMonth(count: Int) -> Bool { count > archiveYearLimit }

    /// Page `number` of a list of links (a category's, a tag's).
    static func page(_ links: [Int], number: Int, pageSize: Int) -> ArraySlice<Int> {
        links.dropFirst((number - 1) * pageSize).prefix(pageSize)
    }
}
