/// A folder of the content root, a list file, or a heading inside a list file.
public struct Category: Sendable, Hashable {
    /// Index in `Site.categories`.
    public var id: Int
    /// Slugs from the top category down: `["programming", "swift"]`.
    public var slugPath: [String]
    public var title: String
    public var description: String?
    public var icon: String?
    /// Explicit position among its siblings; categories without one follow, by title.
    public var order: Int?
    /// The `_index.md` body, or a list file's intro.
    public var intro: Note?
    public var parent: Int?
    /// Sub-categories, in display order.
    public var children: [Int]
    /// Links filed directly here, in display order.
    public var links: [Int]
    /// Links here and in every sub-category.
    public var totalCount: Int
    /// The folder, `_index.md` or list file this category comes from.
    public var source: SourceLocation
    /// Whether the links keep the order of a list file instead of newest first.
    public var keepsSourceOrder: Bool
    /// Old addresses of its page, each redirected to it.
    public var aliases: [PathAlias] = []

    public init(
        id: Int, slugPath: [String], title: String, description: String? = nil, icon: String? = nil,
        order: Int? = nil, intro: Note? = nil, parent: Int? = nil, children: [Int] = [], links: [Int] = [],
        totalCount: Int = 0, source: SourceLocation, keepsSourceOrder: Bool = false, aliases: [PathAlias] = []
    ) {
        self.aliases = aliases
        self.id = id
        self.slugPath = slugPath
        self.title = title
        self.description = description
        self.icon = icon
        self.order = order
        self.intro = intro
        self.parent = parent
        self.children = children
        self.links = links
        self.totalCount = totalCount
        self.source = source
        self.keepsSourceOrder = keepsSourceOrder
    }

    /// `programming/swift`.
    public var pathString: String { slugPath.joined(separator: "/") }

    /// How deep it sits: top categories are 1.
    public var depth: Int { slugPath.count }
}
