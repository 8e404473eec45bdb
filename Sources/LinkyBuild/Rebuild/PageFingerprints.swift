import Foundation
import LinkyModel
import LinkyTheme

/// What each planned file is made from, as a fingerprint: equal fingerprints, equal bytes. A rebuild
/// skips a page whose fingerprint is the one its file was written with (see `BuildState`), and `serve`
/// renders again the pages whose fingerprint changed (`PreviewBuild`).
///
/// A page is made from the site's shape and from what `PlannedFile.inputs` says it is made of. The
/// shape (`site`) is what every page may show: the program, the settings, the theme, every category
/// and tag as pages name them (titles, addresses, counts, parents — not which links they hold), the
/// number of links and the newest date. Each link is another fingerprint (`link(_:)`: what its item
/// and its page show, not its place in the order), and a page's fingerprint is made of the shape's,
/// its own place in the plan and its inputs': its links', the archive's every link's month, the
/// sitemap's addresses. Files made from every link in full have none (`PlannedFile.isAlwaysRendered`):
/// they are always rendered, and cost a rebuild what they cost.
///
/// Every stored property of `Link`, `Category`, `Tag` and `SiteConfig` goes in, or is said here not
/// to be shown by any page; `PageFingerprintsTests` fails when one is added without being written here.
struct PageFingerprints: Sendable {
    let site: Fingerprint
    private let links: [Fingerprint]
    private let pageSize: Int
    private let linksByYear: [Int: [Int]]

    init(site model: Site, theme: Theme) async {
        var writer = ByteWriter(capacity: 1 << 16)
        writer.fingerprint(ProgramIdentity.current)
        writer.siteConfig(model.config)
        writer.words(model.words)
        for name in theme.templateSources.keys.sorted() {
            writer.string(name)
            writer.string(theme.templateSources[name]!)
        }
        for name in theme.assets.keys.sorted() {
            writer.string(name)
            writer.int(theme.assets[name]!.count)
            writer.append(Array(theme.assets[name]!))
        }
        writer.array(model.categories) { $0.category($1) }
        writer.array(model.tags) { $0.tag($1) }
        writer.array(model.rootCategories) { $0.int($1) }
        writer.int(model.links.count)
        writer.optional(model.newestDate) { $0.linkDate($1) }
        site = Fingerprint(writer.bytes)
        links = await Self.linkFingerprints(model.links)
        related = model.links.indices.map { model.links[$0].related }
        pageSize = max(model.config.pageSize, 1)
        var byYear: [Int: [Int]] = [:]
        for id in model.links.indices {
            if let year = model.links[id].date?.year { byYear[year, default: []].append(id) }
        }
        linksByYear = byYear
        categoryLinks = model.categories.map(\.links)
        tagLinks = model.tags.map(\.links)
        homeLinks = PageLinks.home(model)
        feedEntries = PageLinks.feed(model)
        brokenLinks = model.config.brokenLinksPage ? PageLinks.broken(model) : ([], [])
        let sectionFeeds = model.config.sectionFeeds
        tagFeeds = sectionFeeds ? model.tags.indices.map { PageLinks.tagFeed(model, $0) } : []
        categoryFeeds = sectionFeeds ? model.categories.indices.map { PageLinks.categoryFeed(model, $0) } : []
        showsAllLinksInArchive = PageLinks.archiveListsEveryLink(model)
        var months = ByteWriter(capacity: model.links.count * 9)
        for id in model.links.indices {
            if let date = model.links[id].date {
                months.int(date.year * 100 + date.month)
            } else {
                months.byte(0)
                months.fingerprint(links[id])
            }
        }
        archiveMonths = months.bytes
    }

    private let homeLinks: (favorites: [Int], recent: [Int], topLevel: [Int])
    private let feedEntries: [Int]
    private let brokenLinks: (dead: [Int], moved: [Int])
    /// Each tag's and category's feed entries (`section_feeds`).
    private let tagFeeds: [[Int]]
    private let categoryFeeds: [[Int]]
    private let showsAllLinksInArchive: Bool
    /// Each link's year and month, or an undated link's fingerprint, in order.
    private let archiveMonths: [UInt8]

    /// The link each link is nested under, by id.
    private let related: [Int?]

