/// The whole collection after the resolve stage: every link, category and tag, cross-referenced by index.
public struct Site: Sendable {
    public var config: SiteConfig
    /// Newest first, then by title.
    public var links: [Link]
    public var categories: [Category]
    /// Top-level categories in display order.
    public var rootCategories: [Int]
    /// By name.
    public var tags: [Tag]
    /// What the build read of each list file, in path order.
    public var listFiles: [ListFileSummary] = []
    /// For each list file, the categories its headings became, by their in-page anchor
    /// (`web-frameworks`): a note's `#web-frameworks` link goes to that category's page.
    public var sectionAnchors: [String: [String: Int]] = [:]
    /// The theme's words in the site's language (`i18n/<language>.yml`); ISO dates and keys for
    /// words when none were loaded.
    public var words = Words()
    /// The websites the links go to (`sites`), the most links first, then by name; empty with `sites: false`.
    public var websites: [Website] = []
    /// Each link's website (`websites`), by id; empty with `sites: false`.
    public var websiteOfLink: [Int?] = []
    /// The groups of the links' labels (`Link.labels`): the site's `facets:` in the order written, then
    /// License, Language and Labels (`BuiltInFacets`); only those with a value. Empty without labels.
    public var facets: [Facet] = []
    /// Whether any link has project data (`projects.json`): lists then offer to sort by stars and updates.
    public var hasProjects = false
    /// How many bytes the links' own words take: addresses, titles, descriptions, notes and tags, each
    /// link's counted once. The files made from every link grow with it; planning weighs each link
    /// (to split a file, `FileLimits`) only when this says a file could pass its limit.
    public var textBytes = 0
    /// List items taken out of the collection, as git history tells (`dates_from_history`): the new
    /// page lists each in the week it went. Newest first.
    public var removedLinks: [RemovedLink] = []
    /// The weeks with a link added or removed, newest first (`new_page`; empty without it).
    public var addedWeeks: [AddedWeek] = []
    /// The weeks older than the new page shows (`new_weeks`): their links are in the archive.
    public var olderWeeks = 0

    public init(config: SiteConfig, links: [Link], categories: [Category], rootCategories: [Int], tags: [Tag]) {
        self.config = config
        self.links = links
        self.categories = categories
        self.rootCategories = rootCategories
        self.tags = tags
    }

    /// The date of the newest link: feeds' `updated`, the print cover's date.
    public var newestDate: LinkDate? {
        links.lazy.compactMap(\.date).max()
    }

    /// Whether the site has a print page (`print`, which for `auto` weighs the number of links).
    public var hasPrintPage: Bool { config.writesPrint(links: links.count) }

    /// The one top-level category of a site made of one list (or one folder), with sub-categories:
    /// the home page shows its sections, and trails leave it out. Nil when the site has links at its
    /// top level, several top-level categories, or the lone one has no sub-categories.
    public var loneCategory: Int? {
        guard rootCategories.count == 1, categories[0].links.isEmpty else { return nil }
        let lone = rootCategories[0]
        return categories[lone].children.isEmpty ? nil : lone
    }

    /// The list files (relative to the site folder): a list file and its headings are the
    /// categories that keep their file's order.
    public var listFilePaths: Set<String> {
        Set(categories.filter(\.keepsSourceOrder).map(\.source.path))
    }
}
