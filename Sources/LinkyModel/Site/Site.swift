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

    /// The list files (relative to the site folder): a list file and its headings are the
    /// categories that keep their file's order.
    public var listFilePaths: Set<String> {
        Set(categories.filter(\.keepsSourceOrder).map(\.source.path))
    }
}
