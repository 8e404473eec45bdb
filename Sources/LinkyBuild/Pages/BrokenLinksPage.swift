import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `broken/index.html` (`broken_links_page`): the curator's list of dead and moved links, each with
/// where it is written. Not in the sitemap: it is for the curator, not for readers or search engines.
struct BrokenLinksPage: HTMLPageKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard planning.site.config.brokenLinksPage else { return [] }
        return [PlannedFile(path: SitePaths.brokenLinks, kind: BrokenLinksPage())]
    }

    var inputs: PlannedFile.Inputs { .linksOnIt }
    func template(in theme: Theme) -> String? { "broken" }

    func linksShown(_ site: Site) -> LinksShown {
        let broken = PageLinks.broken(site)
        return .these(broken.dead + broken.moved)
    }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        let context = rendering.context.at(SitePaths.brokenLinks)
        let site = context.site
        let broken = PageLinks.broken(site)
        func items(_ ids: [Int]) -> TemplateValue {
            .list(
                ids.map { id in
                    var item = context.linkItemMap(id)
                    item["source"] = .string(site.links[id].urlSource.description)
                    return .map(item)
                })
        }
        return
            (context.page(
                path: SitePaths.brokenLinks, kind: "broken", title: context.words["broken_links"], description: nil,
                extra: [
                    "dead": items(broken.dead), "has_dead": .bool(!broken.dead.isEmpty),
                    "moved": items(broken.moved), "has_moved": .bool(!broken.moved.isEmpty),
                ]))
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(19)
        let broken = PageLinks.broken(fingerprints.model)
        for list in [broken.dead, broken.moved] {
            writer.int(list.count)
            fingerprints.links(list, into: &writer)
        }
    }
}
