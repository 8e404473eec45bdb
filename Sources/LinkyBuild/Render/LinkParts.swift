import Foundation

/// Where one link's part of a file made from every link lies in its bytes: its entry of `links.json`,
/// `search-index.json` or `bookmarks.html`, its item of the print page or of its archive year
/// (`OutputFile.parts`).
public struct LinkPart: Sendable, Hashable {
    public var link: Int
    public var range: Range<Int>

    public init(link: Int, range: Range<Int>) {
        self.link = link
        self.range = range
    }
}

/// Each link's part of the files made from every link as the last build wrote them, for a rebuild to
/// copy instead of making again: a one-line edit otherwise makes 10,000 entries of `links.json`, of
/// the search index and of the print page anew. A build's cache gives it (its one implementation is
/// in Rebuild/); a build without one makes every part.
///
/// The files that keep parts say so with `OutputFile.parts`: `links.json`, `search-index.json` (whose
/// bytes `search-index.js` wraps), `bookmarks.html`, and the print page and the archive's years while
/// their template is the built-in one, whose items show only their link (a site's own template may
/// show anything of the page in an item; see `SiteRenderer.keepsParts`).
protocol PreviousParts: AnyObject, Sendable {
    /// The bytes of `links[id]`'s part of the file at `path` as the last build wrote it, when that link
    /// and everything its part shows are as they were then; nil when it must be made. The bytes stay
    /// valid while the value lives.
    func part(of path: String, link id: Int) -> UnsafeRawBufferPointer?
}
