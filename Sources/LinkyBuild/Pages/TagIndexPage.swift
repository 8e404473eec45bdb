import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `tags/index.html`: every tag with its count and a weight for a tag cloud.
struct TagIndexPage: HTMLPageKind {
    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        [PlannedFile(path: SitePaths.tagIndex, kind: TagIndexPage())]
    }

    var inputs: PlannedFile.Inputs { .shape }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "tag_index" }
    func linksShown(_ site: Site) -> LinksShown { .none }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(SitePaths.tagIndex).tagIndexContext())
    }

    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) { writer.byte(5) }
}

private extension TemplateContext {
    func tagIndexContext() -> TemplateValue {
        // Once, not once per tag: with 5,083 tags that loop took a tenth of a 100,000-link build.
        var most = 1
        for tag in site.tags { most = max(most, tag.links.count) }
        let tags = site.tags.map { tag -> TemplateValue in
            var reference = tagReferenceMap(tag.id)
            reference["children"] = .list(tag.children.map { tagReference($0) })
            reference["has_children"] = .bool(!tag.children.isEmpty)
            reference["is_top"] = .bool(tag.parent == nil)
            // A weight from 1 to 5 for a tag cloud: logarithmic, since tag use is Zipf-like.
            let weight =
                tag.links.isEmpty
                ? 1 : 1 + Int((4 * log2(Double(tag.links.count)) / max(log2(Double(most)), 1)).rounded())
            reference["weight"] = .int(min(weight, 5))
            return .map(reference)
        }
        return page(
            path: SitePaths.tagIndex, kind: "tag_index", title: words["tags"], description: nil,
            extra: ["tags": .list(tags), "has_tags": .bool(!tags.isEmpty)])
    }
}
