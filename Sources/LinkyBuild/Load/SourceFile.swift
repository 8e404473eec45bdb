/// One text file of a site's source, decoded: UTF-8 without BOM, `\n` line endings, NFC.
public struct SourceFile: Sendable, Hashable {
    /// Path relative to the site folder, with `/` separators: `links/reading/foo.md`.
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// What the load stage read: the raw texts of every file the build needs, before any parsing.
public struct LoadedSite: Sendable {
    /// `linky.yml`, when present.
    public var configFile: SourceFile?
    /// `tags.yml`, when present.
    public var tagsFile: SourceFile?
    /// Every `.md` file below the content root, sorted by path.
    public var contentFiles: [SourceFile]
    /// Every folder below the content root (relative to the site folder), sorted; each is a category.
    public var contentFolders: [String]
    /// Files of `static/`, relative to it, sorted.
    public var staticFiles: [String]
}
