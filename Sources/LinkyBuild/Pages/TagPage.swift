import LinkyModel
import LinkyTemplates
import LinkyTheme

/// A page of a tag (`tags/<tag>/index.html`, paginated): its children, its parent and a page's worth of
/// its links.
struct TagPage: HTMLPageKind {
    var id: Int
    var page: Int
    var of: Int

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        var files: [PlannedFile] = []
        for tag in planning.site.tags {
            files += planning.pages(of: listed(planning.site, tag.id)) { page, count in
                PlannedFile(
                    path: planning.paths.tag(tag.id, page: page), kind: TagPage(id: tag.id, page: page, of: count))
            }
        }
        return files
    }

    /// How many of a tag's links its pages list: all of them, or the first `tag_pages` pages' worth.
    static func listed(_ site: Site, _ id: Int) -> Int {
        let count = site.tags[id].links.count
        guard let pages = site.config.tagPages else { return count }
        return min(count, pages * max(site.config.pageSize, 1))
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "tag" }

    /// The links of this page.
    func links(_ site: Site) -> ArraySlice<Int> {
        PageLinks.page(site.tags[id].links, number: page, pageSize: max(site.config.pageSize, 1))
    }

    func linksShown(_ site: Site) -> LinksShown { .these(Array(links(site))) }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        let context = rendering.context.at(rendering.context.paths.tag(id, page: page))
        return (context.tagContext(self, links: links(context.site)))
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(3)
        writer.int(page)
        writer.int(of)
        fingerprints.links(links(fingerprints.model), into: &writer)
    }
}

private extension TemplateContext {
    func tagContext(_ file: TagPage, links slice: ArraySlice<Int>) -> TemplateValue {
        let (id, number, count) = (file.id, file.page, file.of)
        let tag = site.tags[id]
        var info = tagReferenceMap(id)
        info["children"] = .list(tag.children.map { tagReference($0) })
        info["has_children"] = .bool(!tag.children.isEmpty)
        let listed = TagPage.listed(site, id)
        if listed < tag.links.count {
            let (shown, all) = (words.number(listed), words.number(tag.links.count))
            info["cut"] = [
                "text": .string(
                    words["tag_pages_cut"].replacingOccurrences(of: "{listed}", with: shown)
                        .replacingOccurrences(of: "{count}", with: all)),
                "show_all": .string(words["show_all"].replacingOccurrences(of: "{count}", with: all)),
            ]
        }
        if let parent = tag.parent { info["parent"] = tagReference(parent) }
        var extra: TemplateMap = [
            "tag": .map(info), "links": .list(slice.map { linkItem($0) }), "has_links": .bool(!slice.isEmpty),
        ]
        if !slice.isEmpty {
            extra["list_tools"] = listTools(of: tag.links, data: paths.tagListData(id), categories: true)
        }
        if let pagination = pagination(page: number, of: count, path: { paths.tag(id, page: $0) }) {
            extra["pagination"] = pagination
        }
        if PageLinks.hasSectionFeed(site, tag: id) {
            extra["section_feed"] = sectionFeed(FeedRenderer(context: self, section: .tag(id)))
        }
        let title = number > 1 ? "#\(tag.name) (\(pageNumber(number)))" : "#\(tag.name)"
        return page(
            path: paths.tag(id, page: number), kind: "tag", title: title, description: tag.description,
            showing: Array(slice), extra: extra)
    }
}
