/// `linky.yml`: every key has a default, so a site needs no config file at all.
public struct SiteConfig: Sendable, Hashable {
    public var title: String = "Links"
    /// Whether `linky.yml` wrote `title:`: without it, a site made of one list file is titled by the
    /// list (its first heading), and any other site "Links".
    public var titleWritten = false
    public var description: String = ""
    /// Where the site is published, ending in `/`; feeds, the sitemap and canonical links need it.
    public var baseURL: String?
    /// BCP 47 language of the site's text: `en`, `ko`.
    public var language: String = "en"
    public var author: String?
    /// The content root, relative to the site folder.
    public var contentDir: String = "links"
    /// Where `build` writes, relative to the site folder (the command line's `--output` wins).
    public var outputDir: String = "_site"
    /// Links per category or tag page before pagination.
    public var pageSize: Int = 50
    /// `tag_pages`: the most pages a tag's list has (nil: `all`). A tag of more links lists its first
    /// `tagPages × pageSize` on them; each is also on its category's pages and in the archive, and the
    /// list's script shows them all. 10 pages is 500 links at the default page size, past which the
    /// list's script reads a list's links from the search's shards: at 100,000 generated links, the
    /// pages past it were 3,658 pages listing 181,000 links (189 MiB).
    public var tagPages: Int? = 10
    /// Entries in `feed.xml` and `feed.json`.
    public var feedSize: Int = 50
    /// Links in the home page's "recently added".
    public var recentCount: Int = 10
    /// URL schemes accepted in links (unsafe ones such as `javascript:` are refused whatever this says).
    public var allowedSchemes: Set<String> = ["http", "https"]
    /// Links between pages end in `/` instead of `/index.html`: nicer on a web server, but pages
    /// opened from disk then show folder listings.
    public var cleanURLs: Bool = false
    /// Front-matter keys a site uses on purpose: passed to templates as `extra.<key>` without a warning.
    public var extraKeys: Set<String> = []
    /// Build links marked `draft: true` (the command line's `--drafts`).
    public var includeDrafts: Bool = false
    /// Where the content folder is published as source (`https://github.com/o/r/blob/main/links/`):
    /// relative links of list files resolve against it, followed by the file's path in the folder.
    public var sourceURL: String?

    /// Where link cards' pictures come from.
    public enum Images: String, Sendable, Hashable, CaseIterable {
        /// The files `fetch` made in `pictures/`, copied into the output: no page asks another site.
        case local
        /// The pictures' own addresses (hotlinked): every reader's browser asks the linked sites.
        case remote
        /// No pictures: each card shows its drawn initial.
        case none
    }

    /// How lists show their links (the reader can switch, where the theme lets them).
    public enum LinkView: String, Sendable, Hashable, CaseIterable {
        /// Chosen per page: `cards` when most links the page shows have a card picture, else `list`.
        case auto
        /// A grid of cards, a card's picture on top when it has one.
        case cards
        /// The dense list: one row a link, its icon, title, domain and labels, and its description on
        /// one line below.
        case list
        /// One line a link: icon, title and domain only.
        case compact

        /// The view of a page whose list shows `shown` links, `pictured` of them with a card picture:
        /// this view, or for `auto` cards when more than half have a picture, else the list. A page
        /// with no links takes the list (it has nothing the view changes).
        public func resolved(pictured: Int, of shown: Int) -> LinkView {
            guard self == .auto else { return self }
            return shown > 0 && pictured * 2 > shown ? .cards : .list
        }
    }

    /// The order of the links on category and tag pages (every page of them, so it needs no script).
    public enum LinkOrder: String, Sendable, Hashable, CaseIterable {
        /// Newest first, but a list file's categories as the file has them.
        case auto
        /// Newest first (undated links last, by title), list files too.
        case newest
        /// By title, as a reader looks a name up: case aside, Hangul in dictionary order (가, 나, 다).
        case title
        /// As written: by file, and in a list file by position.
        case written
    }

    /// Which links get a page of their own, `l/<category>/<slug>/index.html` (`link_pages`).
    public enum LinkPages: String, Sendable, Hashable, CaseIterable {
        /// The links with a note: the page is where the note is read.
        case notes
        /// Every link: a page to point at for each, its note when it has one.
        case all
        /// None: a note is read in the print page, the site's feeds and `links.json`, and found by search.
        case none
    }

    /// `link_pages`: which links get a page; `notes` unless `host: cloudflare-pages` leaves it unset,
    /// which makes it `none` (`ConfigParser.fitHost`).
    public var linkPages: LinkPages = .notes
    /// Atom and JSON feeds for every tag and category, beside the site's own (`tags/<tag>/feed.xml`).
    public var sectionFeeds: Bool = true
    /// Entries in each tag's and category's feeds: their newest links, titles and descriptions (the
    /// notes are in the site's own feed). Small, as a site has a feed per tag: a reader subscribed
    /// sees each new link as it comes; at 100,000 generated links, 20 entries made the 5,081 feeds 45 MiB.
    public var sectionFeedSize: Int = 10
    /// How far apart two failing runs of `check --links` must be for a link to count as dead (seconds;
    /// 0: any two runs). `check --dead-after` wins.
    public var deadAfter: Int64 = 86_400
    /// `stale_after`: a project (`projects.json`) whose last update is more than this many days before
    /// the day its data was fetched is marked stale.
    public var staleAfter: Int = 365
    /// `projects:` — the GitLab and Forgejo/Gitea instances whose repositories are projects, beyond
    /// gitlab.com and codeberg.org.
    public var projectHosts = ProjectAddress.Hosts()
    /// A page for the curator, `broken/index.html`: the links `link-status.json` calls dead or moved,
    /// with the file and line of each.
    public var brokenLinksPage: Bool = false
    /// `print`: the printable page (`print/index.html`). `auto` writes it for a collection of at most
    /// `fileLimits.printAutoLinks` (10,000) links: past that it would be thousands of sheets of paper,
    /// and one of a large site's largest parts (123 MiB of 1.5 GiB at 100,000 links).
    public var print: SizeSetting = .auto
    /// Where `print:` is written, for the error of `--pdf` without a print page.
    public var printLocation: SourceLocation?

