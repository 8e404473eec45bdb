/// One link of the collection, resolved: its category, tags and slug are known.
public struct Link: Sendable, Hashable {
    /// Index in `Site.links`.
    public var id: Int
    /// Unique within its category; the last segment of its page's path.
    public var slug: String
    /// Index in `Site.categories`.
    public var category: Int
    public var url: LinkURL
    public var title: String
    public var description: String?
    /// Indices in `Site.tags`, in the order the author wrote them.
    public var tags: [Int]
    public var date: LinkDate?
    /// `date` is the day the link's address landed in its file, read from git history: its file gave none.
    public var dateFromHistory = false
    public var image: LinkURL?
    /// The site's icon, from the metadata cache (`linky-site fetch`).
    public var favicon: LinkURL?
    /// `archive:` of its file: the archived copy to offer instead of the Wayback Machine's nearest.
    public var archive: LinkURL?
    /// What `check --links` last found, when pages show it: dead (since a day) or moved (to an address).
    public var health: LinkHealth?
    /// The files `pictures/` holds of `image` (made by `fetch`), when it holds them.
    public var preview: PictureIndex.Entry?
    /// The files `pictures/` holds of `favicon`, when it holds them.
    public var icon: PictureIndex.Entry?
    public var favorite: Bool
    public var note: Note?
    public var extra: [String: ExtraValue]
    /// Where the link was written: its file, or its line of a list file.
    public var source: SourceLocation
    /// The line that holds the address (`url:` of a link file), where `check --links` reports it.
    public var urlSource: SourceLocation
    /// Position in its list file (0 for link files), which keeps a curated list's order.
    public var sourceOrder: Int
    /// Old addresses of its page, each redirected to it.
    public var aliases: [PathAlias] = []
    /// The item's other links, after its main one (`(Source Code)`, `(Demo)`), in the order written.
    public var secondaryLinks: [SecondaryLink] = []
    /// The link this one is nested under in its list file (an index in `Site.links`): a related project.
    public var related: Int?
    /// Its labels (a list item's trailing `` `MIT` ``, a link file's `labels:`), in the order written,
    /// each placed in its facet (`Site.facets`).
    public var labels: [LinkLabel] = []
    /// Its repository's data (stars, last update, licence…), when it is a project `fetch` has read.
    public var project: LinkProject?

    public init(
        id: Int, slug: String, category: Int, url: LinkURL, title: String, description: String?, tags: [Int],
        date: LinkDate?, image: LinkURL?, favorite: Bool, note: Note?, extra: [String: ExtraValue],
        source: SourceLocation, urlSource: SourceLocation? = nil, sourceOrder: Int
    ) {
        self.id = id
        self.slug = slug
        self.category = category
        self.url = url
        self.title = title
        self.description = description
        self.tags = tags
        self.date = date
        self.image = image
        self.favorite = favorite
        self.note = note
        self.hasPage = note != nil
        self.extra = extra
        self.source = source
        self.urlSource = urlSource ?? source
        self.sourceOrder = sourceOrder
    }

    /// Whether the link has a page of its own: with `link_pages: notes` (the default) a link with a
    /// note, as `init` sets it; the resolver sets it for `all` and `none`.
    public var hasPage: Bool
}

/// What the site shows of a link's health (`link-status.json`): only what pages show, so a check that
/// only renews the times changes no page.
public struct LinkHealth: Sendable, Hashable {
    /// The day the link was found dead (`YYYY-MM-DD`).
    public var deadSince: String?
    /// Where a permanently redirected link now answers.
    public var movedTo: String?
    /// The archived copy `check --links --suggest` found for a dead link.
    public var archive: String?

    public init(deadSince: String? = nil, movedTo: String? = nil, archive: String? = nil) {
        self.deadSince = deadSince
        self.movedTo = movedTo
        self.archive = archive
    }

    /// What `entry` says, when there is anything to show.
    public init?(_ entry: LinkHealthFile.Entry?) {
        guard let entry else { return nil }
        if let dead = entry.deadSince {
            let archive = entry.archive.flatMap {
                $0.lowercased().hasPrefix("https://") || $0.lowercased().hasPrefix("http://") ? $0 : nil
            }
            self.init(deadSince: dead, archive: archive)
        } else if entry.state == .moved, let moved = entry.finalURL,
            moved.lowercased().hasPrefix("https://") || moved.lowercased().hasPrefix("http://")
        {
            self.init(movedTo: moved)
        } else {
            return nil
        }
    }
}
