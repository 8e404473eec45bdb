/// A tag: one identity for every spelling of it (case, Unicode form, `tags.yml` aliases).
public struct Tag: Sendable, Hashable {
    /// Index in `Site.tags`.
    public var id: Int
    /// The case-folded NFC identity.
    public var key: String
    /// The spelling to show: `tags.yml` title, else the first spelling seen.
    public var name: String
    public var slug: String
    public var description: String?
    public var parent: Int?
    public var children: [Int]
    /// Links with this tag, newest first.
    public var links: [Int]
    /// Its `tags.yml` aliases: old spellings (whose addresses redirect to it) and old paths.
    public var aliases: [PathAlias] = []
    /// Its entry in `tags.yml`, when it has one.
    public var definedAt: SourceLocation?

    public init(
        id: Int, key: String, name: String, slug: String, description: String? = nil, parent: Int? = nil,
        children: [Int] = [], links: [Int] = []
    ) {
        self.id = id
        self.key = key
        self.name = name
        self.slug = slug
        self.description = description
        self.parent = parent
        self.children = children
        self.links = links
    }
}

// MARK: - Spellings

extension Tag {
    /// A spelling as the site reads it: trimmed, without a leading `#`, inner white space collapsed.
    public static func cleanedName(_ spelling: String) -> String {
        var text = spelling.collapsingWhitespace
        while text.hasPrefix("#") { text.removeFirst() }
        return text.collapsingWhitespace
    }

    /// The identity of a spelling: cleaned, NFC and case-folded, so `JS`, `js` and `#js` are one tag
    /// (and 맛집 typed on macOS or Linux too). `tags.yml` aliases are applied on top of this.
    public static func identity(of spelling: String) -> String {
        cleanedName(spelling).foldedIdentity
    }
}
