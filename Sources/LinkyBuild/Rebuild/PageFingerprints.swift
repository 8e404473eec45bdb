import Foundation
import LinkyModel
import LinkyTheme

/// What each planned file is made from, as a fingerprint: equal fingerprints, equal bytes. A rebuild
/// skips a page whose fingerprint is the one its file was written with (see `BuildState`), and `serve`
/// renders again the pages whose fingerprint changed (`PreviewBuild`).
///
/// A page is made from the site's shape and from what its kind says it is made of (`PageKind.inputs`,
/// written by `PageKind.fingerprint(into:_:)`). The
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
    /// The site the fingerprints are of, for the kinds to find what their pages show.
    let model: Site
    private let byLink: [Fingerprint]

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
        // The facets as pages name them: names, keys and each value's name and count.
        writer.array(model.facets) { writer, facet in
            writer.string(facet.name)
            writer.string(facet.key)
            writer.array(facet.values) { writer, value in
                writer.string(value.name)
                writer.int(value.links.count)
            }
        }
        writer.bool(model.hasProjects)
        site = Fingerprint(writer.bytes)
        self.model = model
        byLink = await Self.linkFingerprints(model)
        related = model.links.indices.map { model.links[$0].related }
    }

    /// The link each link is nested under, by id.
    private let related: [Int?]

    /// Each link's part key, by id (see `PreviousLinkParts`): what its part of a file made from every
    /// link shows — the site's shape and the link — and its place, the id and the id of the link it is
    /// nested under, which `links.json` writes. Worked out anew at each call: a build asks once.
    var partKeys: [Fingerprint] {
        var writer = ByteWriter(capacity: 64)
        return byLink.indices.map { id in
            writer.removeAll()
            writer.fingerprint(site)
            writer.fingerprint(byLink[id])
            writer.int(id)
            writer.int(related[id] ?? -1)
            return Fingerprint(writer.bytes)
        }
    }

    /// The fingerprint of a planned file's bytes; nil for the files that are always rendered
    /// (`PlannedFile.isAlwaysRendered`).
    func fingerprint(_ file: PlannedFile) -> Fingerprint? {
        guard !file.isAlwaysRendered else { return nil }
        var writer = ByteWriter(capacity: 256)
        writer.fingerprint(site)
        writer.string(file.path)
        file.kind.fingerprint(into: &writer, self)
        return Fingerprint(writer.bytes)
    }

    /// `links[id]`'s fingerprint: what its item and its page show.
    func link(_ id: Int) -> Fingerprint { byLink[id] }

    /// Writes the fingerprint of each link of `ids`, in order, with its id: items carry it
    /// (`data-link-id`), and a link added before it moves it.
    func links(_ ids: some Sequence<Int>, into writer: inout ByteWriter) {
        for id in ids {
            writer.int(id)
            writer.fingerprint(byLink[id])
        }
    }

    /// Each link's fingerprint, in parallel (a note's Markdown is most of the bytes).
    private static func linkFingerprints(_ site: Site) async -> [Fingerprint] {
        let links = site.links
        let websites = site.websites
        let websiteOfLink = site.websiteOfLink
        return await ParallelChunks.map(links.count, minimum: 256, perCore: 4) { ids in
            var writer = ByteWriter(capacity: 4096)
            return ids.map { id in
                writer.removeAll()
                writer.link(links, id)
                // A nested link's card names the link it is related to.
                if let related = links[id].related {
                    writer.string(links[related].title)
                    writer.linkURL(links[related].url)
                }
                // Its card's domain links to its website's page, by the website's slug.
                if !websiteOfLink.isEmpty, let website = websiteOfLink[id] { writer.string(websites[website].slug) }
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
        bool(links[id].dateFromHistory)
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
        bool(links[id].hasPage)
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
        // A label shows its name and its facet's; the facets' names and keys are the shape's.
        array(links[id].labels) { writer, label in
            writer.string(label.name)
            writer.int(label.facet)
            writer.int(label.value)
        }
        optional(links[id].project) { writer, project in
            writer.string(project.address.key)
            writer.optionalInt(project.data.stars)
            writer.optionalString(project.data.updated)
            writer.bool(project.data.archived == true)
            writer.bool(project.stale)
            writer.optionalString(project.data.license)
            writer.optionalString(project.data.language)
            writer.optionalString(project.data.release?.tag)
            writer.optionalString(project.data.release?.date)
            writer.optionalString(project.data.movedTo)
            writer.string(project.data.fetched)
        }
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
        bool(config.titleWritten)
        string(config.description)
        optionalString(config.baseURL)
        string(config.language)
        optionalString(config.author)
        string(config.contentDir)
        string(config.outputDir)
        int(config.pageSize)
        int(config.tagPages ?? 0)
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
        string(config.linkPages.rawValue)
        int(config.sectionFeedSize)
        bool(config.hideDeadLinks)
        bool(config.sites)
        // `print`: whether pages link the print page (the links' count, which `auto` reads, is in
        // every page's fingerprint already). `printLocation` only places the error of `--pdf` without one.
        string("\(config.print)")
        // `search_index`: no page links `search-index.json`, but its file is planned by this.
        string("\(config.searchIndex)")
        bool(config.datesFromHistory)
        bool(config.newPage)
        int(config.newWeeks)
        int(config.newWeeksPerPage)
        int(config.newFeedWeeks)
        array(config.facets) { writer, facet in
            writer.string(facet.name)
            writer.array(facet.values) { $0.string($1) }
        }
        int(config.staleAfter)
        array(config.projectHosts.gitlab.sorted()) { $0.string($1) }
        array(config.projectHosts.gitea.sorted()) { $0.string($1) }
        // Where files are split: the footer names the bookmark file's parts.
        int(config.fileLimits.dataPartBytes)
        int(config.fileLimits.sitemapAddresses)
        int(config.fileLimits.bookmarkBytes)
        int(config.fileLimits.printBytes)
        int(config.fileLimits.printAutoLinks)
        int(config.fileLimits.searchIndexAutoLinks)
        int(config.fileLimits.searchShardFiles)
        // `dead_after` only tells `check` when to write a link dead; pages show what the file says.
        // `host` (and the line it is on) only decides whether the output fits; no page shows it.
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