    /// Each link's part key, by id (see `PreviousLinkParts`): what its part of a file made from every
    /// link shows — the site's shape and the link — and its place, the id and the id of the link it is
    /// nested under, which `links.json` writes. Worked out anew at each call: a build asks once.
    var partKeys: [Fingerprint] {
        var writer = ByteWriter(capacity: 64)
        return links.indices.map { id in
            writer.removeAll()
            writer.fingerprint(site)
            writer.fingerprint(links[id])
            writer.int(id)
            writer.int(related[id] ?? -1)
            return Fingerprint(writer.bytes)
        }
    }

    private let categoryLinks: [[Int]]
    private let tagLinks: [[Int]]

    /// The fingerprint of a planned file's bytes; nil for the files that are always rendered
    /// (`PlannedFile.isAlwaysRendered`).
    func fingerprint(_ file: PlannedFile) -> Fingerprint? {
        guard !file.isAlwaysRendered else { return nil }
        var writer = ByteWriter(capacity: 256)
        writer.fingerprint(site)
        writer.string(file.path)
        func page(_ ids: [Int], _ number: Int, _ count: Int) {
            writer.int(number)
            writer.int(count)
            for id in PageLinks.page(ids, number: number, pageSize: pageSize) { writer.fingerprint(links[id]) }
        }
        switch file.kind {
        case .link(let id):
            writer.byte(1)
            writer.fingerprint(links[id])
        case .category(let id, let number, let count):
            writer.byte(2)
            page(categoryLinks[id], number, count)
        case .tag(let id, let number, let count):
            writer.byte(3)
            page(tagLinks[id], number, count)
        case .archiveYear(let year):
            writer.byte(4)
            for id in linksByYear[year] ?? [] { writer.fingerprint(links[id]) }
        case .tagIndex: writer.byte(5)
        case .search: writer.byte(6)
        case .notFound: writer.byte(7)
        case .save: writer.byte(20)
        case .webManifest: writer.byte(21)
        case .redirect(let target, let title):
            writer.byte(8)
            writer.string(target)
            writer.string(title)
        case .asset(let name):
            writer.byte(9)
            writer.string(name)
        case .home:
            // The favorites, the most recent links and the top-level ones, each list counted.
            writer.byte(10)
            let shown = homeLinks
            for list in [shown.favorites, shown.recent, shown.topLevel] {
                writer.int(list.count)
                for id in list { writer.fingerprint(links[id]) }
            }
        case .archive:
            // Every dated link's month (the counts) and the undated links; every link while it lists them.
            writer.byte(11)
            writer.append(archiveMonths)
            if showsAllLinksInArchive {
                for link in links { writer.fingerprint(link) }
            }
        case .atomFeed, .jsonFeed:
            writer.byte(file.kind == .atomFeed ? 12 : 13)
            for id in feedEntries { writer.fingerprint(links[id]) }
        case .tagFeed(let id, let json):
            writer.byte(json ? 16 : 15)
            for entry in tagFeeds[id] { writer.fingerprint(links[entry]) }
        case .categoryFeed(let id, let json):
            writer.byte(json ? 18 : 17)
            for entry in categoryFeeds[id] { writer.fingerprint(links[entry]) }
        case .brokenLinks:
            writer.byte(19)
            for list in [brokenLinks.dead, brokenLinks.moved] {
                writer.int(list.count)
                for id in list { writer.fingerprint(links[id]) }
            }
        case .sitemap(let pages):
            writer.byte(14)
            writer.array(pages) { $0.string($1) }
        case .print, .bookmarks, .linksJSON, .searchIndex, .searchIndexScript, .searchShards:
            preconditionFailure("\(file.kind) is always rendered")
        }
        return Fingerprint(writer.bytes)
    }

    /// Each link's fingerprint, in parallel (a note's Markdown is most of the bytes).
    private static func linkFingerprints(_ links: [Link]) async -> [Fingerprint] {
        await ParallelChunks.map(links.count, minimum: 256, perCore: 4) { ids in
            var writer = ByteWriter(capacity: 4096)
            return ids.map { id in
                writer.removeAll()
                writer.link(links, id)
                // A nested link's card names the link it is related to.
                if let related = links[id].related {
                    writer.string(links[related].title)
                    writer.linkURL(links[related].url)
                }
                return Fingerprint(writer.bytes)
            }
        }
    }
}

// MARK: - The model's parts

