/// Another link of a list item, after its main one: `([Demo](…), [Source Code](…))`, `[[paper](…)]`,
/// or another cell of a table row. It is shown with its link, not as a link of its own.
public struct SecondaryLink: Sendable, Hashable {
    /// The link's text as written (`Source Code`), or its address's host when it had none.
    public var title: String
    public var url: LinkURL

    public init(title: String, url: LinkURL) {
        self.title = title
        self.url = url
    }
}

/// What the build read of one list file: how many items, how many became links, how many it skipped
/// (each skipped one is named in a warning).
public struct ListFileSummary: Sendable, Hashable {
    /// The list file, relative to the site folder.
    public var path: String
    /// List items and table rows that hold a link (or group links under them).
    public var itemsRead: Int
    /// Links made from them, nested and `Label: [a](…), [b](…)` links included.
    public var linksMade: Int
    /// Secondary links kept on their items (`(Source Code)`, `(Demo)`).
    public var secondaryLinks: Int
    /// Links that were not usable (bad or relative addresses), each reported with its line.
    public var linksSkipped: Int
    /// `dates_from:`: the file whose git history dates the items first (the README it was copied from).
    public var datesFrom: String?

    public init(
        path: String, itemsRead: Int, linksMade: Int, secondaryLinks: Int, linksSkipped: Int, datesFrom: String? = nil
    ) {
        self.datesFrom = datesFrom
        self.path = path
        self.itemsRead = itemsRead
        self.linksMade = linksMade
        self.secondaryLinks = secondaryLinks
        self.linksSkipped = linksSkipped
    }
}
