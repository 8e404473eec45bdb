/// How large one output file may grow before planning splits it, so that no file passes what static
/// hosts and search engines take (`docs/hosts.md`): 25 MiB a file on Cloudflare Pages, 50,000 addresses
/// a sitemap. `SiteConfig.fileLimits`: not a setting of linky.yml; the tests lower them (`BuildOptions`),
/// to split a small site.
public struct FileLimits: Sendable, Hashable {
    /// How many bytes of link entries a part of a data file split in parts (`links.json`, the search
    /// index) holds at most: a quarter under 25 MiB, as the estimate of an entry is close but JSON
    /// escapes can make an entry longer than its text.
    public var dataPartBytes = 18 << 20
    /// How many addresses a sitemap lists at most (`SitemapFile`): the sitemap protocol's 50,000.
    public var sitemapAddresses = 50_000
    /// How many bytes of link entries a part of a split `bookmarks.html` holds at most (`BookmarksFile`).
    public var bookmarkBytes = 18 << 20
    /// How many bytes a page of a split print page holds at most (`PrintPage`), by estimate: whole
    /// categories each.
    public var printBytes = 18 << 20
    /// How many links a collection may have for `print: auto` to write its print page: past that it
    /// would be thousands of sheets of paper (`SiteConfig.print`).
    public var printAutoLinks = 10_000
    /// How many links a collection may have for `search_index: auto` to write `search-index.json`
    /// (`SiteConfig.searchIndex`).
    public var searchIndexAutoLinks = 10_000
    /// How many files the search page's sharded index (`search/data/`) may have, about: its shards
    /// grow past their usual size to keep under it (a query then loads more bytes, in as many files).
    /// Lower with `host: cloudflare-pages`, whose 20,000 files a large site's shards would crowd.
    public var searchShardFiles = 6_000

    public init() {}

    /// These limits on `host`: fewer search shards on Cloudflare Pages (20,000 files a site).
    public func fitting(_ host: StaticHost) -> FileLimits {
        var limits = self
        if host == .cloudflarePages { limits.searchShardFiles = min(limits.searchShardFiles, 1_500) }
        return limits
    }
}