    /// A file that a large collection leaves out unless told: `auto` (by the collection's size),
    /// `always` (`true`), `never` (`false`). `print` and `search_index`.
    public enum SizeSetting: Sendable, Hashable {
        case auto, always, never

        /// Whether the file is written for a collection of `links` links, `auto` up to `limit`.
        public func writes(links: Int, upTo limit: Int) -> Bool {
            switch self {
            case .always: true
            case .never: false
            case .auto: links <= limit
            }
        }
    }

    /// `search_index`: the whole search index for tools, `search-index.json` (docs/formats.md). `auto`
    /// writes it for a collection of at most `fileLimits.searchIndexAutoLinks` (10,000) links: past
    /// that it was 59 MiB of a 100,000-link site that no page reads (the search page reads its shards,
    /// a tool can read `links.json`, which has every field of it). A theme that loads `search-index.js`
    /// has it whatever the size.
    public var searchIndex: SizeSetting = .auto

    /// Whether the site writes `search-index.json`, for a collection of `links` links; `themeLoadsIt`
    /// when the site's theme reads it whole (`search-index.js`).
    public func writesSearchIndex(links: Int, themeLoadsIt: Bool) -> Bool {
        themeLoadsIt || searchIndex.writes(links: links, upTo: fileLimits.searchIndexAutoLinks)
    }

    /// Whether the site has a print page, for a collection of `links` links.
    public func writesPrint(links: Int) -> Bool {
        print.writes(links: links, upTo: fileLimits.printAutoLinks)
    }

    /// `sites`: a page of every website the links go to (`sites/index.html`) and one per website, each
    /// card's domain linking to its website's page.
    public var sites: Bool = true
    /// `dates_from_history`: a link whose file gives no `date:` is dated by the commit that added its
    /// address to the file (read with git from the repository the site is in).
    public var datesFromHistory: Bool = true
    /// `new_page`: `new/index.html`, the links added each week, with its digest feeds.
    public var newPage: Bool = true
    /// Weeks on each page of `new/`.
    public var newWeeksPerPage: Int = 4
    /// `new_weeks`: how many weeks (those with a link added or removed, newest first) the new page
    /// shows; the older ones are in the archive. 0: every week.
    public var newWeeks: Int = 52
    /// Weeks in the digest feeds `new/feed.xml` and `new/feed.json`, newest first.
    public var newFeedWeeks: Int = 12
    /// Leave links `link-status.json` calls dead out of the site, instead of marking them.
    public var hideDeadLinks: Bool = false
    public var images: Images = .local
    public var linkView: LinkView = .auto
    public var linkOrder: LinkOrder = .auto
    /// The repository the site's files are in (`https://github.com/o/r`, a GitLab or Forgejo/Gitea
    /// one): with it the site has a save page that opens the forge's editor on a new link file.
    public var repository: String?
    /// The branch the save page commits to.
    public var repositoryBranch: String = "main"
    /// `host:`: where the site is published, whose limits the output must fit (`StaticHost`).
    public var host: StaticHost = .any
    /// How large a file may grow before the build splits it (not a setting: `BuildOptions` sets it).
    public var fileLimits = FileLimits()
    /// Where `host:` is written, for the error of an output that does not fit.
    public var hostLocation: SourceLocation?

    /// `facets:`: the site's own groups of labels, in the order written (`Platform: [Docker, Nodejs]`);
    /// a label matching a value (case aside) belongs to that facet, before the built-in License,
    /// Language and Labels (`BuiltInFacets`).
    public var facets: [FacetSetting] = []

    /// One facet of `facets:`: its name and the labels it groups.
    public struct FacetSetting: Sendable, Hashable {
        public var name: String
        public var values: [String]

        public init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }
    }

    public init() {}

    /// Every key `linky.yml` accepts, as written there.
    public static let knownKeys: [String] = [
        "title", "description", "base_url", "language", "author", "content_dir", "output_dir", "page_size",
        "tag_pages", "feed_size", "recent_count", "allowed_schemes", "clean_urls", "extra_keys", "source_url", "images",
        "link_view", "section_feeds", "dead_after",
        "hide_dead_links", "broken_links_page", "sites", "dates_from_history", "new_page", "link_pages", "new_weeks",
        "new_weeks_per_page",
        "new_feed_weeks",
        "section_feed_size", "link_order", "repository", "repository_branch", "facets", "stale_after", "projects",
        "host", "print", "search_index",
    ]
}

extension SiteConfig {
    /// The path of `base_url`: `/links/` for `https://example.org/links/`, `/` without one.
    public var basePath: String {
        guard let url = baseURL, let schemeEnd = url.range(of: "://") else { return "/" }
        let rest = url[schemeEnd.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...])
    }
}
