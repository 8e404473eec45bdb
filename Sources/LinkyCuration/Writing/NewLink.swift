import LinkyModel

/// A link about to be written as a file: what `add` and `import` know of it.
public struct NewLink: Sendable, Hashable {
    public var url: LinkURL
    public var title: String
    public var tags: [String]
    /// The day it was saved, `YYYY-MM-DD` (or a full ISO 8601 date-time).
    public var date: String?
    public var description: String?
    public var image: LinkURL?
    public var favorite: Bool
    public var draft: Bool
    /// Markdown for the file's body: the curator's note.
    public var note: String?
    /// Keys kept for templates as `extra.<key>` (e.g. `toread: "true"` from a bookmark export), in order.
    public var extra: [(key: String, value: String)]

    public init(
        url: LinkURL, title: String, tags: [String] = [], date: String? = nil, description: String? = nil,
        image: LinkURL? = nil, favorite: Bool = false, draft: Bool = false, note: String? = nil,
        extra: [(key: String, value: String)] = []
    ) {
        self.url = url
        self.title = title
        self.tags = tags
        self.date = date
        self.description = description
        self.image = image
        self.favorite = favorite
        self.draft = draft
        self.note = note
        self.extra = extra
    }

    public static func == (a: NewLink, b: NewLink) -> Bool {
        (a.url, a.title, a.tags, a.date, a.description, a.image) == (
            b.url, b.title, b.tags, b.date, b.description, b.image
        )
            && (a.favorite, a.draft, a.note) == (b.favorite, b.draft, b.note)
            && a.extra.map(\.key) == b.extra.map(\.key) && a.extra.map(\.value) == b.extra.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(title)
        hasher.combine(tags)
    }
}