extension ByteWriter {
    /// `links[id]` as pages show it, read a field at a time (a `Link` handed over is a copy of it). Its
    /// id (its place in the order) is left out: a page shows the links it lists in their order, which
    /// the page writes, so a link that only moves in the order changes no page that does not list it.
    mutating func link(_ links: [Link], _ id: Int) {
        string(links[id].slug)
        int(links[id].category)
        linkURL(links[id].url)
        string(links[id].title)
        optionalString(links[id].description)
        array(links[id].tags) { $0.int($1) }
        optional(links[id].date) { $0.linkDate($1) }
        optional(links[id].image) { $0.linkURL($1) }
        optional(links[id].favicon) { $0.linkURL($1) }
        optional(links[id].health) { writer, health in
            writer.optionalString(health.deadSince)
            writer.optionalString(health.movedTo)
            writer.optionalString(health.archive)
        }
        optional(links[id].archive) { $0.linkURL($1) }
        optional(links[id].preview) { $0.picture($1) }
        optional(links[id].icon) { $0.picture($1) }
        bool(links[id].favorite)
        // A note's HTML and text are made from its Markdown by this program, under the settings: both are
        // in the site's fingerprint, so the Markdown stands for all three (a third of the bytes to hash).
        optional(links[id].note) { $0.string($1.markdown) }
        extraMap(links[id].extra)
        location(links[id].source)
        location(links[id].urlSource)
        int(links[id].sourceOrder)
        array(links[id].aliases) { $0.pathAlias($1) }
        array(links[id].secondaryLinks) { writer, secondary in
            writer.string(secondary.title)
            writer.linkURL(secondary.url)
        }
        bool(links[id].related != nil)
    }

    mutating func category(_ category: Category) {
        int(category.id)
        array(category.slugPath) { $0.string($1) }
        string(category.title)
        optionalString(category.description)
        optionalString(category.icon)
        optionalInt(category.order)
        optional(category.intro) { $0.string($1.markdown) }
        optionalInt(category.parent)
        array(category.children) { $0.int($1) }
        // Which links a category holds only its own pages show, and they write them: other pages show
        // how many.
        int(category.links.count)
        int(category.totalCount)
        location(category.source)
        bool(category.keepsSourceOrder)
        array(category.aliases) { $0.pathAlias($1) }
    }

    mutating func tag(_ tag: Tag) {
        int(tag.id)
        string(tag.key)
        string(tag.name)
        string(tag.slug)
        optionalString(tag.description)
        optionalInt(tag.parent)
        array(tag.children) { $0.int($1) }
        int(tag.links.count)
        array(tag.aliases) { $0.pathAlias($1) }
        optional(tag.definedAt) { $0.location($1) }
    }

    mutating func words(_ words: Words) {
        string(words.language)
        array(words.texts.keys.sorted()) {
            $0.string($1); $0.string(words.texts[$1]!)
        }
        array(words.plurals.keys.sorted()) { writer, key in
            writer.string(key)
            writer.array(words.plurals[key]!.sorted { $0.key < $1.key }) {
                $0.string($1.key.rawValue); $0.string($1.value)
            }
        }
        array(words.months) { $0.string($1) }
        string(words.dayFormat)
        string(words.monthFormat)
        string(words.digitGroup)
        int(words.minimumGrouping)
    }

    mutating func siteConfig(_ config: SiteConfig) {
        string(config.title)
        string(config.description)
        optionalString(config.baseURL)
        string(config.language)
        optionalString(config.author)
        string(config.contentDir)
        string(config.outputDir)
        int(config.pageSize)
        int(config.feedSize)
        int(config.recentCount)
        array(config.allowedSchemes.sorted()) { $0.string($1) }
        bool(config.cleanURLs)
        array(config.extraKeys.sorted()) { $0.string($1) }
        bool(config.includeDrafts)
        optionalString(config.sourceURL)
        string(config.images.rawValue)
        string(config.linkView.rawValue)
        string(config.linkOrder.rawValue)
        optionalString(config.repository)
        string(config.repositoryBranch)
        bool(config.sectionFeeds)
        int(config.sectionFeedSize)
        bool(config.hideDeadLinks)
        // `dead_after` only tells `check` when to write a link dead; pages show what the file says.
    }

    mutating func picture(_ entry: PictureIndex.Entry) {
        string(entry.sha256)
        array(entry.files) { writer, file in
            writer.string(file.name)
            writer.int(file.width)
            writer.int(file.height)
        }
    }
}
