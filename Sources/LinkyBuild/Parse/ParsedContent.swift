import LinkyModel

/// A link as its file states it, before categories, tags and slugs are resolved.
struct ParsedLink: Sendable {
    var source: SourceLocation
    /// Raw names from the content root down: folders, then a list file's name and headings.
    var categoryKey: [String]
    /// What the slug is made from: the file name for link files, the title for list items.
    var slugName: String
    var url: LinkURL
    /// The line that holds the address: `url:` of a link file, the item of a list file.
    var urlSource: SourceLocation
    var title: String
    var description: String?
    var tags: [(name: String, line: Int?)]
    var date: LinkDate?
    /// `date` came from git history (`HistoryDates.date`), not from the file; never in a stored parse.
    var dateFromHistory = false
    var image: LinkURL?
    var favorite: Bool
    var draft: Bool
    var note: Note?
    var extra: [String: ExtraValue]
    var sourceOrder: Int
    var aliases: [PathAlias] = []
    /// The item's other links (list files only).
    var secondaryLinks: [SecondaryLink] = []
    /// The `sourceOrder` of the link this one is nested under, in the same list file.
    var relatedOrder: Int?
    /// `archive:` of a link file: the archived copy to offer (`check --links --fix` writes it).
    var archive: LinkURL? = nil
    /// Its labels, cleaned, in the order written: a list item's trailing code spans, a link file's
    /// `labels:` (see `LinkLabel.names(inSpan:knownValues:)`).
    var labels: [String] = []
    /// What resolving needs of the link that the file alone decides, worked out once as the file is
    /// parsed and kept with its stored parse (`withResolveKeys`): the slug its name makes and its
    /// title's folded form, the global order's key. Nil when not worked out: resolving works them out.
    var slugBase: String? = nil
    var titleKey: String? = nil

    /// The link with `slugBase` and `titleKey` worked out.
    func withResolveKeys() -> ParsedLink {
        var link = self
        link.slugBase = Slug.make(slugName)
        link.titleKey = title.foldedIdentity
        return link
    }
}

/// What a folder's `_index.md`, a list file or one of its headings says about a category.
struct CategoryDefinition: Sendable {
    var key: [String]
    var title: String?
    var description: String?
    var icon: String?
    var order: Int?
    var intro: Note?
    var source: SourceLocation
    var keepsSourceOrder: Bool
    /// A list file or a heading in one (as opposed to a folder's `_index.md`).
    var isListFile: Bool
    /// A heading inside a list file.
    var isSection = false
    var aliases: [PathAlias] = []
    /// More anchors of a heading: GitHub's, from the heading as written (`:trident:` and all), and those it
    /// defines in HTML (`### <a id="csharp"></a>C#`). In-page links to them point at
    /// the section's page, as links to the heading's own anchor do.
    var anchors: [String] = []
}

/// The parse stage's result for the content folder.
struct ParsedContent: Sendable {
    var links: [ParsedLink] = []
    var categories: [CategoryDefinition] = []
    var diagnostics: [Diagnostic] = []
    /// Unknown front-matter keys and where each was used (warned about once per key).
    var unknownKeys: [(key: String, location: SourceLocation)] = []
    /// Link files with a valid URL but no title anywhere: what `linky-site fetch` can fix.
    var untitledLinks: [(url: LinkURL, location: SourceLocation)] = []
    /// What was read of each list file.
    var listFiles: [ListFileSummary] = []

    mutating func append(_ other: ParsedContent) {
        links += other.links
        appendAllButLinks(other)
    }

    /// Appends what `other` holds besides its links (which `ParsedLinks` reads where they are).
    mutating func appendAllButLinks(_ other: ParsedContent) {
        listFiles += other.listFiles
        untitledLinks += other.untitledLinks
        categories += other.categories
        diagnostics += other.diagnostics
        unknownKeys += other.unknownKeys
    }
}
