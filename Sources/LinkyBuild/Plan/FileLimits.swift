/// How large one output file may grow before planning splits it, so that no file passes what static
/// hosts and search engines take (`docs/hosts.md`): 25 MiB a file on Cloudflare Pages, 50,000 addresses
/// a sitemap. The tests lower them, to split a small site.
struct FileLimits: Sendable, Hashable {
    /// How many bytes of link entries a part of a split `links.json` holds at most (`LinksJSON`): a
    /// quarter under 25 MiB, as the estimate is close but JSON escapes can make an entry longer.
    var linkEntryBytes = 18 << 20
    /// How many addresses a sitemap lists at most (`SitemapFile`): the sitemap protocol's 50,000.
    var sitemapAddresses = 50_000
}
